// The "Clarifications" of docs/dice-protocol.md, checked against the engine with sealed randomness:
// shuffle input orders, reshuffles inside draw, deck composition, the pool after add-cards, voided
// draws, dice limits and the clamping of modifiers.
import { describe, expect, it } from 'vitest';
import type { GameEvent, SealedEvent } from '../../../src/core/engine/events.js';
import type { Game } from '../../../src/core/engine/game.js';
import { initialState } from '../../../src/core/engine/initial-state.js';
import { NotFairRandomness } from '../../../src/core/engine/not-fair-randomness.js';
import { parseDice } from '../../../src/core/engine/dice.js';
import type { SealRequest, SealTicket } from '../../../src/core/engine/randomness.js';
import { Turn } from '../../../src/core/engine/turn.js';
import type { DeckDef, ModuleData } from '../../../src/core/module/schema.js';
import { skirmishGame } from './helpers.js';

/** Not-fair outcomes, and sealed commitments for red's epoch 1 awaiting blue (as the protocol makes them). */
class Sealing extends NotFairRandomness {
  seal(r: SealRequest): SealTicket {
    const base = { side: 'red', epoch: 1, own: 'cc'.repeat(32), awaiting: ['blue'] };
    if (r.kind === 'draw') return { ...base, id: `red/${r.deck}/${r.period}/${r.index}` };
    const counter = this.counter++;
    return { ...base, id: `red/1/${counter}`, counter };
  }
}

const card = (id: string) => ({ id, name: id });
/** Skirmish with a public deck `pub` (p1…p5, p5 in set "extra") and sets on red's secret deck. */
function game(change?: (m: ModuleData) => void): Game {
  return skirmishGame((m) => {
    const pub = { id: 'pub', name: 'Public', secret: false, reshuffle: 'when-empty', cards: ['p1', 'p2', 'p3', 'p4', 'p5'].map(card), sets: { extra: ['p5'] } };
    m.decks.push(pub as DeckDef);
    change?.(m);
  });
}

function play(g: Game, lines: string[]) {
  const turn = new Turn(g, initialState(g), { side: 'red' }, new Sealing('clarify'));
  const entries = lines.map((l) => {
    const r = turn.apply(l);
    if (!r.ok) throw r.error;
    return r.events;
  });
  return { turn, entries, state: turn.state };
}
const sealedOf = (events: GameEvent[]) => events.find((e): e is SealedEvent => e.type === 'sealed')!;

describe('shuffle input orders', () => {
  it('shuffle: the draw pile top first, then the discard pile bottom first', () => {
    const { entries, state } = play(game(), ['draw pub 2', 'discard p2', 'discard p1', 'shuffle pub']);
    expect(sealedOf(entries[3]!).cards).toEqual(['p3', 'p4', 'p2', 'p1']);
    expect(state.decks.pub!.order).toEqual([]);
    expect(state.decks.pub!.discard).toEqual([]);
  });

  it('add-cards: the draw pile, then the added cards; the discard pile stays', () => {
    const { entries, state } = play(game(), ['draw pub 1', 'discard p1', 'add-cards pub extra']);
    expect(entries[2]!.map((e) => e.type)).toEqual(['cards-added', 'sealed']);
    expect(sealedOf(entries[2]!).cards).toEqual(['p2', 'p3', 'p4', 'p5']);
    expect(state.decks.pub!.discard).toEqual(['p1']);
  });

  it('a setup shuffle: the composition in module order', () => {
    const g = game((m) => { (m.decks.find((d) => d.id === 'pub') as DeckDef).shuffleAtStart = true; });
    expect(initialState(g).sealed).toEqual([{ id: 'setup/pub', kind: 'shuffle', counter: 0, awaiting: ['blue', 'red'], values: {}, deck: 'pub', cards: ['p1', 'p2', 'p3', 'p4'] }]);
  });
});

describe('draws', () => {
  it('a public draw that needs the discard pile reshuffled is refused under sealed randomness', () => {
    expect(() => play(game(), ['draw pub 4', 'discard p1', 'draw pub 1'])).toThrow(/shuffle pub` now and draw after the reply/);
  });

  it('composition with several sets is in module order, whatever the order of the sets', () => {
    const g = game((m) => {
      const red = m.decks.find((d) => d.id === 'red-cards')!;
      red.sets = { a: ['r05', 'r01'], b: ['r03'] };
      red.initial = ['b', 'a'];
    });
    expect(initialState(g).decks['red-cards']!.cards).toEqual(['r01', 'r03', 'r05']);
  });

  it('add-cards on a secret deck appends the set to the pool, unsorted, in the same period', () => {
    const g = game((m) => { m.decks.find((d) => d.id === 'red-cards')!.sets = { late: ['r02', 'r01'] }; });
    const { entries, state } = play(g, ['draw red-cards 1', 'add-cards red-cards late', 'draw red-cards 1']);
    const pool = state.decks['red-cards']!.pool;
    expect(pool.slice(-3)).toEqual(['r20', 'r01', 'r02']);
    expect(state.decks['red-cards']!.period).toBe(0);
    expect(sealedOf(entries[2]!)).toMatchObject({ id: 'red/red-cards/0/1', indices: [1], pool });
  });

  it('a voided secret draw: the next draw takes the same id and indices; the void entry\'s sealed event has no mark', () => {
    const { turn, state } = play(game(), ['draw red-cards 2', 'undo', 'draw red-cards 2']);
    const [first, , again] = turn.seal();
    expect(first!.void).toBe(true);
    expect(first!.events[0]).not.toHaveProperty('void');
    expect(sealedOf(again!.events)).toEqual({ ...sealedOf(first!.events) });
    expect(state.decks['red-cards']!.drawn).toBe(2);
    expect(state.sealed!.map((r) => r.id)).toEqual(['red/red-cards/0/0']);
  });

  it('a voided roll keeps its counter and is marked void', () => {
    const { turn } = play(game(), ['roll 1d6', 'undo', 'roll 1d6']);
    const [first, , again] = turn.seal();
    expect(first!.events[0]).toMatchObject({ type: 'sealed', counter: 0, void: true });
    expect(again!.events[0]).toMatchObject({ type: 'sealed', counter: 1 });
  });
});

describe('dice', () => {
  it('limits: 1–100 dice of 2–1000 sides, |K| ≤ 1,000,000, lower-case d', () => {
    expect(parseDice('100d1000-1000000')).toEqual({ count: 100, sides: 1000, modifier: -1000000 });
    for (const bad of ['0d6', '101d6', '1d1', '1d1001', '1d6+1000001', '2D6', '2d6 +1', '2d6+1d4']) expect(() => parseDice(bad)).toThrow();
  });

  it('modifiers are clamped, each to its min/max and the sum to modifierLimit; index is total minus subtract', () => {
    const g = game((m) => {
      const fire = m.procedures.find((p) => p.id === 'fire')!;
      fire.immediate = true;
      fire.modifierLimit = { min: -2, max: 2 };
      fire.modifiers.push({ id: 'cover', name: 'Cover', min: -1, max: 0 } as (typeof fire.modifiers)[number]);
    });
    const { entries } = play(g, ['resolve fire range=-5 cover=-3']);
    const e = entries[0]![0]!;
    expect(e).toMatchObject({ type: 'resolved', modifiers: [{ id: 'range', value: -5 }, { id: 'cover', value: -1 }], modifier: -2, immediate: true });
    if (e.type !== 'resolved') throw new Error('resolved expected');
    expect(e.total).toBe(e.faces[0]! - 2);
    expect(e.index).toBe(e.total);
  });
});
