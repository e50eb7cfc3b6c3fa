// The fold of docs/state-format.md ("What each event changes"): one event at a time, in place.
// Every "MUST" and "invalid log" of that table is an error here.
import { commitmentOf } from './crypto.mjs';

const fail = (msg) => { throw new Error(msg); };

function leave(state, piece) {
  const loc = state.pieces[piece].location;
  if (loc === null) return;
  const stack = state.stacks[loc];
  const i = stack ? stack.indexOf(piece) : -1;
  if (i < 0) fail(`${piece} is not in the stack of ${loc}`);
  stack.splice(i, 1);
  if (!stack.length) delete state.stacks[loc];
}

function pieceOf(state, id) {
  return state.pieces[id] ?? fail(`unknown piece ${id}`);
}

function removeRecord(state, id) {
  const i = (state.sealed ?? []).findIndex((r) => r.id === id);
  if (i < 0) fail(`no sealed commitment ${id}`);
  const r = state.sealed[i];
  if (r.awaiting.length) fail(`sealed commitment ${id} still awaits ${r.awaiting.join(', ')}`);
  state.sealed.splice(i, 1);
  if (!state.sealed.length) delete state.sealed;
  return r;
}

const without = (list, cards) => { for (const c of cards) { const i = list.indexOf(c); if (i >= 0) list.splice(i,
  1); } };

function takeFromHand(state, e) {
  const hand = state.hands[e.side] ?? fail(`unknown side ${e.side}`);
  if (e.commitment !== undefined) {
    if (commitmentOf(e.card,
      e.salt) !== e.commitment) fail(`${e.card} with salt ${e.salt} does not open commitment ${e.commitment}`);
    const i = hand.hidden.findIndex((h) => h.commitment === e.commitment);
    if (i < 0) fail(`${e.side} holds no card with commitment ${e.commitment}`);
    hand.hidden.splice(i, 1);
  } else {
    const i = hand.cards.indexOf(e.card);
    if (i < 0) fail(`${e.side} holds no card ${e.card}`);
    hand.cards.splice(i, 1);
  }
}

const SEALED_COPY = ['side', 'epoch', 'counter', 'own', 'command', 'deck', 'cards', 'period', 'indices', 'pool', 'held', 'bound', 'derived'];

