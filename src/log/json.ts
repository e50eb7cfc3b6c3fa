// Safe JSON parsing for untrusted input (a log received by e-mail).
//
// A hand-written, non-recursive parser: nesting depth is counted on an explicit stack, so a file
// of a million '[' costs one error, not a stack overflow. It also refuses what canonical JSON
// never holds (fractions, exponents, unsafe integers, duplicate keys) and the keys that enable
// prototype pollution (__proto__, constructor, prototype). Every error names the file, the JSON
// path and the line/column. With `canonical: true` the text must also be byte-for-byte the
// canonical form of the value it holds (src/core/canonical.ts).

import { canonicalize, type Json } from '../core/canonical.js';
import { HexlogError } from './errors.js';

export type { Json };

export interface JsonLimits {
  /** Maximum size of the text, in UTF-8 bytes. */
  maxBytes: number;
  /** Maximum nesting of arrays and objects (a bare scalar is depth 0, `[]` is depth 1). */
  maxDepth: number;
  /** Maximum length of one string (key or value), in UTF-16 code units after unescaping. */
  maxStringLength: number;
}

export const DEFAULT_JSON_LIMITS: Readonly<JsonLimits> = Object.freeze({
  maxBytes: 32 * 1024 * 1024,
  maxDepth: 64,
  maxStringLength: 4 * 1024 * 1024,
});

export interface ParseJsonOptions {
  /** Named in error messages. */
  file?: string | undefined;
  limits?: Partial<JsonLimits> | undefined;
  /** Also require the text to be exactly the canonical JSON of its value. */
  canonical?: boolean | undefined;
}

export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export class JsonError extends HexlogError {
  /** JSON path of the offending value, e.g. `$.events[3].hex`. */
  readonly path: string;
  /** Offset in the decoded text (UTF-16 code units), or -1 when not applicable. */
  readonly offset: number;

  constructor(detail: string, file: string | undefined, path: string, offset: number, text?: string) {
    const where = offset >= 0 && text !== undefined ? `${path} (${lineCol(text, offset)})` : path;
    super(detail, { file, place: where });
    this.path = path;
    this.offset = offset;
  }
}

/** Parse untrusted JSON text (string, or UTF-8 bytes) within limits. */
export function parseJson(input: string | Uint8Array, options: ParseJsonOptions = {}): Json {
  const limits: JsonLimits = { ...DEFAULT_JSON_LIMITS, ...options.limits };
  const file = options.file;
  let text: string;
  if (typeof input === 'string') {
    const size = Buffer.byteLength(input, 'utf8');
    if (size > limits.maxBytes) {
      throw new JsonError(`JSON text is ${size} bytes, more than the limit of ${limits.maxBytes}`, file, '$', -1);
    }
    text = input;
  } else {
    if (input.byteLength > limits.maxBytes) {
      throw new JsonError(`JSON text is ${input.byteLength} bytes, more than the limit of ${limits.maxBytes}`, file, '$', -1);
    }
    try {
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(input);
    } catch {
      throw new JsonError('JSON text is not valid UTF-8', file, '$', -1);
    }
  }
  const value = new Parser(text, limits, file).parse();
  if (options.canonical) {
    const canon = canonicalize(value);
    if (canon !== text) {
      let k = 0;
      while (k < canon.length && k < text.length && canon.charCodeAt(k) === text.charCodeAt(k)) k++;
      const expected = canon.slice(k, k + 20);
      throw new JsonError(
        `not canonical JSON: expected ${JSON.stringify(expected)} here (keys sorted, no whitespace, minimal escapes)`,
        file, '$', k, text,
      );
    }
  }
  return value;
}

type Frame =
  | { kind: 'array'; value: Json[] }
  | { kind: 'object'; value: { [key: string]: Json }; key: string };

const WS_SPACE = 0x20, WS_TAB = 0x09, WS_LF = 0x0a, WS_CR = 0x0d;

class Parser {
  private i = 0;
  private readonly stack: Frame[] = [];

  constructor(private readonly text: string, private readonly limits: JsonLimits, private readonly file: string | undefined) {}

