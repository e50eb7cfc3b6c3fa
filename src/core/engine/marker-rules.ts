// Where a marker may go, by its type's `where` rule (Cold War 32.1: a destroyed bridge only on a
// hexside where a road crosses a river). Read by `mark`; a breach is a `placement` warning, or a
// refusal where module.rules.strict lists `placement`.
import { compileExpression } from './compiled-rules.js';
import type { CommandContext } from './context.js';
import type { Game } from './game.js';
import type { MarkerTypeDef } from '../module/schema.js';
import type { MarkTargetKind } from './events.js';
import { evalRule, RuleScope } from './rule-scope.js';
import type { GameState } from './state.js';
import type { Expr } from '../rules/expression.js';

const compiled = new WeakMap<MarkerTypeDef, Expr>();

export function markerAllowed(game: Game, state: GameState, type: MarkerTypeDef, t: { id: string; kind: MarkTargetKind }, ctx: CommandContext): boolean {
  let e = compiled.get(type);
  if (!e) {
    e = compileExpression(game.module, 'marker', type.where!, 'bool', `markerTypes.${type.id}.where`);
    compiled.set(type, e);
  }
  const idx = game.costs?.index;
  const hexes = t.kind === 'hexside' && game.board.hex ? game.board.hex.hexsideHexes(t.id) : null;
  const pair = hexes && hexes.length === 2 ? hexes : null;
  const scope = new RuleScope(game, state, null, '', {
    'target.kind': t.kind,
    'target.terrain': () => (t.kind === 'hex' || t.kind === 'space' ? idx?.hexTerrain(t.id) ?? [] : []),
    'target.markers': () => (t.kind === 'piece' ? state.pieces[t.id]!.markers : state.markers[t.id] ?? []),
    'hexside.features': () => (pair ? idx?.hexsideFeatures(pair[0], pair[1]) ?? [] : []),
    'hexside.roads': () => (pair ? idx?.roadsBetween(pair[0], pair[1]) ?? [] : []),
    side: ctx.side ?? '',
  });
  return Boolean(evalRule(e, scope, type.rule ?? `marker ${type.id}`));
}
