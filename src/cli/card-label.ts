// A card as a player reads it: its id, then its title and the values printed on it (Paths of
// Glory: operations, strategic redeployment, replacement points and war status), wherever a card
// is shown (`show`, `history`, a play described).
import type { DeckDef } from '../core/module/schema.js';

export interface CardFace { name: string; values: Record<string, number | string> }
export type CardIndex = ReadonlyMap<string, CardFace>;

/** The cards of a module's decks by id (module data as the genesis embeds it). */
export function cardIndex(decks: readonly Pick<DeckDef, 'cards'>[] | undefined): CardIndex {
  const out = new Map<string, CardFace>();
  for (const d of decks ?? []) for (const c of d.cards) out.set(c.id, { name: c.name, values: (c.values ?? {}) as CardFace['values'] });
  return out;
}

/**
 * "ap-01-x (British Reinforcements: number 1, ops 2, rp 1, rpNation FR, sr 2, ws 0)", the values in key
 * order (as a game log's embedded module holds them); an unknown id as it is.
 */
export function cardLabel(cards: CardIndex | undefined, id: string): string {
  const c = cards?.get(id);
  if (!c) return id;
  const values = Object.keys(c.values).sort().map((k) => `${k} ${c.values[k]}`).join(', ');
  return `${id} (${c.name}${values ? `: ${values}` : ''})`;
}
