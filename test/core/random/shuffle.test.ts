import { describe, expect, it } from 'vitest';
import { buildChain, DICE_CHAIN_TAG } from '../../../src/core/random/chain.js';
import { chiSquareTest } from '../../../src/core/random/chisquare.js';
import { fisherYates, shuffle } from '../../../src/core/random/shuffle.js';
import { epochKey, KeyedWordStream } from '../../../src/core/random/stream.js';
import { uniformInt, wordsFrom } from '../../../src/core/random/uniform.js';
import { CHAIN_LENGTH, DICE_SECRET_A, DICE_SECRET_B, GAME_ID } from './fixtures.js';

const a = buildChain(DICE_SECRET_A, CHAIN_LENGTH, DICE_CHAIN_TAG);
const b = buildChain(DICE_SECRET_B, CHAIN_LENGTH, DICE_CHAIN_TAG);
const key = epochKey({ gameId: GAME_ID, epoch: 7, ownValue: a.reveal(7), othersValues: [b.reveal(6)] });
const CARDS = ['c1', 'c2', 'c3', 'c4', 'c5', 'c6'];

describe('shuffle', () => {
  it('is Fisher–Yates from the top down with the shared sampler', () => {
    // words 5,4,3,2,1 with n = 6,5,4,3,2: j = 5,4,3,2,1 → identity; then a known swap pattern.
    expect(fisherYates(wordsFrom([5, 4, 3, 2, 1]), CARDS)).toEqual(CARDS);
    expect(fisherYates(wordsFrom([0, 0, 0, 0, 0]), CARDS)).toEqual(['c2', 'c3', 'c4', 'c5', 'c6', 'c1']);
    // Same as doing it by hand from the keyed stream.
    const s = new KeyedWordStream(key, 'shuffle', 3);
    const hand = CARDS.slice();
    for (let i = hand.length - 1; i >= 1; i--) { const j = uniformInt(s, i + 1); [hand[i], hand[j]] = [hand[j]!, hand[i]!]; }
    expect(shuffle(key, 3, CARDS)).toEqual(hand);
  });

  it('is deterministic, does not touch its input, and differs by counter', () => {
    const copy = CARDS.slice();
    const s = shuffle(key, 0, CARDS);
    expect(CARDS).toEqual(copy);
    expect(shuffle(key, 0, CARDS)).toEqual(s);
    expect(s.slice().sort()).toEqual(CARDS);
    const several = [1, 2, 3, 4, 5, 6, 7, 8].map((c) => shuffle(key, c, CARDS).join());
    expect(new Set(several).size).toBeGreaterThan(1);
    expect(shuffle(key, 0, [])).toEqual([]);
    expect(shuffle(key, 0, ['x'])).toEqual(['x']);
  });

  it('10,000 shuffles of 6 cards cover the 720 permutations evenly (chi-square p > 0.001)', () => {
    const counts = new Map<string, number>();
    for (let c = 0; c < 10_000; c++) {
      const p = shuffle(key, c, CARDS).join();
      counts.set(p, (counts.get(p) ?? 0) + 1);
    }
    expect(counts.size).toBe(720);
    const result = chiSquareTest([...counts.values()]);
    expect(result.df).toBe(719);
    expect(result.pValue).toBeGreaterThan(0.001);
  });
});
