// The events of the commands whose events the docs fix without randomness (docs/events.md "The
// events", "The events of each command"; docs/commands.md). derive() returns the events the docs
// give, or null for what this second implementation leaves to the fold (see README.md).
import { entryControl } from './control.mjs';
import { suppliedOnHexes } from './supply-lines.mjs';
import { canonicalLocation } from './initial-state.mjs';
import { Movement } from './movement.mjs';
import { ZERO, add, cmp, frac, parse, text } from './rational.mjs';
import { kindOf, nextEvents } from './sequence.mjs';
import { words } from './outcomes.mjs';

export class Commands {
  constructor(m, state) {
    this.m = m;
    this.mv = new Movement(m, state);
    this.cards = new Map((m.decks ?? []).flatMap((d) => d.cards.map((c) => [c.id, { deck: d, card: c }])));
  }

  /** The events of `command` by `side` from `state`; `logged` lends the openings (card, salt) only. */
  derive(state, side, command, logged, entryIndex, entries) {
    const w = words(command).map((x) => x.text);
    const opt = (name) => { const i = w.indexOf(name); if (i < 0) return undefined; const v = w[i + 1]; w.splice(i,
      2); return v; };
    switch (w[0]) {
      case 'note': return [{ type: 'noted', text: w[1] }];
      case 'undo': {
        // the latest entry before it that is not an undo and that no earlier undo took back
        const taken = new Set(entries.slice(0,
          entryIndex).flatMap((x) => x.events.filter((e) => e.type === 'undone').map((e) => e.entry)));
        for (let i = entryIndex - 1; i >= 0; i--) if (!taken.has(i)
          && words(entries[i].command)[0]?.text !== 'undo') return [{ type: 'undone', entry: i }];
        throw new Error('nothing to undo');
      }
      case 'set': {
        const [prop, raw] = w[2].split('=');
        const p = this.mv.view(state, w[1]);
        if (!p.type.properties?.includes(prop)) throw new Error(`${w[1]} has no property ${prop}`);
        const quoted = words(command)[2].quoted;
        const to = !quoted && /^-?\d+$/.test(raw) ? Number(raw) : raw;
        const from = p.value(prop) ?? null;
        const e = { type: 'value-set', piece: w[1], prop, from, to };
        // docs/module-format.md rules.supplyLines `keeps`: an unsupplied piece's value may not go down
        const lines = this.m.rules?.supplyLines;
        if (lines?.keeps === prop && typeof from === 'number' && typeof to === 'number' && to < from
          && !suppliedOnHexes(this.m, this.mv.board, state, w[1])) {
          e.warnings = [{ code: 'prohibited', message: `${w[1]} traces no supply line: its ${prop} may not go down (${lines.keepsRule ?? lines.rule})` }];
        }
        return [e];
      }
      case 'track': {
        const t = (this.m.tracks ?? []).find((x) => x.id === w[1]);
        if (!t) throw new Error(`unknown track ${w[1]}`);
        const from = state.tracks[t.id];
        const to = /^[+-]/.test(w[2]) ? from + Number(w[2]) : Number(w[2]);
        if (to < t.min || to > t.max) throw new Error(`track ${t.id} has no position ${to}`);
        const e = { type: 'track-set', track: t.id, from, to };
        const warnings = [], rule = (x) => (x.rule ? ` (${x.rule})` : ''), v = (id) => state.tracks[id];
        if (t.atLeast !== undefined && to < v(t.atLeast))
          warnings.push({ code: 'track', message: `track ${t.id} may not go below ${t.atLeast} (${v(t.atLeast)})${rule(t)}; ${to} is` });
        if (t.atMost !== undefined && to > v(t.atMost))
          warnings.push({ code: 'track', message: `track ${t.id} may not go above ${t.atMost} (${v(t.atMost)})${rule(t)}; ${to} is` });
        for (const o of this.m.tracks) {
          if (o.atLeast === t.id && v(o.id) < to)
            warnings.push({ code: 'track', message: `track ${o.id} (${v(o.id)}) may not be below ${t.id}${rule(o)}; ${t.id} would be ${to}` });
          if (o.atMost === t.id && v(o.id) > to)
            warnings.push({ code: 'track', message: `track ${o.id} (${v(o.id)}) may not be above ${t.id}${rule(o)}; ${t.id} would be ${to}` });
        }
        if (warnings.length) e.warnings = warnings;
        return [e];
      }
      case 'stack': {
        const loc = state.pieces[w[1]]?.location;
        if (!loc) throw new Error(`${w[1]} is not in play`);
        return [{ type: 'restacked', piece: w[1], location: loc, position: w[2] }];
      }
      case 'mark': case 'unmark': {
        const target = state.pieces[w[1]] ? w[1] : canonicalLocation(w[1], state.board);
        const kind = kindOf(this.m, state, target);
        const e = { type: w[0] === 'mark' ? 'marked' : 'unmarked', target, kind, marker: w[2] };
        const type = (this.m.markerTypes ?? []).find((x) => x.id === w[2]);
        if (!type) throw new Error(`unknown marker ${w[2]}`);
        if (w[0] === 'mark' && type.where !== undefined && !this.placementHolds(state, side, type, target, kind)) {
          e.warnings = [{ code: 'placement',
            message: `marker ${w[2]} may not go on ${target}${type.rule ? ` (${type.rule})` : ''}: the module's condition ${type.where} does not hold` }];
        }
        // docs/module-format.md marker types: `with` (mark) and `leaves` (unmark), each not already there
        const has = state.pieces[target] ? state.pieces[target].markers : state.markers[target] ?? [];
        const out = [e];
        for (const m of (w[0] === 'mark' ? type.with : type.leaves) ?? []) {
          if (m !== w[2] && !has.includes(m) && !out.some((x) => x.marker === m)) out.push({ type: 'marked', target, kind, marker: m });
        }
        return w[0] === 'mark' ? [...out, ...this.markCost(state, side, type, target, kind)] : out;
      }
      case 'next': return nextEvents(this.m, state, w[1] === 'phase', this.arrivalCosts(state), side);
      case 'play': case 'discard': {
        const c = this.cards.get(w[1]);
        if (!c) throw new Error(`unknown card ${w[1]}`);
        const use = w[0] === 'play' && w[2] === 'as' ? w[3] : undefined;
        const open = c.deck.secret ? { commitment: logged?.commitment, salt: logged?.salt } : {};
        const e = { type: w[0] === 'play' ? 'played' : 'discarded', deck: c.deck.id, side, card: w[1], ...open };
        if (w[0] === 'play') {
          e.to = c.card.removeWhenPlayed && (use === undefined || use === 'event') ? 'removed' : 'discard';
          if (use !== undefined) e.use = use;
          if (logged?.count !== undefined) e.count = logged.count;
          // docs/module-format.md "decks": the deck's `plays` move tracks by the card's values
          if (use !== undefined) return [e, ...this.playTracks(state, c, use)];
        }
        return [e];
      }
      case 'reveal-hand': {
        const hidden = state.hands[side].hidden.filter((h) => h.card === undefined);
        const byCommitment = new Map((logged?.cards ?? []).map((c) => [c.commitment, c]));
        return [{ type: 'hand-revealed', side, cards: hidden.map((h) => ({ deck: h.deck, commitment: h.commitment,
          card: byCommitment.get(h.commitment)?.card, salt: byCommitment.get(h.commitment)?.salt })) }];
      }
      case 'draw': {
        const d = (this.m.decks ?? []).find((x) => x.id === w[1]);
        if (!d) throw new Error(`unknown deck ${w[1]}`);
        if (d.secret) return null;     // sealed: checked in verify.mjs
        const n = w[2] === undefined ? 1 : Number(w[2]);
        const order = state.decks[d.id].order;
        if (order.length < n)
          throw new Error(`deck ${d.id} holds ${order.length} cards, fewer than ${n} (shuffle first)`);
        const owed = (state.obligations ?? []).find((o) => o.kind === 'draw' && o.deck === d.id && o.side === (d.owner ?? side));
        const e = { type: 'drew', deck: d.id, side: d.owner ?? side, cards: order.slice(0, n),
          ...(logged?.count !== undefined ? { count: logged.count } : {}), ...(owed ? { obligation: owed.id } : {}) };
        const limit = handLimitWarning(this.m, state, d, d.owner ?? side, n);
        if (limit) e.warnings = [limit];
        return [e];
      }
      case 'move': {
        const e = this.move(state, w, opt('--mode'), logged);
        if (e.unchecked) return [e];
        // docs/module-format.md "effects": what the move does to the piece follows the moved event
        const fx = !this.mv.hasCosts || e.from === null || ![e.from, ...e.path].every((l) => this.mv.board.has(l)) ? []
          : this.mv.effects(state, this.mv.view(state, e.piece), e.mode ?? '', [e.from, ...e.path], e);
        // then the spaces it takes (rules.control)
        return [e, ...fx, ...entryControl(this.m, state, e.piece, e.path)];
      }
      case 'rotate': return this.rotate(state, w, opt('--mode'));
      case 'flip': return this.flip(state, w, opt('--mode'), opt('--facing'));
      case 'add-cards': return this.addCards(state, w[1], w[2]);
      case 'roll': case 'resolve': case 'shuffle': return null;   // sealed: checked in verify.mjs
      default: return 'left';   // lose, retreat, advance, …: folded, not executed again (README.md)
    }
  }

