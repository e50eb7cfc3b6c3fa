import { describe, expect, it } from 'vitest';
import { entryNameProblem, readZip, writeZip, ZipError, type ZipCodecOptions, type ZipLimits } from '../../src/core/zip.js';

const limits: ZipLimits = { maxArchiveBytes: 1 << 20, maxEntries: 10, maxEntryBytes: 1 << 16, maxTotalBytes: 1 << 18, maxNameLength: 100 };
const strict: ZipCodecOptions = { names: 'strict', limits, file: 'a.zip' };
const lenient: ZipCodecOptions = { names: 'lenient', limits, file: 'a.zip' };
const enc = new TextEncoder();

describe('core zip codec', () => {
  it('round-trips deterministically under both policies', () => {
    const entries = [{ name: 'b.json', data: enc.encode('{"b":1}') }, { name: 'a/c.txt', data: enc.encode('c'.repeat(1000)) }];
    for (const o of [strict, lenient]) {
      const zip = writeZip(entries, o);
      expect(writeZip(entries, o)).toEqual(zip);
      expect(readZip(zip, o)).toEqual(entries);
    }
  });

  it('lenient allows printable module names that strict refuses', () => {
    const entries = [{ name: 'images/Carte été 1.png', data: enc.encode('x') }];
    expect(readZip(writeZip(entries, lenient), lenient)).toEqual(entries);
    expect(() => writeZip(entries, strict)).toThrow(/only letters/);
  });

  it('refuses unsafe names under both policies', () => {
    for (const policy of ['strict', 'lenient'] as const) {
      for (const [name, why] of [['../x', /traversal/], ['a\u0007b', /control character/], ['.git/x', /starting with|hidden/], ['C:x', /drive letter/], ['a\\b', /backslash/]] as const) {
        expect(entryNameProblem(name, policy, 100), `${policy} ${name}`).toMatch(why);
      }
    }
  });

  it('carries file, entry and the bare detail in ZipError', () => {
    try {
      writeZip([{ name: 'x', data: new Uint8Array(0) }, { name: 'X', data: new Uint8Array(0) }], lenient);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ZipError);
      const z = e as ZipError;
      expect([z.file, z.entry]).toEqual(['a.zip', 'X']);
      expect(z.detail).toMatch(/^entry name clashes with "x"/);
      expect(z.message).toBe(`a.zip: entry "X": ${z.detail}`);
    }
  });

  it('applies the limits on write as on read', () => {
    const many = Array.from({ length: 11 }, (_, i) => ({ name: `f${i}`, data: new Uint8Array(0) }));
    expect(() => writeZip(many, lenient)).toThrow(/11 entries, more than the limit of 10/);
    expect(() => readZip(writeZip(many, { ...lenient, limits: { ...limits, maxEntries: 20 } }), lenient)).toThrow(/11 entries/);
  });
});
