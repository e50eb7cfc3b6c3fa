// A game's start with pieces moved onto hexes, for movement and combat tests (the other pieces stay put).
import type { Game } from '../../src/core/engine/game.js';
import { initialState } from '../../src/core/engine/initial-state.js';
import type { GameState } from '../../src/core/engine/state.js';

export interface Placement { at: string; face?: string; facing?: number | null; markers?: string[] }

/** Moves each piece listed onto its hex (on top), with its face, facing and markers where given. */
export function place(s: GameState, where: Record<string, string | Placement>): GameState {
  for (const [id, w] of Object.entries(where)) {
    const p: Placement = typeof w === 'string' ? { at: w } : w;
    for (const [k, v] of Object.entries(s.stacks)) s.stacks[k] = v.filter((x) => x !== id);
    const ps = s.pieces[id]!;
    ps.location = p.at;
    if (p.face) ps.face = p.face;
    if (p.facing !== undefined) ps.facing = p.facing;
    if (p.markers) ps.markers = p.markers;
    (s.stacks[p.at] ??= []).push(id);
  }
  for (const [k, v] of Object.entries(s.stacks)) if (!v.length) delete s.stacks[k];
  return s;
}

/** The game's start with these pieces placed, then changed as a test wants (faces, markers). */
export function placed(game: Game, where: Record<string, string | Placement>,
  change?: (s: GameState) => void): GameState {
  const s = place(structuredClone(initialState(game)), where);
  change?.(s);
  return s;
}

export function aloneAt(game: Game, piece: string, at: string, change?: (s: GameState) => void): GameState {
  return placed(game, { [piece]: at }, change);
}
