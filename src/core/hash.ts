// SHA-256 helpers. node:crypto is a pure computation here (no I/O, no clock), so core may use it.
import { createHash } from 'node:crypto';
import { canonicalBytes } from './canonical.js';

export function sha256(data: Uint8Array | string): Uint8Array {
  return new Uint8Array(createHash('sha256').update(data).digest());
}

export function sha256Hex(data: Uint8Array | string): string {
  return createHash('sha256').update(data).digest('hex');
}

/** SHA-256 (hex) of the canonical JSON form of a value. */
export function canonicalHash(value: unknown): string {
  return sha256Hex(canonicalBytes(value));
}

export function toHex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
}

export function fromHex(hex: string): Uint8Array {
  if (!/^(?:[0-9a-f]{2})*$/.test(hex)) throw new Error(`not lower-case hex: ${hex.slice(0, 40)}`);
  return new Uint8Array(Buffer.from(hex, 'hex'));
}
