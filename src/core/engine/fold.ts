// The fold: state + event → state. Mutable inside (fast replay: 100,000 events in a blink); the
// public entry points copy first. Events carry every outcome, so nothing here consults the module
// or randomness. The fold still refuses what no honest log contains: an opening that does not
// match its commitment, or a hidden card played that is not in that side's hand.
import { opensCommitment } from '../random/commitment.js';
import { EngineError } from './errors.js';
import type { GameEvent, Obligation } from './events.js';
import { cloneState, type DeckState, type GameState, type HandState, type SealedRecord } from './state.js';

/** Applies events to a copy of the state. */
export function foldEvents(state: GameState, events: Iterable<GameEvent>): GameState {
  const s = cloneState(state);
  for (const e of events) applyEvent(s, e);
  return s;
}

/** Applies one event in place. Throws EngineError when the event contradicts the state. */
export function applyEvent(s: GameState, e: GameEvent): void {
  switch (e.type) {
    case 'moved': {
      const p = piece(s, e.piece);
      const to = e.path[e.path.length - 1]!;
      if (p.location !== null) unstack(s, p.location, e.piece);
      p.location = to;
      const st = s.stacks[to];
      if (!st) s.stacks[to] = [e.piece];
      else if (e.stack === 'bottom') st.unshift(e.piece);
      else st.push(e.piece);
      if (e.spent !== undefined) s.spent[e.piece] = e.spent;
      if (e.obligation !== undefined) discharge(s, e.obligation, e.piece);
      return;
    }
    case 'rotated': {
      piece(s, e.piece).facing = e.to;
      if (e.spent !== undefined) s.spent[e.piece] = e.spent;
      return;
    }
    case 'flipped': {
      const p = piece(s, e.piece);
      p.face = e.to;
      if (e.facing !== undefined) p.facing = e.facing;
      if (e.spent !== undefined) s.spent[e.piece] = e.spent;
      return;
    }
    case 'marked':
      if (e.kind === 'piece') piece(s, e.target).markers.push(e.marker);
      else (s.markers[e.target] ??= []).push(e.marker);
      return;
    case 'unmarked': {
      const list = e.kind === 'piece' ? piece(s, e.target).markers : s.markers[e.target];
      const i = list ? list.lastIndexOf(e.marker) : -1;
      if (i < 0) throw new EngineError(`event unmarked: ${e.target} has no marker ${e.marker}`);
      list!.splice(i, 1);
      if (e.kind !== 'piece' && list!.length === 0) delete s.markers[e.target];
      return;
    }
    case 'value-set':
      piece(s, e.piece).values[e.prop] = e.to;
      if (e.obligation !== undefined) discharge(s, e.obligation, e.piece, e.points ?? 1);
      return;
    case 'track-set': s.tracks[e.track] = e.to; return;
    case 'restacked': {
      unstack(s, e.location, e.piece);
      const st = s.stacks[e.location] ??= [];
      if (e.position === 'top') st.push(e.piece); else st.unshift(e.piece);
      return;
    }
    case 'rolled': case 'resolved':
      if (e.sealed !== undefined) settle(s, e.sealed);
      if (e.type === 'resolved' && e.obligation !== undefined) discharge(s, e.obligation, '');
      return;
    case 'noted': case 'undone': return;
    case 'sealed': {
      if (e.obligation !== undefined) discharge(s, e.obligation, '', e.indices?.length);
      const r: SealedRecord = { id: e.id, kind: e.kind, awaiting: e.awaiting.slice(), values: {} };
      if (e.side !== undefined) r.side = e.side;
      if (e.epoch !== undefined) r.epoch = e.epoch;
      if (e.counter !== undefined) r.counter = e.counter;
      if (e.own !== undefined) r.own = e.own;
      if (e.command !== undefined) r.command = e.command;
      if (e.deck !== undefined) r.deck = e.deck;
      if (e.cards) r.cards = e.cards.slice();
      if (e.period !== undefined) r.period = e.period;
      if (e.indices) r.indices = e.indices.slice();
      if (e.pool) r.pool = e.pool.slice();
      if (e.held) r.held = e.held.slice();
      if (e.bound) r.bound = { ...e.bound };
      if (e.derived) r.derived = e.derived.slice();
      (s.sealed ??= []).push(r);
      if (e.kind === 'shuffle') {
        // the cards are out of the piles until the reply gives their order
        const d = deck(s, e.deck!);
        const out = new Set(e.cards);
        d.order = d.order.filter((c) => !out.has(c));
        d.discard = d.discard.filter((c) => !out.has(c));
      } else if (e.kind === 'draw') {
        const d = deck(s, e.deck!);
        const h = hand(s, e.side!);
        for (const i of e.indices ?? []) h.hidden.push({ deck: e.deck!, period: e.period!, counter: i });
        d.drawn += e.indices?.length ?? 0;
        if (e.count !== undefined) s.acted = { ...s.acted, [`${e.side}:draw`]: e.count };
      }
      return;
    }
    case 'answered': {
      const r = record(s, e.id);
      if (!r.awaiting.includes(e.side)) throw new EngineError(`event answered: sealed ${e.id} does not wait for ${e.side}`);
      r.values[e.side] = e.value;
      r.awaiting = r.awaiting.filter((x) => x !== e.side);
      return;
    }
    case 'shuffled': {
      const d = deck(s, e.deck);
      if (e.sealed !== undefined) settle(s, e.sealed);
      d.order = e.order.slice();
      // a reshuffle gathers the discard pile into the draw pile
      if (d.discard.length) { const back = new Set(e.order); d.discard = d.discard.filter((c) => !back.has(c)); }
      return;
    }
    case 'drew': {
      const d = deck(s, e.deck);
      const h = hand(s, e.side);
      if (e.obligation !== undefined) discharge(s, e.obligation, '', e.cards?.length ?? e.draws?.length);
      if (e.count !== undefined) s.acted = { ...s.acted, [`${e.side}:draw`]: e.count };
      if (e.cards) {
        for (const c of e.cards) {
          if (d.order[0] !== c) throw new EngineError(`event drew: ${c} is not the top card of deck ${e.deck}`);
          d.order.shift();
          h.cards.push(c);
        }
      }
      if (e.draws && e.sealed !== undefined) {
        // the owner's commitments to the cards of a resolved sealed draw
        const r = record(s, e.sealed);
        if (r.awaiting.length) throw new EngineError(`event drew: sealed ${e.sealed} is not resolved yet`);
        for (const dr of e.draws) {
          const hc = h.hidden.find((x) => x.deck === e.deck && x.period === r.period && x.counter === dr.counter && x.commitment === undefined);
          if (!hc) throw new EngineError(`event drew: ${e.side} holds no uncommitted card of draw #${dr.counter} of ${e.deck}`);
          hc.commitment = dr.commitment;
        }
        settle(s, e.sealed);
      } else if (e.draws) {
        for (const dr of e.draws) {
          h.hidden.push({ deck: e.deck, commitment: dr.commitment, period: d.period, counter: dr.counter });
          d.drawn++;
        }
      }
      return;
    }
    case 'period-began': {
      const d = deck(s, e.deck);
      d.period = e.period;
      d.pool = e.pool.slice();
      d.drawn = 0;
      if (e.held) d.held = e.held.slice(); else delete d.held;
      const back = new Set(e.pool);
      d.discard = d.discard.filter((c) => !back.has(c));
      return;
    }
    case 'cards-added': {
      const d = deck(s, e.deck);
      d.cards.push(...e.cards);
      // into a new period: its period-began gives the pool
      if (e.into === 'pool') d.pool.push(...e.cards);
      else if (e.into === 'hand') hand(s, e.side!).cards.push(...e.cards);
      else if (e.into === 'order') d.order.push(...e.cards);
      return;
    }
    case 'played': case 'discarded': {
      const d = deck(s, e.deck);
      takeFromHand(hand(s, e.side), e);
      if (e.type === 'played' && e.count !== undefined) s.acted = { ...s.acted, [`${e.side}:play`]: e.count };
      if (e.type === 'played' && e.to === 'removed') d.removed.push(e.card);
      else d.discard.push(e.card);
      return;
    }
    case 'hand-revealed': {
      const h = hand(s, e.side);
      for (const c of e.cards) {
        const hc = h.hidden.find((x) => x.commitment === c.commitment);
        if (!hc) throw new EngineError(`event hand-revealed: ${e.side} holds no card with commitment ${c.commitment.slice(0, 12)}…`);
        if (!opensCommitment(c.commitment, c.card, c.salt)) throw new EngineError(`event hand-revealed: card ${c.card} does not open its commitment`);
        hc.card = c.card;
      }
      return;
    }
    case 'turn-began':
      // a roll owed in the turn that ended lapses with it
      if (s.obligations?.some((o) => o.kind === 'roll')) setObligations(s, s.obligations.filter((o) => o.kind !== 'roll'));
      s.turn = e.turn;
      s.turnType = e.turnType;
      s.clock = e.clock ?? null;
      s.marks = e.marks ? e.marks.slice() : [];
      return;
    case 'phase-began': {
      // an advance after combat is taken in the phase of the combat, or not at all; a roll a phase (or
      // segment) owes lapses with it (where a breach let it end without the roll)
      const lapsed = (o: Obligation) => o.optional || (o.kind === 'roll' && (o.phase !== e.phase || (o.segment !== undefined && o.segment !== e.segment)));
      s.turn = e.turn;
      s.phase = e.phase;
      s.segment = e.segment;
      s.active = e.active;
      s.spent = {};
      delete s.passed;
      delete s.acted;
      if (s.obligations?.some(lapsed)) setObligations(s, s.obligations.filter((o) => !lapsed(o)));
      return;
    }
    case 'passed':
      s.passed = [...(s.passed ?? []), e.side]; // replaced, never changed inside (restore-point.ts)
      return;
    case 'arrived': {
      const p = piece(s, e.piece);
      if (p.location !== null) unstack(s, p.location, e.piece);
      p.location = e.at;
      p.face = e.face;
      p.facing = e.facing;
      if (e.values) Object.assign(p.values, e.values);
      if (e.markers) p.markers.push(...e.markers);
      (s.stacks[e.at] ??= []).push(e.piece);
      if (e.spent !== undefined) s.spent[e.piece] = e.spent;
      return;
    }
    case 'delayed': return;
    case 'entry-delayed': {
      // replaced, never changed inside (restore-point.ts)
      const entries = { ...(s.entries ?? {}) };
      for (const id of e.pieces) entries[id] = { turn: e.turn, at: e.at, ...(e.faces?.[id] !== undefined ? { face: e.faces[id] } : entries[id]?.face !== undefined ? { face: entries[id].face } : {}) };
      s.entries = entries;
      return;
    }
    case 'game-ended': s.over = true; return;
    case 'lost': {
      const p = piece(s, e.piece);
      if (e.obligation !== undefined) discharge(s, e.obligation, e.piece, e.points);
      if (e.to !== null) { p.face = e.to; return; }
      if (p.location !== null) unstack(s, p.location, e.piece);
      p.location = e.box ?? null;
      if (e.box !== undefined) (s.stacks[e.box] ??= []).push(e.piece);
      // an eliminated piece owes nothing more and may not advance; what was owed at it is void (`voids`)
      if (e.voids?.some((id) => !s.obligations?.some((o) => o.id === id))) throw new EngineError(`event lost voids an unknown obligation (${e.voids.join(', ')})`);
      if (s.obligations) {
        const voids = new Set(e.voids ?? []);
        // but for the simultaneous return fire it owes (8.1): that stays, read where it stood (`from`)
        setObligations(s, s.obligations.filter((o) => !voids.has(o.id))
          .map((o) => (!o.pieces.includes(e.piece) ? o
            : o.kind === 'reply' && o.simultaneous ? (o.from === undefined && e.at != null ? { ...o, from: e.at } : o)
            : { ...o, pieces: o.pieces.filter((x) => x !== e.piece) })));
      }
      return;
    }
    case 'obliged': {
      const { type: _t, warnings: _w, ...o } = e;
      setObligations(s, [...(s.obligations ?? []), { ...o, pieces: o.pieces.slice() }]);
      return;
    }
    case 'card-removed': {
      const d = deck(s, e.deck);
      if (e.from === 'hand') {
        const h = hand(s, e.side!);
        const i = h.cards.indexOf(e.card);
        if (i < 0) throw new EngineError(`event card-removed: ${e.card} is not in ${e.side}'s hand`);
        h.cards.splice(i, 1);
      } else {
        const pile = e.from === 'order' ? d.order : d.discard;
        const i = pile.indexOf(e.card);
        if (i < 0) throw new EngineError(`event card-removed: ${e.card} is not in the ${e.from === 'order' ? 'draw' : 'discard'} pile of ${e.deck}`);
        pile.splice(i, 1);
      }
      d.removed.push(e.card);
      return;
    }
  }
}

