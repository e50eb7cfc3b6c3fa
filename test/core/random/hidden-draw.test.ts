import { describe, expect, it } from 'vitest';
import { buildChain, DICE_CHAIN_TAG, HIDDEN_CHAIN_TAG } from '../../../src/core/random/chain.js';
import { cardCommitment, commitmentSalt, opensCommitment } from '../../../src/core/random/commitment.js';
import { drawKey, drawWithKey, makeDraw, recheckPeriod, type PeriodDraw } from '../../../src/core/random/hidden-draw.js';
import { epochKey } from '../../../src/core/random/stream.js';
import { CHAIN_LENGTH, DICE_SECRET_A, DICE_SECRET_B, GAME_ID, HIDDEN_SECRET_A } from './fixtures.js';

const hex = (u: Uint8Array) => Buffer.from(u).toString('hex');
const diceA = buildChain(DICE_SECRET_A, CHAIN_LENGTH, DICE_CHAIN_TAG);
const diceB = buildChain(DICE_SECRET_B, CHAIN_LENGTH, DICE_CHAIN_TAG);
const hiddenA = buildChain(HIDDEN_SECRET_A, CHAIN_LENGTH, HIDDEN_CHAIN_TAG);
const DECK = Array.from({ length: 20 }, (_, i) => `card-${String(i + 1).padStart(2, '0')}`);

// A (owner) draws in period 3: hidden value = reveal #3 of his hidden chain (unrevealed),
// B's latest dice reveal is #4.
const hiddenValue = hiddenA.reveal(3);
const opponentValues = [diceB.reveal(4)];
const base = { gameId: GAME_ID, deckId: 'strategy', hiddenValue, opponentValues };

function drawSequence(count: number, opp: (i: number) => string[] = () => opponentValues) {
  let undrawn = DECK.slice();
  const draws = [];
  for (let c = 0; c < count; c++) {
    const d = makeDraw({ ...base, opponentValues: opp(c), counter: c, undrawn });
    draws.push(d);
    undrawn = undrawn.filter((_, i) => i !== d.index);
  }
  return draws;
}

