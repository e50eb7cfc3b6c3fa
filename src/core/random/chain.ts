// Hash chains: the commitments that make dice and hidden draws unforgeable.
// From a 32-byte secret: h0 = secret, h_i = SHA-256(tag ‖ h_{i-1}) for i = 1..n, anchor = h_n.
// The anchor is pinned at genesis; values are then revealed in reverse order (reveal #k is
// h_{n-k}), each checkable with exactly one hash against the previous reveal. Nobody can
// compute a value before its owner reveals it (preimage resistance), and the owner cannot
// choose any value after the anchor is pinned. The domain tag keeps a dice chain value from
// ever passing as a hidden-chain value and vice versa.
import { sha256 } from '../hash.js';
import { ascii, checkInt, concat, equalBytes, hex, toBytes32, type ByteInput } from './bytes.js';
import { RandomProtocolError } from './errors.js';

export const DICE_CHAIN_TAG = 'hexpost/dice-chain/v1';
export const HIDDEN_CHAIN_TAG = 'hexpost/hidden-chain/v1';
export type ChainTag = typeof DICE_CHAIN_TAG | typeof HIDDEN_CHAIN_TAG;

/** Longest chain we build: every value is cached (32 bytes each), so this bounds memory. */
export const MAX_CHAIN_LENGTH = 100_000;

/** How far verifyNext looks up and down the chain to name a wrong value precisely. */
export const DEFAULT_SEARCH_DEPTH = 1024;

const TAG_BYTES: Record<ChainTag, Uint8Array> = {
  [DICE_CHAIN_TAG]: ascii(DICE_CHAIN_TAG),
  [HIDDEN_CHAIN_TAG]: ascii(HIDDEN_CHAIN_TAG),
};

function tagBytes(tag: ChainTag): Uint8Array {
  const bytes = TAG_BYTES[tag];
  if (!bytes) throw new RandomProtocolError('input.range', `unknown chain tag "${String(tag)}"`, { tag: String(tag) });
  return bytes;
}

/** One step down the hash order: SHA-256(tag ‖ value). */
export function chainStep(value: ByteInput, tag: ChainTag): Uint8Array {
  return sha256(concat(tagBytes(tag), toBytes32(value, 'chain value')));
}

/** `steps` chain steps from `value` (0 steps returns a copy of the value). */
export function chainHash(value: ByteInput, tag: ChainTag, steps: number): Uint8Array {
  checkInt(steps, 0, Number.MAX_SAFE_INTEGER, 'steps');
  let v: Uint8Array = toBytes32(value, 'chain value').slice();
  const t = tagBytes(tag);
  for (let i = 0; i < steps; i++) v = sha256(concat(t, v));
  return v;
}

/** Hash-order index of reveal #k in a chain of `length`: reveal #k is h_{length-k}. */
export function chainIndexOfReveal(length: number, k: number): number {
  checkInt(length, 1, MAX_CHAIN_LENGTH, 'chain length');
  checkRevealIndex(length, k);
  return length - k;
}

/** Reveals still available after reveal #k has been published. */
export function revealsRemaining(length: number, k: number): number {
  checkInt(length, 1, MAX_CHAIN_LENGTH, 'chain length');
  checkInt(k, 0, length, 'reveal index');
  return length - k;
}

function checkRevealIndex(length: number, k: number): void {
  if (Number.isSafeInteger(k) && k > length) {
    throw new RandomProtocolError('chain.exhausted', `reveal #${k} asked of a chain of length ${length}`, {
      reveal: k, length,
    });
  }
  checkInt(k, 1, length, 'reveal index');
}

export interface HashChain {
  readonly tag: ChainTag;
  readonly length: number;
  /** h_n, lower-case hex: the commitment pinned at genesis. */
  readonly anchor: string;
  /** Reveal #k (1..length) = h_{length-k}, lower-case hex. Reveal #0 is the anchor. */
  reveal(k: number): string;
  revealBytes(k: number): Uint8Array;
}

