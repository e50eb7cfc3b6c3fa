// Take-backs both players sign (docs/log-format.md, "Take-backs"). A proposal is a segment whose
// `takeback` asks to void the entries of the segments after `to`; it takes effect only when every
// other player still in the game answers with a segment that accepts exactly it. Nothing is
// rewritten: the voided segments stay in the log, marked voided in every view, and randomness is
// never voided — a segment that committed, rolled, drew or showed a card cannot be taken back, and
// the outcomes that voided segments resolved stay in force. So no take-back can re-roll. Pure.
import { applyEvent } from '../engine/fold.js';
import type { GameEvent } from '../engine/events.js';
import { copyState, type GameState } from '../engine/state.js';
import type { SegmentBody, TakebackField } from './bodies.js';

/** A proposal waiting for its answers. */
export interface OpenTakeback {
  /** the proposal's segment and body hash */
  seq: number;
  hash: string;
  by: string;
  /** the last segment kept: the entries of to+1 … seq−1 are voided when agreed */
  to: number;
  /** the players who must accept, sorted; and those who did */
  awaiting: string[];
  accepted: string[];
}

/** An agreed take-back: the segments it voided and who signed it. */
export interface TakebackAgreement {
  proposal: number;
  by: string;
  to: number;
  /** the voided segments, from … through (inclusive) */
  from: number;
  through: number;
  /** the segment of the last acceptance, where it took effect */
  agreed: number;
  acceptedBy: string[];
}

export interface TakebackLedger {
  open: OpenTakeback | null;
  agreements: TakebackAgreement[];
  /** proposals declined: by whom, in which segment */
  declined: { proposal: number; by: string; at: number }[];
}

export const emptyLedger = (): TakebackLedger => ({ open: null, agreements: [], declined: [] });

export class TakebackError extends Error {}

/** Events that hold no randomness and show no card: the only ones a take-back may void. */
const VOIDABLE = new Set<GameEvent['type']>([
  'moved', 'rotated', 'flipped', 'marked', 'unmarked', 'value-set', 'track-set', 'restacked',
  'turn-began', 'phase-began', 'arrived', 'delayed', 'entry-delayed', 'game-ended', 'passed', 'noted', 'undone',
]);

/** The seqs whose entries agreed take-backs voided. */
export function voidedSegments(ledger: TakebackLedger): Set<number> {
  const out = new Set<number>();
  for (const a of ledger.agreements) for (let s = a.from; s <= a.through; s++) out.add(s);
  return out;
}

/** The agreement that voided segment `seq`, if any (the latest). */
export function voidedBy(ledger: TakebackLedger, seq: number): TakebackAgreement | undefined {
  return [...ledger.agreements].reverse().find((a) => seq >= a.from && seq <= a.through);
}

/**
 * Why a take-back to `to` cannot be proposed at segment `seq` (null: it can). `bodyOf(s)` gives
 * segment s; `voided` the segments already voided (their entries need no check).
 */
export function proposalProblem(to: number, seq: number, bodyOf: (s: number) => SegmentBody, voided: ReadonlySet<number>): string | null {
  if (!Number.isInteger(to) || to < 0) return `take-back to segment ${to}: expected a segment number from 0`;
  if (to > seq - 2) return `take-back to segment ${to} voids nothing: the last segment is ${seq - 1}`;
  for (let s = seq - 1; s > to; s--) {
    const b = bodyOf(s);
    if (b.final) return `segment ${s} is ${b.author}'s final segment: it cannot be taken back`;
    if (voided.has(s)) continue;
    for (const [n, entry] of b.entries.entries()) {
      if (entry.void) continue;
      const bad = (entry.events as GameEvent[]).find((e) => !VOIDABLE.has(e.type));
      if (bad) {
        return `segment ${s} command ${n + 1} "${entry.command}" ${whatItDoes(bad)}: a take-back never voids randomness `
          + `or a card shown, so it cannot reach back past segment ${s} (take back to segment ${s} or later)`;
      }
    }
  }
  return null;
}

