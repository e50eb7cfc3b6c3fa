// The module's step rules (movement.steps) compiled once per game into functions over a step's
// facts, and evaluated for one mover by a StepQuery: what `move` sums along a path and `reach`
// searches. A query reads the board through BoardFacts (fixed for the game), the state lazily
// (markers, enemies, zones of control, each location asked once) and the names that cannot change
// during one command (the piece, the turn, the tracks) once; it lives as long as one command, so
// nothing it learns outlives a change of state. It computes exactly what evaluating each rule's
// expression over a RuleScope computes (rules/compile.ts): same names, same order, same errors.
// The movement effects (movement.effects) are compiled with the same names, plus their own three
// (`last`, `left`, `to.turn-to-friends`), so a move's effects read a step as its cost does.
import { enemyFort } from './control.js';
import { add, rational, ZERO, type Rational } from '../rational.js';
import { compileExpr, type Binder, type Compiled } from '../rules/compile.js';
import type { StepFactName } from '../rules/vocabulary.js';
import { ExpressionError, type Expr } from '../rules/expression.js';
import type { ExprValue } from '../rules/evaluate.js';
import { boardFacts, type BoardFacts } from './board-facts.js';
import type { CompiledStep, MovementRules } from './compiled-rules.js';
import { crossesFront, turnToFriends } from './front.js';
import type { Game } from './game.js';
import { facingKind, movementClass, type PieceView } from './piece-values.js';
import { enemiesWithin, enemyTypes, friendFaces, friendTypes, RuleScope } from './rule-scope.js';
import type { GameState } from './state.js';
import { StateFacts } from './state-facts.js';
import { keptSkips, planSkips, skipsAt, valueKey, type SkipPlan, type Skips } from './step-skips.js';
import { ZocAsked } from './zoc.js';

const SMALL = Array.from({ length: 64 }, (_, i) => rational(i));
const small = (n: number) => (n >= 0 && n < 64 ? SMALL[n]! : rational(n));

/** One step being evaluated: where from and to, the memory it starts with, its cost parts so far. */
interface StepEnv {
  q: StepQuery;
  from: number; to: number; edge: number;
  mem: readonly number[];
  road: Rational | null; hex: Rational | null; sides: Rational | null;
  cost: Rational | null | undefined;
  /** the edge's terrain parts, whose hex + sides is summed once */
  parts: Parts;
  /** a movement effect's own names: the path's last step, the MP left after the move */
  last: boolean; left: Rational;
}
type Fn = Compiled<StepEnv>;

interface StepRule {
  rule: string;
  /** the `when`'s leading `memory.x == k`, tested inline (slot -1: none); `when` is then the rest */
  guardSlot: number; guardValue: number;
  when: Fn | null; road: Fn | null; hex: Fn | null; sides: Fn | null; cost: Fn | null;
  remember: { slot: number; max: number; value: Fn }[];
  /** it changes the cost (so the move records its section) */
  charges: boolean;
}
/** A movement effect: its `when` and `flip` (what it marks, checks or warns is its def's). */
interface EffectRule { rule: string; when: Fn | null; flip: Fn | null }
interface Program {
  steps: StepRule[]; effects: EffectRule[]; constants: string[];
  /** constants 0 … stepConstants − 1 are those the step rules read (the effects' follow) */
  stepConstants: number;
  /** a step rule reads `hexside.front` (which depends on the piece's facing kind) */
  stepsReadFront: boolean;
  /** the indexes of the effects that `flip` */
  flips: number[];
  /** which step rules and flip effects cannot apply on an edge (step-skips.ts); the answers by the fixed values */
  stepSkips: SkipPlan<StepEnv>; flipSkips: SkipPlan<StepEnv>;
  kept: Map<string, Skips>;
}


const total = (s: StepEnv) => {
  if (s.cost !== undefined) return s.cost;
  if (s.road !== null) return s.road;
  if (s.hex === s.parts.hex && s.sides === s.parts.sides) return s.parts.sum;
  return s.hex === null || s.sides === null ? null : add(s.hex, s.sides);
};

const friendsThere = (s: StepEnv, at: number) => friendFaces(s.q.state, s.q.game, s.q.side, s.q.piece.id, s.q.f.labels[at]!);

/**
 * The getter of each name of a step (rules/vocabulary.ts StepFactName, kinds `step` and `effect`):
 * keyed by that type, so the vocabulary and what the engine computes are one list.
 */
