import { describe, expect, test } from 'vitest';
import { cube, cubeDistance, cubeEquals, cubeLine, HexBoard, type LineStep } from '../../../src/core/geometry/index.js';
import { ALL, L_SHAPE, SKIRMISH, board, lcg } from './fixtures.js';

const cells = (s: LineStep): (string | null)[] => ('hex' in s ? [s.hex] : [...s.either]);

describe('cubeLine', () => {
  test('straight along a hexside direction has no ties', () => {
    const l = cubeLine(cube(0, 0), cube(0, 4));
    expect(l).toEqual([0, 1, 2, 3, 4].map((r) => ({ cell: cube(0, r) })));
  });

  test('along a vertex direction every other step is a tie', () => {
    const l = cubeLine(cube(0, 0), cube(4, -2));
    expect(l.map((s) => ('cell' in s ? 'hex' : 'tie'))).toEqual(['hex', 'tie', 'hex', 'tie', 'hex']);
    expect(l[1]).toEqual({ either: [cube(1, -1), cube(1, 0)] });
  });

  test('one step per hex of distance, endpoints exact, never a vertex tie', () => {
    const next = lcg(3);
    const bad: string[] = [];
    for (let i = 0; i < 300; i++) {
      const a = cube((next() % 41) - 20, (next() % 41) - 20), b = cube((next() % 41) - 20, (next() % 41) - 20);
      const l = cubeLine(a, b);
      const first = l[0]!, last = l.at(-1)!;
      if (l.length !== cubeDistance(a, b) + 1 || !('cell' in first) || !('cell' in last) || !cubeEquals(first.cell, a) || !cubeEquals(last.cell, b)) {
        bad.push(`${JSON.stringify(a)} ${JSON.stringify(b)}`);
      }
    }
    expect(bad).toEqual([]);
  });
});

describe('HexBoard.line', () => {
  test('skirmish examples', () => {
    const b = board(SKIRMISH);
    expect(b.line('0101', '0505')).toEqual(['0101', '0201', '0202', '0303', '0403', '0404', '0505'].map((hex) => ({ hex })));
    // 0101 → 0301 runs along the top edge of 0201: a tie with the off-board cell above it
    expect(b.line('0101', '0301')).toEqual([{ hex: '0101' }, { either: ['0201', null], side: '0201:N' }, { hex: '0301' }]);
    // 0102 → 0302 ties between 0201 and 0202, named by their shared hexside
    expect(b.line('0102', '0302')).toEqual([{ hex: '0102' }, { either: ['0201', '0202'], side: '0201|0202' }, { hex: '0302' }]);
    expect(b.line('0302', '0102')[1]).toEqual({ either: ['0201', '0202'], side: '0201|0202' });
    expect(b.line('0505', '0505')).toEqual([{ hex: '0505' }]);
  });

  test('pointy tie', () => {
    const b = new HexBoard({ orientation: 'pointy', shifted: 'even', sections: [{ id: 's', origin: [0, 0], columns: 5, rows: 5, label: { pattern: '{c}{r}' } }] });
    // due south from 21 to 23 (row 2 is shifted right, so 12 and 22 straddle the line)
    const l = b.line('21', '23');
    expect(l).toEqual([{ hex: '21' }, { either: ['12', '22'], side: '12|22' }, { hex: '23' }]);
    expect(b.line('21', '25').filter((s) => 'either' in s)).toHaveLength(2);
  });

  test('lines leaving an L-shaped board report off-board cells as null', () => {
    const b = board(L_SHAPE);
    const l = b.line('L1-6', 'T8-1');
    expect(l.some((s) => cells(s).includes(null))).toBe(true);
  });

  test.each(Object.entries(ALL))('%s: endpoints, length, consecutive steps adjacent, symmetric', (_n, spec) => {
    const b = new HexBoard(spec);
    const labels = b.labels();
    const next = lcg(11);
    const bad: string[] = [];
    for (let i = 0; i < 250; i++) {
      const x = labels[next() % labels.length]!, y = labels[next() % labels.length]!;
      const l = b.line(x, y);
      const cs = l.map((s) => cells(s));
      if (l.length !== b.distance(x, y) + 1) bad.push(`length ${x} ${y}`);
      if (JSON.stringify(l[0]) !== JSON.stringify({ hex: x }) || JSON.stringify(l.at(-1)) !== JSON.stringify({ hex: y })) bad.push(`ends ${x} ${y}`);
      // reversing the line reverses the steps (tie pairs keep their documented order)
      if (JSON.stringify(b.line(y, x).reverse()) !== JSON.stringify(l)) bad.push(`reverse ${x} ${y}`);
      for (let k = 1; k < cs.length; k++) {
        for (const p of cs[k - 1]!) for (const q of cs[k]!) if (p !== null && q !== null && !b.adjacent(p, q)) bad.push(`step ${x} ${y} ${p} ${q}`);
      }
      for (const s of l) {
        if ('either' in s && s.either[0] !== null && s.either[1] !== null) {
          if (!(s.either[0] < s.either[1]) || s.side !== b.hexside(s.either[0], s.either[1])) bad.push(`tie ${x} ${y}`);
        }
      }
    }
    expect(bad).toEqual([]);
  });
});