/**
 * A loss step taken, a piece retreated or advanced: the obligation counts it (a loss one step less,
 * a retreat one piece less, an advance one piece less) and leaves when nothing is owed. Obligations
 * are replaced, never changed inside (event-effects.ts).
 */
function discharge(s: GameState, id: string, pieceId: string, points?: number): void {
  const list = s.obligations ?? [];
  const o = list.find((x) => x.id === id);
  if (!o) throw new EngineError(`event names unknown obligation "${id}"`);
  // a loss in loss points goes down by the points the step absorbed (at least what is owed: it leaves);
  // a loss in points on a value (outcomes `points`) by the points a `lose <piece> <n>` placed
  const next = o.kind === 'loss' && o.points !== undefined ? { ...o, count: Math.max(0, o.count - (points ?? 0)) }
    : o.kind === 'loss' && o.value !== undefined ? { ...o, count: o.count - (points ?? 1) }
    : o.kind === 'loss' || o.kind === 'reply' || o.kind === 'check' || o.kind === 'roll' ? { ...o, count: o.count - 1 }
    : o.kind === 'draw' ? { ...o, count: o.count - (points ?? 1) }
    : { ...o, pieces: o.pieces.filter((x) => x !== pieceId), count: o.kind === 'advance' ? o.count - 1 : o.count };
  setObligations(s, list.map((x) => (x === o ? next : x)));
}