/** Builds the whole chain from its secret (the secret itself is reveal #length, the last one). */
export function buildChain(secret: ByteInput, length: number, tag: ChainTag): HashChain {
  checkInt(length, 1, MAX_CHAIN_LENGTH, 'chain length');
  const t = tagBytes(tag);
  const values: Uint8Array[] = [toBytes32(secret, 'chain secret').slice()];
  for (let i = 1; i <= length; i++) values.push(sha256(concat(t, values[i - 1]!)));
  const revealBytes = (k: number): Uint8Array => {
    if (k === 0) return values[length]!.slice();
    checkRevealIndex(length, k);
    return values[length - k]!.slice();
  };
  return {
    tag,
    length,
    anchor: hex(values[length]!),
    reveal: (k) => hex(revealBytes(k)),
    revealBytes,
  };
}

export interface VerifyOptions {
  /** How many steps to search either way to classify a wrong value (default 1024; 0 = don't). */
  searchDepth?: number;
}

/**
 * Checks that `revealed` is the value right after `previous` (the anchor, or the last value
 * revealed) in reveal order: SHA-256(tag ‖ revealed) = previous. Exactly one hash when it is.
 * Otherwise throws RandomProtocolError with code
 *   chain.reused   — revealed equals previous (the same value sent twice),
 *   chain.skipped  — revealed lies further down the chain (details.skipped reveals were skipped),
 *   chain.stale    — revealed lies higher up the chain (an older, already revealed value),
 *   chain.mismatch — none of these within the search depth (forged, or another chain).
 */
export function verifyNext(previous: ByteInput, revealed: ByteInput, tag: ChainTag, options: VerifyOptions = {}): void {
  const prev = toBytes32(previous, 'previous chain value');
  const value = toBytes32(revealed, 'revealed chain value');
  const t = tagBytes(tag);
  let step = sha256(concat(t, value));
  if (equalBytes(step, prev)) return;

  const depth = checkInt(options.searchDepth ?? DEFAULT_SEARCH_DEPTH, 0, MAX_CHAIN_LENGTH, 'search depth');
  const details = { tag, previous: hex(prev), revealed: hex(value) };
  if (equalBytes(value, prev)) {
    throw new RandomProtocolError('chain.reused', `${tag}: the revealed value is the previous one again`, details);
  }
  // Further down the chain: hashing it m ≥ 2 times reaches `previous`.
  for (let m = 2; m <= depth + 1; m++) {
    step = sha256(concat(t, step));
    if (equalBytes(step, prev)) {
      throw new RandomProtocolError('chain.skipped',
        `${tag}: the revealed value skips ${m - 1} reveal${m === 2 ? '' : 's'} (it hashes to the previous value in ${m} steps, not 1)`,
        { ...details, skipped: m - 1 });
    }
  }
  // Higher up the chain: hashing `previous` m ≥ 1 times reaches it.
  let up = prev;
  for (let m = 1; m <= depth; m++) {
    up = sha256(concat(t, up));
    if (equalBytes(up, value)) {
      throw new RandomProtocolError('chain.stale',
        `${tag}: the revealed value is an older one, ${m} step${m === 1 ? '' : 's'} before the previous reveal`,
        { ...details, back: m });
    }
  }
  throw new RandomProtocolError('chain.mismatch',
    `${tag}: the revealed value does not hash to the previous value`, details);
}

/** Checks reveal #k directly against the anchor: k hashes. Throws chain.mismatch. */
export function verifyReveal(anchor: ByteInput, revealed: ByteInput, k: number, tag: ChainTag): void {
  checkInt(k, 0, MAX_CHAIN_LENGTH, 'reveal index');
  const a = toBytes32(anchor, 'chain anchor');
  if (!equalBytes(chainHash(revealed, tag, k), a)) {
    throw new RandomProtocolError('chain.mismatch', `${tag}: the value is not reveal #${k} of this chain`, {
      tag, anchor: hex(a), revealed: typeof revealed === 'string' ? revealed : hex(revealed), reveal: k,
    });
  }
}

/** Which reveal `value` is (0 = the anchor itself), searching up to maxK; null if none. */
export function revealIndexOf(anchor: ByteInput, value: ByteInput, tag: ChainTag, maxK: number): number | null {
  checkInt(maxK, 0, MAX_CHAIN_LENGTH, 'maxK');
  const a = toBytes32(anchor, 'chain anchor');
  const t = tagBytes(tag);
  let v = toBytes32(value, 'chain value');
  for (let k = 0; k <= maxK; k++) {
    if (equalBytes(v, a)) return k;
    v = sha256(concat(t, v));
  }
  return null;
}
