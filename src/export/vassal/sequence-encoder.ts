// VASSAL's SequenceEncoder (reference §3.1): tokens joined by one delimiter; each delimiter inside
// a token gets a backslash in front (backslashes themselves are not escaped); a token starting
// with "\" or starting and ending with "'" is wrapped in single quotes. Nesting levels each
// escape the level below, which is how piece types carry TAB, ';', ',' and '/' levels.

export const TAB = '\t';
export const ESC = '\u001b';

export function encodeSequence(tokens: readonly (string | number | boolean)[], delimiter: string): string {
  return tokens.map((t) => encodeToken(String(t), delimiter)).join(delimiter);
}

function encodeToken(token: string, delimiter: string): string {
  // A trailing backslash would escape the next delimiter when decoded; refuse to make one.
  if (token.endsWith('\\')) throw new Error(`VASSAL cannot round-trip a token ending in a backslash: ${JSON.stringify(token)}`);
  const escaped = token.split(delimiter).join(`\\${delimiter}`);
  return token.startsWith('\\') || (token.startsWith("'") && token.endsWith("'")) ? `'${escaped}'` : escaped;
}

/** A Java keystroke "keyCode,modifiers" (Ctrl shows as 130 in real files, §3.1). */
export function keyStroke(char: string, ctrl = true): string {
  return `${char.toUpperCase().charCodeAt(0)},${ctrl ? 130 : 0}`;
}
