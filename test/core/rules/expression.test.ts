import { describe, expect, it } from 'vitest';
import { checkExpression, type ExprType, type Vocabulary } from '../../../src/core/rules/check.js';
import { evaluate, type ExprValue } from '../../../src/core/rules/evaluate.js';
import { ExpressionError, MAX_NODES, parseExpression } from '../../../src/core/rules/expression.js';
import { formatRational, rational, type Rational } from '../../../src/core/rational.js';

const names: Record<string, [ExprType, ExprValue]> = {
  'piece.strength': ['number', rational(13)],
  'to.terrain': ['list', ['woods', 'town']],
  'memory.road-obstacle': ['number', rational(1)],
  'along-road': ['bool', true],
  hex: ['cost', null],
  total: ['cost', rational(3, 2)],
  class: ['string', 'infantry'],
};
const vocab: Vocabulary = {
  name: (n) => names[n]?.[0],
  functions: { 'sides-without': { args: ['list'], result: 'cost', doc: '' } },
  describe: Object.keys(names).join(', '),
};
const scope = { name: (n: string) => names[n]![1], call: () => rational(1) };
const run = (src: string, type: ExprType = 'cost') => evaluate(checkExpression(src, type, vocab), scope);
const num = (src: string) => formatRational(run(src, 'number') as Rational);

describe('rules expressions', () => {
  it('computes exact fractions (6.62: one MP per 8 strength points or part)', () => {
    expect(num('ceil(piece.strength / 8)')).toBe('2');
    expect(num('floor(piece.strength / 8)')).toBe('1');
    expect(num('1/2 + 1/2 + 2/3 + 2/3 + 2/3')).toBe('3');
    expect(num('piece.strength - 1')).toBe('12');
    expect(num('-1/2 * 3')).toBe('-3/2');
    expect(num('min(2, 3) + max(2, 3)')).toBe('5');
  });

  it('reads names with dashes and dots; a binary minus needs spaces after a name', () => {
    expect(run('along-road and memory.road-obstacle == 1', 'bool')).toBe(true);
    expect(num('memory.road-obstacle - 1')).toBe('0');
  });

  it('lists, in, has, any, count, if', () => {
    expect(run("to.terrain has 'woods'", 'bool')).toBe(true);
    expect(run("class in ['infantry', 'light-cavalry']", 'bool')).toBe(true);
    expect(run("any(to.terrain, ['farm', 'town'])", 'bool')).toBe(true);
    expect(num('count(to.terrain)')).toBe('2');
    expect(num("if to.terrain has 'farm' then 2 else 1")).toBe('1');
  });

  it('carries prohibited through arithmetic and compares it', () => {
    expect(run('hex + 1')).toBe(null);
    expect(run('hex == prohibited', 'bool')).toBe(true);
    expect(formatRational(run('if hex == prohibited then 2 else hex') as Rational)).toBe('2');
    expect(formatRational(run('total * 2') as Rational)).toBe('3');
  });

  it('type-checks at validation: unknown names, wrong types, mixed comparisons', () => {
    expect(() => checkExpression('piece.morale > 1', 'bool', vocab)).toThrow(/unknown name "piece.morale"/);
    expect(() => checkExpression("class + 1", 'number', vocab)).toThrow(/must be a cost, not a string/);
    expect(() => checkExpression("class == 1", 'bool', vocab)).toThrow(/compares a string with a number/);
    expect(() => checkExpression('hex < 2', 'bool', vocab)).toThrow(/must be a number, not a cost/);
    expect(() => checkExpression('piece.strength', 'bool', vocab)).toThrow(/must be a bool/);
    expect(() => checkExpression('hex', 'number', vocab)).toThrow(/must be a number, not a cost/);
    expect(() => checkExpression('nope(1)', 'number', vocab)).toThrow(/unknown function "nope"/);
    expect(() => checkExpression('ceil(1, 2)', 'number', vocab)).toThrow(/takes 1 argument/);
  });

  it('reports syntax errors with the character', () => {
    expect(() => parseExpression('1 +')).toThrow(ExpressionError);
    expect(() => parseExpression('(1 + 2')).toThrow(/expected "\)"/);
    expect(() => parseExpression('1 $ 2')).toThrow(/unexpected "\$" at character 3/);
    expect(() => parseExpression("'open")).toThrow(/unterminated/);
  });

  it('bounds the work: a text has at most MAX_NODES terms and division by zero is an error', () => {
    expect(() => parseExpression(Array(MAX_NODES + 1).fill('1').join(' + '))).toThrow(/more than/);
    expect(() => parseExpression('x'.repeat(2000))).toThrow(/longer than/);
    expect(() => run('1 / 0', 'number')).toThrow(/division by zero/);
    expect(() => run('999999999 * 999999999 * 999999999', 'number')).toThrow(/too large/);
  });
});
