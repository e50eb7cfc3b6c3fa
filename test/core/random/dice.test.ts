import { describe, expect, it } from 'vitest';
import { buildChain, DICE_CHAIN_TAG } from '../../../src/core/random/chain.js';
import { chiSquareTest } from '../../../src/core/random/chisquare.js';
import { drawDice, rollDice } from '../../../src/core/random/dice.js';
import { RandomProtocolError } from '../../../src/core/random/errors.js';
import { epochKey } from '../../../src/core/random/stream.js';
import { rejectionLimit, wordsFrom } from '../../../src/core/random/uniform.js';
import { CHAIN_LENGTH, DICE_SECRET_A, DICE_SECRET_B, GAME_ID } from './fixtures.js';

const a = buildChain(DICE_SECRET_A, CHAIN_LENGTH, DICE_CHAIN_TAG);
const b = buildChain(DICE_SECRET_B, CHAIN_LENGTH, DICE_CHAIN_TAG);
const keyFor = (epoch: number) =>
  epochKey({ gameId: GAME_ID, epoch, ownValue: a.reveal(epoch), othersValues: [b.reveal(epoch - 1)] });

describe('rollDice', () => {
  it('gives the same dice for the same inputs (undo, fork or restart change nothing)', () => {
    const first = [0, 1, 2, 3, 4].map((c) => rollDice(keyFor(3), c, [{ count: 2, sides: 6 }, { count: 1, sides: 10 }]));
    // A fresh "machine": keys rebuilt from the chain secrets, rolls taken in another order.
    const again = [4, 3, 2, 1, 0].map((c) => rollDice(keyFor(3), c, [{ count: 2, sides: 6 }, { count: 1, sides: 10 }])).reverse();
    expect(again).toEqual(first);
    for (const r of first) {
      expect(r[0]).toHaveLength(2);
      expect(r[1]).toHaveLength(1);
      for (const f of r[0]!) expect(f >= 1 && f <= 6).toBe(true);
      for (const f of r[1]!) expect(f >= 1 && f <= 10).toBe(true);
    }
  });

  it('differs across epochs and counters', () => {
    const spec = [{ count: 20, sides: 6 }];
    const base = JSON.stringify(rollDice(keyFor(1), 0, spec));
    expect(JSON.stringify(rollDice(keyFor(2), 0, spec))).not.toBe(base);
    expect(JSON.stringify(rollDice(keyFor(1), 1, spec))).not.toBe(base);
  });

  it('draws all dice of a record in order from the one counter', () => {
    const together = rollDice(keyFor(1), 9, [{ count: 3, sides: 6 }, { count: 2, sides: 6 }]).flat();
    expect(rollDice(keyFor(1), 9, [{ count: 5, sides: 6 }])[0]).toEqual(together);
  });

  it('rejects a word at or above the limit instead of folding it', () => {
    const limit = rejectionLimit(6);
    const words = wordsFrom([limit + 1, 4, limit, 2]);
    expect(drawDice(words, [{ count: 2, sides: 6 }])).toEqual([[5, 3]]);
    expect(words.used).toBe(4);
  });

  it('validates dice specs', () => {
    const code = (spec: { count: number; sides: number }[]) => {
      try { rollDice(keyFor(1), 0, spec); return 'ok'; } catch (e) { return (e as RandomProtocolError).code; }
    };
    expect(code([{ count: 1, sides: 65536 }])).toBe('ok');
    expect(code([{ count: 1, sides: 1 }])).toBe('input.range');
    expect(code([{ count: 1, sides: 65537 }])).toBe('input.range');
    expect(code([{ count: 0, sides: 6 }])).toBe('input.range');
    expect(code([{ count: 1.5, sides: 6 }])).toBe('input.range');
    expect(code([])).toBe('input.range');
    expect(code([{ count: 600, sides: 6 }, { count: 600, sides: 6 }])).toBe('input.range');
  });

  it.each([6, 10])('100,000 d%i rolls pass chi-square at p > 0.001', (sides) => {
    const key = keyFor(sides === 6 ? 5 : 6);
    const counts = new Array<number>(sides).fill(0);
    for (let c = 0; c < 100_000; c++) counts[rollDice(key, c, [{ count: 1, sides }])[0]![0]! - 1]!++;
    const result = chiSquareTest(counts);
    expect(result.df).toBe(sides - 1);
    expect(result.pValue).toBeGreaterThan(0.001);
  });
});
