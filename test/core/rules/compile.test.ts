// A compiled expression (rules/compile.ts) computes what evaluate.ts computes, value for value and
// error for error, over names of every type (a prohibited cost among them) and every operator.
import { describe, expect, it } from 'vitest';
import { checkExpression, type ExprType, type Vocabulary } from '../../../src/core/rules/check.js';
import { compileExpr } from '../../../src/core/rules/compile.js';
import { evaluate, type ExprValue, type Scope } from '../../../src/core/rules/evaluate.js';
import { rational } from '../../../src/core/rational.js';

const names: Record<string, [ExprType, ExprValue]> = {
  'piece.strength': ['number', rational(13)],
  'memory.a': ['number', rational(1)],
  'to.terrain': ['list', ['woods', 'town']],
  'along-road': ['bool', true],
  hex: ['cost', null],
  total: ['cost', rational(3, 2)],
  sides: ['cost', rational(0)],
  class: ['string', 'infantry'],
};
const vocab: Vocabulary = {
  name: (n) => names[n]?.[0],
  functions: { 'sides-without': { args: ['list'], result: 'cost', doc: '' } },
  describe: Object.keys(names).join(', '),
};
const calls: string[] = [];
const scope: Scope = { name: (n) => names[n]![1], call: (fn, a) => { calls.push(`${fn}(${JSON.stringify(a)})`); return rational(a.length + 1, 3); } };
const binder = { name: (n: string) => () => scope.name(n), call: (fn: string, args: ((e: null) => ExprValue)[]) => () => scope.call(fn, args.map((a) => a(null))) };

/** The same names, the whole-number ones also read as integers. */
const wholeBinder = {
  ...binder,
  whole: (n: string) => (n === 'memory.a' || n === 'piece.strength'
    ? () => { wholeReads++; return (names[n]![1] as { num: number }).num; } : undefined),
};
let wholeReads = 0;

const SOURCES: [string, ExprType][] = [
  ['ceil(piece.strength / 8) + floor(piece.strength / 8) - 1/3', 'number'],
  ['hex + 1', 'cost'], ['-hex', 'cost'], ['-total * 2', 'cost'], ['total / sides', 'cost'], ['total / 3 * 3', 'cost'],
  ['hex == prohibited', 'bool'], ['total == 3/2', 'bool'], ['total != 3/2', 'bool'], ['hex == 1', 'bool'], ['hex != 1', 'bool'],
  ['memory.a == 1 and along-road', 'bool'], ['not along-road or memory.a >= 2', 'bool'],
  ["to.terrain has 'woods'", 'bool'], ["'town' in to.terrain", 'bool'], ["class in ['infantry', 'guns']", 'bool'],
  ["any(to.terrain, ['town'])", 'bool'], ["any(to.terrain, [class])", 'bool'], ['count(to.terrain) > 1', 'bool'],
  ['min(hex, 2)', 'cost'], ['max(total, 1)', 'cost'], ['if hex == prohibited then total else hex', 'cost'],
  ["sides-without(['stream', class]) + 1", 'cost'], ['piece.strength < 13 or piece.strength <= 13 and piece.strength > 12', 'bool'],
  ['total * 9007199254740991 * 9007199254740991', 'cost'],
  // whole-number names against numbers written in the rule, either side (Binder.whole)
  ['memory.a == 1', 'bool'], ['memory.a != 1', 'bool'], ['memory.a < 3/2', 'bool'], ['memory.a <= 1', 'bool'],
  ['memory.a > 1/2', 'bool'], ['memory.a >= 2', 'bool'], ['2 > memory.a', 'bool'], ['1 == memory.a', 'bool'],
  ['-1 < memory.a', 'bool'], ['piece.strength >= 13 and 27/2 > piece.strength', 'bool'], ['memory.a == -1', 'bool'],
];

describe('compiled rules expressions', () => {
  it('compute exactly what the interpreter computes, and throw what it throws', () => {
    for (const [src, type] of SOURCES) {
      const e = checkExpression(src, type, vocab);
      const outcome = (f: () => ExprValue) => { try { return { v: f() }; } catch (err) { return { error: (err as Error).message }; } };
      calls.length = 0;
      const slow = outcome(() => evaluate(e, scope));
      const slowCalls = [...calls];
      calls.length = 0;
      const fast = outcome(() => compileExpr(e, binder)(null));
      expect(fast, src).toEqual(slow);
      expect(calls, src).toEqual(slowCalls);
      calls.length = 0;
      const integer = outcome(() => compileExpr(e, wholeBinder)(null));
      expect(integer, `${src} (whole names)`).toEqual(slow);
      expect(calls, src).toEqual(slowCalls);
    }
    expect(wholeReads).toBeGreaterThan(10);
  });
});
