// Catching up: every segment since the player's own last one (the other sides' turns, oldest
// first), step by step, for the page to play back on opening: the state before the first, then
// after each command the pieces that changed (their stacks included), the markers and tracks, the
// command's events in words and its rolls — a sealed roll with its outcome where a later segment
// or the player's own reply now resolves it. Folding the logged events is enough: the log was
// verified before the page opened. Take-backs (docs/log-format.md): a voided segment plays as it
// was played, marked voided; the segment that completes the agreement puts the board back (its
// outcomes kept), as `replay --since-mine` does.
import type { GameEvent } from '../core/engine/events.js';
import { applyEvent } from '../core/engine/fold.js';
import type { Game } from '../core/engine/game.js';
import { cloneState, type GameState } from '../core/engine/state.js';
import type { SegmentBody } from '../core/protocol/bodies.js';
import { rewoundState, voidedBy, type TakebackLedger } from '../core/protocol/takeback.js';
import type { BoardFrame } from '../export/board-svg.js';
import type { GameCounters } from '../export/game-counters.js';
import { cardsOf } from './page-cards.js';
import { rollsOf, type PageRoll } from './page-rolls.js';
import { locationMarkers, piecePictures, type PageMarker, type PagePiece } from './piece-pictures.js';

export interface ReplayStep {
  command: string;
  void: boolean;
  lines: string[];
  rolls: PageRoll[];
  /** the cards its events name (played, discarded, drawn open, revealed), for their values */
  cards: string[];
  /** pieces whose picture, place or stack level changed */
  pieces: PagePiece[];
  /** pieces taken out of play */
  gone: string[];
  markers: PageMarker[];
  tracks: Record<string, number>;
  /** each move of this command, as points on the board (start first), for an arrow */
  moves: { piece: string; side: string; points: { x: number; y: number }[] }[];
}

export interface ReplaySegment {
  seq: number;
  author: string;
  time: string;
  steps: ReplayStep[];
  /** the segment whose acceptance voided this one's commands (its rolls stand) */
  voidedIn?: number;
  /** the open proposal that would void this segment's commands if accepted */
  wouldVoid?: number;
  /** what its take-back part says ("take-back proposed: …", "take-back agreed: segments 1-2 voided") */
  takeback?: string;
}

/** What the catch-up needs to mark take-backs: the ledger, every segment, the start state, the words. */
export interface CatchUpTakebacks {
  ledger: TakebackLedger;
  bodies: readonly SegmentBody[];
  start: GameState;
  text: (b: SegmentBody, ledger: TakebackLedger) => string | null;
}

export interface PageReplay {
  start: { pieces: PagePiece[]; markers: PageMarker[]; tracks: Record<string, number> };
  /** oldest first */
  segments: ReplaySegment[];
  /** earlier segments since the player's own that are not replayed (more than MAX_CATCH_UP) */
  omitted: number;
}

/** The most segments the page replays; `hexpost replay` shows any number. */
export const MAX_CATCH_UP = 50;

/** The segments since `side`'s own last one, oldest first (all of the log when he has none yet). */
export function segmentsSinceMine<S extends { author: string }>(segments: readonly S[], side: string): S[] {
  let i = segments.length;
  while (i > 0 && segments[i - 1]!.author !== side) i--;
  return segments.slice(i);
}

/**
 * The catch-up replay of `segments` (consecutive, oldest first) from the state before the first.
 * `answered`: the outcomes the player's own reply resolves now (his TurnSession's resolutions).
 */
export function catchUpOf(game: Game, frame: BoardFrame, counters: GameCounters, before: GameState,
  segments: readonly SegmentBody[],
  describe: (e: GameEvent) => string, answered: readonly GameEvent[] = [], omitted = 0, takebacks?: CatchUpTakebacks): PageReplay {
  // every outcome of a sealed commitment known now, by the commitment's id
  const outcomes = new Map<string, PageRoll>();
  const resolved = [...segments.flatMap((s) => s.resolutions ?? []), ...answered];
  for (const r of rollsOf(resolved)) if (r.sealed !== undefined) outcomes.set(r.sealed, r);
  let state = cloneState(before);
  const out: ReplaySegment[] = [];
  for (const segment of segments) {
    const steps: ReplayStep[] = [];
    const resolutions = segment.resolutions?.length ? [{ command: '(resolved by this reply)', events: segment.resolutions }] : [];
    const agreed = takebacks?.ledger.agreements.find((a) => a.agreed === segment.seq);
    const said = takebacks?.text(segment, takebacks.ledger);
    // a proposal or an answer is a step of its own; an agreement's step puts the board back
    const rewind = said ? [{ command: `(${said}${agreed ? `: the board as it stood after segment ${agreed.to}` : ''})`, events: [], ...(agreed ? { rewind: true } : {}) }] : [];
    type Entry = { command: string; events: GameEvent[]; void?: true; rewind?: true };
    for (const entry of [...resolutions, ...rewind, ...segment.entries] as Entry[]) {
      const events = entry.events as GameEvent[];
      let next = cloneState(state);
      if (entry.rewind) next = rewound(takebacks!, segment);
      else if (!entry.void) for (const e of events) applyEvent(next, e);
      const changed = changedPieces(state, next);
      const rolls = rollsOf(events).map((r) => {
        const outcome = r.how === 'sealed' && !r.void && r.id !== undefined ? outcomes.get(r.id) : undefined;
        return outcome ? { ...r, outcome } : r;
      });
      steps.push({
        command: entry.command, void: !!entry.void,
        lines: events.map((e) => describe(e)), rolls, cards: cardsOf(events),
        pieces: piecePictures(game, next, frame, counters, changed),
        gone: [...changed].filter((id) => next.pieces[id]?.location === null),
        markers: locationMarkers(game, next, frame), tracks: next.tracks,
        moves: entry.void ? [] : movesOf(game, frame, events),
      });
      state = next;
    }
    const voided = takebacks && voidedBy(takebacks.ledger, segment.seq);
    const open = takebacks?.ledger.open;
    const pending = open && segment.seq > open.to && segment.seq < open.seq ? open.seq : undefined;
    out.push({ seq: segment.seq, author: segment.author, time: segment.time, steps, ...(voided ? { voidedIn: voided.agreed } : {}), ...(pending ? { wouldVoid: pending } : {}), ...(said ? { takeback: said } : {}) });
  }
  return {
    start: { pieces: piecePictures(game, before, frame, counters), markers: locationMarkers(game, before, frame), tracks: before.tracks },
    segments: out, omitted,
  };
}

/**
 * The board an agreement puts back: every segment before it with the agreements made so far (this
 * one included) voiding their ranges, then this segment's resolutions (randomness is never voided).
 */
function rewound(t: CatchUpTakebacks, segment: SegmentBody): GameState {
  const voided = new Set<number>();
  for (const a of t.ledger.agreements) if (a.agreed <= segment.seq) for (let s = a.from; s <= a.through; s++) voided.add(s);
  const state = rewoundState(t.start, t.bodies.slice(0, segment.seq - 1), voided);
  for (const e of (segment.resolutions ?? []) as GameEvent[]) applyEvent(state, e);
  return state;
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

