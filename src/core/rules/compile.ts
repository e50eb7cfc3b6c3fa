// A checked rules expression turned into a function, once, for rules evaluated many times with the
// same shape (a step rule, thousands of steps in one `reach`). It computes exactly what evaluate.ts
// computes — the same builtins, arithmetic, comparisons and errors, taken from there — but the
// tree walk and the name lookups are done when compiling: a name becomes the getter its binder
// gives, a constant list is built once.
import { compare, rational, sub, type Rational } from '../rational.js';
import { BUILTINS } from './check.js';
import { arith, builtin, same, type ExprValue } from './evaluate.js';
import type { Expr } from './expression.js';

export type Compiled<E> = (env: E) => ExprValue;

/** How a compiled expression reads its names and calls the functions of its kind of rule. */
export interface Binder<E> {
  name(name: string): Compiled<E>;
  call(fn: string, args: Compiled<E>[]): Compiled<E>;
  /**
   * A name that is always a whole number (a memory, a count), read as a plain integer: `name < k`
   * against a number written in the rule then compares integers, with no Rational made or tested.
   */
  whole?(name: string): ((env: E) => number) | undefined;
}

const COMPARISONS = new Set(['==', '!=', '<', '<=', '>', '>=']);
/** The comparison with the sides swapped: k < x is x > k. */
const SWAPPED: Record<string, string> = { '==': '==', '!=': '!=', '<': '>', '<=': '>=', '>': '<', '>=': '<=' };

const ZERO_R = rational(0);

export function compileExpr<E>(e: Expr, b: Binder<E>): Compiled<E> {
  switch (e.k) {
    case 'num': case 'str': case 'bool': { const v = e.v; return () => v; }
    case 'prohibited': return () => null;
    case 'list': {
      if (e.items.every((i) => i.k === 'str')) {
        const v: readonly string[] = Object.freeze(e.items.map((i) => (i as { v: string }).v));
        return () => v;
      }
      const items = e.items.map((i) => compileExpr(i, b));
      return (env) => items.map((f) => f(env) as string);
    }
    case 'name': return b.name(e.name);
    case 'call': {
      const args = e.args.map((a) => compileExpr(a, b));
      if (!BUILTINS[e.fn]) return b.call(e.fn, args);
      const fn = e.fn;
      if (fn === 'any' && e.args[1]!.k === 'list' && e.args[1].items.every((i) => i.k === 'str')) {
        const set = new Set(e.args[1].items.map((i) => (i as { v: string }).v));
        const a0 = args[0]!;
        return (env) => { for (const x of a0(env) as string[]) if (set.has(x)) return true; return false; };
      }
      if (args.length === 1) { const a0 = args[0]!; return (env) => builtin(fn, [a0(env)]); }
      if (args.length === 2) { const a0 = args[0]!, a1 = args[1]!; return (env) => builtin(fn, [a0(env), a1(env)]); }
      return (env) => builtin(fn, args.map((f) => f(env)));
    }
    case 'neg': {
      const a = compileExpr(e.a, b);
      return (env) => { const v = a(env); return v === null ? null : sub(ZERO_R, v as Rational); };
    }
    case 'not': { const a = compileExpr(e.a, b); return (env) => !a(env); }
    case 'if': {
      const c = compileExpr(e.c, b), t = compileExpr(e.t, b), f = compileExpr(e.e, b);
      return (env) => (c(env) ? t(env) : f(env));
    }
    case 'bin': {
      if (COMPARISONS.has(e.op) && b.whole) {
        const whole = wholeComparison(e.op, e.a, e.b, b) ?? wholeComparison(SWAPPED[e.op]!, e.b, e.a, b);
        if (whole) return whole;
      }
      // a list against a text written in the rule: no call for the text
      if (e.op === 'has' && e.b.k === 'str') {
        const a = compileExpr(e.a, b), v = e.b.v;
        return (env) => (a(env) as string[]).includes(v);
      }
      if (e.op === 'in' && e.a.k === 'str') {
        const v = e.a.v, list = compileExpr(e.b, b);
        return (env) => (list(env) as string[]).includes(v);
      }
      // a comparison with a number written in the rule (memory.in-zoc == 1): no type tests on that side
      if ((e.op === '==' || e.op === '!=') && e.b.k === 'num') {
        return equalsNumber(e.op === '==', compileExpr(e.a, b), e.b.v);
      }
      return binary(e.op, compileExpr(e.a, b), compileExpr(e.b, b));
    }
  }
}

/**
 * `name OP k` for a whole-number name and a number k written in the rule: x OP num/den is
 * x × den OP num in integers (den > 0), what compare (rational.ts) decides.
 */
function wholeComparison<E>(op: string, a: Expr, k: Expr, b: Binder<E>): Compiled<E> | undefined {
  if (a.k !== 'name' || k.k !== 'num') return undefined;
  const get = b.whole!(a.name);
  if (!get) return undefined;
  const { num, den } = k.v;
  switch (op) {
    case '==': return (env) => get(env) * den === num;
    case '!=': return (env) => get(env) * den !== num;
    case '<': return (env) => get(env) * den < num;
    case '<=': return (env) => get(env) * den <= num;
    case '>': return (env) => get(env) * den > num;
    default: return (env) => get(env) * den >= num;
  }
}

/** same(x, k) (evaluate.ts) where k is a number: a number equal to k; anything else (prohibited) is not. */
function equalsNumber<E>(eq: boolean, a: Compiled<E>, k: Rational): Compiled<E> {
  return (env) => {
    const x = a(env);
    const hit = typeof x === 'object' && x !== null && !Array.isArray(x) && compare(x as Rational, k) === 0;
    return hit === eq;
  };
}

function binary<E>(op: string, a: Compiled<E>, b: Compiled<E>): Compiled<E> {
  const num = (x: ExprValue) => x as Rational;
  switch (op) {
    case 'and': return (env) => Boolean(a(env)) && Boolean(b(env));
    case 'or': return (env) => Boolean(a(env)) || Boolean(b(env));
    case '==': return (env) => same(a(env), b(env));
    case '!=': return (env) => !same(a(env), b(env));
    case 'in': return (env) => { const x = a(env); return (b(env) as string[]).includes(x as string); };
    case 'has': return (env) => { const x = a(env) as string[]; return x.includes(b(env) as string); };
    case '<': return (env) => { const x = num(a(env)); return compare(x, num(b(env))) < 0; };
    case '<=': return (env) => { const x = num(a(env)); return compare(x, num(b(env))) <= 0; };
    case '>': return (env) => { const x = num(a(env)); return compare(x, num(b(env))) > 0; };
    case '>=': return (env) => { const x = num(a(env)); return compare(x, num(b(env))) >= 0; };
    default: return (env) => { const x = a(env); return arith(op, x, b(env)); };
  }
}
