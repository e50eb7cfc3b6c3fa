// The one integer sampler behind every die, shuffle and hidden draw: uniform in 0..n-1 from a
// source of uniform 32-bit words, by rejection sampling. A bare `word mod n` would favour the
// low results whenever n does not divide 2^32 (a d6 would show 1–4 slightly more than 5–6);
// rejecting the top partial band removes that bias exactly.
import { checkInt } from './bytes.js';

/** A source of uniform unsigned 32-bit words, consumed in order. */
export interface WordSource {
  next(): number;
}

export const TWO_POW_32 = 0x1_0000_0000;

/** Largest n the sampler accepts. */
export const MAX_UNIFORM_N = TWO_POW_32;

/** Words ≥ limit are rejected: limit = floor(2^32 / n)·n, the largest multiple of n ≤ 2^32. */
export function rejectionLimit(n: number): number {
  checkInt(n, 1, MAX_UNIFORM_N, 'sampler range');
  return Math.floor(TWO_POW_32 / n) * n;
}

/**
 * Uniform integer in 0..n-1: takes words in order, skips every word ≥ rejectionLimit(n), and
 * returns the first accepted word mod n. Always consumes at least one word (even for n = 1),
 * so the consumption rule has no special case. The chance that a word is rejected is below
 * n / 2^32, so the loop ends after one word in practice.
 */
export function uniformInt(words: WordSource, n: number): number {
  const limit = rejectionLimit(n);
  for (;;) {
    const w = words.next();
    if (!Number.isInteger(w) || w < 0 || w >= TWO_POW_32) throw new RangeError(`not a 32-bit word: ${w}`);
    if (w < limit) return w % n;
  }
}

/** A fixed list of words, for tests and for replaying a recorded stream; throws when exhausted. */
export function wordsFrom(list: readonly number[]): WordSource & { readonly used: number } {
  let i = 0;
  return {
    next() {
      if (i >= list.length) throw new RangeError(`word list exhausted after ${list.length} words`);
      return list[i++]!;
    },
    get used() { return i; },
  };
}
