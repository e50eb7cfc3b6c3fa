// Decks and hands. A public deck has a visible order: `draw` takes the top cards, `shuffle` asks
// Randomness for a permutation. A secret deck has no order: each draw is a uniform pick among the
// period's undrawn cards made by the owner's tool, and the event records only commitments; playing,
// discarding or revealing opens them. A period ends when its pool is exhausted and the discard
// pile comes back (a reshuffle). Every check runs before Randomness is asked, so a refused command
// consumes no counter.
import type { DeckDef } from '../module/schema.js';
import { opensCommitment } from '../random/commitment.js';
import type { CommandOf } from './commands.js';
import { warning, type CommandContext } from './context.js';
import { refuse } from './errors.js';
import type {
  CardsAddedEvent, DiscardedEvent, DrewEvent, GameEvent, HandRevealedEvent, PeriodBeganEvent, PlayedEvent, SealedEvent, ShuffledEvent,
  Warning,
} from './events.js';
import type { Game } from './game.js';
import type { Randomness } from './randomness.js';
import { refillOf } from './refill.js';
import { sealedEvent } from './sealed-event.js';
import { undrawnCount, type GameState } from './state.js';

function deckOf(game: Game, id: string): DeckDef {
  const d = game.decks.get(id);
  if (!d) refuse(`unknown deck "${id}" (decks: ${[...game.decks.keys()].join(', ') || 'none'})`);
  return d;
}

/** The side whose hand a deck's cards go to: the owner, else the acting side. */
function holder(deck: DeckDef, ctx: CommandContext, verb: string): string {
  if (deck.owner && ctx.side !== undefined && ctx.side !== deck.owner) refuse(`deck ${deck.id} is ${deck.owner}'s; ${ctx.side} may not ${verb} its cards`);
  const side = deck.owner ?? ctx.side;
  if (side === undefined) refuse(`deck ${deck.id} has no owner: say which side ${verb}s`);
  return side;
}

/** A public deck whose sealed shuffle waits for its reply has no order yet. */
function checkNotShuffling(state: GameState, deck: string, verb: string): void {
  const r = state.sealed?.find((x) => x.kind === 'shuffle' && x.deck === deck);
  if (r) refuse(`deck ${deck} is being shuffled (sealed, waiting for ${r.awaiting.join(', ') || 'a reply'}): its order is known with the reply; ${verb} after it`);
}

/** A sealed shuffle of `cards` (the new order comes with the reply). */
function sealedShuffle(deck: string, cards: string[], randomness: Randomness): SealedEvent {
  return sealedEvent(randomness.seal!({ kind: 'shuffle', deck }), 'shuffle', { deck, cards });
}

/** Cards sorted in the module's order (the canonical order of a secret deck's pool). */
function moduleOrder(game: Game, cards: readonly string[]): string[] {
  return cards.slice().sort((a, b) => game.cards.get(a)!.order - game.cards.get(b)!.order);
}

