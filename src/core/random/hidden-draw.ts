// Hidden draws: a card drawn into a hand is picked by a stream that only its owner can compute
// now and everybody can recompute later.
//   draw key = HKDF-SHA256(ikm  = owner's current hidden-chain value (32) ‖ opponent's latest
//                                  revealed dice-chain value (32) [‖ further opponents', by side id],
//                          salt = game id (32),
//                          info = "hexpost/hidden-draw/v1" ‖ len(deck id UTF-8) (2, BE) ‖ deck id UTF-8)
//   index    = uniformInt(words of HMAC(draw key, "draw" ‖ counter (8) ‖ block (4)), undrawn count)
//   card     = undrawn[index], undrawn = the deck's card list in canonical order minus drawn cards
// The owner cannot bias it (both chain values are pinned at genesis), the opponent cannot compute
// it (he lacks the unrevealed hidden value), and the owner foresees draws only until the
// opponent's next dice reveal changes the key.
import { ascii, checkInt, concat, hex, toBytes32, u16be, utf8, type ByteInput, hkdf32 } from './bytes.js';
import { cardCommitment, commitmentSalt } from './commitment.js';
import { RandomProtocolError } from './errors.js';
import { KeyedWordStream, MAX_OTHER_PLAYERS } from './stream.js';
import { uniformInt } from './uniform.js';

export const HIDDEN_DRAW_INFO = 'hexpost/hidden-draw/v1';

export interface DrawKeyInput {
  gameId: ByteInput;
  /** Deck id, as in the module (UTF-8, at most 65535 bytes). */
  deckId: string;
  /** The owner's current (not yet revealed) hidden-chain value for this deck period. */
  hiddenValue: ByteInput;
  /**
   * The opponent's latest revealed dice-chain value at the time of the draw (his anchor before
   * his first reveal). With more than one opponent, all of them, sorted by side id.
   */
  opponentValues: readonly ByteInput[];
}

export function drawKey(input: DrawKeyInput): Uint8Array {
  const salt = toBytes32(input.gameId, 'game id');
  checkInt(input.opponentValues.length, 1, MAX_OTHER_PLAYERS, 'number of opponents');
  const deck = utf8(input.deckId);
  if (deck.length === 0) throw new RandomProtocolError('input.range', 'deck id is empty', {});
  const ikm = concat(
    toBytes32(input.hiddenValue, 'hidden-chain value'),
    ...input.opponentValues.map((v, i) => toBytes32(v, `opponent dice value [${i}]`)),
  );
  const info = concat(ascii(HIDDEN_DRAW_INFO), u16be(deck.length, 'deck id length'), deck);
  return hkdf32(ikm, salt, info);
}

/** Index (0..undrawnCount-1) picked by draw `counter` under a draw key. */
export function drawIndex(key: ByteInput, counter: number, undrawnCount: number): number {
  if (undrawnCount === 0) throw new RandomProtocolError('draw.empty-deck', 'cannot draw from an empty deck', { counter });
  return uniformInt(new KeyedWordStream(key, 'draw', counter), undrawnCount);
}

export interface HiddenDraw {
  counter: number;
  /** Position in the undrawn list the card was taken from. */
  index: number;
  card: string;
  /** 16 bytes, lower-case hex: what the owner publishes to open the commitment. */
  salt: string;
  /** 32 bytes, lower-case hex: what the log records at draw time. */
  commitment: string;
}

/** A draw given its key: pick, salt and commitment. `undrawn` in canonical order. */
export function drawWithKey(key: ByteInput, counter: number, undrawn: readonly string[]): HiddenDraw {
  const index = drawIndex(key, counter, undrawn.length);
  const card = undrawn[index]!;
  const salt = commitmentSalt(key, counter);
  return { counter, index, card, salt: hex(salt), commitment: cardCommitment(salt, card) };
}

/** The owner makes draw `counter` of the period from the deck's undrawn cards (canonical order). */
export function makeDraw(input: DrawKeyInput & { counter: number; undrawn: readonly string[] }): HiddenDraw {
  return drawWithKey(drawKey(input), input.counter, input.undrawn);
}

export interface PeriodDraw {
  counter: number;
  /** The opponent dice value(s) in force when this draw was made. */
  opponentValues: readonly ByteInput[];
  /** The commitment the log recorded. */
  commitment: string;
  /**
   * The undrawn cards at this draw, canonical order. Omit it to mean "the previous draw's
   * undrawn list minus the card it drew" (the period's `deck` for the first draw); pass it
   * when public events changed the deck in between.
   */
  undrawn?: readonly string[];
}

export interface PeriodCheckInput {
  gameId: ByteInput;
  deckId: string;
  /** The period's hidden-chain value, now revealed (the caller checks it against the chain). */
  hiddenValue: ByteInput;
  /** Undrawn cards at the start of the period, canonical order. */
  deck: readonly string[];
  /** Counter of the period's first draw (default 0); draws must then be consecutive. */
  firstCounter?: number;
  draws: readonly PeriodDraw[];
}

export type PeriodCheckResult =
  | { ok: true; draws: HiddenDraw[] }
  | { ok: false; index: number; error: RandomProtocolError; expected?: HiddenDraw; draws: HiddenDraw[] };

/**
 * Recomputes every draw of an ended deck period and compares it with the logged commitments.
 * Returns the recomputed draws, or the first failure: `index` is its position in `draws`,
 * `error.code` is draw.counter-gap, draw.empty-deck or draw.mismatch, and `expected` is the draw
 * the rules produce there (its card is what the owner should have drawn). `draws` holds the
 * draws verified before the failure.
 */
export function recheckPeriod(input: PeriodCheckInput): PeriodCheckResult {
  const done: HiddenDraw[] = [];
  let undrawn: readonly string[] = input.deck;
  let counter = checkInt(input.firstCounter ?? 0, 0, Number.MAX_SAFE_INTEGER, 'first draw counter');
  for (let index = 0; index < input.draws.length; index++) {
    const d = input.draws[index]!;
    if (d.undrawn) undrawn = d.undrawn;
    const fail = (error: RandomProtocolError, expected?: HiddenDraw): PeriodCheckResult =>
      expected ? { ok: false, index, error, expected, draws: done } : { ok: false, index, error, draws: done };
    if (d.counter !== counter) {
      return fail(new RandomProtocolError('draw.counter-gap',
        `draw #${index} of deck "${input.deckId}" has counter ${d.counter}, expected ${counter}`,
        { index, counter: String(d.counter), expected: counter, deckId: input.deckId }));
    }
    if (undrawn.length === 0) {
      return fail(new RandomProtocolError('draw.empty-deck',
        `draw #${index} of deck "${input.deckId}" was made from an empty deck`, { index, counter, deckId: input.deckId }));
    }
    const key = drawKey({ gameId: input.gameId, deckId: input.deckId, hiddenValue: input.hiddenValue, opponentValues: d.opponentValues });
    const expected = drawWithKey(key, counter, undrawn);
    if (expected.commitment !== d.commitment) {
      return fail(new RandomProtocolError('draw.mismatch',
        `draw #${index} of deck "${input.deckId}" (counter ${counter}) does not match: the rules draw "${expected.card}"`,
        { index, counter, deckId: input.deckId, expectedCard: expected.card, logged: d.commitment, expectedCommitment: expected.commitment }),
        expected);
    }
    done.push(expected);
    undrawn = undrawn.filter((_, i) => i !== expected.index);
    counter++;
  }
  return { ok: true, draws: done };
}
