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
  switch (typeof value) {
    case 'string': return JSON.stringify(value);
    case 'number':
      if (!Number.isSafeInteger(value)) throw REFUSED;
      return value === 0 ? '0' : String(value);
    case 'boolean': return value ? 'true' : 'false';
    case 'object': {
      if (value === null) return 'null';
      if (Array.isArray(value)) {
        const n = value.length;
        if (n === 0) return '[]';
        let out = '[';
        for (let i = 0; i < n; i++) {
          const item = value[i];
          if (i > 0) out += ',';
          out += item === undefined ? 'null' : canonicalText(item);
        }
        return out + ']';
      }
      if (value instanceof Uint8Array) throw REFUSED;
      const obj = value as Record<string, unknown>;
      const keys = Object.keys(obj);
      let sorted = true;
      for (let i = 1; i < keys.length; i++) if (keys[i - 1]! > keys[i]!) { sorted = false; break; }
      if (!sorted) keys.sort();
      let out = '{';
      let first = true;
      for (let i = 0; i < keys.length; i++) {
        const k = keys[i]!;
        const v = obj[k];
        if (v === undefined) continue;
        if (!first) out += ',';
        first = false;
        out += JSON.stringify(k) + ':' + canonicalText(v);
      }
      return out + '}';
    }
    default:
      throw REFUSED;
  }
}

/**
 * The state hash of a replay, segment after segment: the canonical text of each piece (the bulk of
 * a state) is kept from one call to the next, and only the pieces named by the events applied
 * since the previous call are written again — void ones included, so that a turn refolded after an
 * `undo` is covered too. `events` must be every event folded since the state of the previous call
 * (whatever object holds it now); null, the first call, or an event of a type not listed below
 * make it write everything. The result is always stateHash(state).
 */
export class StateHasher {
  private readonly pieces = new Map<string, string>();

  hash(state: GameState, events: Iterable<GameEvent> | null): string {
    const touched = events ? piecesTouched(events) : null;
    const obj = state as unknown as Record<string, unknown>;
    const pieces = state.pieces as Record<string, unknown>;
    if (typeof pieces !== 'object' || pieces === null || Array.isArray(pieces) || Object.getPrototypeOf(pieces) !== Object.prototype) {
      this.pieces.clear();
      return stateHash(state);
    }
    if (!touched) this.pieces.clear();
    else for (const id of touched) this.pieces.delete(id);
    let text: string;
    try {
      const keys = sortedKeys(obj);
      text = '{';
      let first = true;
      for (const k of keys) {
        const v = obj[k];
        if (v === undefined) continue;
        if (!first) text += ',';
        first = false;
        text += JSON.stringify(k) + ':' + (k === 'pieces' ? this.piecesText(pieces) : canonicalText(v));
      }
      text += '}';
    } catch (e) {
      if (e !== REFUSED) throw e;
      this.pieces.clear();
      return canonicalHash(state);
    }
    return sha256Hex(text);
  }

  private piecesText(pieces: Record<string, unknown>): string {
    let out = '{';
    let first = true;
    for (const id of sortedKeys(pieces)) {
      const p = pieces[id];
      if (p === undefined) continue;
      let t = this.pieces.get(id);
      if (t === undefined) { t = canonicalText(p); this.pieces.set(id, t); }
      if (!first) out += ',';
      first = false;
      out += JSON.stringify(id) + ':' + t;
    }
    return out + '}';
  }
}

function sortedKeys(obj: Record<string, unknown>): string[] {
  const keys = Object.keys(obj);
  for (let i = 1; i < keys.length; i++) if (keys[i - 1]! > keys[i]!) return keys.sort();
  return keys;
}

/** Events that change no piece (fold.ts): anything else unknown means "every piece may have changed". */
const NO_PIECE = new Set(['track-set', 'restacked', 'rolled', 'resolved', 'noted', 'undone', 'shuffled', 'drew', 'period-began',
  'cards-added', 'played', 'discarded', 'hand-revealed', 'turn-began', 'phase-began', 'game-ended']);

/** The pieces the events change (fold.ts), or null when that cannot be told. */
export function piecesTouched(events: Iterable<GameEvent>): Set<string> | null {
  const out = new Set<string>();
  for (const e of events) {
    switch (e.type) {
      case 'moved': case 'rotated': case 'flipped': case 'value-set': case 'arrived': out.add(e.piece); break;
      case 'marked': case 'unmarked': if (e.kind === 'piece') out.add(e.target); break;
      default: if (!NO_PIECE.has(e.type)) return null;
    }
  }
  return out;
}