  /** docs/module-format.md markerTypes `cost`: one point of the marking side's track per nation of its pieces there. */
  markCost(state, side, type, target, kind) {
    const c = type.cost, track = c?.tracks[side];
    const t = (this.m.tracks ?? []).find((x) => x.id === track);
    if (!c || !t || kind === 'piece' || kind === 'hexside') return [];
    const nations = new Set((state.stacks[target] ?? []).map((id) => this.m.pieces.find((p) => p.id === id))
      .filter((p) => p?.side === side).map((p) => p.nation ?? ''));
    const n = nations.size, from = state.tracks[track] ?? t.min;
    if (n === 0) return [];
    const e = { type: 'track-set', track, from, to: Math.max(t.min, from - n) };
    if (from - n < t.min) e.warnings = [{ code: 'track', message: `marker ${type.id} on ${target} costs ${n} of track ${track}${c.rule ? ` (${c.rule})` : ''}; ${from} left` }];
    return [e];
  }

  /** docs/module-format.md "decks", `plays`: each entry of the card's deck for the use moves its track by the
   *  card's whole-number value (none or 0: nothing), within the track's min and max; no event when it stays. */
  playTracks(state, c, use) {
    const out = [], at = {};
    for (const p of c.deck.plays ?? []) {
      const v = c.card.values?.[p.value], t = (this.m.tracks ?? []).find((x) => x.id === p.track);
      if (p.use !== use || !Number.isInteger(v) || (v === 0 && !p.set) || !t) continue;
      const from = at[t.id] ?? state.tracks[t.id] ?? t.min;
      const to = Math.min(t.max ?? Infinity, Math.max(t.min ?? -Infinity, p.set ? v : from + v));
      if (to === from) continue;
      at[t.id] = to;
      out.push({ type: 'track-set', track: t.id, from, to });
    }
    return out;
  }

