// NOT FAIR, NOT SECRET: a deterministic Randomness for tests, benchmarks and examples. Faces come
// from SHA-256(seed ‖ counter ‖ i) with a bare modulo (biased), and anyone who knows the seed
// knows every card. Real games use the dice protocol (src/core/random) through the log layer.
import { sha256 } from '../hash.js';
import { cardCommitment } from '../random/commitment.js';
import type { DiceRequest, Randomness, SecretDrawRequest } from './randomness.js';

export class NotFairRandomness implements Randomness {
  /** next roll counter (rolls and shuffles share it; it is never rewound) */
  counter = 0;
  private readonly draws = new Map<string, string>(); // deck|period|index → card
  private readonly byCard = new Map<string, { commitment: string; salt: string }>();
  private readonly byCommitment = new Map<string, { card: string; salt: string }>();

  constructor(private readonly seed = 'not-fair') {}

  private word(...parts: (string | number)[]): number {
    const h = sha256(`${this.seed}|${parts.join('|')}`);
    return ((h[0]! << 24) >>> 0) + (h[1]! << 16) + (h[2]! << 8) + h[3]!;
  }

  roll(dice: readonly DiceRequest[]): { counter: number; faces: number[] } {
    const counter = this.counter++;
    const faces: number[] = [];
    let i = 0;
    for (const d of dice) for (let j = 0; j < d.count; j++) faces.push((this.word('roll', counter, i++) % d.sides) + 1);
    return { counter, faces };
  }

  shuffle(deck: string, cards: readonly string[]): { counter: number; order: string[] } {
    const counter = this.counter++;
    const a = cards.slice();
    for (let i = a.length - 1; i >= 1; i--) {
      const j = this.word('shuffle', deck, counter, i) % (i + 1);
      const t = a[i]!; a[i] = a[j]!; a[j] = t;
    }
    return { counter, order: a };
  }

  drawSecret(r: SecretDrawRequest): { counter: number; commitment: string; card: string } {
    const key = (i: number) => `${r.deck}|${r.period}|${i}`;
    // The same index gives the same card (an undone draw drawn again yields the same card).
    let card = this.draws.get(key(r.index));
    if (card === undefined) {
      const taken = new Set<string>();
      for (let i = 0; i < r.index; i++) { const c = this.draws.get(key(i)); if (c !== undefined) taken.add(c); }
      for (const h of r.held ?? []) { const c = this.byCommitment.get(h)?.card; if (c !== undefined) taken.add(c); }
      const undrawn = r.pool.filter((c) => !taken.has(c));
      if (undrawn.length === 0) throw new Error(`not-fair randomness: deck ${r.deck} has no undrawn card`);
      card = undrawn[this.word('draw', r.deck, r.period, r.index) % undrawn.length]!;
      this.draws.set(key(r.index), card);
    }
    const salt = Buffer.from(sha256(`${this.seed}|salt|${key(r.index)}`).subarray(0, 16)).toString('hex');
    const commitment = cardCommitment(salt, card);
    this.byCard.set(card, { commitment, salt });
    this.byCommitment.set(commitment, { card, salt });
    return { counter: r.index, commitment, card };
  }

  openCard(card: string): { commitment: string; salt: string } | null {
    return this.byCard.get(card) ?? null;
  }

  openCommitment(commitment: string): { card: string; salt: string } | null {
    return this.byCommitment.get(commitment) ?? null;
  }
}
