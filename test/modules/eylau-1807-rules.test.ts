// Eylau rules the engine now applies on a move or a roll (../shared/seeds/000, v1.5, chapters 5–6):
// 5.4 moving through the front only, 5.42's limits when faced to rear, 6.21's forced change to open
// order and the disorder of heavy cavalry and guns (6.21, 6.22, 6.3), 6.42's disorder instead, and
// 6.32's gun-damage check owed on a crossing and its result applied. Each test quotes the rule.
import { describe, expect, test } from 'vitest';
import { assembleModule } from '../../src/core/module/assemble.js';
import type { ModuleData } from '../../src/core/module/schema.js';
import { prepareGame } from '../../src/core/engine/game.js';
import { initialState } from '../../src/core/engine/initial-state.js';
import { place, type Placement } from '../helpers/alone.js';
import { executeCommand } from '../../src/core/engine/execute.js';
import { applyEvent } from '../../src/core/engine/fold.js';
import { parseLine } from '../../src/core/engine/parse.js';
import { NotFairRandomness } from '../../src/core/engine/not-fair-randomness.js';
import { outcomeEvents } from '../../src/core/engine/outcomes.js';
import { reachOf } from '../../src/core/engine/reach.js';
import type { GameState } from '../../src/core/engine/state.js';
import type { GameEvent, MovedEvent, ResolvedEvent } from '../../src/core/engine/events.js';
import { moduleFiles } from '../helpers/module-files.js';

const m = assembleModule(moduleFiles('eylau-1807')).data as ModuleData;
const game = prepareGame(m, '20-3-eylau-8-february');
const hex = game.board.hex!;
const idx = game.costs!.index;

function board(where: Record<string, Placement>): GameState {
  const s = initialState(game);
  // the French movement phase: 5.3 "仅可在己方玩家的移动阶段…变更朝向"
  s.phase = 'french-movement';
  s.active = 'french';
  return place(s, where);
}
const run = (s: GameState, line: string): GameEvent[] =>
  executeCommand(game, s, parseLine(line)!.command, { side: 'french' }, new NotFairRandomness('eylau'));
const codes = (e: GameEvent) => (e.warnings ?? []).map((w) => w.code);
/** the vertex facing whose front (on this flat board: hexsides f and f+1) holds the step a → b */
const toward = (a: string, b: string) => hex.direction(a, b)!;
const bare = (a: string, b: string) => idx.hexsideFeatures(a, b).length === 0 && idx.roadsBetween(a, b).length === 0;
const terrain = (l: string) => idx.hexTerrain(l);
const open = (l: string) => terrain(l).every((t) => t === 'clear');
/** an on-board step from a clear hex into a hex of `kind`, across no hexside feature and no road */
function entry(kind: string): [string, string] {
  for (const to of hex.labels()) {
    if (!terrain(to).includes(kind)) continue;
    for (const from of hex.neighbours(to)) if (open(from) && bare(from, to)) return [from, to];
  }
  throw new Error(`no entry into ${kind}`);
}
/** a step across a hexside of `feature` between two clear hexes, not along a road */
function crossing(feature: string): [string, string] {
  for (const id of (m.boards.find((b) => b.id === 'eylau') as { hexsides: Record<string, string[]> }).hexsides[feature]!) {
    const [a, b] = id.split('|') as [string, string];
    if (idx.hexsideFeatures(a, b).length === 1 && idx.roadsBetween(a, b).length === 0 && open(a) && open(b)) return [a, b];
  }
  throw new Error(`no plain ${feature} crossing`);
}

