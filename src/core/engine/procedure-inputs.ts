// What a procedure reads from the board before its roll: a `resolve` bound to a piece
// (`piece=<id>`) and a hexside (`crossing=<a|b>`) gets the modifiers whose `when` holds for them
// (Eylau 6.32: −2 crossing a stream or light-cover hexside, −1 horse artillery, +1 fire-level-1
// guns), besides those the player names. A pure function of (game, state, command), so the
// roll's inputs are fixed when it is committed and whoever resolves it later — now, or when a
// sealed roll's other value arrives — computes the same. The bindings are recorded in the event.
import type { CommandOf } from './commands.js';
import { compileExpression } from './compiled-rules.js';
import { refuse } from './errors.js';
import type { Game } from './game.js';
import { pieceView } from './piece-values.js';
import { evalRule, RuleScope } from './rule-scope.js';
import type { GameState } from './state.js';
import type { Expr } from '../rules/expression.js';
import type { ProcedureDef } from '../module/schema.js';

type Resolve = CommandOf<'resolve'>;

export interface ProcedureInputs {
  /** the modifiers to roll with: the player's, then those the board gives, by id */
  modifiers: Resolve['modifiers'];
  /** what the roll is bound to (`piece`, `crossing`), for the event */
  bound: Record<string, string>;
  /** ids of the modifiers the board gave */
  derived: string[];
}

const compiled = new WeakMap<ProcedureDef, Map<string, Expr>>();

export function procedureInputs(game: Game, state: GameState, c: Resolve): ProcedureInputs {
  const proc = game.procedures.get(c.procedure);
  const binds = new Set((proc?.binds ?? []).map((b) => b.id));
  const bound: Record<string, string> = {};
  const own = c.modifiers.filter((m) => {
    if (!binds.has(m.id as 'piece')) return true;
    if (typeof m.value !== 'string') refuse(`${m.id}= takes a ${m.id === 'piece' ? 'piece id' : 'hexside such as 0303|0304'}`);
    bound[m.id] = m.value;
    return false;
  });
  if (!proc || !proc.modifiers.some((m) => m.when !== undefined)) return { modifiers: own, bound, derived: [] };
  let exprs = compiled.get(proc);
  if (!exprs) {
    exprs = new Map(proc.modifiers.filter((m) => m.when !== undefined)
      .map((m, i) => [m.id, compileExpression(game.module, 'procedure', m.when!, 'bool', `procedures.${proc.id}.modifiers[${i}].when`)]));
    compiled.set(proc, exprs);
  }
  if (bound['piece'] === undefined) return { modifiers: own, bound, derived: [] };
  if (!state.pieces[bound['piece']]) refuse(`piece=${bound['piece']}: unknown piece`);
  const piece = pieceView(game, state, bound['piece']);
  let pair: [string, string] | null = null;
  if (bound['crossing'] !== undefined) {
    const hex = game.board.hex;
    let id: string;
    try { id = game.board.hexside(bound['crossing']); } catch (e) { return refuse(`crossing=${bound['crossing']}: ${(e as Error).message}`); }
    const hexes = hex?.hexsideHexes(id);
    if (hexes?.length === 2) pair = hexes;
  }
  const idx = game.costs?.index;
  const scope = new RuleScope(game, state, piece, '', {
    'crossing.features': () => (pair && idx ? idx.hexsideFeatures(pair[0], pair[1]) : []),
    'crossing.roads': () => (pair && idx ? idx.roadsBetween(pair[0], pair[1]) : []),
    'crossing.along-road': () => Boolean(pair && idx && idx.roadsBetween(pair[0], pair[1]).length),
  });
  const named = new Set(own.map((m) => m.id));
  const derived: string[] = [];
  for (const m of proc.modifiers) {
    const e = exprs.get(m.id);
    if (!e || named.has(m.id)) continue;
    if (evalRule(e, scope, m.rule ?? `${proc.id} ${m.id}`)) derived.push(m.id);
  }
  return { modifiers: [...own, ...derived.map((id) => ({ id }))], bound, derived };
}