  /**
   * docs/events.md "add-cards"; docs/dice-protocol.md "Cards added with the discard pile": a secret deck
   * with addWithDiscard begins a new period (every card not removed; the owner's hand by commitment).
   * A public deck's sealed shuffle is checked in verify.mjs.
   */
  addCards(state, id, set) {
    const d = (this.m.decks ?? []).find((x) => x.id === id);
    if (!d) throw new Error(`unknown deck ${id}`);
    if (!d.sets?.[set]) throw new Error(`deck ${id} has no set ${set}`);
    const s = state.decks[id];
    const order = (list) => d.cards.map((c) => c.id).filter((c) => list.includes(c));
    const cards = order(d.sets[set].filter((c) => !s.cards.includes(c)));
    if (!cards.length) throw new Error(`the cards of set ${set} are already in deck ${id}`);
    // a deck held in the open hand (docs/module-format.md `openHand`): the set goes to its owner, unshuffled
    if (d.openHand) return [{ type: 'cards-added', deck: id, set, cards, into: 'hand', side: d.owner }];
    if (!d.secret) return [{ type: 'cards-added', deck: id, set, cards, into: 'order' }, { unchecked: 'sealed' }];
    if (!d.addWithDiscard) return [{ type: 'cards-added', deck: id, set, cards, into: 'pool' }];
    if ((state.sealed ?? []).some((r) => r.kind === 'draw' && r.deck === id))
      throw new Error(`a draw of deck ${id} is not committed to yet`);
    const pool = order([...s.cards, ...cards].filter((c) => !s.removed.includes(c)));
    const held = state.hands[d.owner].hidden.filter((h) => h.deck === id).map((h) => h.commitment);
    return [{ type: 'cards-added', deck: id, set, cards, into: 'period' },
      { type: 'period-began', deck: id, period: s.period + 1, pool, ...(held.length ? { held } : {}) }];
  }

