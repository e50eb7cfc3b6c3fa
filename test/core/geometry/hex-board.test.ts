import { describe, expect, test } from 'vitest';
import { GeometryError, HexBoard, opposite, parseHexside } from '../../../src/core/geometry/index.js';
import { ALL, BIG, QUAD_CONTINUOUS, QUAD_PREFIXED, SKIRMISH, board, lcg } from './fixtures.js';

describe('skirmish board', () => {
  const b = board(SKIRMISH);

  test('labels 0101..1010 in section, column, row order', () => {
    const labels = b.labels();
    expect(labels).toHaveLength(100);
    expect(labels.slice(0, 3)).toEqual(['0101', '0102', '0103']);
    expect(labels[10]).toBe('0201');
    expect(labels.at(-1)).toBe('1010');
  });

  test('0202 touches 0201 0203 0102 0103 0302 0303', () => {
    expect(new Set(b.neighbours('0202'))).toEqual(new Set(['0201', '0203', '0102', '0103', '0302', '0303']));
    // direction order: N NE SE S SW NW
    expect(b.neighbours('0202')).toEqual(['0201', '0302', '0303', '0203', '0103', '0102']);
  });

  test('edges and corners', () => {
    expect(b.neighbours('0101')).toEqual(['0201', '0102']);
    expect(b.neighbour('0101', 'N')).toBeNull();
    expect(b.neighbour('0101', 'se')).toBe('0201');
    expect(b.hexsidesOf('0101')).toEqual(['0101:N', '0101:NE', '0101|0201', '0101|0102', '0101:SW', '0101:NW']);
    expect(b.neighbours('1010')).toEqual(['1009', '0910']);
  });

  test('section and offset', () => {
    expect(b.section('0505')).toBe('map');
    expect(b.offset('0203')).toEqual({ col: 1, row: 2 });
    expect(b.labelAtOffset(1, 2)).toBe('0203');
    expect(b.labelAtOffset(10, 0)).toBeNull();
  });

  test('unknown labels are clear errors', () => {
    expect(b.has('0000')).toBe(false);
    expect(() => b.coord('0000')).toThrow(/no hex "0000"/);
    expect(() => b.hexside('0101', '0303')).toThrow(/not adjacent/);
  });
});