export function applyEvent(state, e) {
  const deck = (id) => state.decks[id] ?? fail(`unknown deck ${id}`);
  switch (e.type) {
    case 'moved': {
      const p = pieceOf(state, e.piece);
      leave(state, e.piece);
      const to = e.path[e.path.length - 1];
      p.location = to;
      const stack = (state.stacks[to] ??= []);
      if (e.stack === 'bottom') stack.unshift(e.piece); else stack.push(e.piece);
      if (e.spent !== undefined) state.spent[e.piece] = e.spent;
      if (e.obligation !== undefined) { discharge(state, e.obligation, e.piece); tidy(state); }
      return;
    }
    case 'rotated': pieceOf(state,
      e.piece).facing = e.to; if (e.spent !== undefined) state.spent[e.piece] = e.spent; return;
    case 'flipped': {
      const p = pieceOf(state, e.piece);
      p.face = e.to;
      if (e.facing !== undefined) p.facing = e.facing;
      if (e.spent !== undefined) state.spent[e.piece] = e.spent;
      return;
    }
    case 'marked':
      if (e.kind === 'piece') pieceOf(state, e.target).markers.push(e.marker);
      else (state.markers[e.target] ??= []).push(e.marker);
      return;
    case 'unmarked': {
      const list = e.kind === 'piece' ? pieceOf(state, e.target).markers : state.markers[e.target];
      const i = list ? list.lastIndexOf(e.marker) : -1;
      if (i < 0) fail(`no marker ${e.marker} on ${e.target}`);
      list.splice(i, 1);
      if (e.kind !== 'piece' && !list.length) delete state.markers[e.target];
      return;
    }
    case 'value-set':
      pieceOf(state, e.piece).values[e.prop] = e.to;
      // docs/state-format.md "Obligations": `lose <piece> <n>` counts n points of a loss in points
      if (e.obligation !== undefined) { discharge(state, e.obligation, e.piece, e.points ?? 1); tidy(state); }
      return;
    case 'track-set': state.tracks[e.track] = e.to; return;
    case 'restacked': {
      const stack = state.stacks[e.location];
      const i = stack ? stack.indexOf(e.piece) : -1;
      if (i < 0) fail(`${e.piece} is not in the stack of ${e.location}`);
      stack.splice(i, 1);
      if (e.position === 'top') stack.push(e.piece); else stack.unshift(e.piece);
      return;
    }
    case 'rolled': case 'resolved':
      if (e.sealed !== undefined) removeRecord(state, e.sealed);
      if (e.type === 'resolved' && e.obligation !== undefined) { discharge(state, e.obligation, ''); tidy(state); }
      return;
    case 'noted': case 'undone': case 'delayed': return;
    case 'entry-delayed': {
      // docs/state-format.md `entries`: replaced, each delayed piece's turn, hex and chosen face
      const entries = { ...(state.entries ?? {}) };
      for (const id of e.pieces) {
        const face = e.faces?.[id] ?? entries[id]?.face;
        entries[id] = { turn: e.turn, at: e.at, ...(face !== undefined ? { face } : {}) };
      }
      state.entries = entries;
      return;
    }
    case 'sealed': {
      if (e.obligation !== undefined) { discharge(state, e.obligation, '', e.indices?.length); tidy(state); }
      const r = { id: e.id, kind: e.kind, awaiting: [...e.awaiting], values: {} };
      for (const k of SEALED_COPY) if (e[k] !== undefined) r[k] = structuredClone(e[k]);
      (state.sealed ??= []).push(r);
      if (e.kind === 'shuffle') { const d = deck(e.deck); without(d.order, e.cards); without(d.discard, e.cards); }
      if (e.kind === 'draw') {
        const d = deck(e.deck);
        for (const i of e.indices) state.hands[e.side].hidden.push({ deck: e.deck, period: e.period, counter: i });
        d.drawn += e.indices.length;
        if (e.count !== undefined) state.acted = { ...state.acted, [`${e.side}:draw`]: e.count };
      }
      return;
    }
    case 'answered': {
      const r = (state.sealed ?? []).find((x) => x.id === e.id) ?? fail(`no sealed commitment ${e.id}`);
      const i = r.awaiting.indexOf(e.side);
      if (i < 0) fail(`sealed commitment ${e.id} does not await ${e.side}`);
      r.awaiting.splice(i, 1);
      r.values[e.side] = e.value;
      return;
    }
    case 'shuffled': {
      if (e.sealed !== undefined) removeRecord(state, e.sealed);
      const d = deck(e.deck);
      d.order = [...e.order];
      without(d.discard, e.order);
      return;
    }
    case 'drew': {
      if (e.obligation !== undefined) { discharge(state, e.obligation, '', e.cards?.length ?? e.draws?.length); tidy(state); }
      if (e.count !== undefined) state.acted = { ...state.acted, [`${e.side}:draw`]: e.count };
      const hand = state.hands[e.side];
      if (e.cards) {
        const d = deck(e.deck);
        for (const c of e.cards) {
          if (d.order[0] !== c) fail(`${c} is not the top card of deck ${e.deck}`);
          d.order.shift();
          hand.cards.push(c);
        }
      } else if (e.sealed !== undefined) {
        const r = (state.sealed ?? []).find((x) => x.id === e.sealed) ?? fail(`no sealed commitment ${e.sealed}`);
        if (r.awaiting.length) fail(`sealed draw ${e.sealed} still awaits ${r.awaiting.join(', ')}`);
        for (const d of e.draws) {
          const h = hand.hidden.find((x) => x.deck === e.deck && x.period === r.period && x.counter === d.counter
            && x.commitment === undefined);
          if (!h) fail(`${e.side} holds no uncommitted card #${d.counter} of ${e.deck} period ${r.period}`);
          h.commitment = d.commitment;
        }
        removeRecord(state, e.sealed);
      } else {
        const d = deck(e.deck);
        for (const x of e.draws) { hand.hidden.push({ deck: e.deck, commitment: x.commitment, period: d.period,
          counter: x.counter }); d.drawn += 1; }
      }
      return;
    }
    case 'period-began': {
      const d = deck(e.deck); d.period = e.period; d.pool = [...e.pool]; d.drawn = 0; without(d.discard, e.pool);
      if (e.held) d.held = [...e.held]; else delete d.held;
      return;
    }
    case 'cards-added': {
      const d = deck(e.deck); d.cards.push(...e.cards);
      if (e.into === 'pool') d.pool.push(...e.cards); else if (e.into === 'order') d.order.push(...e.cards);
      else if (e.into === 'hand') state.hands[e.side].cards.push(...e.cards);
      return;
    }
    case 'played': case 'discarded': {
      takeFromHand(state, e);
      const d = deck(e.deck);
      if (e.type === 'played' && e.to === 'removed') d.removed.push(e.card); else d.discard.push(e.card);
      if (e.type === 'played' && e.count !== undefined) state.acted = { ...state.acted, [`${e.side}:play`]: e.count };
      return;
    }
    case 'hand-revealed':
      for (const c of e.cards) {
        if (commitmentOf(c.card, c.salt) !== c.commitment) fail(`${c.card} does not open commitment ${c.commitment}`);
        const h = state.hands[e.side].hidden.find((x) => x.commitment === c.commitment) ?? fail(`${e.side} holds no card with commitment ${c.commitment}`);
        h.card = c.card;
      }
      return;
    case 'turn-began':
      // docs/state-format.md: a roll owed in the turn that ended lapses
      if (state.obligations) { state.obligations = state.obligations.filter((o) => o.kind !== 'roll'); tidy(state); }
      state.turn = e.turn; state.turnType = e.turnType; state.clock = e.clock ?? null; state.marks = e.marks ?? []; return;
    case 'phase-began':
      state.turn = e.turn; state.phase = e.phase; state.segment = e.segment; state.active = e.active;
      state.spent = {}; delete state.passed; delete state.acted;
      // advances lapse, and a roll owed in another phase or segment
      if (state.obligations) {
        state.obligations = state.obligations.filter((o) => o.optional !== true
          && !(o.kind === 'roll' && (o.phase !== e.phase || (o.segment !== undefined && o.segment !== e.segment))));
        tidy(state);
      }
      return;
    case 'passed': (state.passed ??= []).push(e.side); return;
    case 'arrived': {
      const p = pieceOf(state, e.piece);
      leave(state, e.piece);
      p.location = e.at; p.face = e.face; p.facing = e.facing;
      Object.assign(p.values, e.values ?? {});
      p.markers.push(...(e.markers ?? []));
      (state.stacks[e.at] ??= []).push(e.piece);
      if (e.spent !== undefined) state.spent[e.piece] = e.spent;
      return;
    }
    case 'game-ended': state.over = true; return;
    case 'lost': {
      if (e.obligation !== undefined) discharge(state, e.obligation, e.piece, e.points);
      const p = pieceOf(state, e.piece);
      if (e.to !== null) p.face = e.to;
      else {
        leave(state, e.piece);
        p.location = e.box ?? null;
        if (e.box !== undefined) (state.stacks[e.box] ??= []).push(e.piece);
        // docs/state-format.md `lost`: the obligations of `voids` go (each MUST be open)
        for (const id of e.voids ?? []) if (!(state.obligations ?? []).some((o) => o.id === id)) fail(`lost voids unknown obligation ${id}`);
        if (e.voids) state.obligations = state.obligations.filter((o) => !e.voids.includes(o.id));
        // … but a simultaneous reply the piece owes (8.1) stays, with `from`: where it stood
        for (const o of state.obligations ?? []) {
          if (!o.pieces.includes(e.piece)) continue;
          if (o.kind === 'reply' && o.simultaneous === true) { if (o.from === undefined && e.at !== null) o.from = e.at; }
          else o.pieces = o.pieces.filter((x) => x !== e.piece);
        }
      }
      tidy(state);
      return;
    }
    case 'obliged': { const { type, warnings, ...o } = e; (state.obligations ??= []).push(structuredClone(o)); tidy(state); return; }
    case 'card-removed': {
      const d = deck(e.deck);
      const list = e.from === 'order' ? d.order : e.from === 'discard' ? d.discard : state.hands[e.side]?.cards;
      const i = list ? list.indexOf(e.card) : -1;
      if (i < 0) fail(`${e.card} is not in ${e.from}`);
      list.splice(i, 1);
      d.removed.push(e.card);
      return;
    }
    default: fail(`unknown event type ${e.type}`);
  }
}

