import { createHmac } from 'node:crypto';
// Byte plumbing shared by the random primitives: validated 32-byte values (bytes or lower-case
// hex, since reveals travel in canonical JSON as hex), ASCII tags and fixed-width big-endian
// integers. Fixed widths keep every hashed message unambiguous without separators.
import { toHex } from '../hash.js';
import { RandomProtocolError } from './errors.js';

/** A value given either as raw bytes or as lower-case hex (the form it has in canonical JSON). */
export type ByteInput = Uint8Array | string;

const HEX = /^(?:[0-9a-f]{2})*$/;

/** Decodes and length-checks a value; `what` names it in the error. */
export function toBytes(value: ByteInput, length: number, what: string): Uint8Array {
  let bytes: Uint8Array;
  if (typeof value === 'string') {
    if (!HEX.test(value)) {
      throw new RandomProtocolError('input.hex', `${what}: expected lower-case hex, got "${value.slice(0, 70)}"`, { what });
    }
    bytes = new Uint8Array(Buffer.from(value, 'hex'));
  } else if (value instanceof Uint8Array) {
    bytes = value;
  } else {
    throw new RandomProtocolError('input.hex', `${what}: expected bytes or lower-case hex`, { what });
  }
  if (bytes.length !== length) {
    throw new RandomProtocolError('input.length', `${what}: expected ${length} bytes, got ${bytes.length}`, {
      what, expected: length, actual: bytes.length,
    });
  }
  return bytes;
}

export function toBytes32(value: ByteInput, what: string): Uint8Array {
  return toBytes(value, 32, what);
}

export function hex(bytes: Uint8Array): string {
  return toHex(bytes);
}

export function ascii(text: string): Uint8Array {
  if (!/^[\x20-\x7e]*$/.test(text)) throw new RangeError(`not printable ASCII: ${text}`);
  return new TextEncoder().encode(text);
}

export function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

export function concat(...parts: Uint8Array[]): Uint8Array {
  let size = 0;
  for (const p of parts) size += p.length;
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}

export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

/** Requires a safe integer in [min, max]; `what` names it in the error. */
export function checkInt(value: number, min: number, max: number, what: string): number {
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new RandomProtocolError('input.range', `${what}: expected an integer in ${min}..${max}, got ${value}`, {
      what, min, max, actual: String(value),
    });
  }
  return value;
}

/** Unsigned 64-bit big-endian; counters and epochs are safe integers, so 0..2^53-1. */
export function u64be(value: number, what = 'integer'): Uint8Array {
  checkInt(value, 0, Number.MAX_SAFE_INTEGER, what);
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, BigInt(value));
  return out;
}

export function u32be(value: number, what = 'integer'): Uint8Array {
  checkInt(value, 0, 0xffffffff, what);
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, value);
  return out;
}

export function u16be(value: number, what = 'integer'): Uint8Array {
  checkInt(value, 0, 0xffff, what);
  const out = new Uint8Array(2);
  new DataView(out.buffer).setUint16(0, value);
  return out;
}

/**
 * HKDF-SHA256 (RFC 5869) with L = 32: extract, then one expand block. The same bytes as
 * crypto.hkdfSync('sha256', ikm, salt, info, 32), at half its cost (no key object per call) —
 * a verifier derives one key per sealed commitment.
 */
export function hkdf32(ikm: Uint8Array, salt: Uint8Array, info: Uint8Array): Uint8Array {
  const prk = createHmac('sha256', salt).update(ikm).digest();
  return new Uint8Array(createHmac('sha256', prk).update(info).update(ONE).digest());
}
const ONE = new Uint8Array([1]);
