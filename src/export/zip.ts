// Zip archives for exports (.hexmod bundles, VASSAL .vmod): a deterministic writer and a bounded
// reader. The log layer has its own container (src/log/container.ts) with stricter entry names;
// export may not import log, so this is a deliberate, small duplicate with looser names (module
// files may have spaces or capitals) and the same defences.
//
// Reading never trusts header sizes: it parses the central directory itself, refuses bad names,
// duplicates and oversized claims before inflating anything, inflates each entry in small chunks
// and stops as soon as the actual output passes the entry's claim (itself capped by the limits),
// counts the actual total, and checks the CRC-32.
import { Inflate, zipSync, type ZipOptions, type Zippable } from 'fflate';

export interface ZipEntry { name: string; data: Uint8Array }

export interface ZipLimits {
  maxArchiveBytes: number;
  maxEntries: number;
  /** actual decompressed size of one entry */
  maxEntryBytes: number;
  /** actual decompressed size of all entries together */
  maxTotalBytes: number;
  maxNameLength: number;
}

export const DEFAULT_ZIP_LIMITS: Readonly<ZipLimits> = Object.freeze({
  maxArchiveBytes: 256 * 1024 * 1024,
  maxEntries: 5001,
  maxEntryBytes: 64 * 1024 * 1024,
  maxTotalBytes: 256 * 1024 * 1024,
  maxNameLength: 255,
});

export class ZipError extends Error {
  constructor(readonly file: string, readonly entry: string | undefined, detail: string) {
    super(`${file}${entry === undefined ? '' : `: entry ${JSON.stringify(entry)}`}: ${detail}`);
  }
}

/** Fixed entry time (local, so the DOS fields are equal in every zone): same input, same bytes. */
const FIXED_MTIME = new Date(1980, 0, 1, 0, 0, 0);
const LEVEL = 6;
const INFLATE_CHUNK = 16 * 1024;

/** Why a name is unsafe to extract, or null. Relative, '/'-separated, no traversal, no hidden parts. */
export function badEntryName(name: string, maxLength = DEFAULT_ZIP_LIMITS.maxNameLength): string | null {
  if (name.length === 0) return 'empty name';
  if (name.length > maxLength) return `longer than ${maxLength} characters`;
  if (name.includes('\\')) return 'contains a backslash';
  if (name.startsWith('/')) return 'absolute path';
  if (/^[A-Za-z]:/.test(name)) return 'drive letter';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'control character';
  if (name.endsWith('/')) return 'directory entries are not allowed';
  for (const part of name.split('/')) {
    if (part === '..' || part === '.') return `path traversal ('${part}')`;
    if (part === '') return 'empty path component';
    if (part.startsWith('.')) return 'hidden file (a part starts with ".")';
  }
  return null;
}

function checkNames(names: readonly string[], file: string, maxLength: number): void {
  const seen = new Map<string, string>();
  for (const name of names) {
    const bad = badEntryName(name, maxLength);
    if (bad) throw new ZipError(file, name, `bad entry name: ${bad}`);
    // Case-insensitive: names differing only in case collide when unpacked on macOS or Windows.
    const prev = seen.get(name.toLowerCase());
    if (prev !== undefined) throw new ZipError(file, name, prev === name ? 'duplicate entry name' : `clashes with ${JSON.stringify(prev)} (differs only in case)`);
    seen.set(name.toLowerCase(), name);
  }
}

/** A deterministic zip: entries in the order given, fixed time and level. */
export function writeZip(entries: readonly ZipEntry[], file = 'zip'): Uint8Array {
  checkNames(entries.map((e) => e.name), file, DEFAULT_ZIP_LIMITS.maxNameLength);
  const files: Zippable = {};
  for (const e of entries) files[e.name] = [e.data, { level: LEVEL, mtime: FIXED_MTIME } satisfies ZipOptions];
  // Objects put integer-like keys first; refuse rather than silently reorder.
  const order = Object.keys(files);
  entries.forEach((e, i) => { if (order[i] !== e.name) throw new ZipError(file, e.name, 'an entry name that looks like an integer would be reordered'); });
  return zipSync(files, { level: LEVEL, mtime: FIXED_MTIME });
}

interface Central { name: string; method: number; crc: number; compressedSize: number; size: number; localOffset: number }