  /** What arrivals read (docs/module-format.md rules.reinforcements): entry MP, allowance, column length, enemies near. */
  arrivalCosts(state) {
    const as = (piece, face) => {
      const p = this.mv.view(state, piece);
      const f = p.type.faces.find((x) => x.id === face) ?? p.face;
      return { ...p, face: f, cls: f.movementClass ?? p.type.id,
        value: (k) => p.st.values[k] ?? p.def.values?.[k] ?? f.values?.[k] };
    };
    return {
      entry: (piece, face, at) => this.entryCost(state, piece, face, at),
      allowance: (piece, face) => {
        const v = as(piece, face).value(this.m.movement?.allowance ?? 'movement');
        return v === undefined ? null : parse(v);
      },
      hexes: (piece, face, src) => {
        const v = evaluate(src, this.mv.scope(state, as(piece, face), ''), this.mv.fns(state, as(piece, face), ''));
        return cmp(v, ZERO) > 0 ? v : ZERO;
      },
      within: (side, at, range) => this.mv.enemiesWithin(state, side, at, range),
    };
  }

  /** payEntry: the cheapest road through the entry hex for the class, else its dearest terrain; null: prohibited. */
  entryCost(state, piece, face, at) {
    if (!this.mv.hasCosts) return '0';
    const p = this.mv.view(state, piece);
    const f = p.type.faces.find((x) => x.id === face) ?? p.type.faces[0];
    const cls = f.movementClass ?? p.type.id;
    let road = null;
    for (const r of this.mv.board.roadsAt(at)) { const c = this.mv.lookup(r, cls); if (c && (road === null
      || c.n * road.d < road.n * c.d)) road = c; }
    if (road) return text(road);
    const ts = this.mv.board.has(at) ? this.mv.board.hexTerrain(at) : [];
    let hex = null;
    for (const t of ts) { const c = this.mv.lookup(t, cls); if (c === null) return null; if (hex === null
      || c.n * hex.d > hex.n * c.d) hex = c; }
    return text(hex ?? frac(1));
  }

  move(state, w, mode, logged) {
    const piece = w[1], path = w.slice(2).map((l) => canonicalLocation(l, state.board));
    const p = this.mv.view(state, piece);
    const from = p.st.location;
    const e = { type: 'moved', piece, from, path };
    const onBoard = from !== null && [from, ...path].every((l) => this.mv.board.has(l));
    const warnings = [];
    if (from !== null && this.mv.board.points) restricted(this.m, this.mv.board, p, [from, ...path], warnings);
    if (onBoard) {
      let mp = ZERO, memory = (this.mv.rules.memory ?? []).map(() => 0), prohibited = false;
      const rules = [];
      let at = from, q = p, qs = state, flip = null;
      for (const to of path) {
        if (!this.mv.board.adjacent(at, to)) throw new Error(`${to} is not adjacent to ${at}`);
        const s = this.mv.step(qs, q, mode ?? '', at, to, memory);
        if (s.cost === null) { prohibited = true; warnings.push({ code: 'prohibited',
          message: `${piece} (${q.cls}) may not enter ${to} from ${at}` }); } else mp = add(mp, s.cost);
        // docs/module-format.md "effects": the steps after a forced face are charged with it, in its allowance
        const face = flip ? null : this.mv.forcedFace(qs, q, mode ?? '', at, to, memory);
        if (face !== null) { [qs, q] = this.mv.withFace(state, p, face); flip = { mp, q }; }
        memory = s.memory;
        for (const r of s.rules) if (!rules.includes(r)) rules.push(r);
        at = to;
      }
      if (prohibited) return { ...logged, unchecked: 'a prohibited step' };
      const bonus = this.mv.modeBonus(state, p, mode, warnings);
      if (this.mv.hasCosts && flip) {
        const before = [];
        this.mv.charge(state, p, flip.mp, bonus, before);
        warnings.push(...before);
        Object.assign(e, this.mv.charge(state, flip.q, mp, bonus, before.length ? [] : warnings));
      } else if (this.mv.hasCosts) Object.assign(e, this.mv.charge(state, p, mp, bonus, warnings));
      if (rules.length) e.rules = rules;
    } else if (path.length !== 1) throw new Error('a move off the board is one step');
    const dest = path[path.length - 1];
    if (this.mv.board.has(dest)) warnings.push(...stackingWarnings(this.m, state, piece, dest));
    if (mode) e.mode = mode;
    if (this.m.rules?.stackByEntry && onBoard && this.entersFromBehind(state, p,
      path.length > 1 ? path[path.length - 2] : from, path[path.length - 1])) e.stack = 'bottom';
    if (warnings.length) e.warnings = warnings;
    return e;
  }

