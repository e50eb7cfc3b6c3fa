import { describe, expect, it } from 'vitest';
import {
  chiSquarePValue, chiSquareStatistic, chiSquareTest, lnGamma, regularizedGammaP, regularizedGammaQ,
} from '../../../src/core/random/chisquare.js';

describe('chi-square', () => {
  it('matches textbook critical values', () => {
    expect(chiSquarePValue(3.841458820694124, 1)).toBeCloseTo(0.05, 10);
    expect(chiSquarePValue(11.070497693516351, 5)).toBeCloseTo(0.05, 10);
    expect(chiSquarePValue(20.515005652432876, 5)).toBeCloseTo(0.001, 10);
    expect(chiSquarePValue(27.877164871256575, 9)).toBeCloseTo(0.001, 10);
    expect(chiSquarePValue(2, 2)).toBeCloseTo(Math.exp(-1), 12);
    expect(chiSquarePValue(0, 4)).toBe(1);
    // Large df (720-permutation tests): the median of χ²(719) is close to 718.3.
    expect(chiSquarePValue(718.3336, 719)).toBeCloseTo(0.5, 3);
  });

  it('has consistent helpers', () => {
    expect(lnGamma(5)).toBeCloseTo(Math.log(24), 12);
    expect(lnGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 12);
    for (const [s, x] of [[0.5, 0.3], [3, 7], [50, 40], [359.5, 380]] as const) {
      expect(regularizedGammaP(s, x) + regularizedGammaQ(s, x)).toBeCloseTo(1, 12);
    }
    expect(chiSquareStatistic([10, 20], [15, 15])).toBeCloseTo(50 / 15, 12);
  });

  it('flags a loaded die', () => {
    const fair = chiSquareTest([1000, 1010, 990, 1005, 995, 1000]);
    expect(fair.pValue).toBeGreaterThan(0.5);
    const loaded = chiSquareTest([1100, 1100, 1100, 1100, 800, 800]);
    expect(loaded.pValue).toBeLessThan(1e-10);
    expect(chiSquareTest([30, 70], [0.3, 0.7]).statistic).toBe(0);
    expect(() => chiSquareStatistic([1], [1])).toThrow(RangeError);
  });
});
