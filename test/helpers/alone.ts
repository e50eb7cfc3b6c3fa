// A game's start with one piece moved alone onto a hex, for movement tests (the other pieces stay put).
import type { Game } from '../../src/core/engine/game.js';
import { initialState } from '../../src/core/engine/initial-state.js';
import type { GameState } from '../../src/core/engine/state.js';

export function aloneAt(game: Game, piece: string, at: string, change?: (s: GameState) => void): GameState {
  const s = initialState(game);
  for (const [k, v] of Object.entries(s.stacks)) s.stacks[k] = v.filter((x) => x !== piece);
  s.pieces[piece]!.location = at;
  (s.stacks[at] ??= []).push(piece);
  for (const [k, v] of Object.entries(s.stacks)) if (!v.length) delete s.stacks[k];
  change?.(s);
  return s;
}
