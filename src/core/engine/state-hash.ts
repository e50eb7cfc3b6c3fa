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
import { effectsOfAll } from './event-effects.js';
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
    const touched = events ? effectsOfAll(events) : null;
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

  /** Drops the texts the events may have changed: their pieces, the stacks they name or the pieces left, members. */
  private forget(touched: Effects, state: GameState): void {
    for (const m of touched.changed) this.members.delete(m);
    for (const m of touched.replaced) this.members.delete(m);
    if (touched.markers.size) this.members.delete('markers');
    for (const at of touched.stacks) this.stacks.delete(at);
    for (const id of touched.pieces) {
      this.pieces.delete(id);
      // where it stood when its text was written, and where it stands now
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

type Effects = NonNullable<ReturnType<typeof effectsOfAll>>;

/** The members of a state whose text is kept between calls (the others are small, written each time). */
const CACHED_MEMBERS = new Set<string>(['markers', 'tracks', 'decks', 'hands', 'spent']);

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;
}

function sortedKeys(obj: Record<string, unknown>): string[] {
  const keys = Object.keys(obj);
  for (let i = 1; i < keys.length; i++) if (keys[i - 1]! > keys[i]!) return keys.sort();
  return keys;
}
