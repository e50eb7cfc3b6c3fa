// The cost of one step of a move under the module's movement rules (module.movement.steps), with
// the memory a move carries from step to step (a road chain). `move` sums it along the path given;
// `reach` searches it over (hex, memory) states, so both charge the same for the same path.
// Without step rules a step costs what MovementCosts says (the terrain effects chart alone).
import { add, rational, ZERO, type Rational } from '../rational.js';
import type { ExprValue } from '../rules/evaluate.js';
import type { MovementRules } from './compiled-rules.js';
import { crossesFront } from './front.js';
import type { Game } from './game.js';
import { movementClass, type PieceView } from './piece-values.js';
import { enemiesIn, enemiesWithin, enemyTypes, evalRule, RuleScope } from './rule-scope.js';
import type { GameState } from './state.js';
import { inEnemyZoc, zocCache, type ZocCache } from './zoc.js';

/** Zones of control asked by one move or reach (a Mover lives as long as one command). */
const zocs = new WeakMap<Mover, ZocCache>();
const zocOf = (mv: Mover) => { let c = zocs.get(mv); if (!c) { c = zocCache(); zocs.set(mv, c); } return c; };

export interface StepResult {
  /** null: the piece may not make this step */
  cost: Rational | null;
  /** memory after the step */
  memory: readonly number[];
  /** sections of the rules that changed this step */
  rules: readonly string[];
}

export interface Mover {
  game: Game;
  state: GameState;
  piece: PieceView;
  /** the declared movement mode, '' for none */
  mode: string;
}

export const startMemory = (rules: MovementRules | null): number[] => (rules?.memory ?? []).map(() => 0);

/**
 * Cost of the step `from` → `to` (adjacent hexes or spaces of the board played on) given the memory
 * the move carries into it. It depends on nothing else of the path, so reach can search it.
 */
export function stepCost(mv: Mover, from: string, to: string, memory: readonly number[]): StepResult {
  const { game, state, piece } = mv;
  const costs = game.costs!;
  const cls = movementClass(piece);
  const rules = game.movementRules;
  if (!rules || rules.steps.length === 0) return { cost: costs.step(from, to, cls), memory, rules: [] };
  const parts = costs.parts(from, to, cls);
  let road: Rational | null = parts.road, hex: Rational | null = parts.hex, sides: Rational | null = parts.sides;
  let cost: Rational | null | undefined;
  // what the step costs so far: a rule's final cost once one is set, else road or terrain
  const total = () => (cost !== undefined ? cost : road ?? (hex === null || sides === null ? null : add(hex, sides)));
  const idx = costs.index;
  const hexside = game.board.hex ? game.board.hex.hexside(from, to) : null;
  const side = piece.def.side;
  const scope = new RuleScope(game, state, piece, mv.mode, {
    'along-road': () => idx.roadsBetween(from, to).length > 0,
    roads: () => idx.roadsBetween(from, to),
    'from.terrain': () => idx.hexTerrain(from), 'from.markers': () => state.markers[from] ?? [],
    'from.road': () => idx.roadsAt(from).length > 0,
    'to.terrain': () => idx.hexTerrain(to), 'to.markers': () => state.markers[to] ?? [],
    'to.road': () => idx.roadsAt(to).length > 0,
    'to.enemies': () => rational(enemiesIn(game, state, side, to)),
    'to.enemy-types': () => enemyTypes(game, state, side, to),
    'to.friends': () => rational((state.stacks[to]?.length ?? 0) - enemiesIn(game, state, side, to)),
    'hexside.features': () => idx.hexsideFeatures(from, to),
    'hexside.markers': () => (hexside === null ? [] : state.markers[hexside] ?? []),
    'hexside.front': () => crossesFront(game, piece, from, to),
    road: () => road, hex: () => hex, sides: () => sides, total,
    'from.zoc': () => inEnemyZoc(game, state, side, from, zocOf(mv)), 'to.zoc': () => inEnemyZoc(game, state, side, to, zocOf(mv)),
    ...Object.fromEntries(rules.memory.map((m, i) => [`memory.${m.id}`, rational(memory[i] ?? 0)])),
  }, {
    'enemies-within': (a) => rational(enemiesWithin(game, state, side, to, whole(a[0]!), a[1] as string[])),
    'sides-without': (a) => costs.sidesWithout(from, to, cls, a[0] as string[]),
  });
  const applied: string[] = [];
  const next = memory.slice();
  for (const r of rules.steps) {
    if (r.when && !evalRule(r.when, scope, r.def.rule)) continue;
    if (r.road) road = evalRule(r.road, scope, r.def.rule) as Rational | null;
    if (r.hex) hex = evalRule(r.hex, scope, r.def.rule) as Rational | null;
    if (r.sides) sides = evalRule(r.sides, scope, r.def.rule) as Rational | null;
    if (r.cost) cost = evalRule(r.cost, scope, r.def.rule) as Rational | null;
    for (const m of r.remember) {
      const max = rules.memory[m.slot]!.max;
      next[m.slot] = Math.max(0, Math.min(max, whole(evalRule(m.value, scope, r.def.rule))));
    }
    if ((r.road || r.hex || r.sides || r.cost) && !applied.includes(r.def.rule)) applied.push(r.def.rule);
  }
  const final = total();
  // a step never costs less than nothing (a rule's arithmetic may go below 0)
  if (final !== null && final.num < 0) return { cost: ZERO, memory: next, rules: applied };
  return { cost: final, memory: next, rules: applied };
}

function whole(v: ExprValue): number {
  const r = v as Rational;
  return Math.floor(r.num / r.den);
}
