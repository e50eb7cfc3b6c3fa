// One .hexlog, one history: the attacks of issue 14 item 2, each built byte by byte, refused by
// Hexpost; where a zip tool would show something else, unzip itself shows it. And the rule the
// other way round: whatever Hexpost accepts, unzip extracts to exactly the entries Hexpost read.
import { execFileSync, spawnSync } from 'node:child_process';
import { lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ContainerError, crc32, readContainer, writeContainer, type ContainerEntry } from '../../src/log/container.js';
import { rng } from '../helpers/rng.js';

const enc = new TextEncoder();
const historyA: ContainerEntry[] = [
  { name: 'genesis.json', data: enc.encode('{"history":"A"}') },
  { name: 'genesis.json.sig', data: enc.encode('signature A') },
  { name: '000000.json', data: enc.encode('{"seq":0,"move":"A"}'.repeat(20)) },
  { name: '000000.json.sig', data: enc.encode('signature A0') },
];
const historyB: ContainerEntry[] = [
  { name: 'genesis.json', data: enc.encode('{"history":"B"}') },
  { name: 'genesis.json.sig', data: enc.encode('signature B') },
];

const hasUnzip = spawnSync('unzip', ['-v']).status === 0;
const hasPython = spawnSync('python3', ['-c', 'import zipfile']).status === 0;

/** The names Python's zipfile lists. */
function pythonNames(zip: Uint8Array): string[] {
  const r = spawnSync('python3', ['-c', 'import sys, io, zipfile; print("\\n".join(zipfile.ZipFile(io.BytesIO(sys.stdin.buffer.read())).namelist()))'], { input: zip });
  return r.stdout.toString().trim().split('\n');
}

function refusal(zip: Uint8Array): string {
  try {
    readContainer(zip, { file: 'game.hexlog' });
  } catch (e) {
    if (e instanceof ContainerError) return e.message;
    throw e;
  }
  throw new Error('Hexpost accepted it');
}

/** The file's pieces as writeContainer lays them out: entries, central directory, end record. */
function split(zip: Uint8Array) {
  const v = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const eocd = zip.byteLength - 22;
  const cdOffset = v.getUint32(eocd + 16, true), cdSize = v.getUint32(eocd + 12, true);
  return { locals: zip.slice(0, cdOffset), cd: zip.slice(cdOffset, cdOffset + cdSize), count: v.getUint16(eocd + 10, true) };
}

function u16(n: number) { const b = Buffer.alloc(2); b.writeUInt16LE(n); return b; }
function u32(n: number) { const b = Buffer.alloc(4); b.writeUInt32LE(n >>> 0); return b; }
function u64(n: number) { const b = Buffer.alloc(8); b.writeBigUInt64LE(BigInt(n)); return b; }
const cat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));

function endRecord(count: number, cdSize: number, cdOffset: number, comment: Uint8Array = new Uint8Array(0)): Uint8Array {
  return cat(u32(0x06054b50), u16(0), u16(0), u16(count), u16(count), u32(cdSize), u32(cdOffset), u16(comment.byteLength), comment);
}

/** Every central record's local-header offset moved by `delta`. */
function shiftCentral(cd: Uint8Array, count: number, delta: number): Uint8Array {
  const out = cd.slice();
  const v = new DataView(out.buffer);
  let at = 0;
  for (let k = 0; k < count; k++) {
    v.setUint32(at + 42, v.getUint32(at + 42, true) + delta, true);
    at += 46 + v.getUint16(at + 28, true) + v.getUint16(at + 30, true) + v.getUint16(at + 32, true);
  }
  return out;
}

/**
 * What unzip extracts: name → bytes as text (null when unzip fails; with `warnings`, also when it
 * only warns, exit status 1, as it does on the attacks it half notices).
 */
