import { describe, expect, test } from 'vitest';
import { directionSteps, parseDirection, sideBearing, sideName, vertexBearing, vertexNames, opposite } from '../../../src/core/geometry/index.js';

describe('directions', () => {
  test('bearings: clockwise from the first at or after north', () => {
    expect([0, 1, 2, 3, 4, 5].map((i) => sideBearing('flat', i))).toEqual([0, 60, 120, 180, 240, 300]);
    expect([0, 1, 2, 3, 4, 5].map((i) => sideBearing('pointy', i))).toEqual([30, 90, 150, 210, 270, 330]);
    expect([0, 1, 2, 3, 4, 5].map((i) => vertexBearing('flat', i))).toEqual([30, 90, 150, 210, 270, 330]);
    expect([0, 1, 2, 3, 4, 5].map((i) => vertexBearing('pointy', i))).toEqual([0, 60, 120, 180, 240, 300]);
    expect(() => sideBearing('flat', 6)).toThrow(/0\.\.5/);
  });

  test('names', () => {
    expect([0, 1, 2, 3, 4, 5].map((i) => sideName('flat', i))).toEqual(['N', 'NE', 'SE', 'S', 'SW', 'NW']);
    expect([0, 1, 2, 3, 4, 5].map((i) => sideName('pointy', i))).toEqual(['NE', 'E', 'SE', 'SW', 'W', 'NW']);
    expect(vertexNames('pointy')[0]).toBe('N');
    expect(parseDirection('pointy', 'w')).toBe(4);
    expect(() => parseDirection('pointy', 'N')).toThrow(/not a pointy hexside direction/);
    expect(opposite(4)).toBe(1);
  });

  test('steps point along the stated bearings in pixel space', () => {
    for (const o of ['flat', 'pointy'] as const) {
      directionSteps(o).forEach((st, i) => {
        const x = o === 'flat' ? 1.5 * st.q : Math.sqrt(3) * (st.q + st.r / 2);
        const y = o === 'flat' ? Math.sqrt(3) * (st.r + st.q / 2) : 1.5 * st.r;
        const bearing = ((Math.atan2(x, -y) * 180) / Math.PI + 360) % 360;
        expect(bearing).toBeCloseTo(sideBearing(o, i), 9);
      });
    }
  });
});
