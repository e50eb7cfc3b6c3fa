// The signed bodies of a game log, as canonical JSON. A second implementation reads these
// shapes from docs/log-format.md; keep the two in step.

import type { GameEvent } from '../engine/events.js';

/** 2: sealed randomness (docs/dice-protocol.md); logs of protocol 1 are refused. */
export const PROTOCOL_VERSION = 2;

/** Commitments pinned at setup: the anchors of a player's two hash chains. */
export interface Commitments {
  dice: string;
  hidden: string;
}

export interface PlayerEntry {
  side: string;
  /** full v4 fingerprint, 40 lower-case hex digits */
  fingerprint: string;
  /** the armored public key, so the log verifies on its own */
  publicKey: string;
}

/** The creator's signed proposal. */
export interface GenesisBody {
  type: 'hexpost/genesis';
  version: number;
  module: { id: string; version: string; hash: string; data: Record<string, unknown> };
  scenario: string;
  /** 32 random bytes (hex): two games set up alike still get different ids */
  nonce: string;
  /** informational only; never used for ordering or security */
  time: string;
  creator: string;
  /** every side of the module, sorted by side id */
  players: PlayerEntry[];
  chainLength: { dice: number; hidden: number };
  commitments: Commitments;
  /** the creator's chain secrets, an armored OpenPGP message encrypted to his own key */
  secrets: string;
}

/** Each other player's signed acceptance of the proposal. */
export interface AcceptanceBody {
  type: 'hexpost/acceptance';
  version: number;
  /** SHA-256 of the genesis body's canonical bytes */
  genesis: string;
  side: string;
  fingerprint: string;
  time: string;
  commitments: Commitments;
  secrets: string;
}

/** One entry of a segment: a command in its text form, and the events it produced. */
export interface SegmentEntry {
  command: string;
  events: GameEvent[];
  /** taken back by `undo`: its events stay for the opponent to see, marked void */
  void?: true;
}

export interface HiddenReveal {
  /** hidden-chain reveal number (1, 2, …): the deck period it ends */
  period: number;
  value: string;
}

export interface SegmentBody {
  type: 'hexpost/segment';
  version: number;
  game: string;
  seq: number;
  author: string;
  /** SHA-256 of the previous segment's body (the game id for seq 1) */
  prev: string;
  time: string;
  /** the author's epoch: his n-th run of consecutive segments */
  epoch: number;
  /** dice-chain reveal #epoch, present exactly on the first segment of an epoch */
  reveal?: string;
  /** hidden-chain values revealed in this segment, in period order */
  hiddenReveals?: HiddenReveal[];
  /**
   * What the segment's reveal resolves, before its commands: sealed commitments answered, their
   * outcomes, and the author's commitments to the cards of his resolved sealed draws
   */
  resolutions?: GameEvent[];
  entries: SegmentEntry[];
  /** SHA-256 of the public state after this segment */
  state: string;
  /** the author's closing reveal: he plays no further part */
  final?: true;
  /** a take-back proposal, or the answer to one (docs/log-format.md, "Take-backs") */
  takeback?: TakebackField;
}

/**
 * propose: void the entries of the segments after `to` (the proposal holds no entries);
 * accept: the proposal's body hash and its `to`, signed by the other player; decline: its hash.
 */
export type TakebackField =
  | { kind: 'propose'; to: number }
  | { kind: 'accept'; proposal: string; to: number }
  | { kind: 'decline'; proposal: string };

/** Secrets a player keeps in the log, encrypted to himself. */
export interface ChainSecrets {
  dice: string;
  hidden: string;
}