const STEP_FACTS: Record<StepFactName, Fn> = {
  'along-road': (s) => s.q.f.roads[s.edge]!.length > 0,
  roads: (s) => s.q.f.roads[s.edge]!,
  'from.terrain': (s) => s.q.f.terrain[s.from]!,
  'to.terrain': (s) => s.q.f.terrain[s.to]!,
  'from.markers': (s) => s.q.at.markersAt(s.from),
  'to.markers': (s) => s.q.at.markersAt(s.to),
  'from.road': (s) => s.q.f.roadAt[s.from] === 1,
  'to.road': (s) => s.q.f.roadAt[s.to] === 1,
  'to.enemies': (s) => small(s.q.enemies(s.to)),
  'to.enemy-types': (s) => enemyTypes(s.q.game, s.q.state, s.q.side, s.q.f.labels[s.to]!),
  'from.friend-faces': (s) => friendsThere(s, s.from),
  'to.friend-faces': (s) => friendsThere(s, s.to),
  'to.enemy-fort': (s) => small(enemyFort(s.q.game, s.q.state, s.q.side, s.q.f.labels[s.to]!)),
  'to.friend-types': (s) => friendTypes(s.q.game, s.q.state, s.q.side, s.q.f.labels[s.to]!),
  'to.friends': (s) => rational(s.q.at.stack(s.to).length - s.q.enemies(s.to)),
  'hexside.features': (s) => s.q.f.features[s.edge]!,
  'hexside.markers': (s) => s.q.at.markersAcross(s.edge),
  'hexside.front': (s) => s.q.front(s.from, s.edge),
  road: (s) => s.road,
  hex: (s) => s.hex,
  sides: (s) => s.sides,
  total,
  'from.zoc': (s) => s.q.zoc.at(s.from),
  'to.zoc': (s) => s.q.zoc.at(s.to),
  // a movement effect's own names; no step rule reads them
  last: (s) => s.last,
  left: (s) => s.left,
  'to.turn-to-friends': (s) => small(turnToFriends(s.q.game, s.q.state, s.q.piece, s.q.f.labels[s.to]!)),
};

/** The names a step rule reads: a step's own (STEP_FACTS), a memory; any other is fixed for the query. */
function stepName(name: string, rules: MovementRules, constants: string[]): Fn {
  if (Object.hasOwn(STEP_FACTS, name)) return STEP_FACTS[name as StepFactName];
  const slot = memorySlot(name, rules);
  if (slot >= 0) return (s) => small(s.mem[slot] ?? 0);
  let k = constants.indexOf(name);
  if (k < 0) { k = constants.length; constants.push(name); }
  const c = k;
  return (s) => s.q.constant(c);
}

/** The slot of a `memory.<id>` name, -1 for any other name. */
const memorySlot = (name: string, rules: MovementRules) =>
  (name.startsWith('memory.') ? rules.memory.findIndex((m) => `memory.${m.id}` === name) : -1);

/** The step names that are always whole numbers, as plain integers (rules/compile.ts Binder.whole). */
function stepWhole(name: string, rules: MovementRules): ((s: StepEnv) => number) | undefined {
  switch (name) {
    case 'to.enemies': return (s) => s.q.enemies(s.to);
    case 'to.friends': return (s) => s.q.at.stack(s.to).length - s.q.enemies(s.to);
  }
  const slot = memorySlot(name, rules);
  if (slot >= 0) return (s) => s.mem[slot] ?? 0;
  return undefined;
}

function stepCall(fn: string, args: Fn[]): Fn {
  const [a0, a1] = args;
  if (fn === 'enemies-within') {
    return (s) => {
      const n = a0!(s), except = a1!(s);
      return rational(enemiesWithin(s.q.game, s.q.state, s.q.side, s.q.f.labels[s.to]!, whole(n), except as string[]));
    };
  }
  if (fn === 'sides-without') {
    return (s) => {
      const except = a0!(s) as string[];
      return s.q.game.costs!.sidesWithout(s.q.f.labels[s.from]!, s.q.f.labels[s.to]!, s.q.cls, except);
    };
  }
  return (s) => { const v = args.map((a) => a(s)); return s.q.scope.call(fn, v); };
}

const programs = new WeakMap<MovementRules, Program>();

