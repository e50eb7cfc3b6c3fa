// The public game state: what every player's tool agrees on after folding the same events.
// Plain JSON (integers and strings only, MP as exact fraction strings), so its canonical form
// is hashable and two machines compare states by hash. Secret cards appear only as commitments.

import type { Obligation } from './events.js';

export type Value = number | string;

export interface PieceState {
  /** canonical location (see locations.ts), or null while the piece is not in play (reinforcement) */
  location: string | null;
  face: string;
  /** 0..5, or null for a piece without facing */
  facing: number | null;
  /** values changed in play (`set`, setup values); they override the piece's and the face's values */
  values: Record<string, Value>;
  /** marker type ids attached to the piece, in the order they were put on */
  markers: string[];
}

export interface DeckState {
  /** cards in the game (module order): the deck's composition, growing with `add-cards` */
  cards: string[];
  /** public deck: the draw pile, top first. A secret deck has no order: each draw is a uniform pick */
  order: string[];
  /** face-up discard pile, bottom first */
  discard: string[];
  /** cards played out of the game */
  removed: string[];
  /** secret deck: the current deck period (0 at the start, +1 at each reshuffle) */
  period: number;
  /** secret deck: the period's public pool (undrawn at its start, plus cards added in it), module order */
  pool: string[];
  /** secret deck: draws made in this period (the next draw's index in the period) */
  drawn: number;
  /**
   * secret deck, a period begun by `add-cards` with the discard pile: the commitments of the cards
   * its owner held then. They are in `pool` but never drawn in the period; absent otherwise.
   */
  held?: string[];
}

/**
 * A hidden card in a hand: only its commitment is public until it is played or revealed. A card of
 * a sealed draw has no commitment until the draw is resolved and its owner has committed to it.
 */
export interface HiddenCard {
  deck: string;
  commitment?: string;
  period: number;
  /** draw index in the period (the Randomness counter of the draw) */
  counter: number;
  /** set once the hand is revealed */
  card?: string;
}

export interface HandState {
  /** cards of public decks, visible to all */
  cards: string[];
  /** cards of secret decks */
  hidden: HiddenCard[];
}

/**
 * A sealed commitment waiting for its resolution: made by `side` (absent: the setup) and resolved
 * when every side in `awaiting` has revealed a dice value after it. A resolved draw stays until
 * its owner commits to the cards (`drew` with `sealed: id`).
 */
export interface SealedRecord {
  id: string;
  kind: 'roll' | 'resolve' | 'shuffle' | 'draw';
  side?: string; epoch?: number; counter?: number; own?: string;
  awaiting: string[];
  /** side → the dice value it revealed for this commitment */
  values: Record<string, string>;
  command?: string;
  deck?: string; cards?: string[]; period?: number; indices?: number[]; pool?: string[]; held?: string[];
  /** resolve: what the roll is bound to and the modifiers the board gave when it was committed */
  bound?: Record<string, string>;
  derived?: string[];
}

export interface GameState {
  module: string;
  scenario: string;
  /** the board played on (locations without a board prefix are on it) */
  board: string;
  turn: number;
  turnType: string | null;
  phase: string;
  segment: string | null;
  /** side id, "all" or "none" */
  active: string;
  /** ISO-8601 time of the turn (with the module clock's offset), when the sequence has a clock */
  clock: string | null;
  /** clock marks of this turn (e.g. "hourly") */
  marks: string[];
  /** past the scenario's last turn */
  over: boolean;
  pieces: Record<string, PieceState>;
  /** location → piece ids, bottom to top; empty stacks are deleted */
  stacks: Record<string, string[]>;
  /** hex, hexside or space → marker type ids; markers on pieces live in PieceState.markers */
  markers: Record<string, string[]>;
  tracks: Record<string, number>;
  decks: Record<string, DeckState>;
  /** side → hand */
  hands: Record<string, HandState>;
  /** piece → MP spent this phase (exact fraction text); reset at each phase */
  spent: Record<string, string>;
  /** sealed commitments not yet resolved, oldest first; absent when there is none */
  sealed?: SealedRecord[];
  /** in a phase every side plays, the sides that said `next` (module permissions only); absent when none */
  passed?: string[];
  /** "side:play" → cards played (or drawn) in this segment, where the module limits them; absent when none */
  acted?: Record<string, number>;
  /** what results left to the players: losses to take, retreats to make, advances they may make; absent when none */
  obligations?: Obligation[];
  /** reinforcements whose owner delayed them (6.72): piece → the turn and hex it now arrives on; absent when none */
  entries?: Record<string, { turn: number; at: string; face?: string }>;
}

/** A deep copy (states are plain JSON). */
export function cloneState(s: GameState): GameState {
  return structuredClone(s);
}

/**
 * A deep copy of a state, as cloneState (structuredClone) makes, several times faster: a state is
 * plain JSON (objects, arrays, strings, numbers, booleans, null), copied member by member in the
 * same order. Anything else (never found in a state) is handed to structuredClone.
 */
export function copyState(s: GameState): GameState {
  return copyJson(s) as GameState;
}

/** A deep copy of plain JSON (see copyState). */
export function copyJson(v: unknown): unknown {
  if (typeof v !== 'object' || v === null) return v;
  if (Array.isArray(v)) {
    const n = v.length;
    const out = new Array<unknown>(n);
    for (let i = 0; i < n; i++) {
      if (!(i in v)) return structuredClone(v); // a hole: keep structuredClone's exact result
      out[i] = copyJson(v[i]);
    }
    return out;
  }
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return structuredClone(v);
  const out: Record<string, unknown> = {};
  for (const k in v as Record<string, unknown>) out[k] = copyJson((v as Record<string, unknown>)[k]);
  return out;
}

/** A secret deck's cards left to draw in its period (the held cards are in the pool, not drawable). */
export function undrawnCount(d: DeckState): number {
  return d.pool.length - (d.held?.length ?? 0) - d.drawn;
}
