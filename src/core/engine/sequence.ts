// The turn sequence: turn types (first match by turns, clock hours and months), the phases each
// turn type plays, the clock, clock marks. Luxon is used with explicit offsets only (setZone on
// the module's ISO start), never the local zone, so the clock is the same on every machine.
import { DateTime } from 'luxon';
import type { PhaseDef, SegmentDef, TurnTypeDef } from '../module/schema.js';
import type { Game } from './game.js';

/** "1-5,45-50" contains n. */
export function inRangeList(list: string, n: number): boolean {
  for (const part of list.split(',')) {
    const [a, b] = part.trim().split('-').map(Number);
    if (n >= a! && n <= (b ?? a!)) return true;
  }
  return false;
}

function parseClock(iso: string): DateTime {
  const t = DateTime.fromISO(iso, { setZone: true });
  if (!t.isValid) throw new Error(`not an ISO-8601 time: ${iso}`);
  return t;
}

function formatClock(t: DateTime): string {
  return t.toISO({ suppressMilliseconds: true, suppressSeconds: true })!;
}

/**
 * The turn type of a turn: the first whose every given criterion matches (turns, clock hour,
 * month); a type with no criterion matches any turn; null when none matches (a plain turn).
 */
export function turnTypeOf(game: Game, turn: number, clock: string | null): TurnTypeDef | null {
  const t = clock ? parseClock(clock) : null;
  for (const tt of game.module.sequence.turnTypes) {
    if (tt.turns !== undefined && !inRangeList(tt.turns, turn)) continue;
    if (tt.hours !== undefined && (!t || !inRangeList(tt.hours, t.hour))) continue;
    if (tt.months !== undefined && (!t || !inRangeList(tt.months, t.month))) continue;
    return tt;
  }
  return null;
}

/** Phases played in a turn of this type, in sequence order. */
export function phasesOf(game: Game, turnType: TurnTypeDef | null): PhaseDef[] {
  const all = game.module.sequence.phases;
  if (!turnType?.phases) return all;
  const keep = new Set(turnType.phases);
  return all.filter((p) => keep.has(p.id));
}

/** Length of a turn in minutes (its type's, else the clock's), or null without a clock. */
export function turnMinutes(game: Game, turnType: TurnTypeDef | null): number | null {
  const clock = game.module.sequence.clock;
  if (!clock) return null;
  return turnType?.minutes ?? clock.minutes;
}

export interface TurnStart { turn: number; turnType: TurnTypeDef | null; clock: string | null; marks: string[] }

function marksAt(game: Game, clock: string | null): string[] {
  const marks = game.module.sequence.clock?.marks;
  if (!clock || !marks) return [];
  const minute = parseClock(clock).minute;
  return marks.filter((m) => m.minute === minute).map((m) => m.id);
}

/** The turn after `prev` (whose clock and type are given). */
export function nextTurn(game: Game, prev: { turn: number; clock: string | null; turnType: TurnTypeDef | null }): TurnStart {
  const turn = prev.turn + 1;
  const minutes = turnMinutes(game, prev.turnType);
  const clock = prev.clock && minutes !== null ? formatClock(parseClock(prev.clock).plus({ minutes })) : null;
  const turnType = turnTypeOf(game, turn, clock);
  return { turn, turnType, clock, marks: marksAt(game, clock) };
}

/** The scenario's first turn, its clock counted from the sequence's first turn. */
export function firstTurn(game: Game): TurnStart {
  const seq = game.module.sequence;
  if (seq.clock && game.scenario.clockStart) {
    // The scenario gives its own start time (fought on another day than the sequence's start).
    const clock = formatClock(parseClock(game.scenario.clockStart));
    const turnType = turnTypeOf(game, game.firstTurn, clock);
    return { turn: game.firstTurn, turnType, clock, marks: marksAt(game, clock) };
  }
  const clock0 = seq.clock ? formatClock(parseClock(seq.clock.start)) : null;
  let t: TurnStart = { turn: seq.firstTurn, turnType: turnTypeOf(game, seq.firstTurn, clock0), clock: clock0, marks: marksAt(game, clock0) };
  while (t.turn < game.firstTurn) t = nextTurn(game, t);
  return t;
}

/** Whether a segment is played in a turn with these clock marks (a segment without marks always is). */
export function segmentPlayed(segment: SegmentDef, marks: readonly string[]): boolean {
  return !segment.marks || segment.marks.some((m) => marks.includes(m));
}

/** The first segment of a phase played in a turn with these marks (null: the phase has none to play). */
export function firstSegment(phase: PhaseDef, marks: readonly string[]): string | null {
  return phase.segments.find((s) => segmentPlayed(s, marks))?.id ?? null;
}

/**
 * The phase and segment that follow the current place — the next segment of this phase played in
 * a turn with these marks, else the next phase and its first such segment — or null at the end of
 * the turn. `wholePhase` skips the rest of the current phase.
 */
export function nextPlace(game: Game, turnType: TurnTypeDef | null, phase: string, segment: string | null, marks: readonly string[] = [], wholePhase = false):
  { phase: PhaseDef; segment: string | null } | null {
  const phases = phasesOf(game, turnType);
  const i = phases.findIndex((p) => p.id === phase);
  const cur = phases[i];
  if (cur && segment !== null && !wholePhase) {
    const j = cur.segments.findIndex((s) => s.id === segment);
    const later = j >= 0 ? cur.segments.slice(j + 1).find((s) => segmentPlayed(s, marks)) : undefined;
    if (later) return { phase: cur, segment: later.id };
  }
  const next = phases[i + 1];
  return next ? { phase: next, segment: firstSegment(next, marks) } : null;
}
