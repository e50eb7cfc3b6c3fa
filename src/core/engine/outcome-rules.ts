// The rules expressions of a procedure's outcomes (docs/module-format.md, "outcomes"): an effect's
// `when` (it applies only when this holds) and a reply's `rolls` written as a number expression.
// Both read the binds on the board as the earlier effects of the same result left it, the table
// result and the modifiers that counted — so a count kept on a piece (`value` effects: basic rules
// 9.5, the attacker's melee points) is compared after this roll has added to it.
import type { ProcedureDef } from '../module/procedure-schema.js';
import { checkExpression } from '../rules/check.js';
import { ExpressionError, type Expr } from '../rules/expression.js';
import { effectVocabulary } from '../rules/vocabulary.js';
import { EngineError } from './errors.js';
import type { ResolvedEvent } from './events.js';
import type { Game } from './game.js';
import { bindScope } from './procedure-binds.js';
import { evalRule, RuleScope } from './rule-scope.js';
import type { GameState } from './state.js';
import type { Rational } from '../rational.js';

/** A `rolls` text that names a value of the replying piece rather than an expression. */
export const VALUE_NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;

const cache = new WeakMap<ProcedureDef, Map<string, Expr>>();

function compiled(game: Game, proc: ProcedureDef, src: string | number | boolean, type: 'bool' | 'number'): Expr {
  let m = cache.get(proc);
  if (!m) cache.set(proc, (m = new Map()));
  const key = `${type}:${String(src)}`;
  let e = m.get(key);
  if (!e) {
    try { e = checkExpression(src, type, effectVocabulary(game.module, proc)); } catch (err) {
      if (err instanceof ExpressionError) throw new EngineError(`module ${game.module.id}: procedures.${proc.id} outcomes: ${err.message}`);
      throw err;
    }
    m.set(key, e);
  }
  return e;
}

function scope(game: Game, state: GameState, proc: ProcedureDef, e: ResolvedEvent): RuleScope {
  const { extra, fns } = bindScope(game, state, proc, e.bound ?? {});
  extra['result'] = e.result;
  extra['modifiers'] = e.modifiers.map((m) => m.id);
  return new RuleScope(game, state, null, '', extra, fns);
}

/** Whether an effect's `when` holds now; one that reads a bind the roll did not give does not. */
export function effectHolds(game: Game, state: GameState, proc: ProcedureDef, e: ResolvedEvent, when: string | number | boolean, rule: string): boolean {
  try { return evalRule(compiled(game, proc, when, 'bool'), scope(game, state, proc, e), rule) as boolean; } catch (err) {
    if (err instanceof ExpressionError && /is not given/.test(err.message)) return false;
    throw err;
  }
}

/** A reply's `rolls` written as an expression (basic rules 10.3: a square owes one roll fewer). */
export function rollsOwed(game: Game, state: GameState, proc: ProcedureDef, e: ResolvedEvent, rolls: string, rule: string): number {
  const v = evalRule(compiled(game, proc, rolls, 'number'), scope(game, state, proc, e), rule) as Rational;
  return (v.num - (((v.num % v.den) + v.den) % v.den)) / v.den; // rounded down, exactly
}
