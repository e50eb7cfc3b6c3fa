// Zones of control (module.movement.zoc): a hex is in an enemy zone of control when a piece of
// another side that exerts one (its `exerts` holds for it) stands in it or in an adjacent hex, not
// across a hexside feature listed in `notAcross`. Step rules read it as `from.zoc` and `to.zoc`;
// what it does — stop, cost more, forbid — is theirs to say (docs/module-format.md). One answer per
// hex for one mover: move and reach ask the same question of the same state, so they agree.
import { evalRule, RuleScope } from './rule-scope.js';
import type { Game } from './game.js';
import { pieceView } from './piece-values.js';
import type { GameState } from './state.js';

/** What one move or one reach has learnt (the state does not change while it asks). */
export interface ZocCache { hexes: Map<string, boolean>; exerts: Map<string, boolean> }
export const zocCache = (): ZocCache => ({ hexes: new Map(), exerts: new Map() });

/** Whether `hex` is in a zone of control of a side other than `side` (false where the module has none). */
export function inEnemyZoc(game: Game, state: GameState, side: string, hex: string, c: ZocCache = zocCache()): boolean {
  const zoc = game.movementRules?.zoc;
  const board = game.board.hex;
  if (!zoc || !board || !board.has(hex)) return false;
  const hit = c.hexes.get(hex);
  if (hit !== undefined) return hit;
  const cache = c;
  const exerts = (id: string) => {
    let v = cache.exerts.get(id);
    if (v === undefined) {
      v = !zoc.exerts || Boolean(evalRule(zoc.exerts, new RuleScope(game, state, pieceView(game, state, id), ''), zoc.rule));
      cache.exerts.set(id, v);
    }
    return v;
  };
  const holds = (at: string) => (state.stacks[at] ?? []).some((id) => game.pieces.get(id)!.side !== side && exerts(id));
  const idx = game.costs?.index;
  let v = holds(hex);
  if (!v) {
    for (const n of board.neighbours(hex)) {
      if (zoc.notAcross.length && idx && idx.hexsideFeatures(hex, n).some((f) => zoc.notAcross.includes(f))) continue;
      if (holds(n)) { v = true; break; }
    }
  }
  c.hexes.set(hex, v);
  return v;
}