function unzipView(zip: Uint8Array, warnings = false): Record<string, string> | null {
  const dir = mkdtempSync(join(tmpdir(), 'hexpost-unzip-'));
  try {
    writeFileSync(join(dir, 'g.zip'), zip);
    const out = join(dir, 'out');
    const r = spawnSync('unzip', ['-qq', '-o', 'g.zip', '-d', out], { cwd: dir });
    if (r.status !== 0 && !(warnings && r.status === 1)) return null;
    const files = new Map<string, Buffer>();
    const walk = (d: string) => {
      for (const n of readdirSync(d)) {
        const full = join(d, n);
        const st = lstatSync(full, { throwIfNoEntry: false });
        if (st?.isDirectory()) walk(full);
        else files.set(relative(out, full), st?.isFile() ? readFileSync(full) : Buffer.from('(not a regular file)'));
      }
    };
    try { walk(out); } catch { /* nothing extracted */ }
    return asText(files);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const asText = (m: Map<string, Buffer | Uint8Array>): Record<string, string> =>
  Object.fromEntries([...m].map(([k, v]) => [k, Buffer.from(v).toString('latin1')]));
const viewOf = (entries: readonly ContainerEntry[]) => asText(new Map(entries.map((e) => [e.name, e.data])));

describe('the zip attacks of issue 14 are refused', () => {
  it('a ZIP64 end record pointing at a second central directory (history B for Python\'s zipfile)', () => {
    const a = split(writeContainer(historyA));
    const b = split(writeContainer(historyB));
    // [A's entries][A's directory][B's entries][B's directory][ZIP64 end → B][locator][end → A]
    const bStart = a.locals.byteLength + a.cd.byteLength;
    const bCd = shiftCentral(b.cd, b.count, bStart);
    const bCdOffset = bStart + b.locals.byteLength;
    const z64At = bCdOffset + bCd.byteLength;
    const z64 = cat(u32(0x06064b50), u64(44), u16(45), u16(45), u32(0), u32(0), u64(b.count), u64(b.count), u64(bCd.byteLength), u64(bCdOffset));
    const locator = cat(u32(0x07064b50), u32(0), u64(z64At), u32(1));
    const zip = cat(a.locals, a.cd, b.locals, bCd, z64, locator, endRecord(a.count, a.cd.byteLength, a.locals.byteLength));
    // The attack is real: Python's zipfile (and so many a script) reads history B, unzip chokes.
    if (hasPython) expect(pythonNames(zip)).toEqual(historyB.map((e) => e.name));
    if (hasUnzip) expect(unzipView(zip)).toBeNull();
    expect(refusal(zip)).toMatch(/ZIP64 archives are not supported/);
  });

  it.runIf(hasUnzip)('a local header claiming longer sizes, with their CRC: bytes never checked', () => {
    // Stored entries, so the bytes beyond the central directory's claim are plain to see.
    const honest = 'the signed move', extra = ' and a move nobody signed';
    const full = enc.encode(honest + extra);
    const name = enc.encode('000000.json');
    const local = cat(u32(0x04034b50), u16(10), u16(0), u16(0), u32(0), u32(crc32(full)), u32(full.byteLength), u32(full.byteLength), u16(name.byteLength), u16(0), name, full);
    const central = cat(u32(0x02014b50), u16(20), u16(10), u16(0), u16(0), u32(0), u32(crc32(enc.encode(honest))),
      u32(honest.length), u32(honest.length), u16(name.byteLength), u16(0), u16(0), u16(0), u16(0), u32(0), u32(0), name);
    const zip = cat(local, central, endRecord(1, central.byteLength, local.byteLength));
    const seen = unzipView(zip, true);
    expect(seen?.['000000.json']).not.toBe(honest); // unzip does not extract what the directory vouches for
    expect(refusal(zip)).toMatch(/local header CRC-32 differs|local header sizes differ/);
  });

  it('a local header whose sizes alone differ (same CRC) is refused too', () => {
    const zip = writeContainer(historyA);
    const v = new DataView(zip.buffer);
    v.setUint32(22, v.getUint32(22, true) + 1, true); // first local header's uncompressed size
    expect(refusal(zip)).toContain('local header sizes differ from the central directory');
  });

  it.runIf(hasUnzip)('a Unicode-path extra field (unzip extracts the entry under another name)', () => {
    const zip = writeContainer(historyA);
    const { locals, cd, count } = split(zip);
    // Add the 0x7075 field to genesis.json's central record: version 1, CRC of the plain name, new name.
    const newName = enc.encode('genesis.json.old');
    const field = cat(u16(0x7075), u16(5 + newName.byteLength), new Uint8Array([1]), u32(crc32(enc.encode('genesis.json'))), newName);
    const v = new DataView(cd.buffer);
    const nameLen = v.getUint16(28, true);
    const first = cd.slice(0, 46 + nameLen);
    new DataView(first.buffer).setUint16(30, field.byteLength, true);
    const newCd = cat(first, field, cd.slice(46 + nameLen));
    const hostile = cat(locals, newCd, endRecord(count, newCd.byteLength, locals.byteLength));
    expect(Object.keys(unzipView(hostile, true) ?? {})).toContain('genesis.json.old'); // the attack is real
    expect(refusal(hostile)).toContain('extra field 0x7075 (Unicode path: unzip would extract the entry under another name) is not supported');
  });

  it('a ZIP64 extra field', () => {
    const { locals, cd, count } = split(writeContainer(historyA));
    const v = new DataView(cd.buffer);
    const nameLen = v.getUint16(28, true);
    const first = cd.slice(0, 46 + nameLen);
    const field = cat(u16(0x0001), u16(8), u64(15));
    new DataView(first.buffer).setUint16(30, field.byteLength, true);
    const withField = cat(first, field, cd.slice(46 + nameLen));
    expect(refusal(cat(locals, withField, endRecord(count, withField.byteLength, locals.byteLength)))).toContain('extra field 0x0001 (ZIP64) is not supported');
  });

  it('an archive comment that holds another end record (Python\'s zipfile reads that one)', () => {
    const a = split(writeContainer(historyA));
    const fake = endRecord(0, 0, 0);
    const zip = cat(a.locals, a.cd, endRecord(a.count, a.cd.byteLength, a.locals.byteLength, cat(fake, enc.encode('--'))));
    if (hasPython) expect(pythonNames(zip)).toEqual(['']); // the attack is real: Python reads the empty fake
    expect(refusal(zip)).toContain('the zip comment holds another end record');
    // a comment holding no record signature is harmless, and read
    const plain = cat(a.locals, a.cd, endRecord(a.count, a.cd.byteLength, a.locals.byteLength, enc.encode('made by hand')));
    expect(readContainer(plain).map((e) => e.name)).toEqual(historyA.map((e) => e.name));
  });

  it('an end record hidden in a known extra field of the central directory', () => {
    const { locals, cd, count } = split(writeContainer(historyA));
    const nameLen = new DataView(cd.buffer).getUint16(28, true);
    const first = cd.slice(0, 46 + nameLen);
    const field = cat(u16(0x5455), u16(22), endRecord(0, 0, 0)); // "extended timestamp" carrying an end record
    new DataView(first.buffer).setUint16(30, field.byteLength, true);
    const newCd = cat(first, field, cd.slice(46 + nameLen));
    expect(refusal(cat(locals, newCd, endRecord(count, newCd.byteLength, locals.byteLength)))).toContain('the central directory holds another end record');
  });

  it('bytes before the first entry, between entries, or between the entries and the directory', () => {
    const { locals, cd, count } = split(writeContainer(historyA));
    const junk = enc.encode('PK junk no entry holds');
    const before = cat(junk, locals, shiftCentral(cd, count, junk.byteLength));
    expect(refusal(cat(before, endRecord(count, cd.byteLength, before.byteLength - cd.byteLength)))).toContain('bytes lie before the entry that no entry holds');
    const after = cat(locals, junk, cd);
    expect(refusal(cat(after, endRecord(count, cd.byteLength, locals.byteLength + junk.byteLength)))).toContain('lie between the last entry and the central directory');
    const gap = cat(locals, cd, junk);
    expect(refusal(cat(gap, endRecord(count, cd.byteLength, locals.byteLength)))).toContain('the end record does not follow the central directory directly');
  });

  it('central records out of file order, and an entry read twice through two records', () => {
    const { locals, cd, count } = split(writeContainer(historyA.slice(0, 2)));
    const v = new DataView(cd.buffer);
    const len0 = 46 + v.getUint16(28, true);
    const swapped = cat(cd.slice(len0), cd.slice(0, len0));
    expect(refusal(cat(locals, swapped, endRecord(count, swapped.byteLength, locals.byteLength)))).toMatch(/entries overlap|no entry holds/);
  });

  it.runIf(hasUnzip)('an entry unzip would make a symbolic link of', () => {
    const { locals, cd, count } = split(writeContainer([{ name: 'genesis.json', data: enc.encode('/etc/passwd') }]));
    const v = new DataView(cd.buffer);
    v.setUint16(4, (3 << 8) | 20, true); // made by Unix
    v.setUint32(38, (0o120777 << 16) >>> 0, true); // S_IFLNK
    const zip = cat(locals, cd, endRecord(count, cd.byteLength, locals.byteLength));
    expect(unzipView(zip, true)?.['genesis.json']).toBe('(not a regular file)');
    expect(refusal(zip)).toContain('not a regular file (Unix mode 120777');
  });

  it('flags the reader does not know, and a local header whose flags differ', () => {
    const zip = writeContainer(historyA);
    const v = new DataView(zip.buffer);
    v.setUint16(6, 0x0008, true); // the first local header says "data descriptor", its central record not
    expect(refusal(zip)).toContain('local header flags differ');
  });
});

describe('whatever Hexpost accepts, unzip extracts to exactly those entries', () => {
  /** Honest zips from three writers: Hexpost, Info-ZIP zip, Info-ZIP streamed (data descriptors). */
  function honest(): Uint8Array[] {
    const out = [writeContainer(historyA)];
    if (spawnSync('zip', ['-v']).status !== 0) return out;
    const dir = mkdtempSync(join(tmpdir(), 'hexpost-zip-'));
    for (const e of historyA) writeFileSync(join(dir, e.name), e.data);
    const names = historyA.map((e) => e.name);
    execFileSync('zip', ['-q', 'a.zip', ...names], { cwd: dir });
    out.push(new Uint8Array(readFileSync(join(dir, 'a.zip'))));
    out.push(new Uint8Array(execFileSync('zip', ['-q', '-', ...names], { cwd: dir })));
    rmSync(dir, { recursive: true, force: true });
    return out;
  }

  it.runIf(hasUnzip)('on honest zips and on 400 header mutations of them', () => {
    const next = rng(14);
    let accepted = 0, mutants = 0;
    for (const zip of honest()) {
      const read = readContainer(zip);
      expect(unzipView(zip), 'an honest zip').toEqual(viewOf(read));
      // Mutate header bytes only (data bytes are covered by the CRC): local headers, directory, end record.
      const headerBytes: number[] = [];
      const v = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
      for (let at = 0; at + 4 <= zip.byteLength; at++) {
        const sig = v.getUint32(at, true);
        const len = sig === 0x04034b50 ? 30 + v.getUint16(at + 26, true) + v.getUint16(at + 28, true)
          : sig === 0x02014b50 ? 46 + v.getUint16(at + 28, true) + v.getUint16(at + 30, true) : sig === 0x06054b50 ? 22 : 0;
        for (let k = 0; k < len; k++) headerBytes.push(at + k);
      }
      for (let n = 0; n < 400 / 3; n++) {
        const m = zip.slice();
        const flips = 1 + next(3);
        for (let f = 0; f < flips; f++) m[headerBytes[next(headerBytes.length)]!] = next(256);
        mutants++;
        let entries: ContainerEntry[];
        try { entries = readContainer(m); } catch (e) { if (e instanceof ContainerError) continue; throw e; }
        accepted++;
        expect(unzipView(m), `mutant ${n}: Hexpost accepted it, unzip must agree`).toEqual(viewOf(entries));
      }
    }
    expect(mutants).toBeGreaterThan(390);
    console.log(`zip mutants: ${mutants}, accepted by Hexpost and checked with unzip: ${accepted}`);
    expect(accepted).toBeGreaterThan(10); // the property was exercised, not only refusals
  });
});