export function drawCommand(game: Game, state: GameState, c: CommandOf<'draw'>, ctx: CommandContext, randomness: Randomness): GameEvent[] {
  const def = deckOf(game, c.deck);
  const side = holder(def, ctx, 'draw');
  const d = state.decks[def.id]!;
  // in a refill phase (PoG §14: up to 7) a draw without a count draws up to the hand limit
  const refill = c.count === undefined ? refillOf(game, state, def, side) : null;
  if (refill && refill.count === 0) refuse(`${side} holds ${refill.held} cards of deck ${def.id} (the hand limit is ${refill.handLimit}) and has none to draw`);
  const n = c.count ?? refill?.count ?? 1;
  if (!def.secret) checkNotShuffling(state, def.id, 'draw');
  const back = def.reshuffle === 'when-empty' ? d.discard.length : 0;
  const left = def.secret ? undrawnCount(d) : d.order.length;
  if (n > left + back) refuse(`deck ${def.id} has ${left} card(s) to draw${back ? ` and ${back} in its discard pile` : ''}; cannot draw ${n}`);
  const events: GameEvent[] = [];
  const warnings: Warning[] = [];
  const held = state.hands[side]!;
  const inHand = held.cards.filter((x) => game.cards.get(x)?.deck.id === def.id).length + held.hidden.filter((h) => h.deck === def.id).length;
  if (def.handLimit !== undefined && inHand + n > def.handLimit) {
    warnings.push(warning(game, 'hand-limit', `${side} holds ${inHand + n} cards of deck ${def.id}; the hand limit is ${def.handLimit}`));
  }
  if (def.secret && randomness.seal) {
    // Sealed: the cards are picked when the opponent's next dice value is revealed; the owner then
    // commits to them. One commitment per period the draw reaches.
    let period = d.period, pool = d.pool, index = d.drawn, held = d.held;
    let indices: number[] = [];
    const flush = () => {
      if (!indices.length) return;
      const t = randomness.seal!({ kind: 'draw', deck: def.id, period, index: indices[0]! });
      events.push(sealedEvent(t, 'draw', { deck: def.id, period, indices, pool: pool.slice(), ...(held ? { held: held.slice() } : {}) }));
      indices = [];
    };
    for (let i = 0; i < n; i++) {
      if (index >= pool.length - (held?.length ?? 0)) {
        flush();
        period += 1; pool = moduleOrder(game, d.discard); index = 0; held = undefined;
        events.push({ type: 'period-began', deck: def.id, period, pool } satisfies PeriodBeganEvent);
      }
      indices.push(index++);
    }
    flush();
  } else if (def.secret) {
    let period = d.period, pool = d.pool, index = d.drawn, held = d.held;
    let draws: { counter: number; commitment: string }[] = [];
    const flush = () => { if (draws.length) events.push({ type: 'drew', deck: def.id, side, period, draws }); draws = []; };
    for (let i = 0; i < n; i++) {
      if (index >= pool.length - (held?.length ?? 0)) {
        flush();
        period += 1; pool = moduleOrder(game, d.discard); index = 0; held = undefined;
        events.push({ type: 'period-began', deck: def.id, period, pool } satisfies PeriodBeganEvent);
      }
      const r = randomness.drawSecret({ deck: def.id, side, period, pool, index, ...(held ? { held } : {}) });
      draws.push({ counter: r.counter, commitment: r.commitment });
      index++;
    }
    flush();
  } else {
    let order = d.order;
    let cards: string[] = [];
    let k = 0;
    const flush = () => { if (cards.length) events.push({ type: 'drew', deck: def.id, side, cards }); cards = []; };
    if (randomness.seal && n > order.length) {
      refuse(`deck ${def.id} has ${order.length} card(s) in its draw pile; drawing ${n} needs its discard pile reshuffled, which is sealed: \`shuffle ${def.id}\` now and draw after the reply`);
    }
    for (let i = 0; i < n; i++) {
      if (k >= order.length) {
        flush();
        const r = randomness.shuffle(def.id, d.discard);
        events.push({ type: 'shuffled', deck: def.id, counter: r.counter, order: r.order } satisfies ShuffledEvent);
        order = r.order; k = 0;
      }
      cards.push(order[k++]!);
    }
    flush();
  }
  if (warnings.length) {
    const last = events[events.length - 1] as DrewEvent | SealedEvent;
    last.warnings = warnings;
  }
  return events;
}

/** play and discard: the card leaves its holder's hand; a hidden card's commitment is opened. */
export function playCommand(game: Game, state: GameState, c: CommandOf<'play' | 'discard'>, ctx: CommandContext, randomness: Randomness): PlayedEvent | DiscardedEvent {
  const found = game.cards.get(c.card);
  if (!found) refuse(`unknown card "${c.card}"`);
  const { deck: def, card } = found;
  const side = holder(def, ctx, c.verb);
  const hand = state.hands[side]!;
  let opening: { commitment: string; salt: string } | undefined;
  if (def.secret) {
    const o = randomness.openCard(c.card);
    if (!o || !hand.hidden.some((h) => h.commitment === o.commitment)) refuse(`card ${c.card} is not in ${side}'s hand`);
    if (!opensCommitment(o.commitment, c.card, o.salt)) refuse(`card ${c.card}: the opening does not match its commitment`);
    opening = o;
  } else if (!hand.cards.includes(c.card)) {
    refuse(`card ${c.card} is not in ${side}'s hand`);
  }
  const base = { deck: def.id, side, card: c.card, ...opening };
  if (c.verb === 'discard') return { type: 'discarded', ...base };
  const use = c.use;
  if (use !== undefined && card.uses && !card.uses.includes(use)) refuse(`card ${c.card} cannot be played as ${use} (uses: ${card.uses.join(', ')})`);
  const removed = card.removeWhenPlayed === true && (use === undefined || use === 'event');
  const e: PlayedEvent = { type: 'played', ...base, to: removed ? 'removed' : 'discard' };
  if (use !== undefined) e.use = use;
  return e;
}

