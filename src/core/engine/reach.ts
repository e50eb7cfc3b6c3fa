// Where a piece can still go this phase: every location within its remaining MP (allowance minus
// MP already spent this phase, plus any named bonus), with the exact cost and a cheapest path.
// The same costs as `move`, so what reach promises, move charges.
import { reach as reachOnBoard, pathTo } from '../geometry/movement.js';
import { add, compare, parseRational, sub, ZERO, type Rational } from '../rational.js';
import { refuse } from './errors.js';
import type { Game } from './game.js';
import { resolveLocation } from './locations.js';
import { allowanceOf, movementClass, pieceView } from './piece-values.js';
import type { GameState } from './state.js';

export interface Reachable {
  location: string;
  /** exact MP from where the piece stands */
  cost: Rational;
  /** a cheapest path, without the start */
  path: string[];
}

export function reachOf(game: Game, state: GameState, pieceId: string, bonus?: string): { left: Rational; reachable: Reachable[] } {
  const p = pieceView(game, state, pieceId);
  if (p.state.location === null) refuse(`${pieceId} is not in play`);
  const at = resolveLocation(game, p.state.location);
  if ((at.kind !== 'hex' && at.kind !== 'space') || at.board !== game.board.def.id) refuse(`${pieceId} is not on the board played on`);
  if (!game.costs) refuse(`module ${game.module.id} has no terrain costs: every adjacent step is one move`);
  const allowance = allowanceOf(game, p);
  if (!allowance) refuse(`${pieceId} has no movement allowance (face value "${game.module.movement?.allowance ?? 'movement'}")`);
  let left = sub(allowance, state.spent[pieceId] !== undefined ? parseRational(state.spent[pieceId]!)! : ZERO);
  if (bonus !== undefined) {
    const b = game.module.movement?.bonus?.[bonus];
    if (b === undefined) refuse(`module ${game.module.id} has no movement bonus "${bonus}"`);
    left = add(left, parseRational(b)!);
  }
  if (compare(left, ZERO) < 0) left = ZERO;
  const cls = movementClass(p);
  const costs = game.costs;
  const board = game.board.hex ?? game.board.graph!;
  const result = reachOnBoard(board as { neighbours(l: string): readonly string[] }, at.label!, left, (a, b) => costs.step(a, b, cls));
  const reachable: Reachable[] = [];
  for (const [loc, entry] of result) {
    if (loc === at.label) continue;
    reachable.push({ location: loc, cost: entry.cost, path: pathTo(result, loc)!.slice(1) });
  }
  reachable.sort((a, b) => compare(a.cost, b.cost) || (a.location < b.location ? -1 : a.location > b.location ? 1 : 0));
  return { left, reachable };
}