describe('hidden draws', () => {
  it('draws a card from the undrawn list, deterministically, with a commitment that opens', () => {
    const d = makeDraw({ ...base, counter: 0, undrawn: DECK });
    expect(DECK[d.index]).toBe(d.card);
    expect(makeDraw({ ...base, counter: 0, undrawn: DECK })).toEqual(d);
    expect(d.salt).toMatch(/^[0-9a-f]{32}$/);
    expect(opensCommitment(d.commitment, d.card, d.salt)).toBe(true);
    const draws = drawSequence(20);
    expect(new Set(draws.map((x) => x.card)).size).toBe(20);
  });

  it('depends on deck, hidden value, opponent value and counter', () => {
    const k = hex(drawKey(base));
    expect(hex(drawKey({ ...base, deckId: 'strategy2' }))).not.toBe(k);
    expect(hex(drawKey({ ...base, hiddenValue: hiddenA.reveal(4) }))).not.toBe(k);
    expect(hex(drawKey({ ...base, opponentValues: [diceB.reveal(5)] }))).not.toBe(k);
    const key = drawKey(base);
    expect(drawWithKey(key, 0, DECK).salt).not.toBe(drawWithKey(key, 1, DECK).salt);
  });

  it('cannot be computed by the opponent from public values', () => {
    const actual = makeDraw({ ...base, counter: 0, undrawn: DECK });
    const actualKey = hex(drawKey(base));
    // Everything B knows: all public chain values of both players, his own secrets, the game id,
    // the epoch keys of revealed epochs. Every candidate key he can build differs.
    const publicValues = [
      hiddenA.anchor, hiddenA.reveal(1), hiddenA.reveal(2), // A's hidden values revealed so far
      diceA.anchor, ...[1, 2, 3, 4].map((k) => diceA.reveal(k)),
      diceB.anchor, ...[1, 2, 3, 4, 5, 6].map((k) => diceB.reveal(k)), DICE_SECRET_B,
      GAME_ID, '00'.repeat(32),
      hex(epochKey({ gameId: GAME_ID, epoch: 4, ownValue: diceA.reveal(4), othersValues: [diceB.reveal(4)] })),
    ];
    const opps = [diceB.anchor, ...[1, 2, 3, 4, 5, 6].map((k) => diceB.reveal(k))];
    const candidateKeys = new Set<string>();
    for (const h of publicValues) for (const o of opps) {
      const k = drawKey({ ...base, hiddenValue: h, opponentValues: [o] });
      candidateKeys.add(hex(k));
      const cand = drawWithKey(k, 0, DECK);
      expect(cand.salt).not.toBe(actual.salt);
      // With the wrong salt no card id opens the real commitment.
      for (const card of DECK) expect(cardCommitment(cand.salt, card)).not.toBe(actual.commitment);
    }
    expect(candidateKeys.has(actualKey)).toBe(false);
    // And trying every card against salts from the candidate keys as if they were the key itself.
    for (const k of candidateKeys) {
      const salt = commitmentSalt(k, 0);
      for (const card of DECK) expect(opensCommitment(actual.commitment, card, salt)).toBe(false);
    }
  });

  it('a period re-check accepts honest draws, also across an opponent reveal', () => {
    const opp = (i: number) => [i < 3 ? diceB.reveal(4) : diceB.reveal(5)];
    const draws = drawSequence(6, opp);
    const logged: PeriodDraw[] = draws.map((d, i) => ({ counter: d.counter, opponentValues: opp(i), commitment: d.commitment }));
    const r = recheckPeriod({ gameId: GAME_ID, deckId: 'strategy', hiddenValue, deck: DECK, draws: logged });
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.draws.map((d) => d.card)).toEqual(draws.map((d) => d.card));
  });

  it('a period re-check finds an invented draw with its index', () => {
    const draws = drawSequence(5);
    const logged: PeriodDraw[] = draws.map((d) => ({ counter: d.counter, opponentValues, commitment: d.commitment }));
    // At draw #3 the owner logs a card of his choice instead, with a proper-looking commitment.
    const wanted = DECK.find((c) => !draws.slice(0, 3).some((d) => d.card === c) && c !== draws[3]!.card)!;
    logged[3] = { ...logged[3]!, commitment: cardCommitment(draws[3]!.salt, wanted) };
    const r = recheckPeriod({ gameId: GAME_ID, deckId: 'strategy', hiddenValue, deck: DECK, draws: logged });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.index).toBe(3);
      expect(r.error.code).toBe('draw.mismatch');
      expect(r.expected?.card).toBe(draws[3]!.card);
      expect(r.draws).toHaveLength(3);
    }
  });

  it('a period re-check catches a wrong hidden value, counter gaps and explicit undrawn lists', () => {
    const draws = drawSequence(3);
    const logged: PeriodDraw[] = draws.map((d) => ({ counter: d.counter, opponentValues, commitment: d.commitment }));
    const wrong = recheckPeriod({ gameId: GAME_ID, deckId: 'strategy', hiddenValue: hiddenA.reveal(2), deck: DECK, draws: logged });
    expect(!wrong.ok && wrong.index === 0 && wrong.error.code === 'draw.mismatch').toBe(true);
    const gap = recheckPeriod({ gameId: GAME_ID, deckId: 'strategy', hiddenValue, deck: DECK, draws: [logged[0]!, logged[2]!] });
    expect(!gap.ok && gap.index === 1 && gap.error.code === 'draw.counter-gap').toBe(true);
    // A public event removed a card between draws: the caller passes the undrawn list.
    const u1 = DECK.filter((c) => c !== draws[0]!.card && c !== 'card-20' && c !== 'card-19');
    const d1 = makeDraw({ ...base, counter: 1, undrawn: u1 });
    const r = recheckPeriod({ gameId: GAME_ID, deckId: 'strategy', hiddenValue, deck: DECK, draws: [
      logged[0]!, { counter: 1, opponentValues, commitment: d1.commitment, undrawn: u1 },
    ] });
    expect(r.ok).toBe(true);
    const empty = recheckPeriod({ gameId: GAME_ID, deckId: 'strategy', hiddenValue, deck: ['only'], draws: [
      { counter: 0, opponentValues, commitment: makeDraw({ ...base, counter: 0, undrawn: ['only'] }).commitment },
      { counter: 1, opponentValues, commitment: '00'.repeat(32) },
    ] });
    expect(!empty.ok && empty.index === 1 && empty.error.code === 'draw.empty-deck').toBe(true);
  });
});
