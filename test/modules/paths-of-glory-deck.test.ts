// Paths of Glory's deck and action-round rules from the summary (../shared/seeds/004): one card a
// round (§3), combat cards in either side's battles (§8), drawing up to 7 (§14.1–§14.2) and the
// Limited/Total War cards shuffled in with the discard pile (§14.3). The engine with the module as
// data; the protocol's side of §14.3 is tested against a patched client in
// test/cli/deck-period-attacks.test.ts.
import { describe, expect, test } from 'vitest';
import { assembleModule } from '../../src/core/module/assemble.js';
import type { ModuleData } from '../../src/core/module/schema.js';
import { prepareGame, type Game } from '../../src/core/engine/game.js';
import { initialState } from '../../src/core/engine/initial-state.js';
import { NotFairRandomness } from '../../src/core/engine/not-fair-randomness.js';
import { Turn, type ApplyResult } from '../../src/core/engine/turn.js';
import type { GameEvent } from '../../src/core/engine/events.js';
import type { GameState } from '../../src/core/engine/state.js';
import { whoseMove } from '../../src/core/engine/whose-move.js';
import { moduleFiles } from '../helpers/module-files.js';

const pog = (change?: (m: ModuleData) => void): Game => {
  const m = structuredClone(assembleModule(moduleFiles('paths-of-glory')).data!) as ModuleData;
  change?.(m);
  return prepareGame(m, '1914');
};

function ev(r: ApplyResult): GameEvent[] {
  if (!r.ok) throw r.error;
  return r.events;
}

/** Both sides at one table: one randomness (so each side's tool can open the cards it drew). */
function table(game: Game) {
  const randomness = new NotFairRandomness('pog');
  let state: GameState = initialState(game);
  const as = (side: string, lines: string[]) => {
    const t = new Turn(game, state, { side }, randomness);
    const out = lines.map((l) => ev(t.apply(l)));
    state = t.state;
    return out;
  };
  const hand = (side: string) => state.hands[side]!.hidden.map((h) => randomness.openCommitment(h.commitment!)!.card);
  return { as, hand, get state() { return state; }, randomness };
}

const warningsOf = (events: GameEvent[]) => events.flatMap((e) => e.warnings ?? []);

