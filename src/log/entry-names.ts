// Entry names inside a .hexlog (the container itself is generic; this is the scheme on top).
//
//   genesis.json        the creator's signed proposal        + genesis.json.sig
//   accept-<side>.json  each other player's signed acceptance + accept-<side>.json.sig
//   000000.json         segment seq 0, zero-padded to 6 digits + 000000.json.sig
//   000001.json         segment seq 1 ...
//
// Each body is canonical JSON; its detached OpenPGP signature sits beside it with `.sig` added,
// so `unzip` + `gpg --verify 000003.json.sig 000003.json` checks a segment without Hexpost.
// Writers put entries in log order (genesis, its signature, acceptances, then segments by seq),
// so `unzip -l` lists them in log order; the zero padding makes `ls` of the extracted segments
// sort in seq order too. Seq is limited to 0..999999 so the padding stays fixed-width.

import { HexlogError } from './errors.js';

export const GENESIS_ENTRY = 'genesis.json';
export const SIGNATURE_SUFFIX = '.sig';
export const SEQ_DIGITS = 6;
export const MAX_SEQ = 10 ** SEQ_DIGITS - 1;

const SIDE = /^[a-z0-9][a-z0-9-]{0,39}$/;
const SEGMENT = /^[0-9]{6}\.json$/;
const SEGMENT_SIGNATURE = /^[0-9]{6}\.json\.sig$/;

export type EntryKind =
  | { kind: 'genesis' }
  | { kind: 'acceptance'; side: string }
  | { kind: 'segment'; seq: number }
  | { kind: 'signature'; of: string };

export class EntryNameError extends HexlogError {}

export function segmentEntryName(seq: number): string {
  if (!Number.isSafeInteger(seq) || seq < 0 || seq > MAX_SEQ) {
    throw new EntryNameError(`segment seq must be an integer from 0 to ${MAX_SEQ}, got ${seq}`);
  }
  return `${String(seq).padStart(SEQ_DIGITS, '0')}.json`;
}

export function acceptanceEntryName(side: string): string {
  if (!SIDE.test(side)) {
    throw new EntryNameError(`side id ${JSON.stringify(side)} must be 1–40 of [a-z0-9-], starting with a letter or digit`);
  }
  return `accept-${side}.json`;
}

export function signatureEntryName(bodyName: string): string {
  return bodyName + SIGNATURE_SUFFIX;
}

/** What an entry name stands for, or null when it is not part of the scheme. */
export function classifyEntryName(name: string): EntryKind | null {
  // a segment's entries, by far the most common, first
  if (SEGMENT.test(name)) return { kind: 'segment', seq: Number(name.slice(0, SEQ_DIGITS)) };
  if (SEGMENT_SIGNATURE.test(name)) return { kind: 'signature', of: name.slice(0, -SIGNATURE_SUFFIX.length) };
  if (name.endsWith(SIGNATURE_SUFFIX)) {
    const of = name.slice(0, -SIGNATURE_SUFFIX.length);
    const inner = classifyEntryName(of);
    return inner && inner.kind !== 'signature' ? { kind: 'signature', of } : null;
  }
  if (name === GENESIS_ENTRY) return { kind: 'genesis' };
  const acc = /^accept-(.+)\.json$/.exec(name);
  if (acc && SIDE.test(acc[1]!)) return { kind: 'acceptance', side: acc[1]! };
  const seg = /^([0-9]{6})\.json$/.exec(name);
  if (seg) return { kind: 'segment', seq: Number(seg[1]) };
  return null;
}