describe('Eylau 5.4 facing and movement', () => {
  test('5.4 "单位移动时，仅能进入自身正面朝向覆盖的相邻格子…如需进入侧翼、后方格子，必须先在当前格子内旋转朝向": a battalion in line may not step out of its flank or rear', () => {
    const [a, b] = entry('town');
    const d = toward(b, a); // back out of the town
    const front = board({ 'fr-gren-pied-1': { at: b, face: 'line', facing: d } });
    expect(codes(run(front, `move fr-gren-pied-1 ${a}`)[0]!)).toEqual([]);
    const rear = board({ 'fr-gren-pied-1': { at: b, face: 'line', facing: (d + 3) % 6 } });
    const e = run(rear, `move fr-gren-pied-1 ${a}`)[0] as MovedEvent;
    expect(codes(e)).toEqual(['prohibited']);
    expect(e.warnings![0]!.message).toMatch(/may not enter/);
    // reach agrees: the hex behind is not offered
    expect(reachOf(game, rear, 'fr-gren-pied-1').reachable.some((r) => r.location === a)).toBe(false);
  });

  test('5.2 "下列单位均为全向朝向…G. 陷入混乱状态的单位（混乱状态下的炮兵除外）H. 处于溃退状态的单位": disordered or routed, any hexside will do', () => {
    const [a, b] = entry('town');
    const d = (toward(b, a) + 3) % 6;
    for (const marker of ['disordered', 'routed']) {
      const s = board({ 'fr-gren-pied-1': { at: b, face: 'line', facing: d, markers: [marker] } });
      if (marker === 'routed') s.phase = 'french-rally'; // 6.1: a routed unit moves only to retreat in the rally phase
      expect(codes(run(s, `move fr-gren-pied-1 ${a}`)[0]!)).toEqual([]);
    }
  });

  test('5.41 "若该移动单位剩余移动力不足以调整朝向，则禁止进入该格子": a battalion ending on friends facing otherwise needs the MP to turn to them', () => {
    const start = 'C3016', path = ['C3017', 'C3018', 'C3019', 'C3020'];
    for (const l of [start, ...path]) expect(open(l)).toBe(true);
    const d = toward(start, path[0]!);
    // the friend at the end faces two vertices away: 2 × 1/2 = 1 MP to turn; line has 4 MP
    const place = (n: number) => board({
      'fr-gren-pied-1': { at: start, face: 'line', facing: d },
      'fr-gren-pied-2': { at: path[n - 1]!, face: 'line', facing: (d + 2) % 6 },
    });
    expect(codes(run(place(3), `move fr-gren-pied-1 ${path.slice(0, 3).join(' ')}`)[0]!)).toEqual([]); // 3 MP, 1 left
    const short = run(place(4), `move fr-gren-pied-1 ${path.join(' ')}`)[0]!; // 4 MP, none left
    expect(codes(short)).toEqual(['prohibited']);
    expect(short.warnings![0]!.message).toMatch(/^fr-gren-pied-1: 5\.41 .*too few MP left.*\(5\.41\)$/);
    // facing as the friend does, nothing to turn
    const same = board({ 'fr-gren-pied-1': { at: start, face: 'line', facing: d }, 'fr-gren-pied-2': { at: path[3]!, face: 'line', facing: d } });
    expect(codes(run(same, `move fr-gren-pied-1 ${path.join(' ')}`)[0]!)).toEqual([]);
  });

  test('5.42 "移动距离最多不得超过2格六边形" and "禁止切换阵型": faced to rear, a third hex and a formation change are refused as warnings', () => {
    const start = 'C3016';
    const path = ['C3017', 'C3018', 'C3019'];
    for (const l of [start, ...path]) expect(open(l)).toBe(true);
    const s = board({ 'fr-gren-pied-1': { at: start, face: 'line', facing: toward(start, path[0]!), markers: ['faced-to-rear'] } });
    expect(codes(run(s, `move fr-gren-pied-1 ${path.slice(0, 2).join(' ')}`)[0]!)).toEqual([]);
    expect(codes(run(s, `move fr-gren-pied-1 ${path.join(' ')}`)[0]!)).toEqual(['prohibited']);
    expect(codes(run(s, 'flip fr-gren-pied-1 column')[0]!)).toEqual(['prohibited']);
  });
});

