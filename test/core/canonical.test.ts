import { describe, expect, it } from 'vitest';
import { canonicalize, sameCanonical } from '../../src/core/canonical.js';
import { rng } from '../helpers/rng.js';


/** A random JSON value from a small alphabet, so that two of them are often equal or nearly so. */
function value(r: (n: number) => number, depth = 0): unknown {
  switch (r(depth > 2 ? 5 : 8)) {
    case 0: return r(3) - 1;
    case 1: return ['a', 'b', 'é'][r(3)];
    case 2: return r(2) === 0;
    case 3: return null;
    case 4: return r(4) === 0 ? undefined : r(2);
    case 5: case 6: return Array.from({ length: r(3) }, () => value(r, depth + 1));
    default: {
      const o: Record<string, unknown> = {};
      for (let n = r(3); n > 0; n--) o[['x', 'y', 'z'][r(3)]!] = value(r, depth + 1);
      return o;
    }
  }
}

function canonicalOrNull(v: unknown): string | null {
  try { return canonicalize(v); } catch { return null; }
}

describe('sameCanonical', () => {
  it('says what comparing the canonical texts says, on random values', () => {
    let equal = 0;
    for (let seed = 1; seed <= 5000; seed++) {
      const r = rng(seed);
      const a = value(r);
      const b = r(3) === 0 ? structuredClone(a) : value(r);
      const ta = canonicalOrNull(a);
      const tb = canonicalOrNull(b);
      const expected = ta !== null && ta === tb;
      if (expected) equal++;
      expect(sameCanonical(a, b), `seed ${seed}: ${ta} vs ${tb}`).toBe(expected);
    }
    expect(equal).toBeGreaterThan(1000);
  });

  it('treats left-out properties, key order and -0 as canonical JSON does; refuses what it refuses', () => {
    expect(sameCanonical({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameCanonical({ b: [1, undefined], a: 'x' }, { a: 'x', b: [1, null] })).toBe(true);
    expect(sameCanonical(-0, 0)).toBe(true);
    expect(sameCanonical({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameCanonical({ a: 1, b: 2 }, { a: 1, c: 2 })).toBe(false);
    expect(sameCanonical([1, 2], { 0: 1, 1: 2 })).toBe(false);
    expect(sameCanonical('1', 1)).toBe(false);
    expect(sameCanonical(1.5, 1.5)).toBe(false);
    expect(sameCanonical(2 ** 60, 2 ** 60)).toBe(false);
    expect(sameCanonical(new Uint8Array([1]), new Uint8Array([1]))).toBe(false);
  });
});
