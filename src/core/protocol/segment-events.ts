// Every event of a segment in the order it was folded: what its reveal resolved first (the body's
// `resolutions`), then the events of its entries. Views list rolls and draws from this.
import type { GameEvent } from '../engine/events.js';

export interface SegmentLike {
  resolutions?: readonly unknown[];
  entries: ReadonlyArray<{ events: readonly unknown[] }>;
}

export function segmentEvents(b: SegmentLike): GameEvent[] {
  return [...((b.resolutions ?? []) as GameEvent[]), ...b.entries.flatMap((e) => e.events as GameEvent[])];
}
