// Shuffles: Fisher–Yates with the same rejection sampler as the dice, so every permutation is
// exactly equally likely. A shuffle is a roll record of its own: it consumes one roll counter
// of the epoch and reads the "shuffle" stream of that counter (a different HMAC message from the
// "roll" stream, so a shuffle and a roll can never share words).
import { checkInt, type ByteInput } from './bytes.js';
import { KeyedWordStream } from './stream.js';
import { uniformInt, type WordSource } from './uniform.js';

/** Most items one shuffle may hold (a sanity bound against hostile logs). */
export const MAX_SHUFFLE_SIZE = 100_000;

/** Fisher–Yates over a copy: for i = n-1 down to 1, j = uniformInt(words, i + 1), swap i and j. */
export function fisherYates<T>(words: WordSource, items: readonly T[]): T[] {
  checkInt(items.length, 0, MAX_SHUFFLE_SIZE, 'shuffle size');
  const a = items.slice();
  for (let i = a.length - 1; i >= 1; i--) {
    const j = uniformInt(words, i + 1);
    const t = a[i]!; a[i] = a[j]!; a[j] = t;
  }
  return a;
}

/** The items (e.g. a deck's card ids in canonical order) shuffled by roll record `counter`. */
export function shuffle<T>(key: ByteInput, counter: number, items: readonly T[]): T[] {
  return fisherYates(new KeyedWordStream(key, 'shuffle', counter), items);
}