  parse(): Json {
    const t = this.text;
    let value: Json;
    outer: for (;;) {
      this.skipWs();
      const c = t.charCodeAt(this.i);
      if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
        if (this.stack.length >= this.limits.maxDepth) {
          this.fail(`nesting deeper than the limit of ${this.limits.maxDepth}`);
        }
        this.i++;
        this.skipWs();
        if (c === 0x7b) {
          const obj: { [key: string]: Json } = {};
          if (t.charCodeAt(this.i) === 0x7d /* } */) { this.i++; value = obj; }
          else {
            const frame: Frame = { kind: 'object', value: obj, key: '' };
            this.stack.push(frame);
            frame.key = this.readKey(frame);
            continue outer;
          }
        } else {
          const arr: Json[] = [];
          if (t.charCodeAt(this.i) === 0x5d /* ] */) { this.i++; value = arr; }
          else { this.stack.push({ kind: 'array', value: arr }); continue outer; }
        }
      } else if (c === 0x22 /* " */) {
        value = this.readString('string');
      } else if (c === 0x2d /* - */ || (c >= 0x30 && c <= 0x39)) {
        value = this.readNumber();
      } else if (t.startsWith('true', this.i)) { this.i += 4; value = true; }
      else if (t.startsWith('false', this.i)) { this.i += 5; value = false; }
      else if (t.startsWith('null', this.i)) { this.i += 4; value = null; }
      else if (this.i >= t.length) {
        this.fail(this.stack.length ? 'unexpected end of text (truncated JSON?)' : 'empty text where a JSON value was expected');
      } else {
        this.fail(`unexpected character ${describeChar(t, this.i)} where a value was expected`);
      }

      // A value is complete: hand it to its parent, closing containers as they end.
      for (;;) {
        const top = this.stack[this.stack.length - 1];
        if (!top) break outer;
        if (top.kind === 'array') top.value.push(value);
        else top.value[top.key] = value; // key already checked: never __proto__
        this.skipWs();
        const d = t.charCodeAt(this.i);
        if (d === 0x2c /* , */) {
          this.i++;
          if (top.kind === 'object') { this.skipWs(); top.key = this.readKey(top); }
          continue outer;
        }
        const close = top.kind === 'array' ? 0x5d : 0x7d;
        if (d === close) {
          this.i++;
          this.stack.pop();
          value = top.value;
          continue;
        }
        if (this.i >= t.length) this.fail('unexpected end of text (truncated JSON?)');
        this.fail(`expected ',' or '${top.kind === 'array' ? ']' : '}'}' but found ${describeChar(t, this.i)}`);
      }
    }
    this.skipWs();
    if (this.i < t.length) this.fail(`unexpected ${describeChar(t, this.i)} after the end of the JSON value`);
    return value;
  }

  private skipWs(): void {
    const t = this.text;
    for (;;) {
      const c = t.charCodeAt(this.i);
      if (c === WS_SPACE || c === WS_LF || c === WS_CR || c === WS_TAB) this.i++;
      else return;
    }
  }

  private readKey(frame: Frame & { kind: 'object' }): string {
    if (this.text.charCodeAt(this.i) !== 0x22) {
      if (this.i >= this.text.length) this.fail('unexpected end of text (truncated JSON?)');
      this.fail(`expected a string key but found ${describeChar(this.text, this.i)}`);
    }
    const start = this.i;
    const key = this.readString('key');
    if (FORBIDDEN_KEYS.has(key)) {
      this.failAt(`key ${JSON.stringify(key)} is not allowed (prototype pollution guard)`, start, keyPath(this.path(1), key));
    }
    if (Object.prototype.hasOwnProperty.call(frame.value, key)) {
      this.failAt(`duplicate key ${JSON.stringify(key)}`, start, keyPath(this.path(1), key));
    }
    this.skipWs();
    if (this.text.charCodeAt(this.i) !== 0x3a /* : */) {
      this.failAt(`expected ':' after key ${JSON.stringify(key)}`, this.i, keyPath(this.path(1), key));
    }
    this.i++;
    return key;
  }

  private readString(what: 'key' | 'string'): string {
    const t = this.text;
    const start = this.i;
    let j = start + 1;
    let escaped = false;
    for (;;) {
      if (j >= t.length) this.failAt(`unterminated ${what} (truncated JSON?)`, start);
      const c = t.charCodeAt(j);
      if (c === 0x22) break;
      if (c === 0x5c /* \ */) { escaped = true; j += 2; continue; }
      if (c < 0x20) this.failAt(`control character U+${c.toString(16).padStart(4, '0')} inside a ${what}; it must be escaped`, j);
      j++;
    }
    if (j - start - 1 > this.limits.maxStringLength * 6) {
      this.failAt(`${what} longer than the limit of ${this.limits.maxStringLength} characters`, start);
    }
    let s: string;
    if (escaped) {
      try {
        s = JSON.parse(t.slice(start, j + 1)) as string;
      } catch {
        this.failAt(`invalid escape sequence in ${what}`, start);
      }
    } else {
      s = t.slice(start + 1, j);
    }
    if (s.length > this.limits.maxStringLength) {
      this.failAt(`${what} longer than the limit of ${this.limits.maxStringLength} characters`, start);
    }
    this.i = j + 1;
    return s;
  }

  private readNumber(): number {
    const t = this.text;
    const start = this.i;
    let j = start;
    if (t.charCodeAt(j) === 0x2d) j++;
    const digitsStart = j;
    while (j < t.length && t.charCodeAt(j) >= 0x30 && t.charCodeAt(j) <= 0x39) j++;
    const digits = t.slice(digitsStart, j);
    const next = t.charCodeAt(j);
    if (next === 0x2e /* . */ || next === 0x65 /* e */ || next === 0x45 /* E */) {
      let k = j + 1;
      while (k < t.length && /[0-9eE+\-.]/.test(t[k]!)) k++;
      this.failAt(`non-integer number ${t.slice(start, k)}; canonical JSON holds integers only (fractions travel as strings)`, start);
    }
    if (digits.length === 0) this.failAt(`invalid number ${t.slice(start, j + 1)}`, start);
    if (digits.length > 1 && digits.charCodeAt(0) === 0x30) this.failAt(`number with a leading zero: ${t.slice(start, j)}`, start);
    if (digits.length > 16) this.failAt(`integer ${t.slice(start, j)} is outside the safe range ±(2^53−1)`, start);
    const n = Number(t.slice(start, j));
    if (!Number.isSafeInteger(n)) this.failAt(`integer ${t.slice(start, j)} is outside the safe range ±(2^53−1)`, start);
    if (Object.is(n, -0)) this.failAt('negative zero is not allowed', start);
    this.i = j;
    return n;
  }

  /** Path of the value being parsed; `drop` leaves out the innermost object key. */
  private path(drop = 0): string {
    let p = '$';
    const n = this.stack.length;
    for (let k = 0; k < n; k++) {
      const f = this.stack[k]!;
      if (k === n - 1 && drop) break;
      p = f.kind === 'array' ? `${p}[${f.value.length}]` : keyPath(p, f.key);
    }
    return p;
  }

  private fail(detail: string): never {
    this.failAt(detail, this.i);
  }

  private failAt(detail: string, offset: number, path: string = this.path()): never {
    throw new JsonError(detail, this.file, path, offset, this.text);
  }
}

function keyPath(parent: string, key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `${parent}.${key}` : `${parent}[${JSON.stringify(key)}]`;
}

function describeChar(text: string, i: number): string {
  if (i >= text.length) return 'end of text';
  const c = text.codePointAt(i)!;
  return c >= 0x20 && c < 0x7f ? `'${String.fromCodePoint(c)}'` : `U+${c.toString(16).toUpperCase().padStart(4, '0')}`;
}

function lineCol(text: string, offset: number): string {
  let line = 1, col = 1;
  const end = Math.min(offset, text.length);
  for (let k = 0; k < end; k++) {
    if (text.charCodeAt(k) === 0x0a) { line++; col = 1; } else col++;
  }
  return `line ${line}, column ${col}`;
}
