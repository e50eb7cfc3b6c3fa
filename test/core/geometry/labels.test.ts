import { describe, expect, test } from 'vitest';
import { fromLetters, LabelPattern, toLetters } from '../../../src/core/geometry/index.js';

describe('label patterns', () => {
  test('letters are bijective base 26', () => {
    expect([1, 2, 26, 27, 28, 52, 53, 702, 703].map(toLetters)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']);
    const bad: number[] = [];
    for (let n = 1; n < 2000; n++) if (fromLetters(toLetters(n)) !== n) bad.push(n);
    expect(bad).toEqual([]);
    expect(() => toLetters(0)).toThrow(/starts at 1/);
  });

  test('format', () => {
    expect(new LabelPattern('{c:2}{r:2}').format(1, 8)).toBe('0108');
    expect(new LabelPattern('A{c:2}{r:2}').format(12, 3)).toBe('A1203');
    expect(new LabelPattern('{C}{r}').format(28, 10)).toBe('AB10');
    expect(new LabelPattern('{r:3}-{c}').format(4, 7)).toBe('007-4');
    expect(new LabelPattern('{c:2}{r:2}').format(123, 4)).toBe('12304'); // wider than the pad: printed in full
  });

  test('readings invert format and expose ambiguity', () => {
    expect(new LabelPattern('{c:2}{r:2}').readings('0108')).toEqual([{ c: 1, r: 8 }]);
    expect(new LabelPattern('{c:2}{r:2}').readings('108')).toEqual([]);
    expect(new LabelPattern('{c}{r}').readings('111')).toEqual([{ c: 1, r: 11 }, { c: 11, r: 1 }]);
    expect(new LabelPattern('{c}{r}').readings('101')).toEqual([{ c: 10, r: 1 }]); // "01" is not a printed number
    expect(new LabelPattern('{C}{R}').readings('ABC')).toHaveLength(2);
    // padding only helps up to its width: a 100-column board needs {c:3}
    expect(new LabelPattern('{c:2}{r:2}').readings('10100')).toEqual([{ c: 10, r: 100 }, { c: 101, r: 0 }]);
    expect(new LabelPattern('A{c:2}{r:2}').readings('B0101')).toEqual([]);
    expect(new LabelPattern('{c}-{c}').readings('3-3')).toEqual([{ c: 3, r: null }]);
    expect(new LabelPattern('{c}-{c}').readings('3-4')).toEqual([]);
  });

  test('bad patterns', () => {
    expect(() => new LabelPattern('{q}')).toThrow(/unknown token \{q\}/);
    expect(() => new LabelPattern('{c')).toThrow(/unmatched "\{"/);
    expect(() => new LabelPattern('c}')).toThrow(/unmatched "\}"/);
    expect(() => new LabelPattern('{c:0}')).toThrow(/unknown token/);
  });
});