function whatItDoes(e: GameEvent): string {
  switch (e.type) {
    case 'sealed': return `commits ${e.kind === 'draw' ? 'a sealed draw' : `a sealed ${e.kind}`} (${e.id})`;
    case 'rolled': case 'resolved': return `rolls ${e.dice} = ${e.faces.join(',')}`;
    case 'shuffled': return `shuffles ${e.deck}`;
    case 'drew': return `draws from ${e.deck}`;
    case 'played': case 'discarded': return `shows card ${e.card}`;
    default: return `logs ${e.type}`;
  }
}

export interface TakebackStep {
  ledger: TakebackLedger;
  /** true: this segment completes an agreement; its state starts from the rewound one */
  rewind: boolean;
}

/**
 * The ledger after segment `b` (body hash `hash`), or a TakebackError saying what the segment
 * breaks. `players` are the sides still in the game (no final segment sent), `bodyOf` gives earlier segments.
 */
export function takebackStep(ledger: TakebackLedger, b: SegmentBody, hash: string, players: readonly string[], bodyOf: (s: number) => SegmentBody): TakebackStep {
  const t = b.takeback;
  const open = ledger.open;
  const fail: (why: string) => never = (why) => { throw new TakebackError(why); };
  if (open) {
    if (b.author === open.by || open.accepted.includes(b.author)) {
      const waiting = open.awaiting.filter((s) => !open.accepted.includes(s));
      fail(`the take-back proposed in segment ${open.seq} waits for ${waiting.join(', ')}'s answer; ${b.author} writes no further segment until then`);
    }
    if (!open.awaiting.includes(b.author)) fail(`${b.author} cannot answer the take-back of segment ${open.seq}`);
    if (t?.kind === 'accept') {
      if (t.proposal !== open.hash) fail(`accepts proposal ${t.proposal}, but the open proposal (segment ${open.seq}) hashes to ${open.hash}`);
      if (t.to !== open.to) fail(`accepts a take-back to segment ${t.to}, but segment ${open.seq} proposed one to segment ${open.to}`);
      const accepted = [...open.accepted, b.author].sort();
      if (accepted.length < open.awaiting.length) return { ledger: { ...ledger, open: { ...open, accepted } }, rewind: false };
      const agreement: TakebackAgreement = { proposal: open.seq, by: open.by, to: open.to, from: open.to + 1, through: open.seq - 1, agreed: b.seq, acceptedBy: accepted };
      return { ledger: { ...ledger, open: null, agreements: [...ledger.agreements, agreement] }, rewind: true };
    }
    if (!t || t.kind === 'propose') fail(`must answer the take-back proposed in segment ${open.seq} (accept or decline it) before anything else`);
    if (t.proposal !== open.hash) fail(`declines proposal ${t.proposal}, but the open proposal (segment ${open.seq}) hashes to ${open.hash}`);
    const declined = [...ledger.declined, { proposal: open.seq, by: b.author, at: b.seq }];
    return { ledger: { ...ledger, open: null, declined }, rewind: false };
  }
  if (!t) return { ledger, rewind: false };
  if (t.kind !== 'propose') throw new TakebackError(`${t.kind === 'accept' ? 'accepts' : 'declines'} a take-back, but no proposal is open`);
  if (b.entries.length) fail('a take-back proposal holds no commands (send them after the answer)');
  const others = players.filter((s) => s !== b.author).sort();
  if (!others.length) fail('nobody is left to accept a take-back');
  const problem = proposalProblem(t.to, b.seq, bodyOf, voidedSegments(ledger));
  if (problem) fail(problem);
  return { ledger: { ...ledger, open: { seq: b.seq, hash, by: b.author, to: t.to, awaiting: others, accepted: [] } }, rewind: false };
}

/**
 * The state when an agreement takes effect: the start state, then every segment before the
 * accepting one — its resolutions always (randomness is never voided), its entries unless voided.
 */
export function rewoundState(start: GameState, bodies: readonly SegmentBody[], voided: ReadonlySet<number>): GameState {
  const s = copyState(start);
  for (const b of bodies) {
    for (const e of (b.resolutions ?? []) as GameEvent[]) applyEvent(s, e);
    if (voided.has(b.seq)) continue;
    for (const entry of b.entries) if (!entry.void) for (const e of entry.events as GameEvent[]) applyEvent(s, e);
  }
  return s;
}

/** The field a segment carries, for the body. */
export type { TakebackField };
