// Type-checking a rules expression against the names a context offers (a vocabulary), at module
// validation: an unknown name, a wrong argument or a mixed comparison is reported there, with the
// file and JSON path, instead of surfacing in the middle of a game.
// Types: number (exact fraction), cost (a number or `prohibited`), bool, string, list (of strings).
import { ExpressionError, parseExpression, type Expr } from './expression.js';

export type ExprType = 'number' | 'cost' | 'bool' | 'string' | 'list';

export interface FunctionType { args: ExprType[]; result: ExprType; doc: string }

/** The names and functions one kind of rule may read. */
export interface Vocabulary {
  /** the type of a name, or undefined when the context has no such name */
  name(name: string): ExprType | undefined;
  functions: Readonly<Record<string, FunctionType>>;
  /** names listed in an error about an unknown name */
  describe: string;
}

export const BUILTINS: Readonly<Record<string, FunctionType>> = {
  min: { args: ['cost', 'cost'], result: 'cost', doc: 'the smaller (a cost if either is one)' },
  max: { args: ['cost', 'cost'], result: 'cost', doc: 'the larger (a cost if either is one)' },
  ceil: { args: ['number'], result: 'number', doc: 'rounded up to an integer' },
  floor: { args: ['number'], result: 'number', doc: 'rounded down to an integer' },
  any: { args: ['list', 'list'], result: 'bool', doc: 'the two lists share an item' },
  count: { args: ['list'], result: 'number', doc: 'how many items' },
};

/** number fits where a cost is expected */
const fits = (t: ExprType, want: ExprType) => t === want || (t === 'number' && want === 'cost');

function typeOf(e: Expr, v: Vocabulary): ExprType {
  switch (e.k) {
    case 'num': return 'number';
    case 'str': return 'string';
    case 'bool': return 'bool';
    case 'prohibited': return 'cost';
    case 'list':
      for (const item of e.items) want(item, 'string', v, 'a list item');
      return 'list';
    case 'name': {
      const t = v.name(e.name);
      if (!t) throw new ExpressionError(`unknown name "${e.name}" (known here: ${v.describe})`);
      return t;
    }
    case 'call': {
      const f = v.functions[e.fn] ?? BUILTINS[e.fn];
      if (!f) throw new ExpressionError(`unknown function "${e.fn}" (known here: ${[...Object.keys(v.functions), ...Object.keys(BUILTINS)].join(', ')})`);
      if (e.args.length !== f.args.length) throw new ExpressionError(`${e.fn} takes ${f.args.length} argument(s), not ${e.args.length}`);
      const got = e.args.map((a, i) => want(a, f.args[i]!, v, `argument ${i + 1} of ${e.fn}`));
      // min and max of numbers are numbers; with a cost among them, a cost
      if ((e.fn === 'min' || e.fn === 'max') && !v.functions[e.fn]) return got.includes('cost') ? 'cost' : 'number';
      return f.result;
    }
    case 'neg': return want(e.a, 'cost', v, 'the operand of -');
    case 'not': want(e.a, 'bool', v, 'the operand of not'); return 'bool';
    case 'if': {
      want(e.c, 'bool', v, 'the condition of if');
      const a = typeOf(e.t, v), b = typeOf(e.e, v);
      if (fits(a, b)) return b;
      if (fits(b, a)) return a;
      throw new ExpressionError(`the two branches of if differ: ${a} and ${b}`);
    }
    case 'bin': {
      switch (e.op) {
        case 'and': case 'or':
          want(e.a, 'bool', v, `the left of ${e.op}`); want(e.b, 'bool', v, `the right of ${e.op}`);
          return 'bool';
        case 'in': want(e.a, 'string', v, 'the left of in'); want(e.b, 'list', v, 'the right of in'); return 'bool';
        case 'has': want(e.a, 'list', v, 'the left of has'); want(e.b, 'string', v, 'the right of has'); return 'bool';
        case '<': case '<=': case '>': case '>=':
          want(e.a, 'number', v, `the left of ${e.op}`); want(e.b, 'number', v, `the right of ${e.op}`);
          return 'bool';
        case '==': case '!=': {
          const a = typeOf(e.a, v), b = typeOf(e.b, v);
          if (!fits(a, b) && !fits(b, a)) throw new ExpressionError(`${e.op} compares a ${a} with a ${b}`);
          return 'bool';
        }
        default: {
          const a = want(e.a, 'cost', v, `the left of ${e.op}`), b = want(e.b, 'cost', v, `the right of ${e.op}`);
          return a === 'cost' || b === 'cost' ? 'cost' : 'number';
        }
      }
    }
  }
}

function want(e: Expr, t: ExprType, v: Vocabulary, what: string): ExprType {
  const got = typeOf(e, v);
  if (!fits(got, t)) throw new ExpressionError(`${what} must be a ${t}, not a ${got}`);
  return got;
}

/** Parses and checks an expression; its type must fit `expected`. Throws ExpressionError. */
export function checkExpression(source: string | number | boolean, expected: ExprType, v: Vocabulary): Expr {
  const e = parseExpression(source);
  want(e, expected, v, 'the expression');
  return e;
}
