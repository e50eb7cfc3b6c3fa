// The basic-rules module: it validates, and the rolls are the book's (5.2-5.4 initiative, 8.2
// fire, 9.2 melee, 10.3 squares, 10.5 cover at most +2).
import { describe, expect, test } from 'vitest';
import { assembleModule } from '../../src/core/module/assemble.js';
import { boardView } from '../../src/core/module/board-view.js';
import { MovementCosts } from '../../src/core/module/movement-cost.js';
import { terrainIndex } from '../../src/core/module/terrain-index.js';
import { formatRational } from '../../src/core/rational.js';
import type { HexBoardDef, ModuleData, TableDef } from '../../src/core/module/schema.js';
import { moduleFiles } from '../helpers/module-files.js';

const assembled = assembleModule(moduleFiles('napoleon-basic'));
const m = assembled.data as ModuleData;
const proc = (id: string) => m.procedures.find((p) => p.id === id)!;
const table = (id: string) => m.tables.find((t) => t.id === id)!;
const lookup = (t: TableDef, n: number) => {
  const rows = t.rows.filter((r) => (r.min ?? -Infinity) <= n && n <= (r.max ?? Infinity));
  expect(rows).toHaveLength(1);
  return String(rows[0]!.result);
};

describe('napoleon-basic module', () => {
  test('validates with no issues', () => {
    expect(assembled.issues).toEqual([]);
  });

  test('division counters carry corps, nation, arm, fire points, fire modifier, melee grade S-E = 1-6, morale; disordered face', () => {
    const grades = { S: 1, A: 2, B: 3, C: 4, D: 5, E: 6 } as Record<string, number>;
    for (const p of m.pieces) {
      expect(p.nation).toBeTruthy();
      const v = p.values!;
      for (const k of ['corps', 'fire-points', 'fire-modifier', 'melee', 'melee-value', 'morale', 'return-fire']) expect(v).toHaveProperty([k]);
      expect(grades[v['melee'] as string]).toBe(v['melee-value']);
    }
    for (const t of m.pieceTypes) expect(t.faces.map((f) => f.id)).toContain('disordered');
    expect(new Set(m.pieces.map((p) => p.side))).toEqual(new Set(['french', 'coalition']));
  });

  test('initiative: d6 each, the second roll against the first total; ties re-roll, three skip the turn', () => {
    expect(proc('initiative-first').dice).toBe('1d6');
    const second = proc('initiative-second');
    expect([second.dice, second.subtract]).toEqual(['1d6', 'opponent']);
    const t = table(second.table);
    expect(lookup(t, -5)).toMatch(/first roller wins/);
    expect(lookup(t, 0)).toMatch(/tie: roll again.*third tie/);
    expect(lookup(t, 5)).toMatch(/second roller wins/);
    expect(m.tracks.find((x) => x.id === 'ties')).toMatchObject({ min: 0, max: 3 });
    expect(m.sequence.phases[0]!.segments.map((s) => s.id)).toEqual(['contest', 'corps-move']);
  });

  test('fire 8.2: 2d6 + modifier >= target morale hits; squares and cover (at most +2 morale)', () => {
    const f = proc('fire');
    expect([f.dice, f.subtract]).toEqual(['2d6', 'morale']);
    expect(lookup(table(f.table), -1)).toBe('miss');
    expect(lookup(table(f.table), 0)).toMatch(/^hit/);
    const mod = (id: string) => f.modifiers.find((x) => x.id === id)!;
    expect(mod('firer-in-square').value).toBe(-2);
    expect(mod('target-in-square').value).toBe(-1);
    // 10.5 "掩护最高到+2": cover is read from the board, one of -1 or -2 (group cover)
    expect([mod('target-cover-1').value, mod('target-cover-2').value, mod('target-cover-2').group]).toEqual([-1, -2, 'cover']);
    expect([1, 2, 3, 4, 5].map((n) => mod(`fire-support-${n}`).value)).toEqual([1, 2, 3, 4, 5]); // 8.4: +1 per supporting unit
    expect(mod('more-artillery').min).toBe(0); // 8.5: a side's own support only
  });

  test('melee 9.2: one d6 per unit against its grade; a square is one grade worse', () => {
    const p = proc('melee');
    expect([p.dice, p.subtract]).toEqual(['1d6', 'grade']);
    expect(lookup(table(p.table), -1)).toBe('no melee point');
    expect(lookup(table(p.table), 0)).toBe('1 melee point');
    expect(p.modifiers).toEqual([expect.objectContaining({ id: 'in-square', value: -1 }), expect.objectContaining({ id: 'force', value: 0 })]);
  });

  test('a 20 x 16 pointy board with the Goldbach and the Pratzen; march column pays 1/2 along a road', () => {
    const b = m.boards[0] as HexBoardDef;
    const view = boardView(b);
    expect([b.orientation, view.hex!.size]).toEqual(['pointy', 320]);
    expect(Object.values(b.places)).toEqual(expect.arrayContaining(['Pratzen', 'Sokolnitz', 'Telnitz', 'Blasowitz', 'Santon']));
    expect(b.hexsides.stream!.length).toBeGreaterThan(10);
    const costs = new MovementCosts(m, terrainIndex(b));
    const road = b.roads[0]!.path;
    expect(formatRational(costs.step(road[0]!, road[1]!, 'march-column')!)).toBe('1/2');
    // into Blasowitz along the road: march column 1/2, a division off march column pays the village
    expect(road.slice(8, 10)).toEqual(['0904', '1004']);
    expect(formatRational(costs.step('0904', '1004', 'march-column')!)).toBe('1/2');
    expect(formatRational(costs.step('0904', '1004', 'infantry')!)).toBe('2');
    expect(formatRational(costs.step('0904', '1004', 'cavalry')!)).toBe('3');
  });

  test('the scenario sets up both orders of battle', () => {
    const s = m.scenarios[0]!;
    const placed = new Set([...s.setup, ...s.reinforcements].map((p) => p.piece));
    expect(placed.size).toBe(m.pieces.length);
  });
});