describe.each(Object.entries(ALL))('properties of %s', (_name, spec) => {
  const b = new HexBoard(spec);
  const labels = b.labels();
  const expected = spec.sections.reduce((n, s) => n + s.columns * s.rows, 0);

  test('labels are unique, complete, and round trip', () => {
    expect(labels).toHaveLength(expected);
    expect(new Set(labels).size).toBe(expected);
    expect(b.size).toBe(expected);
    const bad: string[] = [];
    for (const l of labels) {
      const o = b.offset(l), c = b.coord(l);
      if (!b.has(l) || b.labelAt(c) !== l || b.labelAtOffset(o.col, o.row) !== l) bad.push(l);
      const back = b.offsetOf(c);
      if (back.col !== o.col || back.row !== o.row) bad.push(`offset ${l}`);
    }
    expect(bad).toEqual([]);
  });

  test('neighbours are symmetric and agree with directions', () => {
    const bad: string[] = [];
    for (const l of labels) {
      const ns = b.neighbours(l);
      if (ns.length < 1 || ns.length > 6) bad.push(`count ${l}`);
      for (const n of ns) {
        const d = b.direction(l, n);
        if (!b.neighbours(n).includes(l) || d === null || b.direction(n, l) !== opposite(d) || b.neighbour(l, d) !== n || b.distance(l, n) !== 1) {
          bad.push(`${l} ${n}`);
        }
      }
      const dirs = ns.map((n) => b.direction(l, n)!);
      if (dirs.some((d, i) => i > 0 && d <= dirs[i - 1]!)) bad.push(`order ${l}`);
    }
    expect(bad).toEqual([]);
  });

  test('distance: symmetric, 0 only on itself, 1 iff adjacent, triangle inequality', () => {
    const bad: string[] = [];
    for (const a of labels) {
      for (const c of labels) {
        const d = b.distance(a, c);
        if (b.distance(c, a) !== d || (d === 0) !== (a === c) || (d === 1) !== b.adjacent(a, c)) bad.push(`${a} ${c}`);
      }
    }
    const next = lcg(7);
    const pick = () => labels[next() % labels.length]!;
    for (let i = 0; i < 2000; i++) {
      const [x, y, z] = [pick(), pick(), pick()];
      if (b.distance(x, z) > b.distance(x, y) + b.distance(y, z)) bad.push(`triangle ${x} ${y} ${z}`);
    }
    expect(bad).toEqual([]);
  });

  test('hexsides: symmetric ids, each shared side named by both hexes, parse round trip', () => {
    const count = new Map<string, number>();
    const bad: string[] = [];
    for (const l of labels) {
      const sides = b.hexsidesOf(l);
      if (new Set(sides).size !== 6) bad.push(`sides ${l}`);
      for (const s of sides) {
        count.set(s, (count.get(s) ?? 0) + 1);
        if (parseHexside(b, s) !== s || !(b.hexsideHexes(s) as string[]).includes(l)) bad.push(`side ${s}`);
      }
      for (const n of b.neighbours(l)) {
        if (b.hexside(l, n) !== b.hexside(n, l) || !sides.includes(b.hexside(l, n))) bad.push(`pair ${l} ${n}`);
      }
    }
    for (const [id, n] of count) if (n !== (id.includes('|') ? 2 : 1)) bad.push(`count ${id}`);
    expect(bad).toEqual([]);
  });

  test('within(1) is the hex and its neighbours', () => {
    const bad: string[] = [];
    for (const l of labels) {
      const w = b.within(l, 1);
      const want = [l, ...b.neighbours(l)];
      if (w.length !== want.length || want.some((x) => !w.includes(x)) || w[0] !== l) bad.push(l);
      if (b.within(l, 0).join() !== l) bad.push(`0 ${l}`);
    }
    expect(bad).toEqual([]);
  });
});

describe('big board', () => {
  const b = board(BIG);
  test('within(r) in the middle has 1 + 3r(r+1) hexes, nearest first', () => {
    for (let r = 0; r <= 8; r++) {
      const w = b.within('1313', r);
      expect(w).toHaveLength(1 + 3 * r * (r + 1));
      expect(new Set(w).size).toBe(w.length);
      const ds = w.map((l) => b.distance('1313', l));
      expect(ds.every((d) => d <= r)).toBe(true);
      expect(ds).toEqual([...ds].sort((x, y) => x - y));
    }
    // at a corner, clipped by the board edge; large ranges take the whole board
    expect(b.within('0101', 1)).toHaveLength(3);
    expect(b.within('0101', 100)).toHaveLength(625);
  });
});

