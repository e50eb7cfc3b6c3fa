// The compiled step rules (step-program.ts) and the numbered reach search (reach-search.ts) against
// the rules as they were interpreted (step-reference.ts): the same cost, memory and sections for
// every step, the same hexes, costs and paths for every reach, over random boards, markers, pieces
// and a set of extra rules that reads every name and function of a step. And what one command
// learns of the state does not outlive it: a marker placed or a piece moved is seen by the next.
import { describe, expect, it } from 'vitest';
import { executeCommand } from '../../../src/core/engine/execute.js';
import type { MovedEvent } from '../../../src/core/engine/events.js';
import { prepareGame } from '../../../src/core/engine/game.js';
import { initialState } from '../../../src/core/engine/initial-state.js';
import { NotFairRandomness } from '../../../src/core/engine/not-fair-randomness.js';
import { parseLine } from '../../../src/core/engine/parse.js';
import { pieceView } from '../../../src/core/engine/piece-values.js';
import { reachOf } from '../../../src/core/engine/reach.js';
import type { GameState } from '../../../src/core/engine/state.js';
import { Turn } from '../../../src/core/engine/turn.js';
import { stepCost, type Mover } from '../../../src/core/engine/step-cost.js';
import type { ModuleData } from '../../../src/core/module/schema.js';
import { compare, formatRational } from '../../../src/core/rational.js';
import { rng } from '../../helpers/rng.js';
import { randomField, skirmish } from './helpers.js';
import { referenceReach, referenceStep } from './step-reference.js';

/** Rules that read every step name and function, with fractions of several denominators. */
const EXTRA = [
  { rule: 'X.1', when: "to.markers has 'mud' or from.markers has 'mud'", cost: 'total + 1/2' },
  { rule: 'X.2', when: 'to.friends > 0 and count(roads) == 0', hex: 'hex + 1' },
  { rule: 'X.3', when: "'guns' in to.enemy-types", cost: 'prohibited' },
  { rule: 'X.4', when: "enemies-within(2, ['disordered']) > 1 and not to.road", sides: "sides-without(['stream']) + 1/3" },
  { rule: 'X.5', when: "any(hexside.features, ['stream']) and piece.strength >= 6", sides: 'if sides == prohibited then 1 else max(sides, 3/2)' },
  { rule: 'X.6', when: 'from.road and to.road and along-road', road: 'min(road, 1/3) * 2' },
  { rule: 'X.7', when: "class == 'infantry' and not (to.terrain has 'woods') and from.terrain has 'woods'", remember: { 'left-road': 'memory.left-road + 1' } },
  { rule: 'X.8', when: 'from.zoc and to.zoc', cost: 'total - 5' },
  { rule: 'X.9', when: "mode == 'forced-march' and count(here.markers) == 0 and track.casualties == 0 and turn.number >= 1", cost: 'total + 1/6' },
  { rule: 'X.10', when: "hexside.markers has 'mud'", hex: 'if hex == prohibited then prohibited else hex * 3 / 2 - 1/4' },
  { rule: 'X.11', when: "count(to.terrain) == 1", remember: { 'in-zoc': 'floor(memory.in-zoc * 3 / 2) + ceil(1/4) - 1' } },
  { rule: 'X.12', when: 'not hexside.front and to.friends == 0', cost: 'total + 1/2' },
  // a memory test first (tested inline, step-program.ts memoryGuard), either side, and a denominator
  // met only off the road, late in a search (reach-search.ts rescales every cost it holds)
  { rule: 'X.13', when: '0 == memory.in-zoc and memory.left-road == 1 and not to.road', cost: 'total + 1/7' },
];

function randomGame(seed: number, extra: boolean) {
  const r = rng(seed * 104729);
  const m: ModuleData = skirmish();
  // the interpreted reference knows no forced faces (S.11's flip): the forced-face guard below covers them
  m.movement!.effects = m.movement!.effects?.filter((e) => !('flip' in e));
  if (extra) m.movement!.steps = [...m.movement!.steps!, ...EXTRA] as NonNullable<ModuleData['movement']>['steps'];
  const { probe, pick, side, roads } = randomField(m, r, 25, 2);
  const g = prepareGame(m, 'meeting');
  const s = initialState(g);
  for (const id of Object.keys(s.pieces)) place(s, id, pick());
  for (const id of ['blue-1', 'blue-2', 'red-2']) if (r(3) === 0) s.pieces[id]!.markers.push('disordered');
  for (let i = 0; i < 6; i++) s.markers[pick()] = ['mud'];
  for (let i = 0; i < 8; i++) { const [a, c] = side(); s.markers[probe.hexside(a, c)] = r(2) ? ['bridge-out'] : ['mud']; }
  for (const rd of roads) if (rd.path.length > 2) s.markers[probe.hexside(rd.path[1]!, rd.path[2]!)] = ['bridge-out'];
  if (r(2)) s.pieces['red-1']!.face = 'column';
  s.pieces['red-1']!.values = { movement: 3 + r(6) };
  // a facing for hexside.front (X.12): most seeds face a vertex, some none (the front is then all round)
  s.pieces['red-1']!.facing = r(4) === 0 ? null : r(6);
  return { g, s, r, probe };
}