function program(rules: MovementRules): Program {
  let p = programs.get(rules);
  if (p) return p;
  const constants: string[] = [];
  let stepsReadFront = false, compilingSteps = true;
  const b: Binder<StepEnv> = {
    name: (n) => {
      if (compilingSteps && n === 'hexside.front') stepsReadFront = true;
      return stepName(n, rules, constants);
    },
    call: stepCall, whole: (n) => stepWhole(n, rules),
  };
  const fn = (e: CompiledStep['when']) => (e ? compileExpr(e, b) : null);
  const steps = rules.steps.map((r): StepRule => {
    const g = memoryGuard(r.when, rules);
    return {
    rule: r.def.rule,
    guardSlot: g ? g.slot : -1, guardValue: g ? g.value : 0,
    when: fn(g ? g.rest : r.when), road: fn(r.road), hex: fn(r.hex), sides: fn(r.sides), cost: fn(r.cost),
    remember: r.remember.map((m) => ({ slot: m.slot, max: rules.memory[m.slot]!.max, value: compileExpr(m.value, b) })),
    charges: Boolean(r.road || r.hex || r.sides || r.cost),
    };
  });
  const isMemory = (n: string) => memorySlot(n, rules) >= 0;
  const isStep = (n: string) => Object.hasOwn(STEP_FACTS, n) || isMemory(n);
  const compile = (e: Expr) => compileExpr(e, b);
  const tested = rules.steps.map((r) => { const g = memoryGuard(r.when, rules); return g ? g.rest : r.when; });
  const stepSkips = planSkips(tested, compile, isStep, isMemory);
  const stepConstants = constants.length;
  compilingSteps = false;
  const effects = rules.effects.map((r): EffectRule => ({ rule: r.def.rule, when: fn(r.when), flip: fn(r.flip) }));
  const flips = effects.flatMap((r, k) => (r.flip ? [k] : []));
  const flipSkips = planSkips(flips.map((k) => rules.effects[k]!.when), compile, isStep, isMemory);
  p = { steps, effects, constants, stepConstants, stepsReadFront, flips, stepSkips, flipSkips, kept: new Map() };
  programs.set(rules, p);
  return p;
}

/**
 * The first test of a `when` when it is `memory.x == k` (k whole; `k == memory.x` too), and what
 * `when` leaves to test after it: most steps of a road chain or a zone of control fail there, and
 * `and` tests its left side first (evaluate.ts), so testing it before the rest changes nothing.
 */
function memoryGuard(e: Expr | null, rules: MovementRules): { slot: number; value: number; rest: Expr | null } | null {
  if (!e || e.k !== 'bin') return null;
  if (e.op === 'and') {
    const g = memoryGuard(e.a, rules);
    return g && { ...g, rest: g.rest ? { k: 'bin', op: 'and', a: g.rest, b: e.b } : e.b };
  }
  if (e.op !== '==') return null;
  const [name, k] = e.a.k === 'name' ? [e.a, e.b] : [e.b, e.a];
  if (name.k !== 'name' || k.k !== 'num' || k.v.den !== 1) return null;
  const slot = memorySlot(name.name, rules);
  return slot < 0 ? null : { slot, value: k.v.num, rest: null };
}

/** The terrain parts of a step (MovementCosts.parts) for one movement class, by edge: the same for every step of it. */
type Parts = { road: Rational | null; hex: Rational | null; sides: Rational | null; sum: Rational | null };
const NO_PARTS: Parts = { road: null, hex: null, sides: null, sum: null };
const partsCache = new WeakMap<Game, Map<string, (Parts | undefined)[]>>();

/** One mover's step costs for one command (a move or a reach). */
export class StepQuery {
  readonly f: BoardFacts;
  readonly side: string;
  readonly cls: string;
  readonly scope: RuleScope;
  readonly zoc: ZocAsked;
  /** the state's markers and pieces by location and edge */
  readonly at: StateFacts;
  private readonly prog: Program;
  private readonly consts: (ExprValue | undefined)[];
  private readonly enemyCount: Int32Array;
  private readonly parts: (Parts | undefined)[];
  private readonly env: StepEnv;
  /** by edge: 0 not asked yet, 1 it crosses a front hexside of the piece, -1 not */
  private readonly fronts: Int8Array;
  /** the rules that cannot apply, by edge, for this command's fixed values (undefined: not looked up; null: none) */
  private skips: Skips | null | undefined;

