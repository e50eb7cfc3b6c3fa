// A state's identity: SHA-256 of the canonical JSON of the public state. Two tools that folded
// the same events hold states with the same hash.
//
// The verifier hashes the state after every segment, so this is on the hot path: the canonical
// text is written here by a writer specialised for plain JSON (string building, no JSON path
// kept, keys sorted only when they are not in order already). Its output is the same as
// canonicalize() in core/canonical.ts; on anything that canonical JSON refuses (a float, an
// unsafe integer, bytes, a function…) it hands over to canonicalize(), which throws the usual
// error with its JSON path.
import { canonicalHash, sha256Hex } from '../hash.js';
import type { GameEvent } from './events.js';
import type { GameState } from './state.js';

export function stateHash(state: GameState): string {
  let text: string;
  try {
    text = canonicalText(state);
  } catch (e) {
    if (e !== REFUSED) throw e;
    return canonicalHash(state);
  }
  return sha256Hex(text);
}

const REFUSED = new Error('not canonical JSON');

/** canonicalize(value) for plain JSON values; throws REFUSED where canonicalize would throw. */
export function canonicalText(value: unknown): string {
  const out: string[] = [];
  writeText(value, out);
  // join() makes one flat string; `+=` would make a rope of thousands of pieces, which SHA-256
  // and startsWith() must flatten first (ten times the cost of hashing it, measured).
  return out.join('');
}

function writeText(value: unknown, out: string[]): void {
  switch (typeof value) {
    case 'string': out.push(JSON.stringify(value)); return;
    case 'number':
      if (!Number.isSafeInteger(value)) throw REFUSED;
      out.push(value === 0 ? '0' : String(value)); return;
    case 'boolean': out.push(value ? 'true' : 'false'); return;
    case 'object': {
      if (value === null) { out.push('null'); return; }
      if (Array.isArray(value)) {
        const n = value.length;
        out.push('[');
        for (let i = 0; i < n; i++) {
          const item = value[i];
          if (i > 0) out.push(',');
          if (item === undefined) out.push('null'); else writeText(item, out);
        }
        out.push(']');
        return;
      }
      if (value instanceof Uint8Array) throw REFUSED;
      const obj = value as Record<string, unknown>;
      const keys = sortedKeys(obj);
      out.push('{');
      let first = true;
      for (let i = 0; i < keys.length; i++) {
        const k = keys[i]!;
        const v = obj[k];
        if (v === undefined) continue;
        out.push(first ? JSON.stringify(k) + ':' : ',' + JSON.stringify(k) + ':');
        first = false;
        writeText(v, out);
      }
      out.push('}');
      return;
    }
    default:
      throw REFUSED;
  }
}

/**
 * The state hash of a replay, segment after segment: the canonical texts of each piece, of each
 * stack and of the members listed in CACHED_MEMBERS are kept from one call to the next, and only
 * what the events applied since the previous call can have changed is written again — the pieces
 * they name, the stacks those pieces stood in then and stand in now, the members their types change
 * (void events included, so that a turn refolded after an `undo` is covered too). `events` must be
 * every event folded since the state of the previous call (whatever object holds it now); null, the
 * first call, or an event of a type not listed below make it write everything. The result is always
 * stateHash(state) (test/core/engine/state-hash.test.ts plays random events against it).
 */
export class StateHasher {
  /** piece id → its `"id":{…}` text, flat */
  private readonly pieces = new Map<string, string>();
  /** piece id → its location when its text was written (where its stack was) */
  private readonly located = new Map<string, string | null>();
  /** location → its `"loc":[…]` text in stacks */
  private readonly stacks = new Map<string, string>();
  /** Object.keys(pieces) last time, and the same sorted: pieces rarely come or go */
  private pieceKeys: string[] = [];
  private pieceOrder: string[] = [];
  /** member (CACHED_MEMBERS) → its text */
  private readonly members = new Map<string, string>();

  hash(state: GameState, events: Iterable<GameEvent> | null): string {
    const touched = events ? changesOf(events) : null;
    const obj = state as unknown as Record<string, unknown>;
    const pieces = state.pieces as Record<string, unknown>;
    const stacks = state.stacks as Record<string, unknown>;
    if (!isPlainObject(pieces) || !isPlainObject(stacks)) {
      this.clear();
      return stateHash(state);
    }
    if (!touched) this.clear();
    else this.forget(touched, state);
    const out: string[] = [];
    try {
      const keys = sortedKeys(obj);
      out.push('{');
      let first = true;
      for (const k of keys) {
        const v = obj[k];
        if (v === undefined) continue;
        out.push(first ? JSON.stringify(k) + ':' : ',' + JSON.stringify(k) + ':');
        first = false;
        if (k === 'pieces') this.piecesText(pieces, out);
        else if (k === 'stacks') this.stacksText(stacks, out);
        else if (CACHED_MEMBERS.has(k)) {
          let t = this.members.get(k);
          if (t === undefined) { t = canonicalText(v); this.members.set(k, t); }
          out.push(t);
        } else writeText(v, out);
      }
      out.push('}');
    } catch (e) {
      if (e !== REFUSED) throw e;
      this.clear();
      return canonicalHash(state);
    }
    return sha256Hex(out.join(''));
  }

