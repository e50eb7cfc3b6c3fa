// The engine's Randomness answered by the dice protocol, for one segment of one author.
// Live (the author's own tool) it computes every outcome; checking (anyone replaying the log) it
// computes dice and shuffles from the epoch key and takes what it cannot compute — the
// commitments of another player's secret draws, and openings — from the logged events, so the
// re-executed command reproduces the log exactly when the log is honest. Pure.
import type { DiceRequest, Randomness, SealRequest, SealTicket, SecretDrawRequest } from '../engine/randomness.js';
import type { GameEvent } from '../engine/events.js';
import type { HashChain } from '../random/chain.js';
import { rollDice } from '../random/dice.js';
import { drawKey, drawWithKey } from '../random/hidden-draw.js';
import { shuffle } from '../random/shuffle.js';
import type { HandKnowledge } from './hand-knowledge.js';

/** A draw whose card the replaying tool cannot know yet: audited when its period is revealed. */
export interface PendingDraw {
  side: string;
  deck: string;
  period: number;
  index: number;
  commitment: string;
  /** the pool the draw picked from (minus earlier draws of the period) */
  pool: readonly string[];
  /** commitments of the cards in the pool its owner held when the period began */
  held?: readonly string[];
  /** the opponents' dice values in force, sorted by side */
  opponentValues: readonly string[];
  /** the segment it was logged in */
  seq: number;
}

export interface SegmentRandomnessInput {
  gameId: string;
  author: string;
  seq: number;
  /** the epoch key, or why the author may not roll yet */
  epochKey: Uint8Array | { refused: string };
  /** the author's next roll counter in this epoch */
  nextCounter: number;
  /** other players' latest dice values, sorted by side id */
  opponentValues: readonly string[];
  /** the author's hidden chain, when this tool holds his secrets */
  hidden: HashChain | null;
  knowledge: HandKnowledge;
  /** the author's epoch and his dice value of it (sealed commitments carry both) */
  epoch: number;
  ownValue: string;
  /** the other sides still playing: the ones whose next dice reveal resolves a sealed commitment */
  awaiting: readonly string[];
  /** how many hidden-chain values the author has revealed: his deck periods below that are closed */
  hiddenRevealed: number;
}

const ZERO = '0'.repeat(64);

export class ProtocolRandomness implements Randomness {
  nextCounter: number;
  /** secret draws this tool could not compute (another player's): for the period audit */
  readonly pending: PendingDraw[] = [];
  /** events logged for the entry being re-executed, when checking */
  private expected: GameEvent[] | null = null;
  private expectedDraws: { counter: number; commitment: string }[] = [];

  constructor(private readonly input: SegmentRandomnessInput) {
    this.nextCounter = input.nextCounter;
  }

  /** Checking mode: the events the log holds for the next entry. */
  expect(events: readonly GameEvent[] | null): void {
    this.expected = events ? [...events] : null;
    this.expectedDraws = [];
    for (const e of events ?? []) if (e.type === 'drew' && e.draws) this.expectedDraws.push(...e.draws);
  }

  seal(r: SealRequest): SealTicket {
    const { author, epoch, ownValue, awaiting } = this.input;
    if (!awaiting.length) throw new Error('nobody is left to resolve a sealed outcome: every other player has sent his final segment');
    const base = { side: author, epoch, own: ownValue, awaiting: [...awaiting] };
    if (r.kind === 'draw') {
      if (r.period! + 1 <= this.input.hiddenRevealed) {
        throw new Error(`period ${r.period} of deck ${r.deck} is closed: its hidden value (#${r.period! + 1}) was revealed, so anyone could compute a draw keyed by it`);
      }
      return { ...base, id: `${author}/${r.deck}/${r.period}/${r.index}` };
    }
    const counter = this.nextCounter++;
    return { ...base, id: `${author}/${epoch}/${counter}`, counter };
  }

  private key(): Uint8Array {
    const k = this.input.epochKey;
    if (!(k instanceof Uint8Array)) throw new Error(k.refused);
    return k;
  }

  roll(dice: readonly DiceRequest[]): { counter: number; faces: number[] } {
    const key = this.key();
    const counter = this.nextCounter++;
    return { counter, faces: rollDice(key, counter, dice).flat() };
  }

  shuffle(_deck: string, cards: readonly string[]): { counter: number; order: string[] } {
    const key = this.key();
    const counter = this.nextCounter++;
    return { counter, order: shuffle(key, counter, cards) };
  }

  drawSecret(r: SecretDrawRequest): { counter: number; commitment: string; card?: string } {
    const { knowledge } = this.input;
    if (this.input.hidden && r.side === this.input.author) {
      const pool = knowledge.undrawn(r.side, r.deck, r.period, r.index, r.pool, r.held);
      const key = drawKey({
        gameId: this.input.gameId, deckId: r.deck,
        hiddenValue: this.input.hidden.reveal(r.period + 1),
        opponentValues: this.input.opponentValues,
      });
      const d = drawWithKey(key, r.index, pool);
      knowledge.add({ side: r.side, deck: r.deck, period: r.period, index: r.index, card: d.card, salt: d.salt, commitment: d.commitment });
      return { counter: r.index, commitment: d.commitment, card: d.card };
    }
    // Another player's draw: only the log knows the commitment; its card is audited later.
    const logged = this.expectedDraws.shift();
    const commitment = logged?.commitment ?? ZERO;
    this.pending.push({
      side: r.side, deck: r.deck, period: r.period, index: r.index, commitment, pool: r.pool, ...(r.held ? { held: r.held } : {}),
      opponentValues: this.input.opponentValues, seq: this.input.seq,
    });
    return { counter: r.index, commitment };
  }

  openCard(card: string): { commitment: string; salt: string } | null {
    if (this.expected) {
      for (const e of this.expected) {
        if ((e.type === 'played' || e.type === 'discarded') && e.card === card && e.commitment && e.salt) {
          return { commitment: e.commitment, salt: e.salt };
        }
      }
      return null;
    }
    // Live: the author opens a card he holds and knows (the newest such, if drawn twice over periods).
    let found: { commitment: string; salt: string } | null = null;
    for (const k of this.input.knowledge.ofSide(this.input.author)) if (k.card === card) found = { commitment: k.commitment, salt: k.salt };
    return found;
  }

  openCommitment(commitment: string): { card: string; salt: string } | null {
    if (this.expected) {
      for (const e of this.expected) {
        if (e.type === 'hand-revealed') {
          const c = e.cards.find((x) => x.commitment === commitment);
          if (c) return { card: c.card, salt: c.salt };
        }
      }
      return null;
    }
    const k = this.input.knowledge.byCommitmentOf(commitment);
    return k ? { card: k.card, salt: k.salt } : null;
  }
}