describe('Eylau 6.21 forced formation changes (障碍地形格子)', () => {
  test('6.21 城镇 "列阵步兵、轻骑兵进入后强制转为常规散阵": a battalion in line entering a town is flipped to open order by the move', () => {
    const [a, b] = entry('town');
    const s = board({ 'fr-gren-pied-1': { at: a, face: 'line', facing: toward(a, b) } });
    const events = run(s, `move fr-gren-pied-1 ${b}`);
    expect(events[0]).toMatchObject({ type: 'moved', mp: '2' });
    expect(events[1]).toEqual({ type: 'flipped', piece: 'fr-gren-pied-1', from: 'line', to: 'open-order', rules: ['6.21'] });
    for (const e of events) applyEvent(s, e);
    expect(s.pieces['fr-gren-pied-1']!.face).toBe('open-order');
  });

  test('light cavalry too, keeping its blown side: "轻骑兵进入后强制转为常规散阵"', () => {
    const [a, b] = entry('woods');
    const s = board({ 'fr-8hus': { at: a, face: 'blown', facing: toward(a, b) } });
    expect(run(s, `move fr-8hus ${b}`)[1]).toMatchObject({ type: 'flipped', from: 'blown', to: 'blown-open-order' });
  });

  test('6.52 "该类单位驶入首个障碍地形格子后，步兵、轻骑兵强制切换为常规散阵": along the woods road the column goes to open order and still pays 2+1+1', () => {
    const s = board({ 'fr-gren-pied-1': { at: 'D2334', face: 'column', facing: 1 } });
    const events = run(s, 'move fr-gren-pied-1 D2434 D2534 D2634');
    expect(events[0]).toMatchObject({ mp: '4' });
    expect(codes(events[0]!)).toEqual([]);
    expect(events.slice(1)).toEqual([{ type: 'flipped', piece: 'fr-gren-pied-1', from: 'column', to: 'open-order', rules: ['6.21'] }]);
  });

  test('after the change the move goes on in open order: a stream beyond the town costs what open order pays (6.11 "单位移动力由当前阵型决定")', () => {
    let found: [string, string, string] | undefined;
    for (const b of hex.labels()) {
      if (!terrain(b).some((t) => ['town', 'woods'].includes(t))) continue;
      const a = hex.neighbours(b).find((x) => open(x) && bare(x, b));
      const c = hex.neighbours(b).find((x) => x !== a && open(x) && idx.roadsBetween(b, x).length === 0
        && idx.hexsideFeatures(b, x).length === 1 && ['stream', 'light-cover-side'].includes(idx.hexsideFeatures(b, x)[0]!));
      if (a && c) { found = [a, b, c]; break; }
    }
    const [a, b, c] = found!;
    const s = board({ 'fr-gren-pied-1': { at: a, face: 'line', facing: toward(a, b) } });
    const events = run(s, `move fr-gren-pied-1 ${b} ${c}`);
    // 2 for the town or woods in line, then 1 + 0 (open order pays nothing for a stream or light-cover hexside)
    expect(events[0]).toMatchObject({ mp: '3', allowance: '5' });
    expect(codes(events[0]!)).toEqual([]);
    expect(events[1]).toMatchObject({ type: 'flipped', to: 'open-order' });
  });

  test('6.42 "途经会强制切换常规散阵的地形时，单位会直接陷入混乱": in grand-tactical movement the battalion is disordered instead', () => {
    const [a, b] = entry('town');
    const s = board({ 'fr-gren-pied-1': { at: a, face: 'line', facing: toward(a, b) } });
    const events = run(s, `move fr-gren-pied-1 ${b} --mode grand-tactical`);
    expect(events.slice(1)).toEqual([{ type: 'marked', target: 'fr-gren-pied-1', kind: 'piece', marker: 'disordered' }]);
  });

  test('6.21 "重骑兵、炮兵进入任意障碍地形格子直接陷入混乱" (农庄 "进入后陷入混乱"): heavy cavalry entering a farm is marked disordered', () => {
    const [a, b] = entry('farm');
    const s = board({ 'fr-1drg': { at: a, face: 'fresh', facing: toward(a, b) } });
    expect(run(s, `move fr-1drg ${b}`).slice(1)).toEqual([{ type: 'marked', target: 'fr-1drg', kind: 'piece', marker: 'disordered' }]);
  });

  test('6.3 "除轻型掩护地形外，炮兵进入/途经障碍地形格子、格边都会陷入混乱": a limbered battery in a town is disordered, in light cover it is not', () => {
    const [a, b] = entry('town');
    const s = board({ 'fr-iv-12': { at: a, face: 'limbered' } });
    expect(run(s, `move fr-iv-12 ${b}`).slice(1)).toEqual([{ type: 'marked', target: 'fr-iv-12', kind: 'piece', marker: 'disordered' }]);
    const [c, d] = entry('light-cover');
    expect(run(board({ 'fr-iv-12': { at: c, face: 'limbered' } }), `move fr-iv-12 ${d}`)).toHaveLength(1);
  });

  test('6.22 river "骑兵+1移动点且直接混乱": cavalry crossing a river off the road is disordered', () => {
    const [a, b] = crossing('river');
    const s = board({ 'fr-8hus': { at: a, face: 'fresh', facing: toward(a, b) } });
    const events = run(s, `move fr-8hus ${b}`);
    expect(events[0]).toMatchObject({ mp: '2' });
    expect(events.slice(1)).toEqual([{ type: 'marked', target: 'fr-8hus', kind: 'piece', marker: 'disordered' }]);
  });
});

describe('Eylau 5.3 when facing changes', () => {
  test('5.3 "正面朝向单位仅可在己方玩家的移动阶段、单位执行移动操作时变更朝向": a turn in another phase is a prohibited warning', () => {
    const s = board({ 'fr-gren-pied-1': { at: 'C3016', face: 'line', facing: 2 } });
    expect(codes(run(s, 'rotate fr-gren-pied-1 +1')[0]!)).toEqual([]);
    s.phase = 'allied-movement';
    s.active = 'allies';
    expect(codes(run(s, 'rotate fr-gren-pied-1 +1')[0]!)).toEqual(['prohibited']);
  });
});

