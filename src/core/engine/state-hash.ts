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
