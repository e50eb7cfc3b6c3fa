// Computes the test vectors published in docs/dice-protocol.md, from the fixed inputs in
// fixtures.ts. vectors.test.ts checks that the document shows exactly these values.
import { sealedKey } from '../../../src/core/random/sealed-key.js';
import { buildChain, DICE_CHAIN_TAG, HIDDEN_CHAIN_TAG } from '../../../src/core/random/chain.js';
import { rollDice } from '../../../src/core/random/dice.js';
import { drawKey, drawWithKey } from '../../../src/core/random/hidden-draw.js';
import { shuffle } from '../../../src/core/random/shuffle.js';
import { epochKey, KeyedWordStream, streamBlock } from '../../../src/core/random/stream.js';
import { rejectionLimit } from '../../../src/core/random/uniform.js';
import { CHAIN_LENGTH, DICE_SECRET_A, DICE_SECRET_B, GAME_ID, HIDDEN_SECRET_A } from './fixtures.js';

const hex = (u: Uint8Array) => Buffer.from(u).toString('hex');

/** A die size whose rejection band is nearly the largest possible (65146 of 2^32 words). */
export const REJECTION_SIDES = 65175;
/** First roll counter ≥ from whose first word is rejected for `sides` (used to pick the vector). */
export function findRejectionCounter(key: Uint8Array, sides: number, from = 0, max = 2_000_000): number {
  const limit = rejectionLimit(sides);
  for (let c = from; c < from + max; c++) {
    const b = streamBlock(key, 'roll', c, 0);
    if (Buffer.from(b).readUInt32BE(0) >= limit) return c;
  }
  throw new Error('no rejection found');
}