describe('Eylau 6.1, 6.0 routed units', () => {
  test('6.1 "溃退单位（溃退单位仅可在重整阶段执行撤退…）": a routed unit may not move in the movement phase; its retreat in the rally phase costs no MP (6.0 "不消耗移动点数")', () => {
    const s = board({ 'fr-gren-pied-1': { at: 'C3016', face: 'line', facing: 2, markers: ['routed'] } });
    expect(codes(run(s, 'move fr-gren-pied-1 C3017')[0]!)).toEqual(['prohibited']);
    s.phase = 'french-rally';
    expect(run(s, 'move fr-gren-pied-1 C3017 C3018')[0]).toMatchObject({ mp: '0' });
    expect(codes(run(s, 'move fr-gren-pied-1 C3017 C3018')[0]!)).toEqual([]);
  });
});

describe('Eylau 6.32 gun damage (移动导致的炮兵损毁判定)', () => {
  test('"炮兵每次跨越河流、小溪、轻型掩护格边…必须判定火炮损毁": a battery crossing a stream owes the check, and until it rolls its side is reminded', () => {
    const [a, b] = crossing('stream');
    const s = board({ 'fr-iv-12': { at: a, face: 'limbered' } });
    const events = run(s, `move fr-iv-12 ${b}`);
    const side = hex.hexside(a, b);
    expect(events.slice(1)).toEqual([
      { type: 'marked', target: 'fr-iv-12', kind: 'piece', marker: 'disordered' },
      { type: 'obliged', id: 'fr-iv-12/gun-damage/1', kind: 'check', side: 'french', pieces: ['fr-iv-12'], count: 1, reply: 'gun-damage', to: side, procedure: 'gun-damage', rule: '6.32' },
    ]);
    for (const e of events) applyEvent(s, e);
    // another command first: an obligation warning
    expect(codes(run(s, 'flip fr-iv-12 unlimbered')[0]!)).toContain('obligation');
    const roll = run(s, `resolve gun-damage piece=fr-iv-12 crossing=${a}|${b}`);
    expect(roll[0]).toMatchObject({ obligation: 'fr-iv-12/gun-damage/1' });
    expect(codes(roll[0]!)).toEqual([]);
    // the board gives the modifiers: stream -2; fire level 1 (the 12-pounders) +1
    const r = roll[0] as ResolvedEvent;
    if (r.type === 'resolved') expect(r.derived).toEqual(['stream-or-light-cover', 'fire-level-1']);
    for (const e of roll) applyEvent(s, e);
    expect(s.obligations).toBeUndefined();
  });

  test('"沿道路跨越则无需判定": no check is owed for a crossing by road, and a check for a unit that is no battery is a prohibited warning', () => {
    const road = (m.boards.find((b) => b.id === 'eylau') as { hexsides: Record<string, string[]> }).hexsides['stream']!
      .map((id) => id.split('|') as [string, string]).find(([a, b]) => idx.roadsBetween(a, b).length > 0)!;
    const [ra, rb] = road;
    expect(run(board({ 'fr-iv-12': { at: ra, face: 'limbered' } }), `move fr-iv-12 ${rb}`).some((e) => e.type === 'obliged')).toBe(false);
    expect(codes(run(board({ 'fr-iv-12': { at: ra, face: 'limbered' } }), `resolve gun-damage piece=fr-iv-12 crossing=${ra}|${rb}`)[0]!)).toContain('prohibited');
    const [a, b] = crossing('stream');
    const e = run(board({ 'fr-gren-pied-1': { at: a } }), `resolve gun-damage piece=fr-gren-pied-1 crossing=${a}|${b}`)[0]!;
    expect(codes(e)).toContain('prohibited');
  });

  test('"结果为7、8、9时，该炮兵连损失1点作战兵力": the result takes one strength point off the battery', () => {
    const s = board({ 'fr-iv-12': { at: 'C3016', face: 'limbered' } });
    const e = { type: 'resolved', procedure: 'gun-damage', dice: '1d10', faces: [8], modifiers: [], modifier: 0, total: 8, index: 1,
      result: '1 strength point lost', counter: 1, bound: { piece: 'fr-iv-12' } } as unknown as ResolvedEvent;
    expect(outcomeEvents(game, s, e)).toEqual([{ type: 'value-set', piece: 'fr-iv-12', prop: 'strength', from: 8, to: 7 }]);
    expect(outcomeEvents(game, s, { ...e, result: 'no damage' })).toEqual([]);
  });
});
