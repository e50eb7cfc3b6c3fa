// Phases several sides play (active "all"): whether `next` ends the phase (or its segment) at once,
// or only records the side's pass (`passed`) until each side has said next. The phase's or the
// segment's `ends` says so ("each" or "any"); a module that says nothing keeps what it had: each
// side's next where permissions are in force, the first next elsewhere. A side that has passed acts
// no more in the phase: otherwise he could pass, watch what the others do, and answer it.
import type { Command } from './commands.js';
import { warning, type CommandContext } from './context.js';
import type { Warning } from './events.js';
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

/**
 * The breach a command of a side that has said next in this phase is (a `turn` warning, refused
 * where `turn` is strict), or null: his note, undo and hand reveal pass, and what discharges his
 * obligations is checked by the caller; a second `next` is refused by `next` itself.
 */
export function afterPassBreach(game: Game, state: GameState, c: Command, ctx: CommandContext): Warning | null {
  if (ctx.side === undefined || !state.passed?.includes(ctx.side)) return null;
  if (c.verb === 'note' || c.verb === 'undo' || c.verb === 'next' || c.verb === 'reveal-hand') return null;
  const phase = game.phases.get(state.phase);
  const segment = phase?.segments.find((s) => s.id === state.segment);
  const where = `${phase?.name ?? state.phase}${segment ? `, ${segment.name}` : ''}`;
  return warning(game, 'turn', `${ctx.side} has said next in this phase (${where}): he acts no more in it`);
}
