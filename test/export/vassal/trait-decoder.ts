// A decoder of VASSAL piece definitions independent of the exporter, written from the reference
// (§3.1–3.3): split at delimiters not preceded by "\", drop one "\" before each escaped
// delimiter, strip one pair of enclosing single quotes.

// The decoder itself is the importer's (src/export/vassal-import), not the exporter's encoder.
import { decodeSequence } from '../../../src/export/vassal-import/sequence-decoder.js';

export { decodeSequence };

export interface DecodedTrait { prefix: string; fields: string[]; state: string }

/** "+/<id>/<type>/<state>" → traits outermost first, BasicPiece last. */
export function decodeAddPiece(command: string): { id: string; traits: DecodedTrait[] } {
  const parts = decodeSequence(command, '/');
  if (parts.length !== 4 || parts[0] !== '+') throw new Error(`not an AddPiece command: ${JSON.stringify(command.slice(0, 40))}`);
  const [, id, type, state] = parts as [string, string, string, string];
  const traits: DecodedTrait[] = [];
  let t = type, s = state;
  for (;;) {
    const [myType, innerType] = splitFirst(t, '\t');
    const [myState, innerState] = splitFirst(s, '\t');
    const semi = myType.indexOf(';');
    const prefix = semi < 0 ? myType : myType.slice(0, semi + 1);
    traits.push({ prefix, fields: semi < 0 ? [] : prefix === 'mark;' ? [myType.slice(semi + 1)] : decodeSequence(myType.slice(semi + 1), ';'), state: myState });
    if (innerType === undefined) break;
    t = innerType;
    s = innerState ?? '';
  }
  return { id, traits };
}

/** First token and the rest (undecoded at deeper levels: one level unescaped), at a delimiter. */
function splitFirst(text: string, delimiter: string): [string, string | undefined] {
  const tokens = decodeSequence(text, delimiter);
  if (tokens.length === 1) return [tokens[0]!, undefined];
  if (tokens.length !== 2) throw new Error(`expected one trait and its inner piece, got ${tokens.length} tokens`);
  return [tokens[0]!, tokens[1]!];
}
