// Skirmish's movement rules S.16–S.25 (ours: modules/skirmish/README.md), one test a rule, through the
// engine: each fails when the rule is not applied. S.1–S.7 are tested in test/core/engine/movement-rules.test.ts.
import { describe, expect, it } from 'vitest';
import { executeCommand } from '../../src/core/engine/execute.js';
import type { FlippedEvent, GameEvent, MovedEvent } from '../../src/core/engine/events.js';
import { applyEvent } from '../../src/core/engine/fold.js';
import { NotFairRandomness } from '../../src/core/engine/not-fair-randomness.js';
import { parseLine } from '../../src/core/engine/parse.js';
import { reachOf } from '../../src/core/engine/reach.js';
import type { GameState } from '../../src/core/engine/state.js';
import { formatRational } from '../../src/core/rational.js';
import { placed, type Placement } from '../helpers/alone.js';
import { skirmishGame } from '../core/engine/helpers.js';

const game = skirmishGame();
const hex = game.board.hex!;
const board = (where: Record<string, string | Placement>, change?: (s: GameState) => void) => placed(game, where, change);
const run = (s: GameState, line: string, side?: string): GameEvent[] =>
  executeCommand(game, s, parseLine(line)!.command, side ? { side } : {}, new NotFairRandomness('skirmish'));
const moved = (s: GameState, line: string) => run(s, line)[0] as MovedEvent;
const folded = (s: GameState, e: GameEvent) => { const t = structuredClone(s); applyEvent(t, e); return t; };
const messages = (e: GameEvent) => (e.warnings ?? []).map((w) => w.message);
/** the neighbour of a hex in a direction (0–5, docs/geometry.md) */
const toward = (at: string, d: number) => hex.neighbours(at).find((n) => hex.direction(at, n) === d)!;

describe('S.16 the square: a formation facing all round', () => {
  it('forming square costs 1 MP; leaving it costs 1 MP with any facing; guns (no facing either way) flip free', () => {
    const s = board({ 'red-1': { at: '0202', face: 'line', facing: 0 } });
    expect(run(s, 'flip red-1 square')[0] as FlippedEvent).toMatchObject({ to: 'square', mp: '1', rules: ['S.16'] });
    const sq = board({ 'red-1': { at: '0202', face: 'square', facing: 0 } });
    expect(run(sq, 'flip red-1 line --facing 3')[0] as FlippedEvent).toMatchObject({ to: 'line', mp: '1', facing: 3, rules: ['S.16'] });
    expect(run(s, 'flip red-1 column')[0]).toEqual({ type: 'flipped', piece: 'red-1', from: 'line', to: 'column' });
    expect((run(s, 'flip red-guns reduced')[0] as FlippedEvent).mp).toBeUndefined();
  });

  it('a unit ending its move where a friendly square stands is warned; passing through, or joining a line, is not', () => {
    const warn = 'red-1: a square holds its hex alone (S.16)';
    const sq = board({ 'red-1': '0202', 'red-2': { at: '0302', face: 'square' } });
    expect(messages(moved(sq, 'move red-1 0302'))).toContain(warn);
    expect(messages(moved(sq, 'move red-1 0302 0402'))).not.toContain(warn);
    const line = board({ 'red-1': '0202', 'red-2': { at: '0302', face: 'line' } });
    expect(messages(moved(line, 'move red-1 0302'))).not.toContain(warn);
  });
});

describe('S.17 road march', () => {
  it('a column on the road pays 1/3 MP a road hex, keeps to the road, and may not declare it in line or off the road', () => {
    const s = board({ 'red-1': { at: '0502', face: 'column', facing: 0 } });
    expect(moved(s, 'move red-1 0503 0504')).toMatchObject({ mp: '1' });
    expect(moved(s, 'move red-1 0503 0504 --mode road-march')).toMatchObject({ mp: '2/3', mode: 'road-march', rules: ['S.17'] });
    expect(messages(moved(s, 'move red-1 0602 --mode road-march'))).toContain('red-1 (infantry) may not enter 0602 from 0502');
    const line = board({ 'red-1': { at: '0502', face: 'line', facing: 0 } });
    expect(messages(moved(line, 'move red-1 0503 --mode road-march')).join()).toMatch(/Road march \(S.17\)/);
    const off = board({ 'red-1': { at: '0202', face: 'column', facing: 0 } });
    expect(messages(moved(off, 'move red-1 0302 --mode road-march')).join()).toMatch(/Road march \(S.17\)/);
    // reach in road march offers the road only, at 1/3 MP a hex
    const r = reachOf(game, s, 'red-1', 'road-march');
    expect(r.reachable.every((x) => x.location.startsWith('05'))).toBe(true);
    expect(formatRational(r.reachable.find((x) => x.location === '0505')!.cost)).toBe('1');
  });
});

describe('S.18 light infantry', () => {
  it('the 2nd Blue enter woods for 1 MP less than any other unit', () => {
    const s = board({ 'blue-1': '0404', 'blue-2': '0405' });
    expect(moved(s, 'move blue-2 0505')).toMatchObject({ mp: '1', rules: ['S.18'] });
    const other = board({ 'blue-1': '0405', 'blue-2': '0909' });
    expect(moved(other, 'move blue-1 0505')).toMatchObject({ mp: '2' });
  });
});

describe('S.19 guns leaving a wood', () => {
  it('guns leaving the wood off the road pay +1 MP; along the road, or infantry, do not', () => {
    const s = board({ 'red-guns': '0505', 'red-1': '0202' });
    expect(moved(s, 'move red-guns 0405')).toMatchObject({ mp: '2', rules: ['S.19'] });
    expect(moved(s, 'move red-guns 0506')).toMatchObject({ mp: '1/2' });
    expect(moved(board({ 'red-1': '0505' }), 'move red-1 0405')).toMatchObject({ mp: '1' });
  });
});

