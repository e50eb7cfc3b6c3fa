// Eylau rules of formation and command on a move (../shared/seeds/000, v1.5): 6.11's allowance that
// follows the formation when 6.21 forces open order mid-move, 6.22's river choice of formed infantry,
// and 6.1's out-of-command units that do not move. Each test quotes the rule.
import { describe, expect, test } from 'vitest';
import { assembleModule } from '../../src/core/module/assemble.js';
import type { ModuleData } from '../../src/core/module/schema.js';
import { prepareGame } from '../../src/core/engine/game.js';
import { initialState } from '../../src/core/engine/initial-state.js';
import { place, type Placement } from '../helpers/alone.js';
import { executeCommand } from '../../src/core/engine/execute.js';
import { parseLine } from '../../src/core/engine/parse.js';
import { NotFairRandomness } from '../../src/core/engine/not-fair-randomness.js';
import { reachOf } from '../../src/core/engine/reach.js';
import type { GameState } from '../../src/core/engine/state.js';
import type { GameEvent, MovedEvent } from '../../src/core/engine/events.js';
import { formatRational } from '../../src/core/rational.js';
import { moduleFiles } from '../helpers/module-files.js';

const m = assembleModule(moduleFiles('eylau-1807')).data as ModuleData;
const game = prepareGame(m, '20-3-eylau-8-february');
const hex = game.board.hex!;
const idx = game.costs!.index;

function board(where: Record<string, Placement>, phase = 'french-movement'): GameState {
  const s = initialState(game);
  s.phase = phase;
  s.active = 'french';
  return place(s, where);
}
const run = (s: GameState, line: string): GameEvent[] =>
  executeCommand(game, s, parseLine(line)!.command, { side: 'french' }, new NotFairRandomness('eylau'));
const codes = (e: GameEvent) => (e.warnings ?? []).map((w) => w.code);
const bare = (a: string, b: string) => idx.hexsideFeatures(a, b).length === 0 && idx.roadsBetween(a, b).length === 0;
const open = (l: string) => idx.hexTerrain(l).every((t) => t === 'clear');
const empty = (s: GameState, l: string) => !(s.stacks[l]?.length);

/** clear hexes c0 → c1 → c2, then the town t, then a clear hex beyond, each step across no hexside feature or road, in a straight line */
function lineIntoTown(s: GameState): string[] {
  for (const t of hex.labels()) {
    if (!idx.hexTerrain(t).includes('town')) continue;
    for (let d = 0; d < 6; d++) {
      const back = (x: string) => hex.neighbours(x).find((n) => hex.direction(x, n) === (d + 3) % 6);
      const c2 = back(t), c1 = c2 && back(c2), c0 = c1 && back(c1);
      const beyond = hex.neighbours(t).find((n) => hex.direction(t, n) === d);
      const path = [c0, c1, c2, t, beyond];
      if (path.some((x) => x === undefined || !empty(s, x))) continue;
      const [a, b, c, , e] = path as string[];
      if (![a, b, c, e].every(open)) continue;
      if (path.slice(1).every((x, i) => bare(path[i]!, x!))) return path as string[];
    }
  }
  throw new Error('no straight run into a town');
}

describe('Eylau 6.11 the allowance follows the formation', () => {
  test('6.11 "单位移动力由当前阵型决定": a battalion in line (4 MP) enters a town on its fourth MP and goes on in open order (5 MP)', () => {
    const s0 = board({});
    const [c0, ...rest] = lineIntoTown(s0);
    const s = board({ 'fr-gren-pied-1': { at: c0!, face: 'line', facing: hex.direction(c0!, rest[0]!)! } });
    const events = run(s, `move fr-gren-pied-1 ${rest.join(' ')}`);
    // 1 + 1 + 2 (the town, 6.21) in line = 4, then 1 in open order: 5, within open order's 5
    expect(events[0]).toMatchObject({ type: 'moved', mp: '5', allowance: '5' });
    expect(codes(events[0]!)).toEqual([]);
    expect(events[1]).toEqual({ type: 'flipped', piece: 'fr-gren-pied-1', from: 'line', to: 'open-order', rules: ['6.21'] });
    // reach agrees: the hex beyond the town at 5 MP, by that path
    const r = reachOf(game, s, 'fr-gren-pied-1').reachable.find((x) => x.location === rest[3]);
    expect(r && formatRational(r.cost)).toBe('5');
  });

  test('the steps up to the change are within the old allowance: a line that needs a fifth MP to enter the town is over its 4', () => {
    const s0 = board({});
    const [c0, c1, c2, t] = lineIntoTown(s0);
    const s = board({ 'fr-gren-pied-1': { at: c0!, face: 'line', facing: hex.direction(c0!, c1!)! } });
    s.spent['fr-gren-pied-1'] = '1';
    const e = run(s, `move fr-gren-pied-1 ${c1} ${c2} ${t}`)[0] as MovedEvent;
    expect(e).toMatchObject({ mp: '4', spent: '5' });
    expect(e.warnings!.map((w) => w.message)).toEqual(['fr-gren-pied-1 has spent 5 MP this phase, over its allowance of 4 MP']);
    expect(reachOf(game, s, 'fr-gren-pied-1').reachable.some((x) => x.location === t)).toBe(false);
  });
});