  private clear(): void {
    this.pieces.clear();
    this.located.clear();
    this.stacks.clear();
    this.members.clear();
  }

  /** Drops the texts the events may have changed: touched pieces, the stacks they left and joined, restacked stacks. */
  private forget(touched: Changes, state: GameState): void {
    for (const m of touched.members) this.members.delete(m);
    for (const id of touched.restacked) {
      const at = state.pieces[id]?.location;
      if (typeof at === 'string') this.stacks.delete(at); else this.stacks.clear();
    }
    for (const id of touched.pieces) {
      this.pieces.delete(id);
      const was = this.located.get(id);
      if (was === undefined) { this.stacks.clear(); continue; }
      if (was !== null) this.stacks.delete(was);
      const now = state.pieces[id]?.location;
      if (typeof now === 'string') this.stacks.delete(now);
      else if (now !== null) this.stacks.clear();
    }
  }

  /** Writes the pieces member; each piece's text is kept until an event touches the piece. */
  private piecesText(pieces: Record<string, unknown>, out: string[]): void {
    out.push('{');
    let first = true;
    for (const id of this.pieceIds(pieces)) {
      const p = pieces[id];
      if (p === undefined) continue;
      let t = this.pieces.get(id);
      if (t === undefined) {
        t = JSON.stringify(id) + ':' + canonicalText(p);
        this.pieces.set(id, t);
        const at = (p as { location?: unknown }).location;
        // an odd location (never in a real state) can not be tracked: no stack text is kept then
        if (typeof at === 'string' || at === null) this.located.set(id, at); else this.located.delete(id);
      }
      if (!first) out.push(',');
      first = false;
      out.push(t);
    }
    out.push('}');
  }

  /** Writes the stacks member; a location's text is kept until a piece leaves, joins or restacks it. */
  private stacksText(stacks: Record<string, unknown>, out: string[]): void {
    out.push('{');
    let first = true;
    for (const at of sortedKeys(stacks)) {
      const list = stacks[at];
      if (list === undefined) continue;
      let t = this.stacks.get(at);
      if (t === undefined) { t = JSON.stringify(at) + ':' + canonicalText(list); this.stacks.set(at, t); }
      if (!first) out.push(',');
      first = false;
      out.push(t);
    }
    out.push('}');
  }

  private pieceIds(pieces: Record<string, unknown>): string[] {
    const keys = Object.keys(pieces);
    const last = this.pieceKeys;
    let same = keys.length === last.length;
    for (let i = 0; same && i < keys.length; i++) same = keys[i] === last[i];
    if (!same) {
      this.pieceKeys = keys;
      this.pieceOrder = keys.slice().sort();
    }
    return this.pieceOrder;
  }
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;
}

function sortedKeys(obj: Record<string, unknown>): string[] {
  const keys = Object.keys(obj);
  for (let i = 1; i < keys.length; i++) if (keys[i - 1]! > keys[i]!) return keys.sort();
  return keys;
}

/** Events that change no piece (fold.ts): anything else unknown means "every piece may have changed". */
const NO_PIECE = new Set(['track-set', 'restacked', 'rolled', 'resolved', 'noted', 'undone', 'shuffled', 'drew', 'period-began',
  'cards-added', 'played', 'discarded', 'hand-revealed', 'turn-began', 'phase-began', 'game-ended']);

/** What events change (fold.ts): a piece's own state (and so where it stands), a stack's order, other members. */
interface Changes { pieces: Set<string>; restacked: Set<string>; members: Set<string> }

/** The members of a state whose text is kept between calls, and the events that change each (fold.ts). */
const CACHED_MEMBERS = new Set(['markers', 'tracks', 'decks', 'hands', 'spent']);
const CHANGES_MEMBERS: Record<string, readonly string[]> = {
  'moved': ['spent'], 'rotated': ['spent'], 'phase-began': ['spent'],
  'track-set': ['tracks'],
  'shuffled': ['decks'], 'period-began': ['decks'], 'cards-added': ['decks'],
  'drew': ['decks', 'hands'], 'played': ['decks', 'hands'], 'discarded': ['decks', 'hands'], 'hand-revealed': ['hands'],
};

/** The pieces the events change, and the pieces restacked; null when that cannot be told. */
function changesOf(events: Iterable<GameEvent>): Changes | null {
  const out: Changes = { pieces: new Set(), restacked: new Set(), members: new Set() };
  for (const e of events) {
    const members = CHANGES_MEMBERS[e.type];
    if (members) for (const m of members) out.members.add(m);
    switch (e.type) {
      case 'moved': case 'rotated': case 'flipped': case 'value-set': case 'arrived': out.pieces.add(e.piece); break;
      case 'marked': case 'unmarked': if (e.kind === 'piece') out.pieces.add(e.target); else out.members.add('markers'); break;
      case 'restacked': out.restacked.add(e.piece); break;
      default: if (!NO_PIECE.has(e.type)) return null;
    }
  }
  return out;
}