describe('S.20 groping out of smoke', () => {
  it('leaving a smoked hex off the road costs +1/2 MP; along the road, or out of thinning smoke, nothing', () => {
    const smoke = (m: string) => (s: GameState) => { s.markers['0303'] = [m]; s.markers['0503'] = [m]; };
    const s = board({ 'red-1': '0303' }, smoke('smoke'));
    expect(moved(s, 'move red-1 0403')).toMatchObject({ mp: '3/2', rules: ['S.20'] });
    expect(moved(board({ 'red-1': '0303' }, smoke('smoke-thin')), 'move red-1 0403')).toMatchObject({ mp: '1' });
    expect(moved(board({ 'red-1': '0503' }, smoke('smoke')), 'move red-1 0504')).toMatchObject({ mp: '1/2' });
  });
});

describe('S.21 passing through the ranks', () => {
  it('leaving a hex where friendly infantry stands in line or square costs +1/2 MP; a column there does not', () => {
    for (const face of ['line', 'square']) {
      const s = board({ 'red-1': { at: '0202', face: 'line', facing: 0 }, 'red-2': { at: '0202', face } });
      expect(moved(s, 'move red-1 0302'), face).toMatchObject({ mp: '3/2', rules: ['S.21'] });
    }
    const col = board({ 'red-1': { at: '0202', face: 'line', facing: 0 }, 'red-2': { at: '0202', face: 'column' } });
    expect(moved(col, 'move red-1 0302')).toMatchObject({ mp: '1' });
  });
});

describe('S.22 guns through friendly infantry', () => {
  it('guns driven through a hex of friendly infantry disorder each unit there; ending there does not', () => {
    const s = board({ 'red-guns': '0102', 'red-1': '0202', 'red-2': '0202' });
    const through = run(s, 'move red-guns 0202 0302');
    const marks = through.filter((e) => e.type === 'marked');
    expect(marks).toEqual([
      { type: 'marked', target: 'red-1', kind: 'piece', marker: 'disordered' },
      { type: 'marked', target: 'red-2', kind: 'piece', marker: 'disordered' },
    ]);
    expect(run(s, 'move red-guns 0202').filter((e) => e.type === 'marked')).toEqual([]);
    expect(run(board({ 'red-1': '0202', 'red-2': '0102' }), 'move red-2 0202 0302').filter((e) => e.type === 'marked')).toEqual([]);
  });
});

describe('S.23 guns are taken by assault', () => {
  it('moving at a hex the enemy guns hold says so beside S.4; enemy infantry there gets only S.4', () => {
    const warn = 'red-1: enemy guns are taken by an assault (S.8), not by moving in (S.23)';
    const guns = moved(board({ 'red-1': '0202', 'blue-guns': '0302' }), 'move red-1 0302');
    expect(messages(guns)).toEqual(['red-1 (infantry) may not enter 0302 from 0202', warn]);
    const inf = moved(board({ 'red-1': '0202', 'blue-1': '0302' }), 'move red-1 0302');
    expect(messages(inf)).toEqual(['red-1 (infantry) may not enter 0302 from 0202']);
  });
});

describe('S.24 two units a hex where a move ends, a column not counted', () => {
  it('a third unit ending its move in a hex is a stacking warning unless it, or one already there, is in column', () => {
    const stacking = (e: GameEvent) => (e.warnings ?? []).filter((w) => w.code === 'stacking').map((w) => w.message);
    const two = { 'red-1': { at: '0302', face: 'line' }, 'red-2': { at: '0302', face: 'line' }, 'red-guns': '0202' };
    expect(stacking(moved(board(two), 'move red-guns 0302'))).toEqual(['0302 would hold 3 infantry/guns of red; the limit is 2 (S.24)']);
    const col = { ...two, 'red-2': { at: '0302', face: 'column' } };
    expect(stacking(moved(board(col), 'move red-guns 0302'))).toEqual([]);
    const mover = { 'red-1': { at: '0302', face: 'line' }, 'red-guns': '0302', 'red-2': { at: '0202', face: 'column' } };
    expect(stacking(moved(board(mover), 'move red-2 0302'))).toEqual([]);
  });
});

describe('S.25 stacking by entry', () => {
  it('a unit joining friends through their front goes on top, through their flank or rear under them', () => {
    const at = '0505';
    const front = toward(at, 0), rear = toward(at, 3);
    const s = board({ 'red-1': { at, face: 'line', facing: 0 }, 'red-2': { at: front, face: 'line', facing: 0 } });
    const e = moved(s, `move red-2 ${at}`);
    expect(e.stack).toBeUndefined();
    expect(folded(s, e).stacks[at]).toEqual(['red-1', 'red-2']);
    const t = board({ 'red-1': { at, face: 'line', facing: 0 }, 'red-2': { at: rear, face: 'line', facing: 0 } });
    const b = moved(t, `move red-2 ${at}`);
    expect(b.stack).toBe('bottom');
    expect(folded(t, b).stacks[at]).toEqual(['red-2', 'red-1']);
    // a square has no flank: whatever side it is joined from, the newcomer goes on top
    const sq = board({ 'red-1': { at, face: 'square', facing: 0 }, 'red-2': { at: rear, face: 'line', facing: 0 } });
    expect(moved(sq, `move red-2 ${at}`).stack).toBeUndefined();
  });
});
