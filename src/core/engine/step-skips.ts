// Which step rules (and flip effects) cannot apply on an edge, known from the board and the names
// fixed for a command, so a step does not test them: skirmish's S.1 (`mode == 'forced-march' and
// …`) on every step of a move made without the mode, S.2 (`from.road and not along-road`) off the
// roads. A `when` is read as its `and` chain, in the order `and` tests it (evaluate.ts: left side
// first); a rule is skipped on an edge when one of its links reads only the board's fixed facts
// and the command's fixed names and is false there, and no link before it can fail (an error
// such as a piece value that is not a number would otherwise have been raised first). So skipping
// changes neither a cost nor an error. The answer per edge depends only on the game and the values
// of the fixed names read, so it is kept per game for each set of those values, asked edge by edge.
import type { Rational } from '../rational.js';
import type { Compiled } from '../rules/compile.js';
import type { ExprValue } from '../rules/evaluate.js';
import { ExpressionError, type Expr } from '../rules/expression.js';

/** The step names that read the board only (board-facts.ts): the same on an edge for the whole game. */
const BOARD = new Set(['along-road', 'roads', 'from.terrain', 'to.terrain', 'from.road', 'to.road', 'hexside.features']);
/** The step names that read the state or the memory but cannot fail (never a cost that may be prohibited). */
// (not the zones of control, which evaluate the module's `exerts`, nor a fort's control)
const PLAIN = new Set(['from.markers', 'to.markers', 'to.enemies', 'to.enemy-types', 'from.friend-faces',
  'to.friend-faces', 'to.friend-types', 'to.friends', 'hexside.markers', 'hexside.front']);
const BUILTIN = new Set(['any', 'count', 'min', 'max', 'floor', 'ceil']);
const TESTS = new Set(['and', 'or', 'has', 'in', '==', '!=', '<', '<=', '>', '>=']);

/** One link of a `when`'s `and` chain: fixed (board and fixed names; its test), safe (cannot fail), or neither. */
type Link<E> = { kind: 'fixed'; test: Compiled<E>; reads: string[] } | { kind: 'safe' } | { kind: 'unsafe' };

export interface SkipPlan<E> {
  /** per rule, its links (none: never skipped) */
  rules: Link<E>[][];
  /** the fixed names the fixed links read (the key of the kept answers) */
  fixed: string[];
}

/** The links of `a and b and c`, in the order `and` tests them. */
function chain(e: Expr, out: Expr[] = []): Expr[] {
  if (e.k === 'bin' && e.op === 'and') { chain(e.a, out); chain(e.b, out); } else out.push(e);
  return out;
}

/** Names an expression reads, and whether it calls a function of the step's own (not a builtin). */
function reads(e: Expr, names: string[]): boolean {
  switch (e.k) {
    case 'name': if (!names.includes(e.name)) names.push(e.name); return true;
    case 'list': return e.items.every((i) => reads(i, names));
    case 'call': return BUILTIN.has(e.fn) && e.args.every((a) => reads(a, names));
    case 'neg': case 'not': return reads(e.a, names);
    case 'bin': return reads(e.a, names) && reads(e.b, names);
    case 'if': return reads(e.c, names) && reads(e.t, names) && reads(e.e, names);
    default: return true;
  }
}

/** An expression that cannot fail: tests of literals, memories and the plain step names; any and count. */
function safe(e: Expr, isMemory: (n: string) => boolean): boolean {
  switch (e.k) {
    case 'num': case 'str': case 'bool': return true;
    case 'list': return e.items.every((i) => i.k === 'str');
    case 'name': return BOARD.has(e.name) || PLAIN.has(e.name) || isMemory(e.name);
    case 'call': return (e.fn === 'any' || e.fn === 'count') && e.args.every((a) => safe(a, isMemory));
    case 'not': return safe(e.a, isMemory);
    case 'bin': return TESTS.has(e.op) && safe(e.a, isMemory) && safe(e.b, isMemory);
    default: return false;
  }
}

/**
 * The plan for rules whose `when` (what is tested after an inlined memory guard, which cannot
 * fail) is given: `isStep` tells a step's own name or a memory from a fixed name of the command.
 */
export function planSkips<E>(whens: (Expr | null)[], compile: (e: Expr) => Compiled<E>,
  isStep: (n: string) => boolean, isMemory: (n: string) => boolean): SkipPlan<E> {
  const fixed: string[] = [];
  const rules = whens.map((w): Link<E>[] => {
    if (!w) return [];
    const links = chain(w).map((e): Link<E> => {
      const names: string[] = [];
      if (reads(e, names) && names.every((n) => BOARD.has(n) || !isStep(n))) {
        for (const n of names) if (!BOARD.has(n) && !fixed.includes(n)) fixed.push(n);
        return { kind: 'fixed', test: compile(e), reads: names };
      }
      return safe(e, isMemory) ? { kind: 'safe' } : { kind: 'unsafe' };
    });
    return links.some((l) => l.kind === 'fixed') ? links : [];
  });
  return { rules, fixed };
}

/** Bit k of an edge's answer: rule k cannot apply there (rules past the 30th are always tested). */
export const COMPUTED = 1 << 30;

/**
 * The rules that cannot apply on the edge `env` is set to: a fixed link false before any link that
 * may fail. A fixed link that fails here is not decided (it fails, or not, in the step itself).
 */
export function skipsAt<E>(plan: SkipPlan<E>, env: E): number {
  let bits = COMPUTED;
  const n = Math.min(plan.rules.length, 30);
  for (let k = 0; k < n; k++) {
    for (const link of plan.rules[k]!) {
      if (link.kind === 'unsafe') break;
      if (link.kind === 'safe') continue;
      let v: unknown;
      try { v = link.test(env); } catch { break; }
      if (!v) { bits |= 1 << k; break; }
    }
  }
  return bits;
}

const gcd = (a: number, b: number): number => { while (b) { const t = a % b; a = b; b = t; } return Math.abs(a); };

/** A value as text: equal texts for equal values (numbers by value, lists item by item). */
export function valueKey(v: ExprValue): string {
  if (v === null) return 'prohibited';
  if (Array.isArray(v)) return JSON.stringify(v);
  if (typeof v === 'object') { const r = v as Rational, g = gcd(r.num, r.den) || 1; return `${r.num / g}/${r.den / g}`; }
  return JSON.stringify(v);
}

/** By edge, the bits of skipsAt (0: not asked yet) for the step rules and for the flip effects. */
export interface Skips { steps: Int32Array; flips: Int32Array }
/** answers kept per game for at most this many sets of fixed values (a few modes, classes, pieces) */
const KEPT = 16;

/**
 * The answers for one command: those kept for its values of the `fixed` names (read by `value`),
 * new ones kept when there is room; null when a fixed name fails to read (nothing is then skipped).
 */
export function keptSkips(kept: Map<string, Skips>, fixed: readonly string[], value: (name: string) => ExprValue,
  edges: number): Skips | null {
  let key = '';
  try {
    for (const name of fixed) key += `${valueKey(value(name))}\u0001`;
  } catch (err) {
    if (err instanceof ExpressionError) return null;
    throw err;
  }
  let s = kept.get(key);
  if (!s) {
    s = { steps: new Int32Array(edges), flips: new Int32Array(edges) };
    if (kept.size < KEPT) kept.set(key, s);
  }
  return s;
}
