// What the sequence does by itself as a phase or a turn begins, by the module's data: a track with
// a `reset` is set again as its phase begins (replacement points, command points), and a marker
// type with a `countdown` is replaced by the next as each turn begins (Eylau's order delay markers
// 3 → 2 → 1 → received). The events say so, so a verifier recomputes nothing it cannot see.
import type { GameEvent } from './events.js';
import type { Game } from './game.js';
import type { GameState } from './state.js';

/** track-set events for the tracks that reset as `phase` begins. */
export function trackResets(game: Game, state: GameState, phase: string): GameEvent[] {
  const out: GameEvent[] = [];
  for (const t of game.module.tracks) {
    if (t.reset?.phase !== phase) continue;
    const to = typeof t.reset.to === 'number' ? t.reset.to : state.tracks[t.reset.to]!;
    const from = state.tracks[t.id]!;
    if (from !== to) out.push({ type: 'track-set', track: t.id, from, to });
  }
  return out;
}

/** unmarked / marked pairs for every countdown marker in play, as a turn begins. */
export function countdowns(game: Game, state: GameState): GameEvent[] {
  const timers = game.module.markerTypes.filter((m) => m.countdown);
  if (!timers.length) return [];
  const out: GameEvent[] = [];
  const ids = new Set(timers.map((m) => m.id));
  const step = (target: string, kind: 'piece' | 'hex' | 'hexside' | 'space', markers: readonly string[]) => {
    for (const m of markers) {
      if (!ids.has(m)) continue;
      out.push({ type: 'unmarked', target, kind, marker: m });
      const next = game.markerTypes.get(m)!.countdown!.becomes;
      if (next !== undefined) out.push({ type: 'marked', target, kind, marker: next });
    }
  };
  for (const [id, p] of Object.entries(state.pieces)) if (p.markers.length) step(id, 'piece', p.markers);
  for (const [at, markers] of Object.entries(state.markers)) {
    const kind = game.board.has(at) ? (game.board.hex ? 'hex' : 'space') : 'hexside';
    step(at, kind, markers);
  }
  return out;
}
