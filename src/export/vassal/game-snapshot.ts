// A Hexpost game state as VASSAL sees it: every piece on a map at a pixel, with its face and
// facing, the stacks they form, the decks with their cards and the turn tracker's state. Setups
// (.vsav) write one snapshot; a .vlog writes the first and then the changes between snapshots.
// Hidden cards stay hidden: a secret deck and a hand hold face-down backs, keyed by the draw
// (deck, period, counter), until the card is revealed.
import { resolveLocation } from '../../core/engine/locations.js';
import type { Game } from '../../core/engine/game.js';
import { undrawnCount, type GameState } from '../../core/engine/state.js';
import type { PieceDefinition } from './piece-definition.js';
import type { VassalPlaces } from './places.js';
import type { PieceCatalogue } from './piece-catalogue.js';

export interface PlacedPiece {
  /** VASSAL piece id (stable for one game) */
  id: string;
  def: PieceDefinition;
  map: string;
  x: number;
  y: number;
  face: number;
  facing: number;
}

export interface PlacedStack { id: string; map: string; x: number; y: number; pieces: string[] }
export interface PlacedDeck { id: string; deck: string; map: string; x: number; y: number; faceDown: boolean; cards: string[] }

export interface VassalSnapshot {
  pieces: PlacedPiece[];
  /** groups of two or more pieces on one spot, bottom first */
  stacks: PlacedStack[];
  decks: PlacedDeck[];
  turn: { turn: number; phase: number; over: boolean };
  /** what could not be placed */
  notes: string[];
}

/** Hands out VASSAL ids by a stable key, in order of first use. */
export class VassalIds {
  private readonly ids = new Map<string, string>();
  private next = 1001;
  of(key: string): string {
    let id = this.ids.get(key);
    if (!id) { id = String(this.next++); this.ids.set(key, id); }
    return id;
  }
}

export function vassalSnapshot(game: Game, state: GameState, cat: PieceCatalogue, places: VassalPlaces, ids: VassalIds): VassalSnapshot {
  const pieces: PlacedPiece[] = [];
  const notes: string[] = [];
  const spots = new Map<string, PlacedPiece[]>();
  const put = (key: string, def: PieceDefinition, location: string, face = 0, facing = 0): void => {
    const at = places.locate(location);
    if (!at) { notes.push(`${def.name}: ${location} has no place in the VASSAL module`); return; }
    const p: PlacedPiece = { id: ids.of(key), def, map: at.map, x: at.x, y: at.y, face, facing };
    pieces.push(p);
    const spot = `${at.map}\u0000${at.x}\u0000${at.y}`;
    (spots.get(spot) ?? spots.set(spot, []).get(spot)!).push(p);
  };
  const canonical = (id: string): string => {
    try {
      const loc = resolveLocation(game, id);
      return loc.kind === 'hex' || loc.kind === 'space' ? `${loc.board}:${loc.label}` : loc.id;
    } catch {
      // a hexside "a|b" of the board played on
      return id.includes('|') ? `${game.board.def.id}:${id}` : id;
    }
  };

  for (const [location, stack] of Object.entries(state.stacks)) {
    const where = canonical(location);
    for (const pid of stack) {
      const ps = state.pieces[pid]!;
      const type = game.pieceTypes.get(game.pieces.get(pid)!.type)!;
      put(`p:${pid}`, cat.pieces.get(pid)!, where, Math.max(0, type.faces.findIndex((f) => f.id === ps.face)), ps.facing ?? 0);
      ps.markers.forEach((m, k) => put(`m:${pid}:${m}:${k}`, cat.markers.get(m)!, where));
    }
  }
  for (const [target, list] of Object.entries(state.markers)) {
    list.forEach((m, k) => put(`m:${target}:${m}:${k}`, cat.markers.get(m)!, canonical(target)));
  }
  for (const [track, value] of Object.entries(state.tracks)) put(`t:${track}`, cat.tracks.get(track)!, `${track}@${value}`);

  // Hands: public cards face up, hidden ones as their deck's back until revealed.
  for (const [side, hand] of Object.entries(state.hands)) {
    for (const c of hand.cards) put(`c:${c}`, cat.cards.get(c)!, `hand:${side}`);
    for (const h of hand.hidden) {
      if (h.card) put(`c:${h.card}`, cat.cards.get(h.card)!, `hand:${side}`);
      else put(hiddenKey(h.deck, h.period, h.counter), cat.hiddenCards.get(h.deck)!, `hand:${side}`);
    }
  }

  // Decks: the draw pile as a VASSAL Deck; the discard pile a stack beside it.
  const decks: PlacedDeck[] = [];
  for (const deck of game.module.decks) {
    const ds = state.decks[deck.id];
    const pile = places.deck(deck.id);
    if (!ds || !pile) continue;
    const cards: string[] = [];
    const add = (key: string, def: PieceDefinition) => {
      const p: PlacedPiece = { id: ids.of(key), def, map: pile.map, x: pile.x, y: pile.y, face: 0, facing: 0 };
      pieces.push(p);
      cards.push(p.id);
    };
    if (deck.secret) {
      for (let k = ds.drawn; k < ds.drawn + undrawnCount(ds); k++) add(hiddenKey(deck.id, ds.period, k), cat.hiddenCards.get(deck.id)!);
    } else {
      for (const c of [...ds.order].reverse()) add(`c:${c}`, cat.cards.get(c)!);
    }
    decks.push({ id: ids.of(`d:${deck.id}`), deck: deck.id, map: pile.map, x: pile.x, y: pile.y, faceDown: deck.secret, cards });
    for (const c of ds.discard) put(`c:${c}`, cat.cards.get(c)!, `discard:${deck.id}`);
  }

  const stacks: PlacedStack[] = [];
  for (const group of spots.values()) {
    if (group.length < 2) continue;
    const g = group[0]!;
    stacks.push({ id: ids.of(`s:${g.map}:${g.x}:${g.y}`), map: g.map, x: g.x, y: g.y, pieces: group.map((p) => p.id) });
  }
  const phase = Math.max(0, game.module.sequence.phases.findIndex((p) => p.id === state.phase));
  return { pieces, stacks, decks, turn: { turn: state.turn, phase, over: state.over }, notes: [...new Set(notes)] };
}

/** A setup's snapshot for a scenario with real cards in its secret decks (VASSAL shuffles and deals them). */
export function withRealSecretCards(game: Game, state: GameState, snap: VassalSnapshot, cat: PieceCatalogue, ids: VassalIds): VassalSnapshot {
  const decks = snap.decks.map((d) => {
    const def = game.decks.get(d.deck)!;
    if (!def.secret) return d;
    return { ...d, cards: state.decks[d.deck]!.pool.map((c) => ids.of(`c:${c}`)) };
  });
  const hidden = new Set(snap.decks.filter((d) => game.decks.get(d.deck)!.secret).flatMap((d) => d.cards));
  const pieces = snap.pieces.filter((p) => !hidden.has(p.id));
  for (const d of decks) {
    if (!game.decks.get(d.deck)!.secret) continue;
    for (const c of state.decks[d.deck]!.pool) pieces.push({ id: ids.of(`c:${c}`), def: cat.cards.get(c)!, map: d.map, x: d.x, y: d.y, face: 0, facing: 0 });
  }
  return { ...snap, pieces, decks };
}

function hiddenKey(deck: string, period: number, counter: number): string {
  return `h:${deck}:${period}:${counter}`;
}
