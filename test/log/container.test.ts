import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ContainerError, crc32, readContainer, writeContainer, type ContainerEntry } from '../../src/log/container.js';
import { buildZip, stored } from './zip-builder.js';

const enc = new TextEncoder();
const sample: ContainerEntry[] = [
  { name: 'genesis.json', data: enc.encode('{"a":1}') },
  { name: 'genesis.json.sig', data: enc.encode('-----BEGIN PGP SIGNATURE-----\n...') },
  { name: '000001.json', data: enc.encode('{"seq":1}'.repeat(50)) },
  { name: '000001.json.sig', data: enc.encode('sig') },
  { name: 'empty.bin', data: new Uint8Array(0) },
];

function refused(zip: Uint8Array, limits = {}): ContainerError {
  try {
    readContainer(zip, { file: 'game.hexlog', limits });
  } catch (e) {
    if (!(e instanceof ContainerError)) throw e;
    expect(e.message.startsWith('game.hexlog: ')).toBe(true);
    return e;
  }
  throw new Error('expected a ContainerError');
}

function hasUnzip(): boolean {
  try { execFileSync('unzip', ['-v'], { stdio: 'ignore' }); return true; } catch { return false; }
}

describe('container', () => {
  it('round-trips entries in order, deterministically', () => {
    const zip = writeContainer(sample);
    expect(writeContainer(sample)).toEqual(zip);
    const back = readContainer(zip);
    expect(back.map((e) => e.name)).toEqual(sample.map((e) => e.name));
    back.forEach((e, i) => expect(e.data).toEqual(sample[i]!.data));
  });

  it.runIf(hasUnzip())('is readable by unzip, in log order', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hexlog-'));
    const path = join(dir, 'g.hexlog');
    writeFileSync(path, writeContainer(sample));
    const listing = execFileSync('unzip', ['-l', path], { encoding: 'utf8' });
    const names = sample.map((e) => e.name);
    const positions = names.map((n) => listing.indexOf(' ' + n + '\n'));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(execFileSync('unzip', ['-p', path, '000001.json'], { encoding: 'utf8' })).toBe('{"seq":1}'.repeat(50));
    execFileSync('unzip', ['-tq', path]);
  });

  it.runIf(hasUnzip())('reads a zip made by Info-ZIP zip, including a streamed one (data descriptors)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hexlog-'));
    writeFileSync(join(dir, '000000.json'), '{"a":1}');
    writeFileSync(join(dir, '000000.json.sig'), 'sig');
    execFileSync('zip', ['-q', '-X', 'a.zip', '000000.json', '000000.json.sig'], { cwd: dir });
    const back = readContainer(new Uint8Array(readFileSync(join(dir, 'a.zip'))));
    expect(back.map((e) => e.name)).toEqual(['000000.json', '000000.json.sig']);
    expect(new TextDecoder().decode(back[0]!.data)).toBe('{"a":1}');
    // `zip - file` writes to a pipe, so sizes go in data descriptors after the data.
    const streamed = execFileSync('zip', ['-q', '-X', '-', '000000.json'], { cwd: dir });
    expect(readContainer(new Uint8Array(streamed))[0]!.data).toEqual(new TextEncoder().encode('{"a":1}'));
  });

  it('refuses bad names on write and on read', () => {
    const cases: [string, RegExp][] = [
      ['../evil.json', /path traversal/],
      ['a/../../evil', /path traversal/],
      ['/etc/passwd', /absolute/],
      ['a\\b.json', /backslash/],
      ['', /empty name/],
      ['C:evil', /drive letter|only letters/],
      ['.hidden', /not starting with/],
      ['dir/', /directory/],
      ['a//b', /empty path component/],
      ['x y', /only letters/],
    ];
    for (const [name, why] of cases) {
      expect(() => writeContainer([{ name, data: new Uint8Array(1) }])).toThrow(why);
      expect(refused(buildZip([stored(name, 'x')])).message).toMatch(why);
    }
    expect(refused(buildZip([stored('a.json', 'x'), stored('a.json', 'y')])).message).toMatch(/entry "a.json": duplicate/);
    expect(refused(buildZip([stored('A.json', 'x'), stored('a.json', 'y')])).message).toMatch(/differ only in case/);
    expect(() => writeContainer([{ name: 'a', data: new Uint8Array(0) }, { name: 'a', data: new Uint8Array(0) }])).toThrow(/duplicate/);
  });

  it('refuses every truncation with a clear error, never a crash', () => {
    const zip = writeContainer(sample);
    for (let n = 0; n < zip.byteLength; n++) {
      const e = refused(zip.subarray(0, n));
      expect(e.message).toMatch(/truncated|not a zip|empty file|corrupt/);
    }
  });

  it('never crashes on flipped bytes', () => {
    const zip = writeContainer(sample);
    for (let n = 0; n < zip.byteLength; n++) {
      for (const mask of [0x01, 0x80, 0xff]) {
        const bad = zip.slice();
        bad[n]! ^= mask;
        try {
          const back = readContainer(bad);
          // Only metadata such as timestamps or version fields may change without notice.
          back.forEach((e, i) => expect(e.data).toEqual(sample[i]!.data));
        } catch (e) {
          expect(e).toBeInstanceOf(ContainerError);
        }
      }
    }
  });

  it('stops a zip bomb early', () => {
    const zeros = new Uint8Array(64 * 1024 * 1024);
    const bomb = deflateRawSync(zeros, { level: 9 });
    expect(bomb.byteLength).toBeLessThan(100_000);
    const crc = crc32(zeros);
    const small = deflateRawSync(new Uint8Array(30 * 1024 * 1024));
    // Header lies: claims a small size. (Speed is measured in benchmarks, not asserted here: the
    // message shows inflation stopped at the claimed size.)
    expect(refused(buildZip([{ name: 'bomb.json', raw: bomb, size: 1000, crc }])).message).toMatch(/more than the 1000 bytes its header claims/);
    // Header is honest but over the limit: refused before inflating anything.
    expect(refused(buildZip([{ name: 'bomb.json', raw: bomb, size: zeros.byteLength, crc }])).message).toMatch(/claims 67108864 bytes, more than the limit/);
    expect(refused(buildZip([{ name: 'bomb.json', raw: bomb, size: 0xffffffff, crc }])).message).toMatch(/more than the limit/);
    // Many entries, each under the per-entry limit, together over the total.
    const many = Array.from({ length: 10 }, (_, i) => ({ name: `b${i}`, raw: small, size: 30 * 1024 * 1024, crc: 0 }));
    expect(refused(buildZip(many)).message).toMatch(/more than 268435456 bytes in total/);
    // Header claims more than there is.
    expect(refused(buildZip([{ name: 'short', raw: deflateRawSync(new Uint8Array(10)), size: 20, crc: 0 }])).message).toMatch(/inflates to 10 bytes but its header says 20/);
  });

  it('refuses overlapping entries, bad CRCs, unknown methods, encryption', () => {
    const data = enc.encode('hello');
    const one = buildZip([stored('a', data)]);
    // Point a second central record at the same local header: overlap.
    const twice = buildZip([stored('a', data), stored('b', data)]);
    const view = new DataView(twice.buffer);
    const eocd = twice.byteLength - 22;
    const cdOffset = view.getUint32(eocd + 16, true);
    const secondCd = cdOffset + 46 + 1;
    view.setUint32(secondCd + 42, 0, true);
    expect(refused(twice).message).toMatch(/local header name differs|overlap/);
    expect(readContainer(one)[0]!.data).toEqual(data);
    expect(refused(buildZip([{ ...stored('a', data), crc: 1 }])).message).toMatch(/entry "a": CRC-32 mismatch/);
    expect(refused(buildZip([{ ...stored('a', data), method: 12 }])).message).toMatch(/compression method 12/);
    expect(refused(buildZip([{ ...stored('a', data), flags: 1 }])).message).toMatch(/encrypted/);
    expect(refused(buildZip([{ name: 'a', raw: enc.encode('garbage!'), size: 5, crc: crc32(data) }])).message).toMatch(/corrupt deflate data/);
    expect(refused(new Uint8Array(0)).message).toMatch(/empty file/);
    expect(refused(enc.encode('this is plainly not a zip file at all, just text')).message).toMatch(/not a zip/);
  });

  it('handles 10k entries and enforces the entry limit', () => {
    const entries = Array.from({ length: 10_000 }, (_, i) => ({ name: `${String(i).padStart(6, '0')}.json`, data: enc.encode(`{"seq":${i}}`) }));
    const zip = writeContainer(entries);
    const back = readContainer(zip);
    expect(back.length).toBe(10_000);
    expect(back[9999]!.name).toBe('009999.json');
    expect(refused(zip, { maxEntries: 5000 }).message).toMatch(/10000 entries, more than the limit of 5000/);
  });

  it('keeps integer-like names in the order given', () => {
    const zip = writeContainer([{ name: 'b', data: new Uint8Array(0) }, { name: '7', data: new Uint8Array(0) }]);
    expect(readContainer(zip).map((e) => e.name)).toEqual(['b', '7']);
  });
});
