// VASSAL's SequenceEncoder.Decoder (reference §3.1): split at delimiters not preceded by "\",
// drop one "\" before each escaped delimiter, strip one pair of enclosing single quotes.
// Scans with indexOf and slices: piece types in saves run to tens of kilobytes, nested deep.

export function decodeSequence(text: string, delimiter: string): string[] {
  const tokens: string[] = [];
  let start = 0, from = 0;
  for (;;) {
    const i = text.indexOf(delimiter, from);
    if (i < 0) break;
    from = i + 1;
    if (i > 0 && text[i - 1] === '\\') continue;
    tokens.push(unescapeToken(text.slice(start, i), delimiter));
    start = i + 1;
  }
  tokens.push(unescapeToken(text.slice(start), delimiter));
  return tokens;
}

function unescapeToken(t: string, delimiter: string): string {
  const u = t.includes('\\') ? t.split(`\\${delimiter}`).join(delimiter) : t;
  return u.length >= 2 && u.startsWith("'") && u.endsWith("'") ? u.slice(1, -1) : u;
}

/**
 * The first token and the rest, at a delimiter: what Decorator.getType writes (this trait, then
 * the inner piece as one token). Undefined rest when there is no delimiter.
 */
export function splitFirst(text: string, delimiter: string): [string, string | undefined] {
  let from = 0;
  for (;;) {
    const i = text.indexOf(delimiter, from);
    if (i < 0) return [unescapeToken(text, delimiter), undefined];
    from = i + 1;
    if (i > 0 && text[i - 1] === '\\') continue;
    return [unescapeToken(text.slice(0, i), delimiter), unescapeToken(text.slice(i + 1), delimiter)];
  }
}
