import { describe, expect, it } from 'vitest';
import { zipSync } from 'fflate';
import { readZip } from '../../src/core/zip-read.js';
import { crc32, entryNameProblem, tableCrc32, writeZip, ZipError, type ZipCodecOptions, type ZipEntry, type ZipLimits } from '../../src/core/zip.js';

const limits: ZipLimits = { maxArchiveBytes: 1 << 20, maxEntries: 10, maxEntryBytes: 1 << 16, maxTotalBytes: 1 << 18, maxNameLength: 100 };
const strict: ZipCodecOptions = { names: 'strict', limits, file: 'a.zip' };
const lenient: ZipCodecOptions = { names: 'lenient', limits, file: 'a.zip' };
const enc = new TextEncoder();
/** Entries without their stored form, to compare with what was written. */
const plain = (entries: ZipEntry[]) => entries.map(({ name, data }) => ({ name, data }));

describe('core zip codec', () => {
  it('round-trips deterministically under both policies', () => {
    const entries = [{ name: 'b.json', data: enc.encode('{"b":1}') }, { name: 'a/c.txt', data: enc.encode('c'.repeat(1000)) }];
    for (const o of [strict, lenient]) {
      const zip = writeZip(entries, o);
      expect(writeZip(entries, o)).toEqual(zip);
      expect(plain(readZip(zip, o))).toEqual(entries);
    }
  });

  it('writes what fflate\'s zipSync writes, byte for byte', () => {
    const entries = [
      { name: 'genesis.json', data: enc.encode('{"a":1}'.repeat(50)) },
      { name: 'empty', data: new Uint8Array(0) },
      { name: 'images/Carte été 1.png', data: Uint8Array.from({ length: 3000 }, (_, i) => (i * 7919) % 251) },
    ];
    const files = Object.fromEntries(entries.map((e) => [e.name, [e.data, { level: 6, mtime: new Date(1980, 0, 1) }]])) as Parameters<typeof zipSync>[0];
    expect(writeZip(entries, lenient)).toEqual(zipSync(files, { level: 6, mtime: new Date(1980, 0, 1) }));
  });

  it('copies entries read from an archive as they were stored, and compresses changed ones again', () => {
    const entries = [{ name: 'a.json', data: enc.encode('{"x":"' + 'y'.repeat(500) + '"}') }, { name: 'b.txt', data: enc.encode('b'.repeat(300)) }];
    const zip = writeZip(entries, strict);
    const read = readZip(zip, strict);
    expect(read.map((e) => e.stored?.method)).toEqual([8, 8]);
    // a stored form another deflater made (here: stored, method 0) is copied as it is
    const foreign = readZip(writeZip([{ name: 'a.json', data: entries[0]!.data, stored: { method: 0, raw: entries[0]!.data, crc: crc32(entries[0]!.data) } }], strict), strict);
    expect(foreign[0]!.stored?.method).toBe(0);
    const again = writeZip([...foreign, read[1]!], strict);
    expect(plain(readZip(again, strict))).toEqual(entries);
    expect(readZip(again, strict)[0]!.stored?.method).toBe(0);
    // data changed in place after reading: its stored form no longer stands for it
    read[1]!.data[0] = 'c'.charCodeAt(0);
    const changed = readZip(writeZip(read, strict), strict);
    expect(new TextDecoder().decode(changed[1]!.data)).toBe('c' + 'b'.repeat(299));
  });

  it('computes CRC-32 as the table does', () => {
    for (const n of [0, 1, 7, 1000, 65537]) {
      const data = Uint8Array.from({ length: n }, (_, i) => (i * 31 + n) & 0xff);
      expect(crc32(data)).toBe(tableCrc32(data));
    }
    expect(crc32(enc.encode('123456789'))).toBe(0xcbf43926);
  });

  it('lenient allows printable module names that strict refuses', () => {
    const entries = [{ name: 'images/Carte été 1.png', data: enc.encode('x') }];
    expect(plain(readZip(writeZip(entries, lenient), lenient))).toEqual(entries);
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
