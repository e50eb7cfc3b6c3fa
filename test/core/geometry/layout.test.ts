import { describe, expect, test } from 'vitest';
import { sideBearing, vertexBearing } from '../../../src/core/geometry/index.js';
import { ALL, SKIRMISH, board } from './fixtures.js';

describe('pixel layout', () => {
  test('skirmish: flat hexes, shifted even columns sit lower', () => {
    const b = board(SKIRMISH);
    const h = Math.sqrt(3);
    expect(b.center('0101', 10)).toEqual({ x: 10, y: 5 * h });
    expect(b.center('0201', 10).y).toBeCloseTo(10 * h, 9);
    expect(b.corners('0101', 10)[0]).toEqual({ x: 15, y: 0 }); // vertex 0 at bearing 30°
    const bb = b.bounds(10);
    expect(bb.minX).toBe(0);
    expect(bb.minY).toBe(0);
    expect(bb.width).toBeCloseTo(10 * (1.5 * 10 + 0.5), 9);
    expect(bb.height).toBeCloseTo(10 * h * 10.5, 9);
  });

  test.each(Object.entries(ALL))('%s: neighbours are one hex-width apart along the side bearing; corners on the vertex bearings', (_n, spec) => {
    const b = board(spec);
    const size = 7;
    const near = (a: number, b: number) => Math.abs(a - b) < 1e-9;
    const bad: string[] = [];
    for (const l of b.labels()) {
      const c = b.center(l, size);
      for (const n of b.neighbours(l)) {
        const p = b.center(n, size);
        const bearing = sideBearing(b.orientation, b.direction(l, n)!) * Math.PI / 180;
        if (!near(p.x - c.x, Math.sqrt(3) * size * Math.sin(bearing)) || !near(p.y - c.y, -Math.sqrt(3) * size * Math.cos(bearing))) bad.push(`${l} ${n}`);
      }
      b.corners(l, size).forEach((q, i) => {
        const bearing = vertexBearing(b.orientation, i) * Math.PI / 180;
        if (!near(q.x - c.x, size * Math.sin(bearing)) || !near(q.y - c.y, -size * Math.cos(bearing))) bad.push(`${l} vertex ${i}`);
      });
    }
    expect(bad).toEqual([]);
  });
});
