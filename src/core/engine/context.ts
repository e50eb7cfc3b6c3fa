// What a command is executed with besides the state: who gives it. Rules that depend on the
// acting side (ownership, whose hand) read it; without a side (a referee or solo tool) they pass.
import { refuse } from './errors.js';
import type { Warning, WarningCode } from './events.js';
import type { Game } from './game.js';
import type { PieceView } from './piece-values.js';

export interface CommandContext {
  /** the side giving the command */
  side?: string;
}

/** A broken rule: a warning recorded in the event, or a refusal where module.rules.strict lists it. */
export function warning(game: Game, code: WarningCode, message: string): Warning {
  const strict = game.module.rules?.strict ?? [];
  const category = code === 'prohibited' ? 'allowance' : code;
  if ((strict as string[]).includes(category)) refuse(`${message} (module rule: ${category} is strict)`);
  return { code, message };
}

/** Only a piece's own side may move, turn, flip or restack it, unless module.rules.anySideMoves. */
export function checkOwner(game: Game, p: PieceView, ctx: CommandContext, what: string): void {
  if (ctx.side === undefined || ctx.side === p.def.side || game.module.rules?.anySideMoves) return;
  refuse(`${p.id} belongs to ${p.def.side}; ${ctx.side} may not ${what} it (the module does not let a side ${what} the other's pieces)`);
}