  constructor(readonly game: Game, readonly state: GameState, readonly piece: PieceView, readonly mode: string) {
    this.f = boardFacts(game);
    this.side = piece.def.side;
    this.cls = movementClass(piece);
    this.scope = new RuleScope(game, state, piece, mode);
    this.at = new StateFacts(state, this.f);
    this.zoc = new ZocAsked(game, state, this.side, this.f, this.at);
    this.prog = program(game.movementRules!);
    this.consts = new Array(this.prog.constants.length);
    this.enemyCount = new Int32Array(this.f.labels.length).fill(-1);
    let byClass = partsCache.get(game);
    if (!byClass) { byClass = new Map(); partsCache.set(game, byClass); }
    let parts = byClass.get(this.cls);
    if (!parts) { parts = new Array(this.f.to.length); byClass.set(this.cls, parts); }
    this.parts = parts;
    this.env = {
      q: this, from: 0, to: 0, edge: 0, mem: [], road: null, hex: null, sides: null, cost: undefined, parts: NO_PARTS,
      last: false, left: ZERO,
    };
    this.fronts = new Int8Array(this.f.to.length);
  }

  /**
   * `hexside.front` of an edge: it leaves through a front hexside of the piece as it stands (a move
   * does not turn it); true for a piece facing all round or with no facing, and off a hex board.
   */
  front(from: number, edge: number): boolean {
    let v = this.fronts[edge]!;
    if (v === 0) {
      v = crossesFront(this.game, this.piece, this.f.labels[from]!, this.f.labels[this.f.to[edge]!]!) ? 1 : -1;
      this.fronts[edge] = v;
    }
    return v > 0;
  }

  /**
   * The movement effects on the step along `edge` from location `from` with memory `mem`: `visit`
   * gets, in module order, each one whose `when` holds (its index in movement.effects) and its
   * `flip` face read when asked. `last`: the path's last step; `left`: the MP left after the move.
   */
  effects(from: number, edge: number, mem: readonly number[], last: boolean, left: Rational,
    visit: (k: number, face: () => string | null) => void): void {
    const env = this.env;
    env.from = from; env.to = this.f.to[edge]!; env.edge = edge; env.mem = mem;
    env.road = null; env.hex = null; env.sides = null; env.cost = undefined; env.parts = NO_PARTS;
    env.last = last; env.left = left;
    let rule = '';
    try {
      this.prog.effects.forEach((r, k) => {
        rule = r.rule;
        if (r.when && !r.when(env)) return;
        visit(k, () => { rule = r.rule; return r.flip ? r.flip(env) as string : null; });
      });
    } catch (err) {
      if (err instanceof ExpressionError) throw new ExpressionError(`module rule ${rule}: ${err.message}`);
      throw err;
    }
  }

  /**
   * The face the flip effects force on the step along `edge` (what `effects` would visit for them,
   * as a step mid-path: not the last, nothing left): the first whose `when` holds and whose face
   * `accept` takes, else null. Only the flip effects are read: a mark, check or warn changes no step.
   */
  forcedFlip(from: number, edge: number, mem: readonly number[], accept: (f: string) => boolean): string | null {
    const flips = this.prog.flips;
    if (flips.length === 0) return null;
    const env = this.env;
    env.from = from; env.to = this.f.to[edge]!; env.edge = edge; env.mem = mem;
    env.road = null; env.hex = null; env.sides = null; env.cost = undefined; env.parts = NO_PARTS;
    env.last = false; env.left = ZERO;
    const sk = this.skips === undefined ? this.skipsFor() : this.skips;
    let skip = 0;
    if (sk) {
      skip = sk.flips[edge]!;
      if (skip === 0) sk.flips[edge] = skip = skipsAt(this.prog.flipSkips, env);
    }
    let k = 0;
    try {
      for (; k < flips.length; k++) {
        if (k < 30 && (skip & (1 << k)) !== 0) continue;
        const r = this.prog.effects[flips[k]!]!;
        if (r.when && !r.when(env)) continue;
        const face = r.flip!(env) as string;
        if (face !== null && accept(face)) return face;
      }
    } catch (err) {
      const rule = this.prog.effects[flips[k]!]!.rule;
      if (err instanceof ExpressionError) throw new ExpressionError(`module rule ${rule}: ${err.message}`);
      throw err;
    }
    return null;
  }

