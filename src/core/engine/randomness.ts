// Randomness is injected: executing a command asks this interface for every random outcome and
// records it in events, so folding events never needs it, and the engine stays pure. The live
// tool answers from the dice protocol (src/core/random); the log layer verifies a segment by
// re-executing its commands with a Randomness that answers from — and checks against — the log.

export interface DiceRequest { count: number; sides: number }

export interface SecretDrawRequest {
  deck: string;
  /** the drawing side (the deck's owner) */
  side: string;
  period: number;
  /** the period's public pool (module card order); the owner's tool knows which were drawn */
  pool: readonly string[];
  /** commitments of cards in the pool its owner held when the period began: never drawn */
  held?: readonly string[];
  /** index of this draw in the period: 0, 1, 2 … (the hidden-draw counter) */
  index: number;
}

/** What a command seals: its kind, and for a secret draw the deck, period and first draw index. */
export interface SealRequest {
  kind: 'roll' | 'resolve' | 'shuffle' | 'draw';
  deck?: string;
  period?: number;
  index?: number;
}

/** A sealed commitment's identity and what it waits for (docs/dice-protocol.md, sealed randomness). */
export interface SealTicket {
  id: string;
  side: string;
  epoch: number;
  /** the roll counter it takes (roll, resolve, shuffle) */
  counter?: number;
  /** the side's dice value of this epoch */
  own: string;
  /** the sides whose next dice reveal resolves it */
  awaiting: string[];
}

export interface Randomness {
  /**
   * Sealed randomness: commits a random outcome that is resolved when the other sides have
   * revealed their next dice values. Absent: every outcome is immediate (tests, benchmarks).
   * Throws (refusing the command) when nobody is left to resolve it or the draw's period is closed.
   */
  seal?(request: SealRequest): SealTicket;
  /** One roll record: consumes one roll counter; faces of all dice in order (each 1..sides). */
  roll(dice: readonly DiceRequest[]): { counter: number; faces: number[] };
  /** One roll record shuffling a deck's cards; `order` is a permutation of `cards`, top first. */
  shuffle(deck: string, cards: readonly string[]): { counter: number; order: string[] };
  /** A secret draw: only the commitment is public. `card` is known to the owner's tool only. */
  drawSecret(request: SecretDrawRequest): { counter: number; commitment: string; card?: string };
  /** Opens a card the acting side holds hidden: its commitment and salt, or null if he holds none. */
  openCard(card: string): { commitment: string; salt: string } | null;
  /** Opens a hidden card by commitment (for `reveal-hand`), or null when unknown. */
  openCommitment(commitment: string): { card: string; salt: string } | null;
}

/** A Randomness for commands that need none: any call is a programming error. */
export const NO_RANDOMNESS: Randomness = {
  roll: () => { throw new Error('no randomness available'); },
  shuffle: () => { throw new Error('no randomness available'); },
  drawSecret: () => { throw new Error('no randomness available'); },
  openCard: () => null,
  openCommitment: () => null,
};
