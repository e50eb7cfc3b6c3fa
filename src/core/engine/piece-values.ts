// What a piece shows now: its face, its values (set in play > the counter's own > the face's),
// its facing kind and movement class.
import { parseRational, type Rational } from '../rational.js';
import type { FaceDef, PieceDef, PieceTypeDef } from '../module/schema.js';
import { EngineError } from './errors.js';
import type { Game } from './game.js';
import type { GameState, PieceState, Value } from './state.js';

export interface PieceView {
  id: string;
  def: PieceDef;
  type: PieceTypeDef;
  face: FaceDef;
  state: PieceState;
}

export function pieceView(game: Game, state: GameState, id: string): PieceView {
  const def = game.pieces.get(id);
  const ps = state.pieces[id];
  if (!def || !ps) throw new EngineError(`unknown piece "${id}"`);
  const type = game.pieceTypes.get(def.type)!;
  const face = type.faces.find((f) => f.id === ps.face) ?? type.faces[0]!;
  return { id, def, type, face, state: ps };
}

export function pieceValue(p: PieceView, key: string): Value | undefined {
  return p.state.values[key] ?? p.def.values?.[key] ?? p.face.values[key];
}

/** The piece's MP allowance (module.movement.allowance names the value), or null when it has none. */
export function allowanceOf(game: Game, p: PieceView): Rational | null {
  const v = pieceValue(p, game.module.movement?.allowance ?? 'movement');
  return v === undefined ? null : parseRational(v);
}

export function facingKind(p: PieceView): 'vertex' | 'hexside' | 'none' {
  return p.face.facing ?? p.type.facing;
}

export function movementClass(p: PieceView): string {
  return p.face.movementClass ?? p.type.id;
}
