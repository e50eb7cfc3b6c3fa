// What playing a card does by itself (a deck's `plays`, docs/module-format.md): a track moved by a
// value printed on the card when it is played as a use — Paths of Glory §12, an event played adds
// the war status printed on it ("部分事件可以改变战争投入等级", the card's ws) to its side's war
// status. Pure: a function of the game, the state and the `played` event.
import type { PlayedEvent, TrackSetEvent } from './events.js';
import type { Game } from './game.js';
import { clamp } from './modifier-groups.js';
import type { GameState } from './state.js';

export function playEffects(game: Game, state: GameState, e: PlayedEvent): TrackSetEvent[] {
  const found = game.cards.get(e.card);
  if (!found || e.use === undefined) return [];
  const out: TrackSetEvent[] = [];
  const at: Record<string, number> = {};
  for (const p of found.deck.plays ?? []) {
    const v = found.card.values?.[p.value];
    const t = game.tracks.get(p.track);
    if (p.use !== e.use || typeof v !== 'number' || !Number.isInteger(v) || (v === 0 && !p.set) || !t) continue;
    const from = at[t.id] ?? state.tracks[t.id] ?? t.min;
    // `set`: the card gives the value afresh (§4.5 "未使用的激活点数不能累积到下一次行动")
    const to = clamp(p.set ? v : from + v, t.min, t.max);
    if (to === from) continue;
    at[t.id] = to;
    out.push({ type: 'track-set', track: t.id, from, to });
  }
  return out;
}
