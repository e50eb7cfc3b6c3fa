// Whose move it is, in one line every verb that shows a game starts with: "your move (Central
// Powers, turn 3, action round 3: Central Powers)" or "waiting for Ben (Allied Powers, …)".
// movingSides is the one place that decides; it reads the sequence's active side ("all": every
// side acts, less those that have said `next` where the phase ends when each has, passing.ts).
import { endsWithEachNext } from '../core/engine/passing.js';
import type { GameState } from '../core/engine/state.js';
import type { VerifiedLog } from '../log/verify.js';

/** The sides that may move now (empty: nobody — the game is over or waits for no one). */
export function movingSides(v: Pick<VerifiedLog, 'module' | 'status' | 'finals'>, state: GameState): string[] {
  if (v.status === 'over' || state.over) return [];
  const sides = v.module.sides.map((s) => s.id).filter((s) => !v.finals.has(s));
  if (state.active === 'all') return sides.filter((s) => !state.passed?.includes(s));
  return sides.includes(state.active) ? [state.active] : [];
}

export function sideName(v: Pick<VerifiedLog, 'module'>, side: string): string {
  return v.module.sides.find((s) => s.id === side)?.name ?? side;
}

/** The player's name from the user id of his pinned key (else the side id). */
export function playerName(v: Pick<VerifiedLog, 'keys'>, side: string): string {
  const name = v.keys.get(side)?.users[0]?.userID?.name;
  return name && name.trim() ? name.trim() : side;
}

/** "turn 3, action round 3: Central Powers" (the phase's name from the module, first letter lower case). */
export function placeText(v: Pick<VerifiedLog, 'game'>, state: GameState): string {
  const name = v.game.phases.get(state.phase)?.name ?? state.phase;
  const phase = name.charAt(0).toLowerCase() + name.slice(1);
  return `turn ${state.turn}, ${phase}${state.segment ? ` (${state.segment})` : ''}`;
}

/** The one line: for the viewer ("your move …", "waiting for Ben …") or, without one, "Ben to move …". */
export function whoseMoveLine(v: VerifiedLog, viewer?: string, state: GameState = v.state): string {
  if (!v.gameId) return 'waiting for every player to join';
  const open = state === v.state ? v.takebacks?.open : null;
  if (open) {
    const waiting = open.awaiting.filter((s) => !open.accepted.includes(s));
    const range = open.seq - 1 > open.to + 1 ? `segments ${open.to + 1}-${open.seq - 1}` : `segment ${open.seq - 1}`;
    if (viewer && waiting.includes(viewer)) return `your answer: ${playerName(v, open.by)} proposes to take back ${range} (hexpost takeback --accept or --decline)`;
    return `waiting for ${waiting.map((s) => playerName(v, s)).join(' and ')} to answer ${viewer === open.by ? 'your' : `${playerName(v, open.by)}'s`} take-back of ${range}`;
  }
  const moving = movingSides(v, state);
  const place = placeText(v, state);
  if (!moving.length) return v.status === 'over' || state.over ? `the game is over (${place})` : `nobody is to move (${place})`;
  const each = v.status !== 'over' && endsWithEachNext(v.game, state);
  let who = moving.map((s) => sideName(v, s)).join(' and ');
  // a phase that ends when each side has said next: who still has to, and who has
  if (each) {
    const passed = (state.passed ?? []).map((s) => sideName(v, s));
    who = `${who} still to say next${passed.length ? `, ${passed.join(' and ')} said it` : ''}:`;
  } else who += moving.length > 1 ? ' all act:' : ',';
  if (viewer && moving.includes(viewer)) return `your move (${who} ${place})`;
  const names = moving.map((s) => playerName(v, s)).join(' and ');
  return viewer ? `waiting for ${names} (${who} ${place})` : `${names} to move (${who} ${place})`;
}