function place(s: GameState, id: string, hex: string) {
  for (const k of Object.keys(s.stacks)) { s.stacks[k] = s.stacks[k]!.filter((x) => x !== id); if (!s.stacks[k]!.length) delete s.stacks[k]; }
  s.pieces[id]!.location = hex; (s.stacks[hex] ??= []).push(id);
}

const text = (x: { location: string; cost: { num: number; den: number }; path: string[] }) => `${x.location} ${formatRational(x.cost)} ${x.path.join(' ')}`;
const byCost = (a: { location: string; cost: { num: number; den: number } }, b: typeof a) => compare(a.cost, b.cost) || (a.location < b.location ? -1 : 1);

describe('compiled step rules', () => {
  it('cost, memory and sections of every step equal the interpreted rules, with and without extra rules', () => {
    let behind = 0; // steps X.12 charged: hexside.front was false for them
    for (let seed = 1; seed <= 12; seed++) {
      const { g, s, probe } = randomGame(seed, seed % 3 !== 0);
      const mv: Mover = { game: g, state: s, piece: pieceView(g, s, 'red-1'), mode: seed % 2 ? 'forced-march' : '' };
      const ref: Mover = { ...mv };
      for (const from of probe.labels()) {
        for (const to of probe.neighbours(from)) {
          for (const memory of [[0, 0], [1, 0], [0, 1], [1, 1]]) {
            const a = stepCost(mv, from, to, memory), b = referenceStep(ref, from, to, memory);
            const at = `seed ${seed}: ${from} -> ${to} [${memory.join(',')}]`;
            expect(a.cost === null ? null : formatRational(a.cost), at).toBe(b.cost === null ? null : formatRational(b.cost));
            expect(a.memory, at).toEqual(b.memory);
            expect(a.rules, at).toEqual(b.rules);
            if (a.rules.includes('X.12')) behind++;
          }
        }
      }
    }
    expect(behind).toBeGreaterThan(0);
  });

  it('reach finds the same hexes, costs and paths as the interpreted rules over text states', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const { g, s } = randomGame(seed, seed % 2 === 0);
      const mode = seed % 3 === 0 ? 'forced-march' : undefined;
      const fast = reachOf(g, s, 'red-1', mode);
      const mv: Mover = { game: g, state: s, piece: pieceView(g, s, 'red-1'), mode: mode ?? '' };
      const slow = referenceReach(mv, s.pieces['red-1']!.location!, fast.left).sort(byCost);
      expect(fast.reachable.map(text), `seed ${seed}`).toEqual(slow.map(text));
    }
  });

  it('an expression error still names the rule', () => {
    const m = skirmish();
    m.movement!.steps = [...m.movement!.steps!, { rule: 'X.0', cost: 'total / (piece.strength - 6)' }];
    const g = prepareGame(m, 'meeting');
    const s = initialState(g);
    expect(() => reachOf(g, s, 'red-1')).toThrow(/module rule X\.0: division by zero/);
  });
});

describe('nothing a command learns of the state outlives it', () => {
  it('a marker placed and pieces moved in place between two queries of the same state object change reach and move', () => {
    const game = prepareGame(skirmish(), 'meeting');
    const s = initialState(game);
    place(s, 'red-1', '0502');
    s.pieces['red-1']!.values = { movement: 6 };
    // an in-place turn (as the verifier replays) changes this very object, command by command
    const turn = new Turn(game, s, { side: 'red' }, new NotFairRandomness('s'), { inPlace: true });
    const reach = () => reachOf(game, s, 'red-1');
    const cost = (hex: string) => { const x = reach().reachable.find((y) => y.location === hex); return x && formatRational(x.cost); };
    const move = (line: string) => executeCommand(game, s, parseLine(line)!.command, { side: 'red' }, new NotFairRandomness('s'))[0] as MovedEvent;
    const asReference = () => {
      const r = reach();
      const slow = referenceReach({ game, state: s, piece: pieceView(game, s, 'red-1'), mode: '' }, '0502', r.left).sort(byCost);
      expect(r.reachable.map(text)).toEqual(slow.map(text));
    };
    expect(cost('0503')).toBe('1/2');
    expect(move('move red-1 0503').mp).toBe('1/2');
    asReference();
    // S.3: the bridge goes out, the step pays the clear hex
    expect(turn.apply('mark 0502|0503 bridge-out').ok).toBe(true);
    expect(turn.workingState).toBe(s);
    expect(cost('0503')).toBe('1');
    expect(move('move red-1 0503')).toMatchObject({ mp: '1', rules: ['S.3'] });
    asReference();
    // S.4 and S.7: blue-1 stands on the road at 0504; it may not be entered, and 0503 is in its zone of control
    const beyond = game.board.hex!.neighbours('0503').find((x) => x !== '0502' && x !== '0504' && !game.board.hex!.neighbours(x).includes('0504'))!;
    expect(move(`move red-1 0503 ${beyond}`).warnings).toBeUndefined();
    place(s, 'blue-1', '0504');
    expect(cost('0504')).toBeUndefined();
    expect(move('move red-1 0503 0504').warnings?.[0]!.code).toBe('prohibited');
    expect(move(`move red-1 0503 ${beyond}`).warnings?.[0]!.message).toBe(`red-1 (infantry) may not enter ${beyond} from 0503`);
    asReference();
    // once blue-1 is disordered it exerts no zone of control: read afresh from the same object
    s.pieces['blue-1']!.markers.push('disordered');
    expect(move(`move red-1 0503 ${beyond}`).warnings).toBeUndefined();
    asReference();
    // and the bridge is mended
    delete s.markers['0502|0503'];
    expect(cost('0503')).toBe('1/2');
    asReference();
  });
});