  /** A marker type's `where` (docs/module-format.md pieces.json; the names of "What a rule may read" without a piece). */
  placementHolds(state, side, type, target, kind) {
    const b = this.mv.board;
    const pair = kind === 'hexside' && target.includes('|') ? target.split('|') : null;
    const scope = {
      'turn.number': frac(state.turn), 'turn.type': state.turnType ?? '', phase: state.phase,
        segment: state.segment ?? '', active: state.active,
      'target.kind': kind, side,
      'target.terrain': () => (kind === 'hex' || kind === 'space' ? b.hexTerrain(target) : []),
      'target.markers': () => (kind === 'piece' ? state.pieces[target].markers : state.markers[target] ?? []),
      'hexside.features': () => (pair ? b.sideFeatures(pair[0], pair[1]).map((f) => f.feature) : []),
      'hexside.roads': () => (pair ? b.roadsBetween(pair[0], pair[1]) : []),
    };
    for (const t of this.m.tracks ?? []) scope[`track.${t.id}`] = frac(state.tracks[t.id] ?? 0);
    return Boolean(evaluate(type.where, scope));
  }

  /** stackByEntry (docs/module-format.md): through the flank or rear of the top piece of its side there. */
  entersFromBehind(state, p, prev, to) {
    const own = (state.stacks[to] ?? []).filter((id) => id !== p.id
      && this.m.pieces.find((x) => x.id === id).side === p.def.side);
    const withFacing = own.map((id) => this.mv.view(state, id)).filter((q) => q.st.facing !== null);
    const top = withFacing[withFacing.length - 1];
    if (!top) return false;
    const kind = top.face.facing ?? top.type.facing ?? 'none';
    if (kind === 'none') return false;
    const f = top.st.facing, side = this.mv.board.direction(to, prev);
    const flat = this.mv.board.def.orientation === 'flat';
    const front = kind === 'hexside' ? [(f + 5) % 6, f, (f + 1) % 6] : flat ? [f, (f + 1) % 6] : [(f + 5) % 6, f];
    return side >= 0 && !front.includes(side);
  }

  rotate(state, w, mode) {
    const p = this.mv.view(state, w[1]);
    const from = p.st.facing;
    if (from === null) throw new Error(`${w[1]} has no facing`);
    const n = Number(w[2]);
    const to = /^[+-]/.test(w[2]) ? (((from + n) % 6) + 6) % 6 : n;
    const d = (((to - from) % 6) + 6) % 6;
    const steps = /^[+-]/.test(w[2]) ? Math.abs(n) : Math.min(d, 6 - d);
    const e = { type: 'rotated', piece: w[1], from, to };
    const out = [e];
    const warnings = [];
    const paid = this.mv.turnCost(state, p, mode ?? '', steps, steps === 3, from, to);
    if (paid && steps > 0) {
      const bonus = this.mv.modeBonus(state, p, mode, warnings);
      if (paid.cost === null) return null;
      Object.assign(e, this.mv.charge(state, p, paid.cost, bonus, warnings));
      if (paid.rule) e.rules = [paid.rule.rule];
      if (paid.rule?.toggle) out.push({ type: p.st.markers.includes(paid.rule.toggle) ? 'unmarked' : 'marked',
        target: w[1], kind: 'piece', marker: paid.rule.toggle });
    }
    if (mode) e.mode = mode;
    if (warnings.length) e.warnings = warnings;
    return out;
  }

