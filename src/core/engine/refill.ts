// Drawing up to the hand limit (Paths of Glory §14 "将手牌补充至7张"; "如果抽牌数量不足，则将能够抽到的牌全部
// 抽取"): in a phase that says `refill`, each side draws from each of its decks with a hand limit as
// many cards as bring its hand of that deck up to the limit, or every card it can still draw.
// `draw <deck>` without a count draws that many there, and whose-move says it. Pure.
import type { DeckDef } from '../module/schema.js';
import type { Game } from './game.js';
import { undrawnCount, type GameState } from './state.js';

export interface Refill {
  side: string;
  deck: string;
  /** cards of the deck in the side's hand now */
  held: number;
  handLimit: number;
  /** what the side draws: up to the limit, at most what the deck can still give */
  count: number;
}

/** Cards of a deck in a side's hand, hidden or not. */
export function heldOf(game: Game, state: GameState, side: string, deck: string): number {
  const h = state.hands[side];
  if (!h) return 0;
  return h.cards.filter((c) => game.cards.get(c)?.deck.id === deck).length + h.hidden.filter((x) => x.deck === deck).length;
}

/** Cards a deck can still give: the draw pile (a secret deck's period), and the discard pile where it comes back. */
function available(def: DeckDef, state: GameState): number {
  const d = state.decks[def.id]!;
  return (def.secret ? undrawnCount(d) : d.order.length) + (def.reshuffle === 'when-empty' ? d.discard.length : 0);
}

/** The refill of one deck for its holder, or null when the phase does not refill or the deck has no limit. */
export function refillOf(game: Game, state: GameState, def: DeckDef, side: string): Refill | null {
  if (!game.phases.get(state.phase)?.refill || def.handLimit === undefined) return null;
  const held = heldOf(game, state, side, def.id);
  return { side, deck: def.id, held, handLimit: def.handLimit, count: Math.max(0, Math.min(def.handLimit - held, available(def, state))) };
}

/** Every side's refill in a refill phase (decks with an owner and a hand limit), in module order. */
export function refills(game: Game, state: GameState): Refill[] {
  if (!game.phases.get(state.phase)?.refill) return [];
  const out: Refill[] = [];
  for (const def of game.decks.values()) {
    if (def.owner === undefined) continue;
    const r = refillOf(game, state, def, def.owner);
    if (r) out.push(r);
  }
  return out;
}
