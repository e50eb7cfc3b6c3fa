// VASSAL's SequenceEncoder.Decoder (reference §3.1): split at delimiters not preceded by "\",
// drop one "\" before each escaped delimiter, strip one pair of enclosing single quotes.

export function decodeSequence(text: string, delimiter: string): string[] {
  const tokens: string[] = [];
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === delimiter && text[i - 1] !== '\\') { tokens.push(current); current = ''; continue; }
    current += ch;
  }
  tokens.push(current);
  return tokens.map((t) => {
    const u = t.split(`\\${delimiter}`).join(delimiter);
    return u.length >= 2 && u.startsWith("'") && u.endsWith("'") ? u.slice(1, -1) : u;
  });
}

/** The first token and the rest (still encoded one level down), at a delimiter. */
export function splitFirst(text: string, delimiter: string): [string, string | undefined] {
  for (let i = 0; i < text.length; i++) {
    if (text[i] === delimiter && text[i - 1] !== '\\') {
      return [decodeSequence(text.slice(0, i), delimiter)[0]!, decodeSequence(text.slice(i + 1), delimiter).join(delimiter)];
    }
  }
  return [decodeSequence(text, delimiter)[0]!, undefined];
}
