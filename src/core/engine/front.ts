// A piece's front hexsides (Eylau 5.0: "单位正面格边：算子顶端顶点左右两侧的两条格子边"): for a vertex
// facing the two hexsides beside the faced vertex, for a hexside facing the faced hexside and its two
// neighbours (5.1: the extended line's three-hexside front). Read by stackByEntry (6.12) and by the
// step rules' `hexside.front` (5.4: a frontal unit moves only into the hexes in front of it); and the
// turn a piece owes to face as the friends it joins (5.41), read by the movement effects.
import type { Game } from './game.js';
import { facingKind, pieceView, type PieceView } from './piece-values.js';
import type { GameState } from './state.js';

/** The directions (0–5) of the front hexsides of a facing, or null for a piece facing all round. */
export function frontDirections(kind: 'vertex' | 'hexside' | 'none', facing: number | null, orientation: 'flat' | 'pointy'): number[] | null {
  if (kind === 'none' || facing === null) return null;
  const f = facing;
  const list = kind === 'hexside' ? [f + 5, f, f + 1] : orientation === 'flat' ? [f, f + 1] : [f + 5, f];
  return list.map((d) => d % 6);
}

/**
 * True when the step `from` → `to` leaves through a front hexside of the piece (its facing as it
 * stands: a move does not turn it). Always true for a piece facing all round or with no facing,
 * and off a hex board.
 */
export function crossesFront(game: Game, p: PieceView, from: string, to: string): boolean {
  const hex = game.board.hex;
  if (!hex) return true;
  const front = frontDirections(facingKind(p), p.state.facing, hex.orientation);
  if (front === null) return true;
  const d = hex.direction(from, to);
  return d === null || front.includes(d);
}

/**
 * Facing steps the piece must turn to face as its side's top piece with a frontal facing in `to`
 * (Eylau 5.41 "调整朝向以和格子内其他友军单位朝向保持一致"): 0 when it faces all round or no such
 * friend stands there.
 */
export function turnToFriends(game: Game, state: GameState, p: PieceView, to: string): number {
  if (facingKind(p) === 'none' || p.state.facing === null) return 0;
  const friends = (state.stacks[to] ?? []).filter((id) => id !== p.id && game.pieces.get(id)!.side === p.def.side)
    .map((id) => pieceView(game, state, id)).filter((q) => facingKind(q) !== 'none' && q.state.facing !== null);
  const top = friends.at(-1);
  if (!top) return 0;
  const d = (((top.state.facing! - p.state.facing) % 6) + 6) % 6;
  return Math.min(d, 6 - d);
}
