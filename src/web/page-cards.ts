// The cards a command's events name openly (played, discarded, drawn face up, a hand revealed), so
// the page can show each with its values from the module; a hidden draw names none.
import type { GameEvent } from '../core/engine/events.js';

export function cardsOf(events: readonly GameEvent[]): string[] {
  const out = new Set<string>();
  for (const e of events) {
    if (e.type === 'played' || e.type === 'discarded') out.add(e.card);
    else if (e.type === 'drew') for (const c of e.cards ?? []) out.add(c);
    else if (e.type === 'hand-revealed') for (const c of e.cards) out.add(c.card);
  }
  return [...out];
}
