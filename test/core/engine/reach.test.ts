import { describe, expect, it } from 'vitest';
import { reachOf } from '../../../src/core/engine/reach.js';
import { formatRational } from '../../../src/core/rational.js';
import { newTurn } from './helpers.js';

describe('reach', () => {
  it('red-1 at 0202 with 4 MP: cheapest costs exactly, road halves included', () => {
    const { game, turn } = newTurn();
    const r = reachOf(game, turn.state, 'red-1');
    expect(formatRational(r.left)).toBe('4');
    const at = (l: string) => r.reachable.find((x) => x.location === l);
    // 0303 0403 0504 (1+1+1) beats the road path of the move test (1+1+1+½+½ = 4).
    expect(formatRational(at('0504')!.cost)).toBe('3');
    expect(at('0504')!.path).toEqual(['0303', '0403', '0504']);
    // Along the road from 0504: 0505 is woods, but the road rate applies: 3 + ½.
    expect(formatRational(at('0505')!.cost)).toBe('7/2');
    expect(formatRational(at('0302')!.cost)).toBe('1');
    // 0304 lies behind the stream from 0303 (1 + 1 + 1), but 0203 reaches it without crossing: 1 + 1 + ½
    // (S.21: leaving 0203 passes through the ranks of red-2's line).
    expect(formatRational(at('0304')!.cost)).toBe('5/2');
    expect(at('0304')!.path).toEqual(['0203', '0304']);
    expect(formatRational(at('0506')!.cost)).toBe('4');
    expect(at('0507')).toBeUndefined();
  });

  it('counts MP already spent this phase', () => {
    const { game, turn } = newTurn();
    expect(turn.apply('move red-1 0302 0402').ok).toBe(true);
    const r = reachOf(game, turn.state, 'red-1');
    expect(formatRational(r.left)).toBe('2');
    expect(r.reachable.every((x) => x.cost.num / x.cost.den <= 2)).toBe(true);
  });

  it('refuses a piece that is not in play', () => {
    const { game, turn } = newTurn();
    expect(() => reachOf(game, turn.state, 'nobody')).toThrow();
  });
});
