// What the player may do now, for the page's "your move" box: whose move it is (whose-move.ts),
// the verbs the module's permissions in force allow him (permissions.ts: the module's, then the
// phase's, then the segment's), and the cards he may still play or draw in this segment (an
// action round: one card), and what the results ask of him and of the others (state.obligations:
// losses, retreats, an advance). Read from the state as it stands after his commands so far.
import type { Game } from '../core/engine/game.js';
import { describeObligation } from '../core/engine/obligations.js';
import { permissionsNow } from '../core/engine/permissions.js';
import type { GameState } from '../core/engine/state.js';
import { whoseMove } from '../core/engine/whose-move.js';
import { PERMISSION_VERBS } from '../core/module/rules-schema.js';

export interface MayDo {
  /** the player's move now */
  mine: boolean;
  /** "turn 3, Action round 3: cp" */
  label: string;
  /** the sides whose move it is; in a phase every side plays, those that have said `next` */
  sides: string[];
  passed: string[];
  /** the verbs he may give now (`note` and `undo` always); null: every command (the module sets no permissions) */
  verbs: string[] | null;
  /** cards left in this segment where the permissions limit them; `uses`: the plays that count (PoG §3) */
  limits: { verb: 'play' | 'draw'; limit: number; done: number; left: number; uses?: string[] }[];
  /** a breach is refused (module.rules.strict lists `turn`), else it is a warning in the log */
  refused: boolean;
  note: string | null;
  /** what the results ask (obligations.ts): his first, then the other sides'; an optional one may be left */
  obligations: { id: string; text: string; mine: boolean; optional: boolean; verb: 'lose' | 'retreat' | 'advance' | 'resolve' | 'draw' }[];
}

export function mayDoNow(game: Game, state: GameState, side: string): MayDo {
  const who = whoseMove(game, state);
  const mine = who.sides.includes(side);
  const p = permissionsNow(game, state);
  const obligations = (state.obligations ?? []).map((o) => ({
    id: o.id, text: describeObligation(o), mine: o.side === side, optional: !!o.optional,
    verb: o.kind === 'loss' ? 'lose' as const : o.kind === 'reply' || o.kind === 'check' || o.kind === 'roll' ? 'resolve' as const : o.kind, // a reply, a check or an owed roll is a resolve
  })).sort((a, b) => Number(b.mine) - Number(a.mine));
  const base = { mine, label: who.label, sides: who.sides, passed: who.passed, obligations };
  if (!p) return { ...base, verbs: null, limits: [], refused: false, note: null };
  // as permissionBreach reads it: in a phase every side plays, each is active
  const active = state.active === 'all' || state.active === side;
  const list = active ? p.active ?? ['*'] : p.others ?? [];
  const named = list as string[];
  // "play as combat": the other side's combat card in the attacker's round (PoG §8), kept as written
  const verbs = list.includes('*') ? [...PERMISSION_VERBS] : [...PERMISSION_VERBS.filter((v) => named.includes(v)),
    ...(named.includes('play') ? [] : named.filter((v) => v.startsWith('play as ')))];
  const limits = (['play', 'draw'] as const).flatMap((verb) => {
    const limit = p.limits?.[verb];
    if (limit === undefined || !verbs.includes(verb)) return [];
    const done = state.acted?.[`${side}:${verb}`] ?? 0;
    const uses = verb === 'play' ? p.limits?.uses : undefined;
    return [{ verb, limit, done, left: Math.max(0, limit - done), ...(uses ? { uses: [...uses] } : {}) }];
  });
  return {
    ...base, verbs: [...verbs, 'note', 'undo'], limits,
    refused: ((game.module.rules?.strict ?? []) as string[]).includes('turn'), note: p.note ?? null,
  };
}