describe('§3 "轮到自己时，玩家从手牌中选择1张策略卡，并决定以下四种用途之一": one card an action round', () => {
  const game = pog();
  // both hands hold the whole Mobilization deck, drawn in the mandatory offensive phase
  const setUp = (g = game) => {
    const t = table(g);
    t.as('cp', ['draw cp-strategy 14']);
    t.as('ap', ['draw ap-strategy 14']);
    // §2 "双方各掷一次骰子": the mandatory offensive phase ends when each side has said next
    t.as('cp', ['next']);
    return t;
  };

  test('a phase both sides play ends at the last side\'s next (`ends: "each"`; the action rounds carry their own permissions)', () => {
    const t = setUp();
    expect(t.state.passed).toEqual(['cp']);
    const [next] = t.as('ap', ['next']);
    expect(next![0]).toMatchObject({ type: 'phase-began', phase: 'ar1-cp', active: 'cp' });
  });

  test('a second card in the round is a `turn` warning; a combat card played in a battle (§8) is not the round\'s card', () => {
    const t = setUp();
    t.as('ap', ['next']);
    const [first, combat, second] = t.as('cp', ['play cp-01-guns-of-august as ops', 'play cp-02-wireless-intercepts as combat', 'play cp-05-landwehr as ops']);
    expect(first![0]).toMatchObject({ type: 'played', use: 'ops', count: 1 });
    expect(warningsOf(first!)).toEqual([]);
    expect(combat![0]).not.toHaveProperty('count');
    expect(warningsOf(combat!)).toEqual([]);
    expect(warningsOf(second!)).toEqual([expect.objectContaining({ code: 'turn', message: 'cp has made 1 play in this segment; the limit is 1' })]);
    // §8 "防守方随后决定是否使用自己的卡牌": the defender's combat card in the attacker's round, but no other card
    const [defends, outOfTurn] = t.as('ap', ['play ap-06-withdrawal as combat', 'play ap-01-british-reinforcements as ops']);
    expect(warningsOf(defends!)).toEqual([]);
    expect(warningsOf(outOfTurn!)[0]).toMatchObject({ code: 'turn', message: expect.stringMatching(/^ap may not play now \(turn 1, Action round 1: Central Powers/) });
    // the next round: the count starts again
    t.as('cp', ['next']);
    const [apRound] = t.as('ap', ['play ap-02-blockade as rp']);
    expect(apRound![0]).toMatchObject({ count: 1 });
    expect(warningsOf(apRound!)).toEqual([]);
  });

  test('with `turn` strict the second card is refused', () => {
    const t = setUp(pog((m) => { m.rules = { ...m.rules!, strict: ['turn'] }; }));
    t.as('ap', ['next']);
    t.as('cp', ['play cp-01-guns-of-august as ops']);
    expect(() => t.as('cp', ['play cp-05-landwehr as sr'])).toThrow(/cp has made 1 play in this segment; the limit is 1/);
  });
});

describe('§14 "将手牌补充至7张": the draw phase draws up to 7', () => {
  const game = pog((m) => { m.scenarios[0]!.startPhase = 'draw'; });

  test('whose-move says how many each side draws, and `draw <deck>` draws them', () => {
    const t = table(game);
    expect(whoseMove(game, t.state).refills).toEqual(expect.arrayContaining([
      { side: 'cp', deck: 'cp-strategy', held: 0, handLimit: 7, count: 7 },
      { side: 'ap', deck: 'ap-strategy', held: 0, handLimit: 7, count: 7 },
    ]));
    t.as('cp', ['draw cp-strategy 3']);
    expect(whoseMove(game, t.state).label).toMatch(/; cp draws 4 from cp-strategy \(holds 3, up to 7\)/);
    const [drew] = t.as('cp', ['draw cp-strategy']);
    expect(drew![0]).toMatchObject({ type: 'drew', deck: 'cp-strategy' });
    expect(t.hand('cp')).toHaveLength(7);
    expect(warningsOf(drew!)).toEqual([]);
    // full: nothing to draw, and one more is over the hand limit
    expect(() => t.as('cp', ['draw cp-strategy'])).toThrow(/cp holds 7 cards of deck cp-strategy \(the hand limit is 7\) and has none to draw/);
    expect(warningsOf(t.as('cp', ['draw cp-strategy 1'])[0]!)[0]).toMatchObject({ code: 'hand-limit' });
  });

  test('"如果抽牌数量不足，则将能够抽到的牌全部抽取": fewer cards left than the hand needs, all of them are drawn', () => {
    const t = table(game);
    // every card played as its event; the removable ones leave the game (§8)
    t.as('cp', ['draw cp-strategy 14']);
    t.as('cp', t.hand('cp').map((c) => `play ${c} as event`));
    const back = t.state.decks['cp-strategy']!.discard.length;
    expect(back).toBeGreaterThan(0);
    expect(back).toBeLessThan(7);
    expect(whoseMove(game, t.state).refills!.find((r) => r.side === 'cp')).toMatchObject({ held: 0, count: back });
    t.as('cp', ['draw cp-strategy']);
    expect(t.hand('cp')).toHaveLength(back);
  });
});

describe('§14.3 "将相应抽牌堆与弃牌堆重新洗混": Limited War cards join with the discard pile', () => {
  test('a new deck period of the draw pile, the discard pile and the set; the hand is untouched and never drawn again', () => {
    const t = table(pog());
    t.as('cp', ['draw cp-strategy 7']);
    const held = t.hand('cp');
    t.as('cp', [`play ${held[0]} as ops`, `play ${held[1]} as sr`]);
    const kept = t.hand('cp');
    const [added] = t.as('cp', ['add-cards cp-strategy limited-war']);
    const d = t.state.decks['cp-strategy']!;
    expect(added![0]).toMatchObject({ type: 'cards-added', into: 'period' });
    expect(added![1]).toMatchObject({ type: 'period-began', period: 1 });
    expect(d.pool).toHaveLength(34);                                // 14 Mobilization + 20 Limited War
    expect(d.held).toHaveLength(5);
    expect(d.discard).toEqual([]);
    expect(t.hand('cp')).toEqual(kept);
    // the 29 other cards are drawn, each once, and never a card of the hand
    t.as('cp', ['draw cp-strategy 29']);
    const all = t.hand('cp');
    expect(new Set(all).size).toBe(34);
    expect(all.slice(0, 5)).toEqual(kept);
  });

  test('every card of the decks names its uses: the four of §3, and "combat" for a combat card (§8)', () => {
    for (const d of pog().module.decks) {
      for (const c of d.cards) {
        expect(c.uses).toEqual(['event', 'ops', 'sr', 'rp', ...(c.values!['combat'] ? ['combat'] : [])]);
      }
    }
  });
});
