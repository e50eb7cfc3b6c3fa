// What one player's tool knows of secretly drawn cards: its own (computed from its hidden chain),
// and every card once it is opened. Never part of the public state.

export interface KnownCard {
  side: string;
  deck: string;
  period: number;
  index: number;
  card: string;
  salt: string;
  commitment: string;
}

export class HandKnowledge {
  private readonly byCommitment = new Map<string, KnownCard>();
  /** side|deck|period → cards drawn, by draw index */
  private readonly drawn = new Map<string, string[]>();

  add(k: KnownCard): void {
    this.byCommitment.set(k.commitment, k);
    const key = `${k.side}|${k.deck}|${k.period}`;
    const list = this.drawn.get(key) ?? [];
    list[k.index] = k.card;
    this.drawn.set(key, list);
  }

  byCommitmentOf(commitment: string): KnownCard | undefined {
    return this.byCommitment.get(commitment);
  }

  /** Cards drawn in a deck period before draw `index` (the owner needs them to know what is undrawn). */
  drawnBefore(side: string, deck: string, period: number, index: number): string[] {
    return (this.drawn.get(`${side}|${deck}|${period}`) ?? []).slice(0, index);
  }

  /**
   * What draw `index` of a deck period picks from: the pool minus the cards its owner held when
   * the period began (`held`, by commitment) and minus the period's earlier draws, in pool order.
   * Throws when a held card is not known to this tool (its own period is not audited yet).
   */
  undrawn(side: string, deck: string, period: number, index: number, pool: readonly string[], held: readonly string[] = []): string[] {
    const taken = new Set(this.drawnBefore(side, deck, period, index));
    for (const c of held) {
      const k = this.byCommitment.get(c);
      if (!k) throw new Error(`the card ${side} held with commitment ${c.slice(0, 12)}… when period ${period} of ${deck} began is not known yet`);
      taken.add(k.card);
    }
    return pool.filter((c) => !taken.has(c));
  }

  /** The card of draw `index` of a deck period, when this tool knows it. */
  cardAt(side: string, deck: string, period: number, index: number): string | undefined {
    return this.drawn.get(`${side}|${deck}|${period}`)?.[index];
  }

  /** Every known card drawn by a side, oldest first. */
  ofSide(side: string): KnownCard[] {
    return [...this.byCommitment.values()].filter((k) => k.side === side)
      .sort((a, b) => a.period - b.period || a.index - b.index);
  }

  clone(): HandKnowledge {
    const copy = new HandKnowledge();
    for (const k of this.byCommitment.values()) copy.add({ ...k });
    return copy;
  }
}
