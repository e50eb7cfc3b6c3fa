// Canonical JSON: the exact bytes that are hashed and signed.
// RFC 8785 (JCS) restricted to integers and strings: object keys sorted by UTF-16 code
// units, no whitespace, strings escaped as ECMAScript JSON.stringify does. Floats are refused,
// because their text form is where implementations disagree; exact fractions travel as strings.
// Properties whose value is `undefined` are left out, as JSON.stringify does.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export class CanonicalError extends Error {}

export function canonicalize(value: unknown): string {
  const out: string[] = [];
  write(value, out, '$');
  return out.join('');
}

export function canonicalBytes(value: unknown): Uint8Array {
  return new TextEncoder().encode(canonicalize(value));
}

function write(value: unknown, out: string[], path: string): void {
  if (value === null) { out.push('null'); return; }
  switch (typeof value) {
    case 'boolean': out.push(value ? 'true' : 'false'); return;
    case 'string': out.push(JSON.stringify(value)); return;
    case 'number':
      if (!Number.isSafeInteger(value)) {
        throw new CanonicalError(`${path}: canonical JSON holds safe integers only, got ${value}`);
      }
      out.push(Object.is(value, -0) ? '0' : String(value));
      return;
    case 'object': {
      if (Array.isArray(value)) {
        out.push('[');
        for (let i = 0; i < value.length; i++) {
          if (i > 0) out.push(',');
          const item = value[i];
          write(item === undefined ? null : item, out, `${path}[${i}]`);
        }
        out.push(']');
        return;
      }
      if (value instanceof Uint8Array) {
        throw new CanonicalError(`${path}: bytes must be encoded (hex or base64) before canonical JSON`);
      }
      const obj = value as Record<string, unknown>;
      const keys = Object.keys(obj).filter((k) => obj[k] !== undefined).sort(compareUtf16);
      out.push('{');
      keys.forEach((k, i) => {
        if (i > 0) out.push(',');
        out.push(JSON.stringify(k), ':');
        write(obj[k], out, `${path}.${k}`);
      });
      out.push('}');
      return;
    }
    default:
      throw new CanonicalError(`${path}: ${typeof value} cannot be written as canonical JSON`);
  }
}

// Array.prototype.sort's default compares UTF-16 code units, which is what RFC 8785 asks for;
// spelled out so nobody "fixes" it to localeCompare.
function compareUtf16(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Whether canonicalize(a) === canonicalize(b), found without writing either: for comparing a value
 * read from canonical bytes with the same value computed again (the log verifier does it for every
 * event). Anything canonicalize refuses (a float, bytes, a function…) compares false.
 */
export function sameCanonical(a: unknown, b: unknown): boolean {
  switch (typeof a) {
    case 'string': case 'boolean': return a === b;
    case 'number': return a === b && Number.isSafeInteger(a);
    case 'object': {
      if (a === null || b === null || typeof b !== 'object') return a === b;
      if (Array.isArray(a)) {
        if (!Array.isArray(b) || a.length !== b.length) return false;
        for (let i = 0; i < a.length; i++) if (!sameCanonical(a[i] ?? null, b[i] ?? null)) return false;
        return true;
      }
      if (Array.isArray(b) || a instanceof Uint8Array || b instanceof Uint8Array) return false;
      const x = a as Record<string, unknown>;
      const y = b as Record<string, unknown>;
      let n = 0;
      for (const k of Object.keys(x)) {
        const v = x[k];
        if (v === undefined) continue;
        n++;
        const w = Object.hasOwn(y, k) ? y[k] : undefined;
        if (w === undefined || !sameCanonical(v, w)) return false;
      }
      for (const k of Object.keys(y)) if (y[k] !== undefined) n--;
      return n === 0;
    }
    default: return false;
  }
}
