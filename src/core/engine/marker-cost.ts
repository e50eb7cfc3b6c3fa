// What putting a marker on a space costs (a marker type's `cost`, docs/module-format.md): Paths of
// Glory §4.2 "激活空间的费用通常等于该空间内不同国家军队的数量；同一国家的多个单位一般按一个国家计算" — one point of
// the marking side's operations track per nation of its pieces in the space. Short of points, the
// track stops at its minimum and the `track-set` carries a `track` warning (refused with `track` strict).
import { warning, type CommandContext } from './context.js';
import type { MarkedEvent, TrackSetEvent } from './events.js';
import type { Game } from './game.js';
import type { GameState } from './state.js';

export function markCostEvents(game: Game, state: GameState, e: MarkedEvent, ctx: CommandContext): TrackSetEvent[] {
  const cost = game.markerTypes.get(e.marker)?.cost;
  const track = ctx.side === undefined ? undefined : cost?.tracks[ctx.side];
  const t = track === undefined ? undefined : game.tracks.get(track);
  if (!cost || !t || (e.kind !== 'space' && e.kind !== 'hex')) return [];
  const nations = new Set((state.stacks[e.target] ?? []).map((id) => game.pieces.get(id))
    .filter((p) => p?.side === ctx.side).map((p) => p!.nation ?? ''));
  const n = nations.size;
  if (n === 0) return [];
  const from = state.tracks[t.id] ?? t.min;
  const out: TrackSetEvent = { type: 'track-set', track: t.id, from, to: Math.max(t.min, from - n) };
  if (from - n < t.min) {
    out.warnings = [warning(game, 'track', `marker ${e.marker} on ${e.target} costs ${n} of track ${t.id}${cost.rule ? ` (${cost.rule})` : ''}; ${from} left`)];
  }
  return [out];
}
