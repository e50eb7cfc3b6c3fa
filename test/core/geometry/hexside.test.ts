import { describe, expect, test } from 'vitest';
import { GeometryError, hexsideId, parseHexside } from '../../../src/core/geometry/index.js';
import { SKIRMISH, board } from './fixtures.js';

describe('hexside ids', () => {
  const b = board(SKIRMISH);

  test('pair ids sort by code units, edge ids name the direction', () => {
    expect(hexsideId('0304', '0303')).toBe('0303|0304');
    expect(b.hexside('0304', '0303')).toBe('0303|0304');
    expect(b.hexsideAt('0101', 0)).toBe('0101:N');
    expect(b.hexsideAt('0303', 'S')).toBe('0303|0304');
  });

  test('parseHexside accepts the usual spellings', () => {
    for (const t of ['0303|0304', '0304|0303', '0303/0304', ' 0304/0303 ', '0303:S', '0303:s', '0303:3']) {
      expect(parseHexside(b, t)).toBe('0303|0304');
    }
    expect(parseHexside(b, '0101:N')).toBe('0101:N');
    expect(parseHexside(b, '0101:nw')).toBe('0101:NW');
  });

  test('parseHexside refuses nonsense with a clear message', () => {
    expect(() => parseHexside(b, '0303|0305')).toThrow(/0303 and 0305 are not adjacent/);
    expect(() => parseHexside(b, '0303|9999')).toThrow(/no hex "9999"/);
    expect(() => parseHexside(b, '0101:E')).toThrow(/not a flat hexside direction/);
    expect(() => parseHexside(b, '0303')).toThrow(GeometryError);
    expect(() => parseHexside(b, '0303|0304|0305')).toThrow(/is not a hexside/);
  });

  test('hexsideHexes inverts canonical ids only', () => {
    expect(b.hexsideHexes('0303|0304')).toEqual(['0303', '0304']);
    expect(b.hexsideHexes('0101:N')).toEqual(['0101']);
    expect(() => b.hexsideHexes('0304|0303')).toThrow(/not a canonical hexside id/);
    expect(() => b.hexsideHexes('0303:S')).toThrow(/not a canonical hexside id/);
  });
});
