import { describe, expect, it } from 'vitest';
import { rejectionLimit, uniformInt, wordsFrom, TWO_POW_32 } from '../../../src/core/random/uniform.js';

describe('uniformInt (rejection sampling)', () => {
  it('computes limit = floor(2^32 / n)·n', () => {
    expect(rejectionLimit(6)).toBe(4294967292);
    expect(rejectionLimit(10)).toBe(4294967290);
    expect(rejectionLimit(2)).toBe(TWO_POW_32);
    expect(rejectionLimit(65536)).toBe(TWO_POW_32);
    expect(rejectionLimit(1)).toBe(TWO_POW_32);
  });

  it('skips a word ≥ limit and uses the next one', () => {
    const limit = rejectionLimit(6);
    const words = wordsFrom([limit, limit + 3, TWO_POW_32 - 1, 13]);
    expect(uniformInt(words, 6)).toBe(13 % 6);
    expect(words.used).toBe(4);
  });

  it('accepts the word just below the limit', () => {
    const limit = rejectionLimit(10);
    const words = wordsFrom([limit - 1]);
    expect(uniformInt(words, 10)).toBe((limit - 1) % 10);
    expect(words.used).toBe(1);
  });

  it('never uses a bare modulo: the rejected band would otherwise bias low faces', () => {
    // 2^32 mod 6 = 4: words limit..2^32-1 would give 0,1,2,3 once more each.
    const limit = rejectionLimit(6);
    expect(TWO_POW_32 - limit).toBe(4);
    for (let w = limit; w < TWO_POW_32; w++) {
      const words = wordsFrom([w, 5]);
      expect(uniformInt(words, 6)).toBe(5);
    }
  });

  it('consumes one word even for n = 1 and refuses bad ranges or words', () => {
    const words = wordsFrom([123]);
    expect(uniformInt(words, 1)).toBe(0);
    expect(words.used).toBe(1);
    expect(() => uniformInt(wordsFrom([1]), 0)).toThrow();
    expect(() => uniformInt(wordsFrom([1]), TWO_POW_32 + 1)).toThrow();
    expect(() => uniformInt(wordsFrom([-1]), 6)).toThrow(RangeError);
    expect(() => uniformInt(wordsFrom([1.5]), 6)).toThrow(RangeError);
    expect(() => uniformInt(wordsFrom([]), 6)).toThrow(/exhausted/);
  });
});
