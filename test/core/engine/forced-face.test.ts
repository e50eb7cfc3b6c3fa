// reach when a move may force a face (forced-face.ts faceSearch over reach-search.ts): the same hexes,
// costs and paths as every (location, memory, face) state searched plainly (face-reference.ts), over
// random boards, with faces whose steps cost alike (skirmish's column and line, S.11: their dominated
// states are dropped), with flips to two faces (a fourth face, or a face S.11 computes), with alike
// faces of other allowances, with faces of other movement classes, and with steps that cost nothing
// (where the search keeps every state).
import { describe, expect, it } from 'vitest';
import { faceSearch } from '../../../src/core/engine/forced-face.js';
import { prepareGame } from '../../../src/core/engine/game.js';
import { initialState } from '../../../src/core/engine/initial-state.js';
import { declaredMode } from '../../../src/core/engine/movement-rules.js';
import { pieceView } from '../../../src/core/engine/piece-values.js';
import { reachOf } from '../../../src/core/engine/reach.js';
import { searchStates } from '../../../src/core/engine/reach-search.js';
import type { GameState } from '../../../src/core/engine/state.js';
import { startMemory, type Mover } from '../../../src/core/engine/step-cost.js';
import { locationIndex } from '../../../src/core/engine/board-facts.js';
import type { ModuleData } from '../../../src/core/module/schema.js';
import { compare, formatRational, parseRational, ZERO, type Rational } from '../../../src/core/rational.js';
import { rng } from '../../helpers/rng.js';
import { randomField, skirmish } from './helpers.js';
import { referenceFaceReach } from './face-reference.js';

type Variant = 'alike' | 'three' | 'computed' | 'limits' | 'classes' | 'free';
type Steps = NonNullable<ModuleData['movement']>['steps'];
type Effects = NonNullable<ModuleData['movement']>['effects'];

/** A random skirmish board and state, red-1 in column, its module changed as the variant says. */
function randomGame(seed: number, variant: Variant) {
  const r = rng(seed * 7919 + 17);
  const m: ModuleData = skirmish();
  const inf = m.pieceTypes.find((t) => t.id === 'infantry')!;
  if (variant === 'three') {
    // a third face that costs as the others; a column crossing a stream off the road forms it (S.11 first)
    inf.faces.push({ ...structuredClone(inf.faces.find((f) => f.id === 'column')!), id: 'open', name: 'Open order' });
    m.movement!.effects = [...m.movement!.effects!,
      { rule: 'X.Q', when: "piece.face == 'column' and any(hexside.features, ['stream']) and not along-road", flip: "'open'" }] as Effects;
  }
  if (variant === 'computed') {
    // S.11 with a face it computes: a flip from the column may go to line or to square
    const s11 = m.movement!.effects!.find((e) => e.rule === 'S.11')!;
    s11.flip = "if any(hexside.features, ['stream']) then 'square' else 'line'";
  }
  if (variant === 'classes') {
    inf.faces.find((f) => f.id === 'line')!.movementClass = 'line';
    m.terrain.find((t) => t.id === 'woods')!.cost = { '*': 2, line: 3 };
  }
  // a road step that costs nothing: the search cannot drop states (reach-search.ts)
  if (variant === 'free') m.movement!.steps = [...m.movement!.steps!, { rule: 'X.0', when: 'along-road', cost: 'total - 1' }] as Steps;
  const { probe, pick, roads } = randomField(m, r, 30, 3);
  const g = prepareGame(m, 'meeting');
  const s = initialState(g);
  for (const id of Object.keys(s.pieces)) place(s, id, pick());
  for (const id of ['blue-1', 'blue-2']) if (r(3) === 0) s.pieces[id]!.markers.push('disordered');
  for (let i = 0; i < 4; i++) s.markers[pick()] = ['smoke'];
  for (const rd of roads) if (rd.path.length > 3) s.markers[probe.hexside(rd.path[2]!, rd.path[3]!)] = ['bridge-out'];
  const red = s.pieces['red-1']!;
  red.face = 'column';
  // column 5 and line 4 MP as printed ('limits'), else the same allowance on every face
  if (variant !== 'limits') red.values = { movement: 3 + r(8) };
  if (r(3) === 0) s.spent['red-1'] = r(2) ? '1/2' : '1';
  return { g, s, mode: r(3) === 0 ? 'forced-march' : undefined };
}

