// What every tool knows of the players' hash chains while it replays a log: each side's latest
// revealed dice and hidden values, and whose epoch it is. Pure and cheap to copy.
import { DICE_CHAIN_TAG, HIDDEN_CHAIN_TAG, verifyNext } from '../random/chain.js';
import { RandomProtocolError } from '../random/errors.js';
import type { Commitments } from './bodies.js';

/** One side's chain position, as a snapshot stores it. */
export interface SideChainsSnapshot {
  side: string;
  dice: string;
  diceReveals: number;
  hidden: string;
  hiddenReveals: number;
  epochs: number;
}

export interface ChainStateSnapshot {
  lastAuthor: string | null;
  sides: SideChainsSnapshot[];
}

interface SideChains {
  dice: string;
  diceReveals: number;
  hidden: string;
  hiddenReveals: number;
  /** epochs the side has started */
  epochs: number;
}

export class ChainState {
  private readonly sides = new Map<string, SideChains>();
  /** the author of the latest segment (none before the first) */
  lastAuthor: string | null = null;

  /** `order` is the order in which the players committed: the creator first, then each acceptance. */
  constructor(readonly order: readonly string[], commitments: Record<string, Commitments>, readonly chainLength: { dice: number; hidden: number }) {
    for (const side of order) {
      const c = commitments[side]!;
      this.sides.set(side, { dice: c.dice, diceReveals: 0, hidden: c.hidden, hiddenReveals: 0, epochs: 0 });
    }
  }

  clone(): ChainState {
    const copy = new ChainState([], {}, this.chainLength);
    (copy as { order: readonly string[] }).order = this.order;
    for (const [k, v] of this.sides) copy.sides.set(k, { ...v });
    copy.lastAuthor = this.lastAuthor;
    return copy;
  }

  /** Everything needed to carry on from here later (a verified-prefix cache). */
  snapshot(): ChainStateSnapshot {
    return { lastAuthor: this.lastAuthor, sides: [...this.sides].map(([side, c]) => ({ side, ...c })) };
  }

  static fromSnapshot(order: readonly string[], snap: ChainStateSnapshot, chainLength: { dice: number; hidden: number }): ChainState {
    const state = new ChainState([], {}, chainLength);
    (state as { order: readonly string[] }).order = order;
    for (const { side, ...c } of snap.sides) state.sides.set(side, { ...c });
    state.lastAuthor = snap.lastAuthor;
    return state;
  }

  private get(side: string): SideChains {
    const s = this.sides.get(side);
    if (!s) throw new Error(`unknown side "${side}"`);
    return s;
  }

  /** Whether a segment by `author` now starts a new epoch (the first after another's segment). */
  startsEpoch(author: string): boolean {
    return this.lastAuthor !== author;
  }

  /** The epoch number a segment by `author` belongs to. */
  epochFor(author: string): number {
    const s = this.get(author);
    return this.startsEpoch(author) ? s.epochs + 1 : s.epochs;
  }

  /** Checks and records the dice reveal that opens `author`'s next epoch. */
  openEpoch(author: string, reveal: string): void {
    const s = this.get(author);
    if (s.diceReveals + 1 > this.chainLength.dice) {
      throw new RandomProtocolError('chain.exhausted', `${author}'s dice chain has no value left for epoch ${s.epochs + 1}`, { side: author });
    }
    verifyNext(s.dice, reveal, DICE_CHAIN_TAG);
    s.dice = reveal;
    s.diceReveals++;
    s.epochs++;
  }

  /** Records a segment by `author` (after openEpoch when it started one). */
  noteSegment(author: string): void {
    this.lastAuthor = author;
  }

  latestDice(side: string): string { return this.get(side).dice; }
  diceReveals(side: string): number { return this.get(side).diceReveals; }
  epochs(side: string): number { return this.get(side).epochs; }

  /** Every other player's latest dice value (the anchor before his first reveal), sorted by side id. */
  othersDice(side: string): string[] {
    return [...this.sides.keys()].filter((s) => s !== side).sort().map((s) => this.get(s).dice);
  }

  /**
   * Players who committed before `side` and have not revealed yet. While any remain, `side` may
   * not roll: he saw their anchors before choosing his own chain, so a key built on those anchors
   * could be ground; their first reveal was unknown to him.
   */
  pendingEarlierReveals(side: string): string[] {
    const idx = this.order.indexOf(side);
    return this.order.slice(0, Math.max(idx, 0)).filter((s) => this.get(s).diceReveals === 0);
  }

  hiddenReveals(side: string): number { return this.get(side).hiddenReveals; }
  latestHidden(side: string): string { return this.get(side).hidden; }

  /** Checks and records hidden-chain reveal #period of `side`. */
  revealHidden(side: string, period: number, value: string): void {
    const s = this.get(side);
    if (period !== s.hiddenReveals + 1) {
      throw new RandomProtocolError('chain.skipped', `${side} reveals hidden value #${period}, but #${s.hiddenReveals + 1} is next`, { side, period });
    }
    verifyNext(s.hidden, value, HIDDEN_CHAIN_TAG);
    s.hidden = value;
    s.hiddenReveals++;
  }
}