export function shuffleCommand(game: Game, state: GameState, c: CommandOf<'shuffle'>, randomness: Randomness): ShuffledEvent | SealedEvent {
  const def = deckOf(game, c.deck);
  if (def.secret) refuse(`deck ${def.id} is secret: it has no order to shuffle (each draw is a fair pick among the undrawn cards, and it reshuffles by itself when empty)`);
  const d = state.decks[def.id]!;
  const cards = [...d.order, ...d.discard];
  checkNotShuffling(state, def.id, 'shuffle it');
  if (cards.length === 0) refuse(`deck ${def.id} has no card to shuffle`);
  if (randomness.seal) return sealedShuffle(def.id, cards, randomness);
  const r = randomness.shuffle(def.id, cards);
  return { type: 'shuffled', deck: def.id, counter: r.counter, order: r.order };
}

export function addCardsCommand(game: Game, state: GameState, c: CommandOf<'add-cards'>, randomness: Randomness): GameEvent[] {
  const def = deckOf(game, c.deck);
  const set = def.sets?.[c.set];
  if (!set) refuse(`deck ${def.id} has no card set "${c.set}" (sets: ${Object.keys(def.sets ?? {}).join(', ') || 'none'})`);
  const d = state.decks[def.id]!;
  const cards = moduleOrder(game, set.filter((x) => !d.cards.includes(x)));
  if (cards.length === 0) refuse(`the cards of set ${c.set} are already in deck ${def.id}`);
  if (def.secret && def.addWithDiscard) return addIntoNewPeriod(game, state, def, cards, c.set);
  const added: CardsAddedEvent = { type: 'cards-added', deck: def.id, set: c.set, cards, into: def.secret ? 'pool' : 'order' };
  if (def.secret) return [added];
  checkNotShuffling(state, def.id, 'add cards');
  // the draw pile, the added cards, and with addWithDiscard the discard pile (bottom first)
  const input = [...d.order, ...cards, ...(def.addWithDiscard ? d.discard : [])];
  if (randomness.seal) return [added, sealedShuffle(def.id, input, randomness)];
  const r = randomness.shuffle(def.id, input);
  return [added, { type: 'shuffled', deck: def.id, counter: r.counter, order: r.order }];
}

/**
 * A secret deck's cards added with the discard pile (PoG §14.3 "将相应抽牌堆与弃牌堆重新洗混"): the period
 * ends, and the new one's pool is every card of the deck not removed — the undrawn ones, the discard
 * pile, the added set — minus the cards its owner holds, which only he knows: they are named by
 * their commitments (`held`). Its draws are sealed with a fresh hidden value (docs/dice-protocol.md,
 * "Cards added with the discard pile"). A draw whose cards are not committed to yet would leave a
 * held card unnamed, so it must be answered first.
 */
function addIntoNewPeriod(game: Game, state: GameState, def: DeckDef, cards: string[], set: string): GameEvent[] {
  const d = state.decks[def.id]!;
  const owner = def.owner;
  if (owner === undefined) refuse(`deck ${def.id} has no owner: a secret deck's cards go to its owner's hand`);
  const open = state.sealed?.find((r) => r.kind === 'draw' && r.deck === def.id);
  if (open) refuse(`deck ${def.id}: draw ${open.id} waits for its reply (its cards are not committed to yet); add cards after it`);
  const removed = new Set(d.removed);
  const pool = moduleOrder(game, [...d.cards, ...cards].filter((x) => !removed.has(x)));
  const held = state.hands[owner]!.hidden.filter((h) => h.deck === def.id).map((h) => h.commitment!);
  return [
    { type: 'cards-added', deck: def.id, set, cards, into: 'period' } satisfies CardsAddedEvent,
    { type: 'period-began', deck: def.id, period: d.period + 1, pool, ...(held.length ? { held } : {}) } satisfies PeriodBeganEvent,
  ];
}

export function revealHandCommand(state: GameState, ctx: CommandContext, randomness: Randomness): HandRevealedEvent {
  if (ctx.side === undefined) refuse('reveal-hand: no acting side');
  const hand = state.hands[ctx.side];
  if (!hand) refuse(`unknown side "${ctx.side}"`);
  const cards = hand.hidden.filter((h) => h.card === undefined).map((h) => {
    if (h.commitment === undefined) refuse(`a card drawn from ${h.deck} is not known yet (a sealed draw waiting for the reply): reveal the hand after it`);
    const o = randomness.openCommitment(h.commitment);
    if (!o || !opensCommitment(h.commitment, o.card, o.salt)) refuse(`cannot open the hidden card drawn from ${h.deck} (commitment ${h.commitment.slice(0, 12)}…)`);
    return { deck: h.deck, commitment: h.commitment, card: o.card, salt: o.salt };
  });
  return { type: 'hand-revealed', side: ctx.side, cards };
}
