// The step rules as the engine evaluated them before they were compiled (step-program.ts): each
// step builds a RuleScope and interprets every expression (rules/evaluate.ts), zones of control
// are asked by text key, and reach is geometry's Dijkstra over "<label>\0<memory>" text states.
// Slow and plain on purpose: the oracle the compiled rules and the numbered search must equal.
import { reach as reachOnBoard, pathTo } from '../../../src/core/geometry/movement.js';
import { add, rational, ZERO, type Rational } from '../../../src/core/rational.js';
import type { ExprValue } from '../../../src/core/rules/evaluate.js';
import type { Game } from '../../../src/core/engine/game.js';
import { crossesFront } from '../../../src/core/engine/front.js';
import { movementClass, pieceView } from '../../../src/core/engine/piece-values.js';
import { enemiesIn, enemiesWithin, enemyTypes, evalRule, friendFaces, friendTypes, RuleScope, type Extra, type Functions } from '../../../src/core/engine/rule-scope.js';
import type { GameState } from '../../../src/core/engine/state.js';
import { startMemory, type Mover, type StepResult } from '../../../src/core/engine/step-cost.js';

const whole = (v: ExprValue) => { const r = v as Rational; return Math.floor(r.num / r.den); };

function inZoc(game: Game, state: GameState, side: string, hex: string): boolean {
  const zoc = game.movementRules?.zoc;
  const board = game.board.hex;
  if (!zoc || !board || !board.has(hex)) return false;
  const exerts = (id: string) => !zoc.exerts || Boolean(evalRule(zoc.exerts, new RuleScope(game, state, pieceView(game, state, id), ''), zoc.rule));
  const holds = (at: string) => (state.stacks[at] ?? []).some((id) => game.pieces.get(id)!.side !== side && exerts(id));
  const idx = game.costs?.index;
  if (holds(hex)) return true;
  return board.neighbours(hex).some((n) => !(zoc.notAcross.length && idx && idx.hexsideFeatures(hex, n).some((f) => zoc.notAcross.includes(f))) && holds(n));
}

/** The names and functions of a step from → to with `memory`, but road, hex, sides and total (a step's costs). */
export function referenceFacts(mv: Mover, from: string, to: string, memory: readonly number[]): { names: Extra; fns: Functions } {
  const { game, state, piece } = mv;
  const costs = game.costs!;
  const cls = movementClass(piece);
  const rules = game.movementRules!;
  const idx = costs.index;
  const hexside = game.board.hex ? game.board.hex.hexside(from, to) : null;
  const side = piece.def.side;
  const names: Extra = {
    'along-road': () => idx.roadsBetween(from, to).length > 0,
    roads: () => idx.roadsBetween(from, to),
    'from.terrain': () => idx.hexTerrain(from), 'from.markers': () => state.markers[from] ?? [],
    'from.road': () => idx.roadsAt(from).length > 0,
    'to.terrain': () => idx.hexTerrain(to), 'to.markers': () => state.markers[to] ?? [],
    'to.road': () => idx.roadsAt(to).length > 0,
    'to.enemies': () => rational(enemiesIn(game, state, side, to)),
    'to.enemy-types': () => enemyTypes(game, state, side, to),
    'to.friend-types': () => friendTypes(game, state, side, to),
    'from.friend-faces': () => friendFaces(state, game, side, piece.id, from),
    'to.friend-faces': () => friendFaces(state, game, side, piece.id, to),
    'to.friends': () => rational((state.stacks[to]?.length ?? 0) - enemiesIn(game, state, side, to)),
    'hexside.features': () => idx.hexsideFeatures(from, to),
    'hexside.markers': () => (hexside === null ? [] : state.markers[hexside] ?? []),
    'hexside.front': () => crossesFront(game, piece, from, to),
    'from.zoc': () => inZoc(game, state, side, from), 'to.zoc': () => inZoc(game, state, side, to),
    ...Object.fromEntries(rules.memory.map((m, i) => [`memory.${m.id}`, rational(memory[i] ?? 0)])),
  };
  const fns: Functions = {
    'enemies-within': (a) => rational(enemiesWithin(game, state, side, to, whole(a[0]!), a[1] as string[])),
    'sides-without': (a) => costs.sidesWithout(from, to, cls, a[0] as string[]),
  };
  return { names, fns };
}

export function referenceStep(mv: Mover, from: string, to: string, memory: readonly number[]): StepResult {
  const { game, piece } = mv;
  const costs = game.costs!;
  const cls = movementClass(piece);
  const rules = game.movementRules!;
  const parts = costs.parts(from, to, cls);
  let road: Rational | null = parts.road, hex: Rational | null = parts.hex, sides: Rational | null = parts.sides;
  let cost: Rational | null | undefined;
  const total = () => (cost !== undefined ? cost : road ?? (hex === null || sides === null ? null : add(hex, sides)));
  const { names, fns } = referenceFacts(mv, from, to, memory);
  const scope = new RuleScope(game, mv.state, piece, mv.mode, {
    ...names, road: () => road, hex: () => hex, sides: () => sides, total,
  }, fns);
  const applied: string[] = [];
  const next = memory.slice();
  for (const r of rules.steps) {
    if (r.when && !evalRule(r.when, scope, r.def.rule)) continue;
    if (r.road) road = evalRule(r.road, scope, r.def.rule) as Rational | null;
    if (r.hex) hex = evalRule(r.hex, scope, r.def.rule) as Rational | null;
    if (r.sides) sides = evalRule(r.sides, scope, r.def.rule) as Rational | null;
    if (r.cost) cost = evalRule(r.cost, scope, r.def.rule) as Rational | null;
    for (const m of r.remember) next[m.slot] = Math.max(0, Math.min(rules.memory[m.slot]!.max, whole(evalRule(m.value, scope, r.def.rule))));
    if ((r.road || r.hex || r.sides || r.cost) && !applied.includes(r.def.rule)) applied.push(r.def.rule);
  }
  const final = total();
  if (final !== null && final.num < 0) return { cost: ZERO, memory: next, rules: applied };
  return { cost: final, memory: next, rules: applied };
}

const SEP = '\u0000';

/** reach over (location, memory) text states with the reference step: location, cost and path of each. */
export function referenceReach(mv: Mover, start: string, left: Rational): { location: string; cost: Rational; path: string[] }[] {
  const board = (mv.game.board.hex ?? mv.game.board.graph!) as { neighbours(l: string): readonly string[] };
  const steps = new Map<string, { next: string; cost: Rational | null }[]>();
  const expand = (node: string) => {
    let list = steps.get(node);
    if (list) return list;
    const [loc, mem] = node.split(SEP) as [string, string];
    const memory = mem === '' ? [] : mem.split(',').map(Number);
    list = board.neighbours(loc).map((n) => { const r = referenceStep(mv, loc, n, memory); return { next: n + SEP + r.memory.join(','), cost: r.cost }; });
    steps.set(node, list);
    return list;
  };
  const graph = { neighbours: (node: string) => expand(node).map((s) => s.next) };
  const result = reachOnBoard(graph, start + SEP + startMemory(mv.game.movementRules).join(','), left, (a, b) => expand(a).find((s) => s.next === b)!.cost);
  const seen = new Set([start]);
  const out: { location: string; cost: Rational; path: string[] }[] = [];
  for (const [node, entry] of result) {
    const loc = node.slice(0, node.indexOf(SEP));
    if (seen.has(loc)) continue;
    seen.add(loc);
    out.push({ location: loc, cost: entry.cost, path: pathTo(result, node)!.slice(1).map((n) => n.slice(0, n.indexOf(SEP))) });
  }
  return out;
}