/** Keeps the obligations still owed (none left: the member goes). */
function setObligations(s: GameState, list: GameState['obligations'] & object): void {
  // a draw or a roll owed is the side's, not a piece's
  const open = list.filter((o) => (o.pieces.length > 0 || o.kind === 'draw' || o.kind === 'roll') && o.count > 0);
  if (open.length) s.obligations = open; else delete s.obligations;
}

function record(s: GameState, id: string): SealedRecord {
  const r = s.sealed?.find((x) => x.id === id);
  if (!r) throw new EngineError(`event names unknown sealed commitment "${id}"`);
  return r;
}

/** A sealed commitment is resolved: it leaves the list (and the list leaves the state when empty). */
function settle(s: GameState, id: string): void {
  const list = s.sealed ?? [];
  const i = list.findIndex((x) => x.id === id);
  if (i < 0) throw new EngineError(`event names unknown sealed commitment "${id}"`);
  if (list[i]!.awaiting.length) throw new EngineError(`event: sealed ${id} still waits for ${list[i]!.awaiting.join(', ')}`);
  list.splice(i, 1);
  if (!list.length) delete s.sealed;
}

function piece(s: GameState, id: string) {
  const p = s.pieces[id];
  if (!p) throw new EngineError(`event names unknown piece "${id}"`);
  return p;
}

