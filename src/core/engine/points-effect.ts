// A result counted in points against a piece value (procedure outcomes `points`,
// docs/module-format.md): Cold War 15.7.1 "战斗结果以损耗点数的增加量表示，左侧数字适用于进攻单位，
// 右侧数字适用于每一支防御单位" — attrition points, not steps. `each` adds the points to every piece
// of the bind; otherwise the points are shared, and where several pieces could take them their
// owner chooses (an obligation of kind `loss` with a `value`, discharged by `lose <piece> <n>`).
// `times` multiplies what one piece takes (15.7.2 "所有施加给指挥部单位的地面战斗结果，均按双倍计算").
import { checkExpression } from '../rules/check.js';
import type { Expr } from '../rules/expression.js';
import { vocabulary } from '../rules/vocabulary.js';
import type { Rational } from '../rational.js';
import type { EffectDef } from '../module/procedure-schema.js';
import { refuse } from './errors.js';
import type { Obligation, ValueSetEvent } from './events.js';
import type { Game } from './game.js';
import { pieceView } from './piece-values.js';
import { evalRule, pieceNumber, RuleScope } from './rule-scope.js';
import type { GameState } from './state.js';

export type PointsEffect = Extract<EffectDef, { points: number }>;

const compiled = new WeakMap<PointsEffect, Expr>();

/** The factor one piece takes the points with (`times`, a whole number ≥ 0; 1 without it). */
export function pointsFactor(game: Game, state: GameState, fx: PointsEffect, id: string): number {
  if (fx.times === undefined) return 1;
  let e = compiled.get(fx);
  if (!e) { e = checkExpression(fx.times, 'number', vocabulary(game.module, 'mode')); compiled.set(fx, e); }
  const v = evalRule(e, new RuleScope(game, state, pieceView(game, state, id), ''), fx.rule ?? 'points times') as Rational;
  return v.den === 1 && v.num > 0 ? v.num : v.den === 1 ? 0 : Math.floor(v.num / v.den);
}

/** `points` added to the piece's value, as a `value-set` event. */
export function addPoints(game: Game, state: GameState, id: string, prop: string, points: number, extra: Pick<ValueSetEvent, 'by' | 'obligation' | 'points'>): ValueSetEvent {
  const p = pieceView(game, state, id);
  const from = p.state.values[prop] ?? p.def.values?.[prop] ?? p.face.values[prop] ?? null;
  const to = pieceNumber(p, prop).num + points;
  return { type: 'value-set', piece: id, prop, from, to, ...extra };
}

/**
 * The events of a points effect on the pieces still on the board: the points themselves, or the
 * obligation to share them (the factor of each piece whose factor is not 1 goes with it).
 */
export function pointsEvents(game: Game, state: GameState, fx: PointsEffect, pieces: readonly string[], by: string,
  oblige: (o: Omit<Obligation, 'id' | 'procedure'>) => void, emit: (e: ValueSetEvent) => void): void {
  if (!pieces.length) return;
  if (fx.each || pieces.length === 1) {
    for (const id of pieces) {
      const n = fx.points * pointsFactor(game, state, fx, id);
      if (n) emit(addPoints(game, state, id, fx.value, n, { by }));
    }
    return;
  }
  const times: Record<string, number> = {};
  for (const id of pieces) { const f = pointsFactor(game, state, fx, id); if (f !== 1) times[id] = f; }
  oblige({ kind: 'loss', side: game.pieces.get(pieces[0]!)!.side, pieces: [...pieces], count: fx.points, value: fx.value,
    ...(Object.keys(times).length ? { times } : {}) });
}

/** `lose <piece> <n>` for a points obligation: n of the points owed, on that piece (its factor applied). */
export function losePoints(game: Game, state: GameState, o: Obligation, id: string, n: number): ValueSetEvent {
  if (!Number.isInteger(n) || n < 1) refuse(`lose ${id} ${n}: give a whole number of points, at least 1`);
  if (n > o.count) refuse(`${o.count} point${o.count > 1 ? 's are' : ' is'} owed (${o.procedure}); ${n} is more`);
  return addPoints(game, state, id, o.value!, n * (o.times?.[id] ?? 1), { obligation: o.id, points: n });
}

const byCache = new WeakMap<Game, Map<string, Expr>>();
/**
 * How far a track effect moves its track: its number, or its expression over the turn and the
 * tracks as the earlier effects left them, rounded down (Cold War 19.2: a quarter of the air points used).
 */
export function trackBy(game: Game, state: GameState, by: number | string | boolean, rule: string | undefined): number {
  if (typeof by === 'number') return by;
  let m = byCache.get(game);
  if (!m) { m = new Map(); byCache.set(game, m); }
  let e = m.get(String(by));
  if (!e) { e = checkExpression(by, 'number', vocabulary(game.module, 'track')); m.set(String(by), e); }
  const v = evalRule(e, new RuleScope(game, state, null, ''), rule ?? 'track effect') as Rational;
  return Math.floor(v.num / v.den);
}
