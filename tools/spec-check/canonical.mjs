// Canonical JSON as docs/log-format.md ("Genesis and segments") and docs/state-format.md ("The hash")
// define it: keys sorted by UTF-16 code units, no whitespace, integers only, strings as JSON.stringify.
export function canonical(value) {
  if (value === null || typeof value === 'boolean') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || Object.is(value, -0)) throw new Error(`not a canonical number: ${value}`);
    return String(value);
  }
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object') {
    const keys = Object.keys(value).filter((k) => value[k] !== undefined).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(',')}}`;
  }
  throw new Error(`not JSON: ${typeof value}`);
}

/** Parses a body and requires the text to be exactly its canonical form. */
export function parseCanonical(bytes, where) {
  const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  const value = JSON.parse(text);
  if (canonical(value) !== text) throw new Error(`${where}: not canonical JSON`);
  return value;
}

export const same = (a, b) => canonical(a) === canonical(b);