/** Reads any ordinary zip within limits; entries in zip order. `file` names the archive in errors. */
export function readZip(zip: Uint8Array, file: string, limits: Partial<ZipLimits> = {}): ZipEntry[] {
  const L: ZipLimits = { ...DEFAULT_ZIP_LIMITS, ...limits };
  const fail = (detail: string, entry?: string): never => { throw new ZipError(file, entry, detail); };
  if (zip.byteLength > L.maxArchiveBytes) fail(`${zip.byteLength} bytes, more than the limit of ${L.maxArchiveBytes}`);
  if (zip.byteLength < 22) fail(zip.byteLength === 0 ? 'empty file, not a zip' : 'not a zip file, or truncated (too short)');
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);

  let eocd = -1;
  for (let at = zip.byteLength - 22; at >= Math.max(0, zip.byteLength - 22 - 0xffff); at--) {
    if (u32(at) === 0x06054b50 && at + 22 + u16(at + 20) === zip.byteLength) { eocd = at; break; }
  }
  if (eocd < 0) fail('not a zip file, or truncated (no end-of-central-directory record)');
  const count = u16(eocd + 10), cdSize = u32(eocd + 12), cdOffset = u32(eocd + 16);
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) fail('ZIP64 archives are not supported');
  if (u16(eocd + 4) !== 0 || u16(eocd + 6) !== 0 || u16(eocd + 8) !== count) fail('multi-disk zips are not supported');
  if (count > L.maxEntries) fail(`${count} entries, more than the limit of ${L.maxEntries}`);
  if (cdOffset + cdSize > eocd) fail('truncated or corrupt zip (central directory runs past its end)');

  const records: Central[] = [];
  let at = cdOffset;
  for (let k = 0; k < count; k++) {
    if (at + 46 > cdOffset + cdSize || u32(at) !== 0x02014b50) fail(`corrupt zip (central directory record ${k} is damaged)`);
    const flags = u16(at + 8), method = u16(at + 10);
    const nameLen = u16(at + 28), extraLen = u16(at + 30), commentLen = u16(at + 32);
    if (at + 46 + nameLen > cdOffset + cdSize) fail(`corrupt zip (central directory record ${k} is damaged)`);
    const name = decodeName(zip.subarray(at + 46, at + 46 + nameLen));
    const rec: Central = { name, method, crc: u32(at + 16), compressedSize: u32(at + 20), size: u32(at + 24), localOffset: u32(at + 42) };
    at += 46 + nameLen + extraLen + commentLen;
    if (flags & 0x0001) fail('encrypted entries are not supported', name);
    if (method !== 0 && method !== 8) fail(`compression method ${method} is not supported`, name);
    if (rec.size > L.maxEntryBytes) fail(`entry claims ${rec.size} bytes, more than the limit of ${L.maxEntryBytes}`, name);
    records.push(rec);
  }
  checkNames(records.map((r) => r.name), file, L.maxNameLength);

  const spans = records.map((rec) => {
    const lo = rec.localOffset;
    if (lo + 30 > cdOffset || u32(lo) !== 0x04034b50) fail('corrupt zip (local header missing)', rec.name);
    const nameLen = u16(lo + 26), extraLen = u16(lo + 28);
    if (u16(lo + 8) !== rec.method) fail('corrupt zip (local header differs from the central directory)', rec.name);
    const dataStart = lo + 30 + nameLen + extraLen;
    const end = dataStart + rec.compressedSize;
    if (end > cdOffset) fail('truncated or corrupt zip (entry data runs past the central directory)', rec.name);
    return { start: lo, dataStart, end, rec };
  });
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  for (let k = 1; k < sorted.length; k++) if (sorted[k]!.start < sorted[k - 1]!.end) fail('entries overlap', sorted[k]!.rec.name);

  let total = 0;
  return spans.map(({ dataStart, end, rec }) => {
    const raw = zip.subarray(dataStart, end);
    const data = rec.method === 0 ? raw.slice(0, Math.min(raw.byteLength, rec.size + 1)) : inflateBounded(raw, rec.size, (d) => fail(d, rec.name));
    if (data.byteLength !== rec.size) fail(`entry holds ${data.byteLength} bytes but its header says ${rec.size}`, rec.name);
    total += data.byteLength;
    if (total > L.maxTotalBytes) fail(`entries hold more than ${L.maxTotalBytes} bytes in total`, rec.name);
    if (crc32(data) !== rec.crc) fail('CRC-32 mismatch (the entry is damaged)', rec.name);
    return { name: rec.name, data };
  });
}

/** Inflates raw deflate data, refusing as soon as the output passes `claimed` bytes. */
function inflateBounded(raw: Uint8Array, claimed: number, fail: (detail: string) => never): Uint8Array {
  const out = new Uint8Array(claimed);
  let produced = 0;
  let ended = false;
  let over = false;
  const inflater = new Inflate((chunk, final) => {
    if (produced + chunk.byteLength > claimed) { over = true; throw new Error('over'); }
    out.set(chunk, produced);
    produced += chunk.byteLength;
    if (final) ended = true;
  });
  try {
    if (raw.byteLength === 0) inflater.push(raw, true);
    for (let off = 0; off < raw.byteLength; off += INFLATE_CHUNK) inflater.push(raw.subarray(off, off + INFLATE_CHUNK), off + INFLATE_CHUNK >= raw.byteLength);
  } catch (e) {
    if (over) fail(`entry inflates to more than the ${claimed} bytes its header claims (zip bomb?)`);
    fail(`corrupt deflate data (${(e as Error).message})`);
  }
  if (!ended) fail('truncated deflate data');
  return out.subarray(0, produced);
}

function decodeName(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    let s = '';
    for (const b of bytes) s += String.fromCharCode(b);
    return s;
  }
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

export function crc32(data: Uint8Array): number {
  let c = 0xffffffff;
  for (let k = 0; k < data.length; k++) c = CRC_TABLE[(c ^ data[k]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