/** a river hexside between two clear hexes, no road, and the vertex facing whose front holds it */
function riverCrossing(): [string, string, number] {
  const sides = (m.boards.find((b) => b.id === 'eylau') as { hexsides: Record<string, string[]> }).hexsides.river!;
  for (const id of sides) {
    const [a, b] = id.split('|') as [string, string];
    if (idx.hexsideFeatures(a, b).length === 1 && idx.roadsBetween(a, b).length === 0 && open(a) && open(b)) return [a, b, hex.direction(a, b)!];
  }
  throw new Error('no plain river crossing');
}

describe('Eylau 6.22 the infantry\'s river choice', () => {
  test('6.22 河流格边 "列阵步兵可选：额外+2移动点 / +1移动点并陷入混乱": +2 by default, +1 and disordered with --mode river-disorder', () => {
    const [a, b, d] = riverCrossing();
    const plain = run(board({ 'fr-gren-pied-1': { at: a, face: 'column', facing: d } }), `move fr-gren-pied-1 ${b}`);
    expect(plain).toHaveLength(1);
    expect(plain[0]).toMatchObject({ mp: '3' });
    const s = board({ 'fr-gren-pied-1': { at: a, face: 'column', facing: d } });
    const chosen = run(s, `move fr-gren-pied-1 ${b} --mode river-disorder`);
    expect(chosen[0]).toMatchObject({ mp: '2', mode: 'river-disorder', rules: ['6.22'] });
    expect(codes(chosen[0]!)).toEqual([]);
    expect(chosen[1]).toEqual({ type: 'marked', target: 'fr-gren-pied-1', kind: 'piece', marker: 'disordered' });
    const r = reachOf(game, s, 'fr-gren-pied-1', 'river-disorder').reachable.find((x) => x.location === b);
    expect(r && formatRational(r.cost)).toBe('2');
  });

  test('the choice is formed infantry\'s: cavalry, or infantry already in open order, may not declare it', () => {
    const [a, b, d] = riverCrossing();
    const cav = run(board({ 'fr-8hus': { at: a, face: 'fresh', facing: d } }), `move fr-8hus ${b} --mode river-disorder`);
    expect(codes(cav[0]!)).toContain('prohibited');
    const oo = run(board({ 'fr-gren-pied-1': { at: a, face: 'open-order' } }), `move fr-gren-pied-1 ${b} --mode river-disorder`);
    expect(codes(oo[0]!)).toContain('prohibited');
  });
});

describe('Eylau 6.1 out of command', () => {
  test('6.1 "以下单位禁止在移动阶段移动：…脱离指挥的作战单位": an out-of-command battalion may not move, turn or change formation in a movement phase', () => {
    const [a, b, d] = riverCrossing();
    const s = board({ 'fr-gren-pied-1': { at: a, face: 'column', facing: d, markers: ['out-of-command'] } });
    expect(codes(run(s, `move fr-gren-pied-1 ${b}`)[0]!)).toContain('prohibited');
    expect(codes(run(s, 'rotate fr-gren-pied-1 +1')[0]!)).toEqual(['prohibited']);
    expect(codes(run(s, 'flip fr-gren-pied-1 line')[0]!)).toEqual(['prohibited']);
    expect(reachOf(game, s, 'fr-gren-pied-1').reachable).toEqual([]);
    // without the marker it moves
    const ok = board({ 'fr-gren-pied-1': { at: a, face: 'column', facing: d } });
    expect(codes(run(ok, `move fr-gren-pied-1 ${b}`)[0]!)).toEqual([]);
  });

  test('"脱离指挥的旅级指挥官（见17.11）" likewise; a commander may still change its command status (4.1 4A)', () => {
    const [a, b] = riverCrossing();
    const leader = game.module.pieces.find((p) => p.type === 'brigade-leader' && p.side === 'french')!.id;
    const s = board({ [leader]: { at: a, markers: ['out-of-command'] } });
    expect(codes(run(s, `move ${leader} ${b}`)[0]!)).toContain('prohibited');
    const cdr = game.module.pieces.find((p) => p.type === 'division-leader' && p.side === 'french')!.id;
    const c = board({ [cdr]: { at: a, face: 'standby', markers: ['out-of-command'] } });
    expect(codes(run(c, `flip ${cdr} mobilised`)[0]!)).toEqual([]);
  });
});