  flip(state, w, mode, facing) {
    const p = this.mv.view(state, w[1]);
    const faces = p.type.faces;
    const to = w[2] ?? faces[(faces.findIndex((f) => f.id === p.face.id) + 1) % faces.length].id;
    const toFace = faces.find((f) => f.id === to);
    if (!toFace) throw new Error(`${w[1]} has no face ${to}`);
    const e = { type: 'flipped', piece: w[1], from: p.face.id, to };
    if (facing !== undefined) e.facing = Number(facing);
    const warnings = [];
    const kind = (f) => f.facing ?? p.type.facing ?? 'none';
    let mp = null;
    const rules = [];
    let free = false;
    for (const r of this.mv.rules.faces ?? []) {
      const scope = this.mv.scope(state, p, mode ?? '', { from: p.face.id, to, 'from.facing': kind(p.face),
        'to.facing': kind(toFace) });
      if (r.when !== undefined && !require('when', evaluate2(r.when, scope, this.mv.fns(state, p,
        p.st.location)))) continue;
      const c = evaluate2(r.cost, scope, {});
      if (c === null) { warnings.push({ code: 'prohibited',
        message: `${w[1]} may not change from ${p.face.id} to ${to} here (${r.rule})` }); mp = mp ?? ZERO; }
      else mp = c;
      rules.push(r.rule);
      free = r.freeFacing === true;
      break;
    }
    if (facing !== undefined && !free && p.st.facing !== null) {
      const d = (((Number(facing) - p.st.facing) % 6) + 6) % 6, steps = Math.min(d, 6 - d);
      const paid = steps > 0 ? this.mv.turnCost(state, p, mode ?? '', steps, steps === 3) : null;
      if (paid?.cost) { mp = add(mp ?? ZERO, paid.cost); if (paid.rule) rules.push(paid.rule.rule); }
    }
    if (mp !== null) {
      const bonus = this.mv.modeBonus(state, p, mode, warnings);
      Object.assign(e, this.mv.charge(state, p, mp, bonus, warnings));
      if (rules.length) e.rules = rules;
    }
    if (mode) e.mode = mode;
    if (warnings.length) e.warnings = warnings;
    return [e];
  }
}

import { PROHIBITED, evaluate } from './expr.mjs';
const evaluate2 = (src, scope, fns) => { const v = evaluate(src, scope, fns); return v === PROHIBITED ? null : v; };
const require = (_what, v) => v;
export { frac, parse };

/** docs/events.md "Warning texts",
  stacking: the limits of rules.stackLimit and rules.stacking where a piece comes to stand. */
export function stackingWarnings(m, state, piece, to) {
  const out = [];
  const here = (state.stacks[to] ?? []).filter((x) => x !== piece);
  const limit = m.rules?.stackLimit;
  if (limit !== undefined && here.length + 1 > limit) out.push({ code: 'stacking',
    message: `${to} would hold ${here.length + 1} pieces; the stacking limit is ${limit}` });
  const def = m.pieces.find((x) => x.id === piece);
  for (const r of m.rules?.stacking ?? []) {
    const left = (id) => (r.exceptFaces ?? []).includes(state.pieces[id]?.face);   // docs/module-format.md exceptFaces
    if (!r.types.includes(def.type) || left(piece)) continue;
    const n = 1 + here.filter((id) => { const d = m.pieces.find((x) => x.id === id); return d.side === def.side
      && r.types.includes(d.type) && !left(id); }).length;
    if (n > r.limit) out.push({ code: 'stacking',
      message: `${to} would hold ${n} ${r.types.join('/')} of ${def.side}; the limit is ${r.limit}${r.rule ? ` (${r.rule})` : ''}${r.consequence ? `: ${r.consequence}` : ''}` });
  }
  return out;
}

/** docs/events.md "Warning texts", hand-limit: the side's cards of the deck, public and hidden, plus the n drawn. */
export function handLimitWarning(m, state, deck, side, n) {
  if (deck.handLimit === undefined) return null;
  const held = state.hands[side];
  const ids = new Set(deck.cards.map((c) => c.id));
  const inHand = held.cards.filter((c) => ids.has(c)).length + held.hidden.filter((h) => h.deck === deck.id).length;
  return inHand + n > deck.handLimit ? { code: 'hand-limit',
    message: `${side} holds ${inHand + n} cards of deck ${deck.id}; the hand limit is ${deck.handLimit}` } : null;
}

/** A step along a connection reserved to other nations or sides (point-to-point boards): a prohibited warning. */
function restricted(m, board, p, locations, warnings) {
  const types = new Map((board.def.connectionTypes ?? []).map((t) => [t.id, t]));
  for (let i = 1; i < locations.length; i++) {
    const a = locations[i - 1], b = locations[i];
    const conns = (board.def.connections ?? []).filter((c) => (c.a === a && c.b === b) || (c.a === b && c.b === a));
    if (!conns.length) continue;
    const usable = conns.some((c) => {
      const t = c.type === undefined ? undefined : types.get(c.type);
      return !t || (t.nations ?? []).includes(p.def.nation) || (t.sides ?? []).includes(p.def.side);
    });
    if (!usable) {
      const to = conns.map((c) => { const t = types.get(c.type); return [...(t?.nations ?? []),
        ...(t?.sides ?? [])].join(', '); }).join('; ');
      warnings.push({ code: 'prohibited',
        message: `${p.id}${p.def.nation ? ` (${p.def.nation})` : ''} may not use the connection ${a} – ${b}: it is reserved to ${to}` });
    }
  }
}
