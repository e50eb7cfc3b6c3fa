// Catching up: what happened since a player's own last segment, cut into the steps he reads
// before he plays — what each reply resolved, then each segment's commands cut before every
// command that rolls or commits a roll (one combat a step). Pure; the terminal replay
// (`replay --since-mine`) and the board page both read these parts.
import type { GameEvent } from '../engine/events.js';
import type { SegmentBody } from './bodies.js';

/** The first segment the player has not seen played: the one after his own last segment (1 if none). */
export function firstSinceMine(bodies: readonly Pick<SegmentBody, 'seq' | 'author'>[], side: string): number {
  for (let i = bodies.length - 1; i >= 0; i--) if (bodies[i]!.author === side) return bodies[i]!.seq + 1;
  return bodies.length ? bodies[0]!.seq : 1;
}

export interface SegmentPart {
  kind: 'resolutions' | 'commands' | 'combat';
  /** indices into the segment's entries (none for resolutions) */
  entries: number[];
  events: GameEvent[];
}

const rolls = (events: readonly GameEvent[]) => events.some((e) => e.type === 'sealed' ? e.kind !== 'draw' : e.type === 'rolled' || e.type === 'resolved');

/**
 * A segment as catch-up parts: its resolutions (the outcomes of earlier combats), then its commands,
 * a new part starting at each command that rolls or commits a roll, so every combat is one part
 * (with the commands after it that apply its result: losses, retreats, the advance).
 */
export function segmentParts(b: Pick<SegmentBody, 'resolutions' | 'entries'>): SegmentPart[] {
  const out: SegmentPart[] = [];
  if (b.resolutions?.length) out.push({ kind: 'resolutions', entries: [], events: b.resolutions as GameEvent[] });
  let current: SegmentPart | null = null;
  b.entries.forEach((entry, n) => {
    const events = entry.events as GameEvent[];
    const combat = rolls(events);
    if (!current || combat) {
      current = { kind: combat ? 'combat' : 'commands', entries: [], events: [] };
      out.push(current);
    }
    current.entries.push(n);
    current.events.push(...events);
  });
  return out;
}
