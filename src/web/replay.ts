// The opponent's last segment, step by step, for the page to play back on opening: the state
// before it, then after each command the pieces that changed (their stacks included), the markers
// and tracks, the command's events in words and its rolls. Folding the logged events is enough:
// the log was verified before the page opened.
import type { GameEvent } from '../core/engine/events.js';
import { applyEvent } from '../core/engine/fold.js';
import type { Game } from '../core/engine/game.js';
import { cloneState, type GameState } from '../core/engine/state.js';
import type { SegmentBody } from '../core/protocol/bodies.js';
import { firstSinceMine, segmentParts, type SegmentPart } from '../core/protocol/since-mine.js';
import type { BoardFrame } from '../export/board-svg.js';
import type { GameCounters } from '../export/game-counters.js';
import { rollsOf, type PageRoll } from './page-rolls.js';
import { locationMarkers, piecePictures, type PageMarker, type PagePiece } from './piece-pictures.js';

export interface ReplayStep {
  command: string;
  void: boolean;
  lines: string[];
  rolls: PageRoll[];
  /** pieces whose picture, place or stack level changed */
  pieces: PagePiece[];
  /** pieces taken out of play */
  gone: string[];
  markers: PageMarker[];
  tracks: Record<string, number>;
  /** each move of this command, as points on the board (start first), for an arrow */
  moves: { piece: string; side: string; points: { x: number; y: number }[] }[];
}

export interface PageReplay {
  seq: number;
  author: string;
  time: string;
  start: { pieces: PagePiece[]; markers: PageMarker[]; tracks: Record<string, number> };
  steps: ReplayStep[];
}

export function replayOf(game: Game, frame: BoardFrame, counters: GameCounters, before: GameState, segment: SegmentBody, describe: (e: GameEvent) => string): PageReplay {
  let state = cloneState(before);
  const steps: ReplayStep[] = [];
  const resolutions = segment.resolutions?.length ? [{ command: '(resolved by this reply)', events: segment.resolutions }] : [];
  for (const entry of [...resolutions, ...segment.entries] as { command: string; events: GameEvent[]; void?: true }[]) {
    const events = entry.events as GameEvent[];
    const next = cloneState(state);
    if (!entry.void) for (const e of events) applyEvent(next, e);
    const changed = changedPieces(state, next);
    steps.push({
      command: entry.command, void: !!entry.void,
      lines: events.map(describe), rolls: rollsOf(events),
      pieces: piecePictures(game, next, frame, counters, changed),
      gone: [...changed].filter((id) => next.pieces[id]?.location === null),
      markers: locationMarkers(game, next, frame), tracks: next.tracks,
      moves: entry.void ? [] : movesOf(game, frame, events),
    });
    state = next;
  }
  return {
    seq: segment.seq, author: segment.author, time: segment.time,
    start: { pieces: piecePictures(game, before, frame, counters), markers: locationMarkers(game, before, frame), tracks: before.tracks },
    steps,
  };
}

function changedPieces(a: GameState, b: GameState): Set<string> {
  const out = new Set<string>();
  for (const id of Object.keys(b.pieces)) {
    if (JSON.stringify(a.pieces[id]) !== JSON.stringify(b.pieces[id])) out.add(id);
  }
  // Everything in a stack that changed moves to a new level.
  for (const loc of new Set([...Object.keys(a.stacks), ...Object.keys(b.stacks)])) {
    const x = a.stacks[loc] ?? [], y = b.stacks[loc] ?? [];
    if (x.join() !== y.join()) for (const id of [...x, ...y]) out.add(id);
  }
  return out;
}

function movesOf(game: Game, frame: BoardFrame, events: readonly GameEvent[]): ReplayStep['moves'] {
  const onBoard = (l: string) => game.board.has(l);
  const out: ReplayStep['moves'] = [];
  for (const e of events) {
    if (e.type !== 'moved') continue;
    const stops = [...(e.from !== null ? [e.from] : []), ...e.path].filter(onBoard);
    if (stops.length < 2) continue;
    out.push({ piece: e.piece, side: game.pieces.get(e.piece)?.side ?? '', points: stops.map((l) => frame.at(l)) });
  }
  return out;
}

/** A page replay of a segment since the player's own last one, with its catch-up parts. */
export interface CatchUpReplay extends PageReplay {
  /** its commands were voided by an agreed take-back (its rolls stand) */
  voided: boolean;
  /** resolutions, then one part per combat (src/core/protocol/since-mine.ts): indices into `steps` */
  parts: { kind: SegmentPart['kind']; steps: number[] }[];
}

/**
 * Catching up on the board page (docs/replay.md): every segment after `side`'s own last one, in
 * order, each as replayOf gives it, with its catch-up parts. `before(seq)` is the state before
 * segment seq (a verification's onSegment states); `voided` the segments take-backs voided.
 */
export function replaysSinceMine(
  game: Game, frame: BoardFrame, counters: GameCounters, segments: readonly SegmentBody[],
  before: (seq: number) => GameState, side: string, describe: (e: GameEvent) => string, voided: ReadonlySet<number> = new Set(),
): CatchUpReplay[] {
  const out: CatchUpReplay[] = [];
  for (let seq = firstSinceMine(segments, side); seq <= segments.length; seq++) {
    const b = segments[seq - 1]!;
    const r = replayOf(game, frame, counters, before(seq), b, describe);
    // replayOf's steps are the resolutions (one step), then one per entry: map each part onto them
    const offset = b.resolutions?.length ? 1 : 0;
    const parts = segmentParts(b).map((p) => ({ kind: p.kind, steps: p.kind === 'resolutions' ? [0] : p.entries.map((n) => n + offset) }));
    out.push({ ...r, voided: voided.has(seq), parts });
  }
  return out;
}