function place(s: GameState, id: string, hex: string) {
  for (const k of Object.keys(s.stacks)) { s.stacks[k] = s.stacks[k]!.filter((x) => x !== id); if (!s.stacks[k]!.length) delete s.stacks[k]; }
  s.pieces[id]!.location = hex; (s.stacks[hex] ??= []).push(id);
}

type Found = { location: string; cost: Rational; path: readonly string[] };
const text = (x: Found) => `${x.location} ${formatRational(x.cost)} ${x.path.join(' ')}`;
const byCost = (a: Found, b: Found) => compare(a.cost, b.cost) || (a.location < b.location ? -1 : 1);

function mover(g: ReturnType<typeof randomGame>['g'], s: GameState, mode: string | undefined) {
  const p = pieceView(g, s, 'red-1');
  const declared = declaredMode(g, s, p, mode, []);
  const mv: Mover = { game: g, state: s, piece: p, mode: declared.mode };
  const spent = s.spent['red-1'] ? parseRational(s.spent['red-1'])! : ZERO;
  return { mv, bonus: declared.bonus, spent };
}

describe('reach with forced faces', () => {
  for (const variant of ['alike', 'three', 'computed', 'limits', 'classes', 'free'] as const) {
    it(`finds the hexes, costs and paths of the plain search over every face state (${variant})`, () => {
      let reached = 0, flipped = 0;
      for (let seed = 1; seed <= 14; seed++) {
        const { g, s, mode } = randomGame(seed, variant);
        const fast = reachOf(g, s, 'red-1', mode).reachable.map(text);
        const { mv, bonus, spent } = mover(g, s, mode);
        const slow = referenceFaceReach(mv, s.pieces['red-1']!.location!, bonus, spent);
        expect([...fast].sort(), `seed ${seed}`).toEqual(slow.map(text).sort());
        expect(fast, `seed ${seed}: in reach's order`).toEqual([...slow].sort(byCost).map(text));
        reached += slow.length; flipped += slow.filter((x) => x.face !== 0).length;
      }
      expect(reached).toBeGreaterThan(100);
      expect(flipped, 'hexes reached on a forced face').toBeGreaterThan(10);
    });
  }

  it('drops dominated face states: fewer steps asked, the same answer as keeping them all', () => {
    let kept = 0, dropped = 0, seeds = 0;
    for (let seed = 1; seed <= 14; seed++) {
      const { g, s, mode } = randomGame(seed, (['alike', 'three', 'computed'] as const)[seed % 3]!);
      const { mv, bonus, spent } = mover(g, s, mode);
      const run = (prune: boolean) => {
        const { q, extraMax, limit, dominators } = faceSearch(mv, bonus, spent);
        expect(dominators, `seed ${seed}: the faces cost alike`).not.toBeNull();
        let steps = 0;
        const counted = { f: q.f, step: (...a: Parameters<typeof q.step>) => { steps++; return q.step(...a); } };
        const rules = g.movementRules!;
        const found = searchStates(counted, locationIndex(q.f, s.pieces['red-1']!.location!), [...startMemory(rules), 0],
          [...rules.memory.map((x) => x.max), extraMax], limit, prune ? dominators : null);
        const out = Array.from(found.locations, (l, j) => `${q.f.labels[l]} ${formatRational(found.costOf(j))} ${found.pathOf(j).join(',')}`);
        return { out, steps };
      };
      const a = run(true), b = run(false);
      expect(a.out, `seed ${seed}`).toEqual(b.out);
      expect(a.steps).toBeLessThanOrEqual(b.steps);
      dropped += b.steps - a.steps; kept += a.steps; seeds++;
    }
    expect(seeds).toBe(14);
    expect(dropped).toBeGreaterThan(kept / 10);
  });
});