/** The published vectors; `rejectionCounter` is the counter the document names (found by findRejectionCounter). */
export function computeVectors(rejectionCounter: number) {
  const diceA = buildChain(DICE_SECRET_A, CHAIN_LENGTH, DICE_CHAIN_TAG);
  const diceB = buildChain(DICE_SECRET_B, CHAIN_LENGTH, DICE_CHAIN_TAG);
  const hiddenA = buildChain(HIDDEN_SECRET_A, CHAIN_LENGTH, HIDDEN_CHAIN_TAG);

  // Player A's epoch 1: he reveals dice #1; B has revealed nothing yet, so B's anchor counts.
  const key = epochKey({ gameId: GAME_ID, epoch: 1, ownValue: diceA.reveal(1), othersValues: [diceB.anchor] });

  const rejStream = new KeyedWordStream(key, 'roll', rejectionCounter);
  const w0 = rejStream.next();
  const w1 = rejStream.next();

  const deck = Array.from({ length: 10 }, (_, i) => `card-${String(i + 1).padStart(2, '0')}`);
  // A sealed draw: B's dice reveal #1 came in the reply to the draw's commitment.
  const dk = drawKey({ gameId: GAME_ID, deckId: 'strategy', hiddenValue: hiddenA.reveal(1), opponentValues: [diceB.reveal(1)] });
  const draw0 = drawWithKey(dk, 0, deck);
  const draw1 = drawWithKey(dk, 1, deck.filter((_, i) => i !== draw0.index));

  // Cards added with the discard pile: A played card-01 (draw1) and holds card-10 (draw0); the set
  // card-11, card-12 is added, so period 1's pool is card-01 … card-12 and held = [draw0's commitment].
  // Its draws use A's hidden reveal #2 and B's dice reveal #2 (his reply to the new draw).
  const pool1 = Array.from({ length: 12 }, (_, i) => `card-${String(i + 1).padStart(2, '0')}`);
  const dk1 = drawKey({ gameId: GAME_ID, deckId: 'strategy', hiddenValue: hiddenA.reveal(2), opponentValues: [diceB.reveal(2)] });
  const undrawn0 = pool1.filter((c) => c !== draw0.card);
  const added0 = drawWithKey(dk1, 0, undrawn0);
  const added1 = drawWithKey(dk1, 1, undrawn0.filter((c) => c !== added0.card));

  // Sealed: A commits roll counter 0 and a shuffle at counter 1 in epoch 1; B's reply reveals dice #1.
  const sealedRoll = sealedKey({ gameId: GAME_ID, id: 'a/1/0', own: diceA.reveal(1), values: [diceB.reveal(1)] });
  const sealedShuffle = sealedKey({ gameId: GAME_ID, id: 'a/1/1', own: diceA.reveal(1), values: [diceB.reveal(1)] });
  const setup = sealedKey({ gameId: GAME_ID, id: 'setup/deck', values: [diceA.reveal(1), diceB.reveal(1)] });

  return {
    inputs: {
      gameId: GAME_ID,
      chainLength: CHAIN_LENGTH,
      diceSecretA: DICE_SECRET_A,
      diceSecretB: DICE_SECRET_B,
      hiddenSecretA: HIDDEN_SECRET_A,
    },
    chains: {
      diceA: { anchor: diceA.anchor, reveal1: diceA.reveal(1), reveal2: diceA.reveal(2) },
      diceB: { anchor: diceB.anchor, reveal1: diceB.reveal(1) },
      hiddenA: { anchor: hiddenA.anchor, reveal1: hiddenA.reveal(1) },
    },
    epoch: {
      description: 'A, epoch 1: ownValue = diceA reveal #1, othersValues = [diceB anchor]',
      key: hex(key),
      rollCounter0Block0: hex(streamBlock(key, 'roll', 0, 0)),
    },
    dice: {
      'counter 0: 1d6': rollDice(key, 0, [{ count: 1, sides: 6 }]),
      'counter 1: 2d6': rollDice(key, 1, [{ count: 2, sides: 6 }]),
      'counter 2: 1d10': rollDice(key, 2, [{ count: 1, sides: 10 }]),
      'counter 3: 2d6 + 1d10 + 1d20': rollDice(key, 3, [{ count: 2, sides: 6 }, { count: 1, sides: 10 }, { count: 1, sides: 20 }]),
    },
    rejection: {
      sides: REJECTION_SIDES,
      limit: rejectionLimit(REJECTION_SIDES),
      counter: rejectionCounter,
      word0: w0,
      word1: w1,
      face: rollDice(key, rejectionCounter, [{ count: 1, sides: REJECTION_SIDES }])[0]![0]!,
    },
    shuffle: {
      'counter 4': shuffle(key, 4, ['c1', 'c2', 'c3', 'c4', 'c5', 'c6']),
    },
    sealed: {
      description: "A's commitments 'a/1/0' (2d6 at counter 0) and 'a/1/1' (a shuffle at counter 1) of epoch 1, own = diceA reveal #1, resolved by B's reply: values = [diceB reveal #1]; a setup shuffle 'setup/deck' resolved by both first reveals (no own value)",
      rollKey: hex(sealedRoll),
      'a/1/0: 2d6': rollDice(sealedRoll, 0, [{ count: 2, sides: 6 }]),
      shuffleKey: hex(sealedShuffle),
      'a/1/1: shuffle': shuffle(sealedShuffle, 1, ['c1', 'c2', 'c3', 'c4', 'c5', 'c6']),
      setupKey: hex(setup),
      'setup/deck: shuffle': shuffle(setup, 0, ['c1', 'c2', 'c3', 'c4', 'c5', 'c6']),
    },
    draw: {
      description: "A's sealed draws #0 and #1 from deck 'strategy' (card-01..card-10): hiddenValue = hiddenA reveal #1, opponentValues = [diceB reveal #1], the value B revealed in his reply to the draw",
      drawKey: hex(dk),
      draw0,
      draw1,
    },
    addedWithDiscard: {
      description: "A holds draw0's card (card-10) and played draw1's (card-01); add-cards with the discard pile adds card-11, card-12: period 1's pool is card-01..card-12, held = [draw0's commitment]. Its sealed draws #0 and #1: hiddenValue = hiddenA reveal #2, opponentValues = [diceB reveal #2]; each picks among the pool minus the held card minus the period's earlier draws",
      pool: pool1,
      held: [draw0.commitment],
      hiddenValue: hiddenA.reveal(2),
      opponentValue: diceB.reveal(2),
      drawKey: hex(dk1),
      draw0: added0,
      draw1: added1,
    },
  };
}

export type Vectors = ReturnType<typeof computeVectors>;

/** JSON with every array on one line and objects indented by 2, as printed in the document. */
export function formatVectors(v: Vectors): string {
  const write = (value: unknown, indent: string): string => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return JSON.stringify(value);
    const inner = indent + '  ';
    const entries = Object.entries(value).map(([k, x]) => `${inner}${JSON.stringify(k)}: ${write(x, inner)}`);
    return `{\n${entries.join(',\n')}\n${indent}}`;
  };
  return write(v, '');
}
