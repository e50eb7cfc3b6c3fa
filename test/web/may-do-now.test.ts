// What the board page's "your move" box is told in a Paths of Glory action round (summary §3 "轮到自己时，
// 玩家从手牌中选择1张策略卡，并决定以下四种用途之一"; §8 "战斗事件卡可能在任意一方的战斗中使用"): the active side
// plays one card as ops, sr, rp or event; the other side may still play a combat card.
import { describe, expect, test } from 'vitest';
import { assembleModule } from '../../src/core/module/assemble.js';
import { prepareGame } from '../../src/core/engine/game.js';
import { initialState } from '../../src/core/engine/initial-state.js';
import { NotFairRandomness } from '../../src/core/engine/not-fair-randomness.js';
import { Turn } from '../../src/core/engine/turn.js';
import { mayDoNow } from '../../src/web/may-do.js';
import { moduleFiles } from '../helpers/module-files.js';

describe('may do now in a Paths of Glory action round', () => {
  const game = prepareGame(assembleModule(moduleFiles('paths-of-glory')).data!, '1914');
  const randomness = new NotFairRandomness('may-do');
  let state = initialState(game);
  // the mandatory offensive phase ends when each side has said next (§2 "双方各掷一次骰子")
  for (const [side, line] of [['cp', 'draw cp-strategy 7'], ['ap', 'draw ap-strategy 7'], ['cp', 'next'], ['ap', 'next']]) {
    const t = new Turn(game, state, { side: side! }, randomness);
    const r = t.apply(line!);
    if (!r.ok) throw r.error;
    state = t.state;
  }

  test('the active side: one card, and the uses that count', () => {
    expect(state.phase).toBe('ar1-cp');
    const m = mayDoNow(game, state, 'cp');
    expect(m.mine).toBe(true);
    expect(m.verbs).toContain('play');
    expect(m.limits).toEqual([{ verb: 'play', limit: 1, done: 0, left: 1, uses: ['ops', 'sr', 'rp', 'event'] }]);
  });

  test('the other side may play a combat card, and nothing else', () => {
    const m = mayDoNow(game, state, 'ap');
    expect(m.mine).toBe(false);
    expect(m.verbs).toEqual(['play as combat', 'note', 'undo']);
    expect(m.limits).toEqual([]);
  });
});
