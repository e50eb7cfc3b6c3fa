// The combats an opponent has declared against the player's pieces, and the combat cards he may play
// for each (Paths of Glory §8 "战斗事件卡可能在任意一方的战斗中使用。通常由进攻方先打出符合条件的战斗事件卡，
// 防守方随后决定是否使用自己的卡牌"): the rolls another side committed bound to pieces of his, still
// sealed or resolved by the reply his page opened with, one combat per space defended. The cards are
// those in his hand with the use `combat`, offered where he may play them now (`play as combat`,
// `play`, or a module without permissions); whether a card's own condition holds stays his to judge.
import type { GameEvent } from '../core/engine/events.js';
import type { Game } from '../core/engine/game.js';
import type { GameState } from '../core/engine/state.js';

export interface CombatPrompt {
  /** the space (hex, location) of the player's pieces the roll is for */
  at: string;
  /** the procedures rolled for it, in order */
  procedures: string[];
  /** the other sides' pieces bound to the rolls (the attackers) and the player's (the defenders) */
  attackers: string[];
  defenders: string[];
  /** the combat cards in his hand: `play <card> as combat` */
  cards: { card: string; name: string }[];
  /** whether he may play them now (his permissions in force allow `play as combat`) */
  playable: boolean;
}

interface Bound { side: string; procedure: string; bound: Record<string, string> }

export function combatPrompts(game: Game, state: GameState, side: string, resolutions: readonly GameEvent[],
  hand: readonly { card: string; name: string; uses: readonly string[] }[], verbs: readonly string[] | null): CombatPrompt[] {
  const rolls: Bound[] = [];
  for (const r of state.sealed ?? []) {
    if (r.kind === 'resolve' && r.side && r.side !== side && r.bound && r.awaiting.includes(side)) {
      rolls.push({ side: r.side, procedure: r.command?.split(' ')[1] ?? '', bound: r.bound });
    }
  }
  for (const e of resolutions) {
    if (e.type === 'resolved' && e.side !== undefined && e.side !== side && e.bound) rolls.push({ side: e.side, procedure: e.procedure, bound: e.bound });
  }
  const sideOf = (piece: string) => game.pieces.get(piece)?.side;
  // where a piece stood when the roll was made: a result may have moved it since (a loss into the eliminated box)
  const stood = new Map<string, string>();
  for (const e of resolutions) if (e.type === 'lost' && e.at && !stood.has(e.piece)) stood.set(e.piece, e.at);
  const where = (p: string) => stood.get(p) ?? state.pieces[p]?.location ?? null;
  const byPlace = new Map<string, CombatPrompt>();
  const cards = hand.filter((c) => c.uses.includes('combat')).map((c) => ({ card: c.card, name: c.name }));
  const playable = verbs === null || verbs.includes('play') || verbs.includes('play as combat');
  for (const r of rolls) {
    const pieces = Object.values(r.bound).flatMap((v) => v.split(',')).filter((p) => state.pieces[p]);
    const defenders = pieces.filter((p) => sideOf(p) === side);
    const at = defenders.map(where).find((l) => l !== null);
    if (!at || !defenders.length) continue;
    const c = byPlace.get(at) ?? { at, procedures: [], attackers: [], defenders: [], cards, playable };
    if (!c.procedures.includes(r.procedure)) c.procedures.push(r.procedure);
    for (const p of pieces) {
      const list = sideOf(p) === side ? c.defenders : c.attackers;
      if (!list.includes(p)) list.push(p);
    }
    byPlace.set(at, c);
  }
  return [...byPlace.values()];
}
