// Computing a checked rules expression over a scope (what a rule may read: the piece, the step,
// the turn…). Exact fractions only; `prohibited` (null) goes through arithmetic unchanged; each
// node is visited at most once, so the work is bounded by the tree (see expression.ts).
import { add, compare, mul, rational, sub, type Rational } from '../rational.js';
import { BUILTINS } from './check.js';
import { ExpressionError, type Expr } from './expression.js';

/** A value: number, `prohibited` (null), bool, string or list of strings. */
export type ExprValue = Rational | null | boolean | string | readonly string[];

export interface Scope {
  name(name: string): ExprValue;
  call(fn: string, args: ExprValue[]): ExprValue;
}

const isNum = (x: ExprValue): x is Rational => typeof x === 'object' && x !== null && !Array.isArray(x);

function floorOf(r: Rational): Rational {
  return rational(Math.floor(r.num / r.den));
}

export function builtin(fn: string, a: ExprValue[]): ExprValue {
  switch (fn) {
    case 'min': return a[0] === null || a[1] === null ? null : compare(a[0] as Rational, a[1] as Rational) <= 0 ? a[0]! : a[1]!;
    case 'max': return a[0] === null || a[1] === null ? null : compare(a[0] as Rational, a[1] as Rational) >= 0 ? a[0]! : a[1]!;
    case 'floor': return floorOf(a[0] as Rational);
    case 'ceil': { const r = a[0] as Rational; return rational(-Math.floor(-r.num / r.den)); }
    case 'any': { const b = new Set(a[1] as string[]); return (a[0] as string[]).some((x) => b.has(x)); }
    case 'count': return rational((a[0] as string[]).length);
  }
  throw new ExpressionError(`unknown function "${fn}"`);
}

export function same(a: ExprValue, b: ExprValue): boolean {
  if (isNum(a) && isNum(b)) return compare(a, b) === 0;
  return a === b;
}

export function arith(op: string, a: ExprValue, b: ExprValue): ExprValue {
  if (a === null || b === null) return null;
  const x = a as Rational, y = b as Rational;
  try {
    switch (op) {
      case '+': return add(x, y);
      case '-': return sub(x, y);
      case '*': return mul(x, y);
      default:
        if (y.num === 0) throw new ExpressionError('division by zero');
        return mul(x, rational(y.den, y.num));
    }
  } catch (e) {
    if (e instanceof RangeError) throw new ExpressionError(`a number grew too large (${op})`);
    throw e;
  }
}

export function evaluate(e: Expr, scope: Scope): ExprValue {
  switch (e.k) {
    case 'num': case 'str': case 'bool': return e.v;
    case 'prohibited': return null;
    case 'list': return e.items.map((i) => evaluate(i, scope) as string);
    case 'name': return scope.name(e.name);
    case 'call': {
      const args = e.args.map((a) => evaluate(a, scope));
      return BUILTINS[e.fn] ? builtin(e.fn, args) : scope.call(e.fn, args);
    }
    case 'neg': { const a = evaluate(e.a, scope); return a === null ? null : sub(rational(0), a as Rational); }
    case 'not': return !evaluate(e.a, scope);
    case 'if': return evaluate(e.c, scope) ? evaluate(e.t, scope) : evaluate(e.e, scope);
    case 'bin': {
      if (e.op === 'and') return Boolean(evaluate(e.a, scope)) && Boolean(evaluate(e.b, scope));
      if (e.op === 'or') return Boolean(evaluate(e.a, scope)) || Boolean(evaluate(e.b, scope));
      const a = evaluate(e.a, scope), b = evaluate(e.b, scope);
      switch (e.op) {
        case '==': return same(a, b);
        case '!=': return !same(a, b);
        case 'in': return (b as string[]).includes(a as string);
        case 'has': return (a as string[]).includes(b as string);
        case '<': return compare(a as Rational, b as Rational) < 0;
        case '<=': return compare(a as Rational, b as Rational) <= 0;
        case '>': return compare(a as Rational, b as Rational) > 0;
        case '>=': return compare(a as Rational, b as Rational) >= 0;
        default: return arith(e.op, a, b);
      }
    }
  }
}
