import { describe, expect, it } from 'vitest';
import { opensCommitment } from '../../../src/core/random/commitment.js';
import { applyEvent } from '../../../src/core/engine/fold.js';
import { newTurn, skirmishGame } from './helpers.js';

describe('secret decks', () => {
  it('draws commitments only; the owner plays a card by opening its commitment', () => {
    const { turn, randomness } = newTurn();
    const r = turn.apply('draw red-cards 2');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const drew = r.events[0]!;
    if (drew.type !== 'drew') throw new Error('expected drew');
    expect(drew).toMatchObject({ deck: 'red-cards', side: 'red', period: 0 });
    expect(drew.cards).toBeUndefined();
    expect(drew.draws!.map((d) => d.counter)).toEqual([0, 1]);
    expect(JSON.stringify(turn.state.hands)).not.toMatch(/"r\d\d"/); // the public hand holds commitments only
    expect(turn.state.hands['red']!.hidden.map((h) => h.commitment)).toEqual(drew.draws!.map((d) => d.commitment));
    const card = randomness.openCommitment(drew.draws![0]!.commitment)!.card;
    const p = turn.apply(`play ${card} as order`);
    expect(p.ok).toBe(true);
    if (!p.ok) return;
    const played = p.events[0]!;
    expect(played).toMatchObject({ type: 'played', deck: 'red-cards', side: 'red', card, use: 'order', to: 'discard', commitment: drew.draws![0]!.commitment });
    if (played.type !== 'played') return;
    expect(opensCommitment(played.commitment!, card, played.salt!)).toBe(true);
    expect(turn.state.hands['red']!.hidden).toHaveLength(1);
    expect(turn.state.decks['red-cards']!.discard).toEqual([card]);
    const twice = turn.apply(`play ${card}`, 9);
    expect(!twice.ok && twice.error.message).toBe(`line 9: "play ${card}": card ${card} is not in red's hand`);
  });

  it('refuses a card not in hand and another side\'s deck', () => {
    const { turn } = newTurn();
    const r = turn.apply('play r01');
    expect(!r.ok && r.error.reason).toBe("card r01 is not in red's hand");
    const b = turn.apply('draw blue-cards');
    expect(!b.ok && b.error.reason).toBe("deck blue-cards is blue's; red may not draw its cards");
  });

  it('the fold refuses a false opening', () => {
    const { turn } = newTurn();
    const r = turn.apply('draw red-cards');
    if (!r.ok || r.events[0]!.type !== 'drew') throw new Error('draw failed');
    const commitment = r.events[0]!.draws![0]!.commitment;
    const s = turn.state;
    expect(() => applyEvent(s, { type: 'played', deck: 'red-cards', side: 'red', card: 'r01', commitment, salt: '00'.repeat(16), to: 'discard' }))
      .toThrow(/does not open commitment|is not in/);
  });

  it('warns past the hand limit, and begins a new period when the pool is exhausted', () => {
    const { turn, randomness } = newTurn();
    const r = turn.apply('draw red-cards 6');
    expect(r.ok && r.warnings).toEqual([{ code: 'hand-limit', message: 'red holds 6 cards of deck red-cards; the hand limit is 5' }]);
    // Discard everything drawn and draw the rest of the deck, then one more: the discard pile comes back.
    for (const h of turn.state.hands['red']!.hidden) expect(turn.apply(`discard ${randomness.openCommitment(h.commitment!)!.card}`).ok).toBe(true);
    expect(turn.apply('draw red-cards 14').ok).toBe(true);
    const again = turn.apply('draw red-cards');
    expect(again.ok).toBe(true);
    if (!again.ok) return;
    expect(again.events[0]).toMatchObject({ type: 'period-began', deck: 'red-cards', period: 1 });
    expect(again.events[1]).toMatchObject({ type: 'drew', period: 1, draws: [{ counter: 0 }] });
    expect(turn.state.decks['red-cards']!.pool).toHaveLength(6);
    expect(turn.state.decks['red-cards']!.discard).toEqual([]);
  });

  it('reveal-hand opens every hidden card', () => {
    const { turn } = newTurn();
    turn.apply('draw red-cards 2');
    const r = turn.apply('reveal-hand');
    expect(r.ok).toBe(true);
    expect(turn.state.hands['red']!.hidden.every((h) => /^r\d\d$/.test(h.card ?? ''))).toBe(true);
  });
});

describe('public decks', () => {
  const game = () => skirmishGame((m) => {
    const d = m.decks.find((x) => x.id === 'red-cards')!;
    d.secret = false; d.owner = undefined;
    d.sets = { late: ['r19', 'r20'] };
  });

  it('shuffles, draws the top cards visibly, adds a card set and reshuffles', () => {
    const { turn } = newTurn(game());
    expect(turn.state.decks['red-cards']!.order).toHaveLength(18);
    const s = turn.apply('shuffle red-cards');
    expect(s.ok && s.events[0]).toMatchObject({ type: 'shuffled', counter: 0 });
    const top = turn.state.decks['red-cards']!.order.slice(0, 2);
    const d = turn.apply('draw red-cards 2');
    expect(d.ok && d.events).toEqual([{ type: 'drew', deck: 'red-cards', side: 'red', cards: top, count: 1 }]); // skirmish limits draws (count)
    expect(turn.state.hands['red']!.cards).toEqual(top);
    expect(turn.apply(`play ${top[0]}`).ok).toBe(true);
    const a = turn.apply('add-cards red-cards late');
    expect(a.ok && a.events.map((e) => e.type)).toEqual(['cards-added', 'shuffled']);
    expect(turn.state.decks['red-cards']!.order).toHaveLength(18);
    expect(turn.state.decks['red-cards']!.cards).toHaveLength(20);
    const again = turn.apply('add-cards red-cards late');
    expect(!again.ok && again.error.reason).toBe('the cards of set late are already in deck red-cards');
  });

  it('reshuffles the discard pile when the draw pile runs out', () => {
    const { turn } = newTurn(game());
    expect(turn.apply('draw red-cards 18').ok).toBe(true);
    for (const c of turn.state.hands['red']!.cards.slice(0, 3)) turn.apply(`discard ${c}`);
    const r = turn.apply('draw red-cards');
    expect(r.ok && r.events.map((e) => e.type)).toEqual(['shuffled', 'drew']);
    const over = turn.apply('draw red-cards 5');
    expect(!over.ok && over.error.reason).toBe('deck red-cards has 2 card(s) to draw; cannot draw 5');
  });
});
