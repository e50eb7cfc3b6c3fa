// Phases several sides play (active "all"): whether `next` ends the phase (or its segment) at once,
// or only records the side's pass (`passed`) until each side has said next. The phase's or the
// segment's `ends` says so ("each" or "any"); a module that says nothing keeps what it had: each
// side's next where permissions are in force, the first next elsewhere.
import type { Game } from './game.js';
import { permissionsNow } from './permissions.js';
import type { GameState } from './state.js';

export function endsWithEachNext(game: Game, state: GameState): boolean {
  if (state.active !== 'all') return false;
  const phase = game.phases.get(state.phase);
  const segment = phase?.segments.find((s) => s.id === state.segment);
  const ends = segment?.ends ?? phase?.ends;
  if (ends !== undefined) return ends === 'each';
  return permissionsNow(game, state) !== null;
}

/** Whether `side`'s next here only records his pass (another side has still to say next). */
export function nextOnlyPasses(game: Game, state: GameState, side: string | undefined): boolean {
  if (side === undefined || !endsWithEachNext(game, state)) return false;
  return game.module.sides.some((s) => s.id !== side && !state.passed?.includes(s.id));
}
