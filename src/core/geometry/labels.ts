// Hex label patterns: how a section prints its hex numbers ("0108", "A0108", "C12").
// Tokens: {c} {r} plain numbers, {c:N} {r:N} zero-padded to width N, {C} {R} letters
// (1 = A … 26 = Z, 27 = AA: bijective base 26). Any other text is literal.
// A field's text is well-formed only in the exact form the formatter would print, so reading a
// label is the inverse of printing it; `readings` lists every way a text fits the pattern, which
// is how ambiguous patterns ({c}{r} on a wide board) are caught when the board is built.
import { GeometryError } from './errors.js';

export type LabelPart =
  | { readonly kind: 'literal'; readonly text: string }
  | { readonly kind: 'field'; readonly axis: 'c' | 'r'; readonly letters: boolean; readonly width: number };

export interface LabelReading { readonly c: number | null; readonly r: number | null }

const MAX_FIELD_CHARS = 15; // keeps parsed numbers exact

export function toLetters(n: number): string {
  if (!Number.isSafeInteger(n) || n < 1) throw new GeometryError(`letter numbering starts at 1 (A), got ${n}`);
  let s = '';
  while (n > 0) { n--; s = String.fromCharCode(65 + (n % 26)) + s; n = Math.floor(n / 26); }
  return s;
}

export function fromLetters(text: string): number {
  let n = 0;
  for (const ch of text) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

export class LabelPattern {
  readonly parts: readonly LabelPart[];

  constructor(readonly source: string) {
    const parts: LabelPart[] = [];
    let literal = '';
    for (let i = 0; i < source.length; ) {
      const ch = source[i]!;
      if (ch === '}') throw new GeometryError(`label pattern "${source}": unmatched "}" at position ${i + 1}`);
      if (ch !== '{') { literal += ch; i++; continue; }
      const end = source.indexOf('}', i);
      if (end < 0) throw new GeometryError(`label pattern "${source}": unmatched "{" at position ${i + 1}`);
      const token = source.slice(i + 1, end);
      const m = /^(?:([CR])|([cr])(?::([1-9]))?)$/.exec(token);
      if (!m) {
        throw new GeometryError(`label pattern "${source}": unknown token {${token}} (expected {c} {r} {c:N} {r:N} {C} {R})`);
      }
      if (literal) { parts.push({ kind: 'literal', text: literal }); literal = ''; }
      if (m[1]) parts.push({ kind: 'field', axis: m[1] === 'C' ? 'c' : 'r', letters: true, width: 1 });
      else parts.push({ kind: 'field', axis: m[2] as 'c' | 'r', letters: false, width: m[3] ? Number(m[3]) : 1 });
      i = end + 1;
    }
    if (literal) parts.push({ kind: 'literal', text: literal });
    this.parts = parts;
  }

  /** Prints the label of label-column c, label-row r. */
  format(c: number, r: number): string {
    return this.parts.map((p) => (p.kind === 'literal' ? p.text : formatField(p, p.axis === 'c' ? c : r))).join('');
  }

  /** Every reading of text under this pattern, up to `limit` of them (2 suffices to detect ambiguity). */
  readings(text: string, limit = Infinity): LabelReading[] {
    const out: LabelReading[] = [];
    const seen = new Set<string>();
    const walk = (part: number, pos: number, c: number | null, r: number | null): void => {
      if (out.length >= limit) return;
      if (part === this.parts.length) {
        if (pos !== text.length) return;
        const key = `${c},${r}`;
        if (!seen.has(key)) { seen.add(key); out.push({ c, r }); }
        return;
      }
      const p = this.parts[part]!;
      if (p.kind === 'literal') {
        if (text.startsWith(p.text, pos)) walk(part + 1, pos + p.text.length, c, r);
        return;
      }
      const cls = p.letters ? /[A-Z]/ : /[0-9]/;
      for (let end = pos + 1; end <= text.length && end - pos <= MAX_FIELD_CHARS && cls.test(text[end - 1]!); end++) {
        const piece = text.slice(pos, end);
        const value = p.letters ? fromLetters(piece) : Number(piece);
        if (formatField(p, value) !== piece) continue; // not the printed form (e.g. a leading zero)
        const prev = p.axis === 'c' ? c : r;
        if (prev !== null && prev !== value) continue; // the same axis twice must agree
        walk(part + 1, end, p.axis === 'c' ? value : c, p.axis === 'r' ? value : r);
      }
    };
    walk(0, 0, null, null);
    return out;
  }
}

function formatField(p: Extract<LabelPart, { kind: 'field' }>, n: number): string {
  if (p.letters) return toLetters(n);
  if (!Number.isSafeInteger(n) || n < 0) throw new GeometryError(`label numbers must be integers ≥ 0, got ${n}`);
  return String(n).padStart(p.width, '0');
}
