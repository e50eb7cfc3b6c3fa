import { describe, expect, it } from 'vitest';
import { parseJson, JsonError } from '../../src/log/json.js';
import { canonicalize } from '../../src/core/canonical.js';

function err(text: string | Uint8Array, opts = {}): JsonError {
  try {
    parseJson(text, { file: 'x.json', ...opts });
  } catch (e) {
    expect(e).toBeInstanceOf(JsonError);
    return e as JsonError;
  }
  throw new Error('expected a JsonError');
}

describe('parseJson', () => {
  it('parses ordinary JSON, including escapes and unicode', () => {
    const v = parseJson('{ "a": [1, -2, "x\\u00e9\\n", true, false, null], "b": {"c": "é"} }');
    expect(v).toEqual({ a: [1, -2, 'xé\n', true, false, null], b: { c: 'é' } });
    expect(parseJson(new TextEncoder().encode('"ü"'))).toBe('ü');
    expect(parseJson('[]')).toEqual([]);
    expect(parseJson('{}')).toEqual({});
  });

  it('refuses non-integers and names the path', () => {
    const e = err('{"units":[{"mp":1.5}]}');
    expect(e.message).toContain('x.json');
    expect(e.message).toContain('$.units[0].mp');
    expect(e.message).toContain('non-integer');
    expect(err('[1e3]').message).toContain('non-integer');
    expect(err('[9007199254740992]').message).toContain('safe range');
    expect(err('[-0]').message).toContain('negative zero');
    expect(err('[01]').message).toContain('leading zero');
    expect(parseJson('[9007199254740991,-9007199254740991]')).toEqual([9007199254740991, -9007199254740991]);
  });

  it('refuses prototype keys and duplicates', () => {
    for (const k of ['__proto__', 'constructor', 'prototype']) {
      const e = err(`{"a":{"${k}":{"polluted":1}}}`);
      expect(e.message).toContain(`$.a.${k}`);
      expect(e.message).toContain('not allowed');
    }
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    const d = err('{"a":1,"b":2,"a":3}');
    expect(d.message).toContain('duplicate key "a"');
    expect(d.path).toBe('$.a');
  });

  it('checks depth without recursion', () => {
    const deep = '['.repeat(1_000_000) + ']'.repeat(1_000_000);
    // A million levels would overflow a recursive parser's stack; the limit is reported instead.
    const e = err(deep);
    expect(e.message).toContain('nesting deeper than the limit of 64');
    expect(() => parseJson('['.repeat(64) + ']'.repeat(64))).not.toThrow();
    expect(err('['.repeat(65) + ']'.repeat(65)).message).toContain('nesting');
    expect(err('[[1]]', { limits: { maxDepth: 1 } }).path).toBe('$[0]');
  });

  it('checks size and string length', () => {
    expect(err('"' + 'a'.repeat(100) + '"', { limits: { maxBytes: 50 } }).message).toContain('more than the limit of 50');
    expect(err('{"k":"' + 'a'.repeat(100) + '"}', { limits: { maxStringLength: 10 } }).message).toMatch(/\$\.k.*longer than the limit of 10/);
    expect(err('{"' + 'a'.repeat(100) + '":1}', { limits: { maxStringLength: 10 } }).message).toContain('key longer');
  });

  it('reports syntax errors with line and column', () => {
    const e = err('{\n  "a": [1,\n  2,,]\n}');
    expect(e.message).toMatch(/\$\.a\[2\] \(line 3, column 5\)/);
    expect(err('{"a":1').message).toContain('truncated');
    expect(err('{"a":"abc').message).toContain('unterminated');
    expect(err('').message).toContain('empty');
    expect(err('[1] x').message).toContain('after the end');
    expect(err('["a\tb"]').message).toContain('control character');
    expect(err('["\\x"]').message).toContain('invalid escape');
    expect(err(new Uint8Array([0x22, 0xff, 0x22])).message).toContain('UTF-8');
    expect(err(new Uint8Array([0xef, 0xbb, 0xbf, 0x31])).message).toContain('U+FEFF');
    expect(err('[tru]').message).toContain('unexpected character');
  });

  it('checks canonical form on request', () => {
    const v = { b: [1, 'x'], a: { z: null, y: true } };
    const c = canonicalize(v);
    expect(parseJson(c, { canonical: true })).toEqual(v);
    expect(err('{"b":1,"a":2}', { canonical: true }).message).toContain('not canonical');
    expect(err('{"a": 2}', { canonical: true }).message).toContain('not canonical');
    expect(err('["\\u0041"]', { canonical: true }).message).toContain('not canonical');
    expect(err('{"a":1}\n', { canonical: true }).message).toContain('not canonical');
  });
});