describe('multi-section boards', () => {
  test('prefixed 2×2: sections join seamlessly across their seams', () => {
    const b = board(QUAD_PREFIXED);
    expect(b.labels()).toHaveLength(120);
    expect(b.section('B0101')).toBe('B');
    // A's last column (6) meets B's first column across the vertical seam
    expect(b.adjacent('A0603', 'B0103')).toBe(true);
    // A's bottom row meets C's top row
    expect(b.adjacent('A0305', 'C0301')).toBe(true);
    // the four corners meet in the middle
    expect(b.adjacent('A0605', 'B0105')).toBe(true);
    expect(b.adjacent('A0605', 'C0601')).toBe(true);
    expect(b.distance('A0605', 'D0101')).toBe(2); // column 7 (D's first) sits half a hex lower
    expect(b.adjacent('B0105', 'D0101')).toBe(true);
    expect(b.offset('D0101')).toEqual({ col: 6, row: 5 });
  });

  test('continuous 2×2 numbering reads as one map', () => {
    const b = board(QUAD_CONTINUOUS);
    const single = new HexBoard({ orientation: 'flat', shifted: 'even', sections: [{ id: 'one', origin: [0, 0], columns: 12, rows: 10, label: { pattern: '{c:2}{r:2}' } }] });
    expect(new Set(b.labels())).toEqual(new Set(single.labels()));
    for (const l of single.labels()) {
      expect(b.coord(l)).toEqual(single.coord(l));
      expect(b.neighbours(l)).toEqual(single.neighbours(l));
    }
    expect(b.section('0606')).toBe('SW');
    expect(b.section('0706')).toBe('SE');
    expect(b.section('0705')).toBe('NE');
  });

  test('duplicate labels name both sections', () => {
    const spec = { ...QUAD_CONTINUOUS, sections: QUAD_CONTINUOUS.sections.map((s) => ({ ...s, label: { pattern: '{c:2}{r:2}' } })) };
    expect(() => new HexBoard(spec)).toThrow(GeometryError);
    expect(() => new HexBoard(spec)).toThrow(/"0101" is used twice: in section "NW" and in section "NE"/);
  });

  test('overlapping sections are refused', () => {
    const spec = { ...QUAD_PREFIXED, sections: [QUAD_PREFIXED.sections[0]!, { ...QUAD_PREFIXED.sections[1]!, origin: [5, 0] as [number, number] }] };
    expect(() => new HexBoard(spec)).toThrow(/section 2 \("B"\) overlaps section "A" at global column 5, row 0/);
  });

  test('bad specs are clear errors', () => {
    const s = SKIRMISH.sections[0]!;
    const mk = (over: object) => () => new HexBoard({ ...SKIRMISH, sections: [{ ...s, ...over }] });
    expect(mk({ columns: 0 })).toThrow(/columns must be an integer ≥ 1/);
    expect(mk({ origin: [-1, 0] })).toThrow(/origin column/);
    expect(mk({ label: { pattern: '{c:2}{x}' } })).toThrow(/unknown token \{x\}/);
    expect(mk({ label: { pattern: '{c:2}|{r:2}' } })).toThrow(/reserved character/);
    expect(() => new HexBoard({ ...SKIRMISH, sections: [s, s] })).toThrow(/duplicate section id "map"/);
    expect(() => new HexBoard({ ...SKIRMISH, sections: [] })).toThrow(/at least one section/);
  });
});

describe('label ambiguity', () => {
  test('{c}{r} unpadded on a board 10 or more wide is refused at build time', () => {
    const spec = (columns: number, rows: number) => ({
      orientation: 'flat' as const, shifted: 'even' as const,
      sections: [{ id: 's', origin: [0, 0] as [number, number], columns, rows, label: { pattern: '{c}{r}' } }],
    });
    // "110" is column 1 row 10, or column 11 row 0: the reading must not depend on the board's extent
    expect(() => new HexBoard(spec(10, 10))).toThrow(/ambiguous: "110" reads as column 1 row 10 or column 11 row 0/);
    expect(() => new HexBoard(spec(12, 9))).toThrow(/ambiguous: "111" reads as column 1 row 11 or column 11 row 1/);
    // small boards are fine: every label has one reading
    expect(new HexBoard(spec(9, 9)).has('99')).toBe(true);
  });

  test('letters with numbers never clash', () => {
    const b = new HexBoard({ orientation: 'flat', shifted: 'odd', sections: [{ id: 's', origin: [0, 0], columns: 30, rows: 12, label: { pattern: '{C}{r}' } }] });
    expect(b.labels().slice(0, 2)).toEqual(['A1', 'A2']);
    expect(b.has('Z12')).toBe(true);
    expect(b.has('AA1')).toBe(true);
    expect(b.has('AD12')).toBe(true);
    expect(b.offset('AA1')).toEqual({ col: 26, row: 0 });
  });
});