describe('a face forced mid-move (forced-face.ts): reach and move agree', () => {
  /** Entering woods flips a battalion in line (4 MP) into column (5 MP), whose class pays woods 3 and streams 0. */
  function forcing(seed: number) {
    const { g: g0, s } = randomGame(seed, seed % 2 === 0);
    const m = structuredClone(g0.module) as ModuleData;
    const inf = m.pieceTypes.find((t) => t.id === 'infantry')!;
    inf.faces.find((f) => f.id === 'column')!.movementClass = 'column';
    m.terrain.find((t) => t.id === 'woods')!.cost = { '*': 2, column: 3 };
    m.terrain.find((t) => t.id === 'stream')!.cost = { '*': 1, column: 0 };
    m.movement!.effects = [{ rule: 'X.F', when: "piece.face == 'line' and to.terrain has 'woods'", flip: "'column'" }];
    const g = prepareGame(m, 'meeting');
    s.pieces['red-1']!.face = 'line';
    s.pieces['red-1']!.values = {};
    if (seed % 3 === 0) s.spent['red-1'] = '1';
    return { g, s };
  }

  it('every hex reach offers, move along its path charges exactly, within the allowances of both faces', () => {
    let flipped = 0, beyond = 0;
    for (let seed = 1; seed <= 16; seed++) {
      const { g, s } = forcing(seed);
      for (const r of reachOf(g, s, 'red-1').reachable) {
        const events = executeCommand(g, s, parseLine(`move red-1 ${r.path.join(' ')}`)!.command, { side: 'red' }, new NotFairRandomness('f'));
        const e = events[0] as MovedEvent;
        const at = `seed ${seed}: ${r.path.join(' ')}`;
        expect(e.mp, at).toBe(formatRational(r.cost));
        expect(e.warnings ?? [], at).toEqual([]);
        if (events.some((x) => x.type === 'flipped')) {
          flipped++;
          expect(e.allowance, at).toBe('5');
          if (compare(r.cost, { num: 4 - (s.spent['red-1'] ? 1 : 0), den: 1 }) > 0) beyond++;
        } else expect(e.allowance, at).toBe('4');
      }
    }
    expect(flipped).toBeGreaterThan(0);
    expect(beyond).toBeGreaterThan(0); // the column's fifth MP is used after the change
  });

  it('a step made before the change is within the old allowance: past it, an allowance warning', () => {
    const { g, s } = forcing(1);
    const hex = g.board.hex!;
    const woods = new Set(g.costs!.index ? hex.labels().filter((l) => g.costs!.index.hexTerrain(l).includes('woods')) : []);
    // a path of four clear, featureless steps that ends entering woods: 3 + 2 = 5 MP in line (4)
    for (const w of woods) {
      const path: string[] = [w];
      while (path.length < 5) {
        const n = hex.neighbours(path[0]!).find((x) => !path.includes(x) && !woods.has(x)
          && g.costs!.index.hexsideFeatures(x, path[0]!).length === 0 && g.costs!.index.roadsBetween(x, path[0]!).length === 0);
        if (!n) break;
        path.unshift(n);
      }
      if (path.length < 5) continue;
      const [start, ...rest] = path;
      for (const [k, v] of Object.entries(s.stacks)) s.stacks[k] = v.filter((x) => x !== 'red-1' && x !== 'blue-1' && x !== 'blue-2' && x !== 'red-2');
      place(s, 'red-1', start!);
      s.pieces['red-1']!.facing = null;
      delete s.spent['red-1'];
      const e = executeCommand(g, s, parseLine(`move red-1 ${rest.join(' ')}`)!.command, { side: 'red' }, new NotFairRandomness('f'))[0] as MovedEvent;
      if (e.mp !== '5') continue;
      expect(e.warnings?.map((x) => x.code)).toEqual(['allowance']);
      expect(e.warnings![0]!.message).toMatch(/over its allowance of 4 MP/);
      expect(reachOf(g, s, 'red-1').reachable.find((x) => x.location === w && x.path.join(' ') === rest.join(' '))).toBeUndefined();
      return;
    }
    throw new Error('no such path on the random board');
  });
});
