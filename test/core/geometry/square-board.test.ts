import { describe, expect, test } from 'vitest';
import { GeometryError, SquareBoard, placedSquareCenter, type SquareLineStep } from '../../../src/core/geometry/index.js';
import { lcg } from './fixtures.js';

const board = (diagonals: boolean, columns = 7, rows = 5) => new SquareBoard({ columns, rows, diagonals, label: { pattern: '{C}{r:2}' } });
const cells = (s: SquareLineStep) => ('cell' in s ? [s.cell] : [...s.either]);

describe('SquareBoard', () => {
  test('labels: column by column, the pattern over firstColumn/firstRow', () => {
    const b = new SquareBoard({ columns: 2, rows: 2, diagonals: false, label: { pattern: '{C}{r:2}', firstColumn: 2 } });
    expect(b.labels()).toEqual(['B01', 'B02', 'C01', 'C02']);
    expect(b.cell('C02')).toEqual({ col: 1, row: 1 });
    expect(() => new SquareBoard({ columns: 12, rows: 12, diagonals: false, label: { pattern: '{c}{r}' } })).toThrow(/ambiguous/);
    expect(() => b.cell('Z9')).toThrow(GeometryError);
  });

  test('four neighbours without diagonals, eight with them, in compass order', () => {
    expect(board(false).neighbours('C03')).toEqual(['C02', 'D03', 'C04', 'B03']);
    expect(board(true).neighbours('C03')).toEqual(['C02', 'D02', 'D03', 'D04', 'C04', 'B04', 'B03', 'B02']);
    expect(board(true).neighbours('A01')).toEqual(['B01', 'B02', 'A02']);
    expect(board(true).neighbour('C03', 'se')).toBe('D04');
    expect(board(false).direction('C03', 'D04')).toBeNull();
    expect(board(true).direction('C03', 'D04')).toBe(3);
    expect(board(true).bearing(3)).toBe(135);
    expect(board(false).bearing(3)).toBe(270);
    expect(board(false).edge('C03', 'C04')).toBe('C03|C04');
    expect(() => board(true).edge('C03', 'D04')).toThrow(/no edge/);
  });

  test('properties: distance is a metric matching adjacency; within is the ball; lines are exact', () => {
    const next = lcg(11);
    for (const diagonals of [false, true]) {
      const b = board(diagonals, 9, 8);
      const all = b.labels();
      for (let i = 0; i < 300; i++) {
        const a = all[next() % all.length]!, c = all[next() % all.length]!, m = all[next() % all.length]!;
        expect(b.distance(a, c)).toBe(b.distance(c, a));
        expect(b.distance(a, c) <= b.distance(a, m) + b.distance(m, c)).toBe(true);
        expect(b.adjacent(a, c)).toBe(b.distance(a, c) === 1);
        // the neighbour relation is symmetric
        for (const n of b.neighbours(a)) expect(b.neighbours(n)).toContain(a);
        const r = next() % 4;
        const ball = b.within(a, r);
        expect(new Set(ball)).toEqual(new Set(all.filter((x) => b.distance(a, x) <= r)));
        expect(ball[0]).toBe(a);
        // a line: max(|Δc|,|Δr|) + 1 steps, the ends exact, each step one cell from the last, reversible
        const l = b.line(a, c);
        const p = b.cell(a), q = b.cell(c);
        expect(l.length).toBe(Math.max(Math.abs(p.col - q.col), Math.abs(p.row - q.row)) + 1);
        expect(l[0]).toEqual({ cell: a });
        expect(l.at(-1)).toEqual({ cell: c });
        expect(b.line(c, a)).toEqual([...l].reverse());
        for (const s of l) for (const x of cells(s)) expect(x === null || b.has(x)).toBe(true);
      }
    }
  });

  test('a line running exactly between two cells gives both', () => {
    const b = board(true);
    expect(b.line('A01', 'C02').map(cells)).toEqual([['A01'], ['B01', 'B02'], ['C02']]);
    expect(b.line('A01', 'D04').map(cells)).toEqual([['A01'], ['B02'], ['C03'], ['D04']]);
  });

  test('pixel centres follow the placement', () => {
    expect(placedSquareCenter(2, 1, { x: 36, y: 36, dx: 50, dy: 50 })).toEqual({ x: 136, y: 86 });
  });
});
