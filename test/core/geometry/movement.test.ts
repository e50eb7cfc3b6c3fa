import { describe, expect, test } from 'vitest';
import { cheapestPath, pathCost, pathTo, reach, SpaceGraph, type CostOf } from '../../../src/core/geometry/index.js';
import { formatRational, rational, type Rational } from '../../../src/core/rational.js';
import { BIG, SKIRMISH, board } from './fixtures.js';

const HALF = rational(1, 2), TWO_THIRDS = rational(2, 3), ONE = rational(1);
const fmt = (r: Rational | null | undefined) => (r ? formatRational(r) : r);

describe('pathCost', () => {
  test('three ⅔ steps are exactly 2, and ½ + ⅔ is exactly 7/6', () => {
    const road: CostOf = () => TWO_THIRDS;
    expect(pathCost(['0101', '0102', '0103', '0104'], road)).toEqual(rational(2));
    const mixed: CostOf = (_f, t) => (t === '0102' ? HALF : TWO_THIRDS);
    expect(fmt(pathCost(['0101', '0102', '0103'], mixed))).toBe('7/6');
    expect(pathCost(['0101'], road)).toEqual(rational(0));
  });

  test('null step makes the path impassable; a board checks adjacency', () => {
    expect(pathCost(['0101', '0102'], () => null)).toBeNull();
    expect(() => pathCost(['0101', '0103'], () => ONE, board(SKIRMISH))).toThrow(/not adjacent/);
  });
});

describe('reach on a hex board', () => {
  const b = board(SKIRMISH);

  test('uniform 1 MP reach equals within()', () => {
    const r = reach(b, '0505', rational(3), () => ONE);
    expect(new Set(r.keys())).toEqual(new Set(b.within('0505', 3)));
    for (const [l, e] of r) expect(e.cost).toEqual(rational(b.distance('0505', l)));
  });

  test('exact fractions: a ⅔ road lets three hexes cost exactly 2 MP', () => {
    const road = new Set(['0501', '0502', '0503', '0504', '0505']);
    const cost: CostOf = (f, t) => (road.has(f) && road.has(t) ? TWO_THIRDS : ONE);
    const r = reach(b, '0501', rational(2), cost);
    expect(fmt(r.get('0504')!.cost)).toBe('2');
    expect(r.has('0505')).toBe(false); // 8/3 > 2
    expect(pathTo(r, '0504')).toEqual(['0501', '0502', '0503', '0504']);
    expect(fmt(r.get('0502')!.cost)).toBe('2/3');
    // ½ + ½ + ⅔ + … sums stay exact
    const halves: CostOf = (f) => (f === '0501' ? HALF : TWO_THIRDS);
    const h = reach(b, '0501', rational(11, 6), halves);
    expect(fmt(h.get('0503')!.cost)).toBe('7/6');
    expect(fmt(h.get('0504')!.cost)).toBe('11/6');
  });

  test('impassable hexes are routed around; unreachable ones are absent', () => {
    const wall = new Set(['0402', '0403', '0404', '0405', '0406']);
    const cost: CostOf = (_f, t) => (wall.has(t) ? null : ONE);
    const r = reach(b, '0304', null, cost);
    for (const w of wall) expect(r.has(w)).toBe(false);
    // cross-check against a plain breadth-first search that avoids the wall
    const steps = new Map([['0304', 0]]);
    const queue = ['0304'];
    for (let i = 0; i < queue.length; i++) {
      for (const n of b.neighbours(queue[i]!)) {
        if (!wall.has(n) && !steps.has(n)) { steps.set(n, steps.get(queue[i]!)! + 1); queue.push(n); }
      }
    }
    expect(new Set(r.keys())).toEqual(new Set(steps.keys()));
    for (const [l, e] of r) expect(e.cost).toEqual(rational(steps.get(l)!));
    expect(r.get('0504')!.cost).toEqual(rational(6));
    const path = pathTo(r, '0504')!;
    expect(pathCost(path, cost, b)).toEqual(rational(6));
    expect(pathTo(r, '0404')).toBeNull();
  });

  test('ties: settled by (cost, label), predecessor = earliest settled; neighbour order is irrelevant', () => {
    const r = reach(b, '0505', rational(2), () => ONE);
    // 0705 is two hexes away through either 0604 or 0605: the earlier settled (0604) wins
    expect(pathTo(r, '0705')).toEqual(['0505', '0604', '0705']);
    expect([...r.keys()].slice(0, 7)).toEqual(['0505', ...[...b.neighbours('0505')].sort()]);
    const reversed = { neighbours: (l: string) => [...b.neighbours(l)].reverse() };
    const r2 = reach(reversed, '0505', rational(2), () => ONE);
    expect([...r2.entries()]).toEqual([...r.entries()]);
  });

  test('cheapestPath', () => {
    expect(cheapestPath(b, '0101', '0103', () => HALF)).toEqual({ path: ['0101', '0102', '0103'], cost: ONE });
    expect(cheapestPath(b, '0101', '0110', () => ONE, rational(3))).toBeNull();
  });

  test('a big board is fast', () => {
    const big = board(BIG);
    const r = reach(big, '1313', null, (_f, t) => (t.endsWith('7') ? TWO_THIRDS : HALF));
    expect(r.size).toBe(625);
  });
});

describe('reach on a space graph', () => {
  const g = new SpaceGraph({
    spaces: [{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd' }],
    connections: [{ a: 'a', b: 'b' }, { a: 'b', b: 'c', type: 'rail' }, { a: 'a', b: 'c' }, { a: 'c', b: 'd' }],
  });

  test('connection types through the neighbour function and the cost', () => {
    const cost: CostOf = (f, t) => (g.connection(f, t, (c) => c.type === 'rail') ? HALF : rational(2));
    const r = reach(g, 'a', rational(3), cost);
    expect(fmt(r.get('c')!.cost)).toBe('2');
    expect(pathTo(r, 'c')).toEqual(['a', 'c']);
    expect(r.has('d')).toBe(false); // 4 > 3
    const noRail = { neighbours: (id: string) => g.neighbours(id, (c) => c.type !== 'rail') };
    expect([...reach(noRail, 'b', null, () => ONE).keys()]).toEqual(['b', 'a', 'c', 'd']);
  });
});