  /**
   * Whether every step rule gives `piece` (this query's piece on another face, in `state`) what it
   * gives this query's piece, for every step and memory: the same movement class (so the same
   * terrain parts), the same facing kind when a step rule reads `hexside.front`, and the same value
   * of every other name the step rules read of the piece, the turn or the tracks (the rest of a
   * step's names read the board and the state, not the piece's face). A name that fails to read
   * answers no, as does a value that cannot be compared.
   */
  stepsAlike(piece: PieceView, state: GameState): boolean {
    if (movementClass(piece) !== this.cls) return false;
    if (this.prog.stepsReadFront && facingKind(piece) !== facingKind(this.piece)) return false;
    const scope = new RuleScope(this.game, state, piece, this.mode);
    try {
      for (let k = 0; k < this.prog.stepConstants; k++) {
        if (valueKey(this.constant(k)) !== valueKey(scope.name(this.prog.constants[k]!))) return false;
      }
    } catch (err) {
      if (err instanceof ExpressionError) return false;
      throw err;
    }
    return true;
  }

  /** The answers of step-skips.ts for this command's values of the fixed names they read (kept per game). */
  private skipsFor(): Skips | null {
    const prog = this.prog;
    const fixed = [...prog.stepSkips.fixed, ...prog.flipSkips.fixed];
    return (this.skips = keptSkips(prog.kept, fixed, (n) => this.constant(prog.constants.indexOf(n)), this.f.to.length));
  }

  enemies(i: number): number {
    let n = this.enemyCount[i]!;
    if (n < 0) {
      n = 0;
      for (const id of this.at.stack(i)) if (this.game.pieces.get(id)!.side !== this.side) n++;
      this.enemyCount[i] = n;
    }
    return n;
  }

  constant(k: number): ExprValue {
    let v = this.consts[k];
    if (v === undefined) { v = this.scope.name(this.prog.constants[k]!); this.consts[k] = v; }
    return v;
  }

  /**
   * The cost of the step along `edge` from location `from` (null: prohibited) with memory `mem`;
   * the memory after it goes into `next`, and the sections of the rules that changed its cost
   * into `applied` when given.
   */
  step(from: number, edge: number, mem: readonly number[], next: number[], applied: string[] | null): Rational | null {
    const f = this.f, env = this.env;
    let p = this.parts[edge];
    if (!p) {
      const t = this.game.costs!.parts(f.labels[from]!, f.labels[f.to[edge]!]!, this.cls);
      p = { road: t.road, hex: t.hex, sides: t.sides, sum: t.hex === null || t.sides === null ? null : add(t.hex, t.sides) };
      this.parts[edge] = p;
    }
    env.from = from; env.to = f.to[edge]!; env.edge = edge; env.mem = mem;
    env.road = p.road; env.hex = p.hex; env.sides = p.sides; env.cost = undefined; env.parts = p;
    if (next.length !== mem.length) next.length = mem.length;
    for (let i = 0; i < mem.length; i++) next[i] = mem[i]!;
    const steps = this.prog.steps;
    const sk = this.skips === undefined ? this.skipsFor() : this.skips;
    let skip = 0;
    if (sk) {
      skip = sk.steps[edge]!;
      if (skip === 0) sk.steps[edge] = skip = skipsAt(this.prog.stepSkips, env);
    }
    let k = 0;
    try {
      for (; k < steps.length; k++) {
        const r = steps[k]!;
        if (k < 30 && (skip & (1 << k)) !== 0) continue;
        if (r.guardSlot >= 0 && (mem[r.guardSlot] ?? 0) !== r.guardValue) continue;
        if (r.when !== null && !r.when(env)) continue;
        if (r.road !== null) env.road = r.road(env) as Rational | null;
        if (r.hex !== null) env.hex = r.hex(env) as Rational | null;
        if (r.sides !== null) env.sides = r.sides(env) as Rational | null;
        if (r.cost !== null) env.cost = r.cost(env) as Rational | null;
        const remember = r.remember;
        for (let i = 0; i < remember.length; i++) {
          const m = remember[i]!;
          next[m.slot] = Math.max(0, Math.min(m.max, whole(m.value(env))));
        }
        if (applied && r.charges && !applied.includes(r.rule)) applied.push(r.rule);
      }
    } catch (err) {
      // an error names the rule so the player knows which one failed (as evalRule)
      if (err instanceof ExpressionError) throw new ExpressionError(`module rule ${steps[k]!.rule}: ${err.message}`);
      throw err;
    }
    const final = total(env);
    // a step never costs less than nothing (a rule's arithmetic may go below 0)
    return final !== null && final.num < 0 ? ZERO : final;
  }
}

export function whole(v: ExprValue): number {
  const r = v as Rational;
  return Math.floor(r.num / r.den);
}
