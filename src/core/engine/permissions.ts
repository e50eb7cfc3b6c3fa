// What each side may do now, where the module says so (module.rules.permissions, over which a
// phase and then a segment may say otherwise): the active side's verbs, the other sides' verbs,
// how many cards a side may play or draw in one segment, who may set a track (its owner). A breach
// is a `turn` warning, or a refusal where module.rules.strict lists `turn`. Without permissions in
// the module, or without a side in the context (a referee's or solo tool), everything passes.
import type { PermissionsDef } from '../module/rules-schema.js';
import type { Command } from './commands.js';
import { warning, type CommandContext } from './context.js';
import type { GameEvent, Warning } from './events.js';
import type { Game } from './game.js';
import type { GameState } from './state.js';
import { whoseMove } from './whose-move.js';

/** The permissions in force: the module's, then the phase's, then the segment's, key by key. */
export function permissionsNow(game: Game, state: GameState): PermissionsDef | null {
  const base = game.module.rules?.permissions;
  const phase = game.phases.get(state.phase);
  const segment = phase?.segments.find((s) => s.id === state.segment);
  // a phase's (or segment's) own permissions count without the module's: Paths of Glory limits
  // the action rounds only, and its phases every side plays keep ending at one side's `next`
  if (!base && !phase?.permissions && !segment?.permissions) return null;
  return { ...base, ...phase?.permissions, ...segment?.permissions };
}

/** Whether a verb list allows the command: '*', its verb, or for `play` "play as <its use>". */
function allows(list: readonly string[] | undefined, c: Command, fallback: boolean): boolean {
  if (list === undefined) return fallback;
  return list.includes('*') || list.includes(c.verb) || (c.verb === 'play' && c.use !== undefined && list.includes(`play as ${c.use}`));
}

/** Whether a play counts toward limits.play: every play, or only those with a use the limit names. */
function counts(p: PermissionsDef, use: string | undefined): boolean {
  return !p.limits?.uses || use === undefined || p.limits.uses.includes(use);
}

/** The breach a command would be, or null; `note` and `undo` are always allowed. */
export function permissionBreach(game: Game, state: GameState, c: Command, ctx: CommandContext): Warning | null {
  const side = ctx.side;
  const p = permissionsNow(game, state);
  if (!p || side === undefined || c.verb === 'note' || c.verb === 'undo') return null;
  const who = whoseMove(game, state);
  const active = state.active === 'all' || state.active === side;
  // the label without what is owed (whose-move.ts appends it after "; ")
  const label = who.owes ? who.label.slice(0, who.label.indexOf('; ')) : who.label;
  const where = label.replace(/: [^:]*$/, '');
  if (active ? !allows(p.active, c, true) : !allows(p.others, c, false)) {
    const whose = state.active === 'all' ? 'every side' : state.active === 'none' ? 'no side' : state.active;
    return warning(game, 'turn', `${side} may not ${c.verb} now (${where}, the move of ${whose})`);
  }
  if (c.verb === 'track') {
    const owner = game.tracks.get(c.track)?.owner;
    if (owner !== undefined && owner !== side) return warning(game, 'turn', `track ${c.track} is ${owner}'s; ${side} may not set it`);
  }
  const limit = c.verb === 'play' ? (counts(p, c.use) ? p.limits?.play : undefined) : c.verb === 'draw' ? p.limits?.draw : undefined;
  if (limit !== undefined) {
    const done = state.acted?.[`${side}:${c.verb}`] ?? 0;
    if (done >= limit) return warning(game, 'turn', `${side} has made ${done} ${c.verb}${done === 1 ? '' : 's'} in this segment; the limit is ${limit}`);
  }
  return null;
}

/**
 * Where the permissions limit plays or draws in a segment, the first `played` / `drew` event of a
 * command says which one of the side's it is (`count`); the fold keeps it in state.acted.
 */
export function countActs(game: Game, state: GameState, events: GameEvent[]): void {
  const p = permissionsNow(game, state);
  if (!p?.limits) return;
  for (const verb of ['play', 'draw'] as const) {
    if (p.limits[verb] === undefined) continue;
    // a sealed draw commits its cards now: it counts as the draw
    const e = events.find((x) => x.type === (verb === 'play' ? 'played' : 'drew') || (verb === 'draw' && x.type === 'sealed' && x.kind === 'draw'));
    if (e?.type === 'played' && !counts(p, e.use)) continue;
    if (e && (e.type === 'played' || e.type === 'drew' || e.type === 'sealed')) e.count = (state.acted?.[`${e.side}:${verb}`] ?? 0) + 1;
  }
}