function deck(s: GameState, id: string): DeckState {
  const d = s.decks[id];
  if (!d) throw new EngineError(`event names unknown deck "${id}"`);
  return d;
}

function hand(s: GameState, side: string): HandState {
  return s.hands[side] ??= { cards: [], hidden: [] };
}

function unstack(s: GameState, location: string, id: string): void {
  const st = s.stacks[location];
  const i = st ? st.indexOf(id) : -1;
  if (i < 0) throw new EngineError(`event: piece ${id} is not in ${location}`);
  if (st!.length === 1) delete s.stacks[location];
  else st!.splice(i, 1);
}

/** A played or discarded card leaves the hand: a public card by id, a hidden one by its opened commitment. */
function takeFromHand(h: HandState, e: { card: string; side: string; commitment?: string; salt?: string }): void {
  if (e.commitment === undefined) {
    const i = h.cards.indexOf(e.card);
    if (i < 0) throw new EngineError(`card ${e.card} is not in ${e.side}'s hand`);
    h.cards.splice(i, 1);
    return;
  }
  const i = h.hidden.findIndex((x) => x.commitment === e.commitment);
  if (i < 0) throw new EngineError(`card ${e.card} is not in ${e.side}'s hand (commitment ${e.commitment.slice(0, 12)}… was never drawn or was already played)`);
  if (e.salt === undefined || !opensCommitment(e.commitment, e.card, e.salt)) {
    throw new EngineError(`card ${e.card} does not open commitment ${e.commitment.slice(0, 12)}…: the opening is false`);
  }
  h.hidden.splice(i, 1);
}