/** docs/state-format.md "Obligations": discharging obligation `id` for a piece. */
function discharge(state, id, piece, points) {
  const o = (state.obligations ?? []).find((x) => x.id === id) ?? fail(`no obligation ${id}`);
  // a loss counted in loss points (its `points` names the value) goes down by the step's `points`;
  // a loss in points on a value (its `value`) by the points a `lose <piece> <n>` placed
  if (o.kind === 'loss' && o.points !== undefined) o.count = Math.max(0, o.count - (points ?? 0));
  else if (o.kind === 'loss' && o.value !== undefined) o.count -= points ?? 1;
  else if (o.kind === 'loss' || o.kind === 'reply' || o.kind === 'check' || o.kind === 'roll') o.count -= 1;
  else if (o.kind === 'draw') o.count -= points ?? 1;
  else if (o.kind === 'retreat') o.pieces = o.pieces.filter((x) => x !== piece);
  else { o.pieces = o.pieces.filter((x) => x !== piece); o.count -= 1; }
}

/** Obligations with no pieces or a count of 0 are deleted, and an empty list is deleted. */
function tidy(state) {
  if (!state.obligations) return;
  // a draw or a roll owed is the side's: it has no pieces
  state.obligations = state.obligations.filter((o) => (o.pieces.length || o.kind === 'draw' || o.kind === 'roll') && o.count > 0);
  if (!state.obligations.length) delete state.obligations;
}
