// Zip over bytes: a deterministic writer and a bounded reader, the one implementation behind the
// log's .hexlog container (src/log/container.ts) and export's .hexmod/.vmod archives
// (src/export/zip.ts). It lives in core because it is pure computation over bytes: no files, no
// clock, no randomness. Callers choose the entry-name policy and the limits, and turn ZipError
// into their own error type.
//
// Writing is deterministic: entries in the given order, a fixed timestamp, a fixed deflate level,
// so the same entries always give the same bytes (with the same fflate version). An entry read
// from an archive keeps its stored form, which the writer copies instead of deflating again.
//
// Reading is bounded so that a hostile file costs little. fflate's unzipSync is NOT used for
// reading: it trusts the sizes in the headers (it allocates the claimed uncompressed size up
// front, so a header claiming 4 GiB allocates 4 GiB, and it silently truncates an entry that
// inflates to more than its claim while still burning the CPU to inflate all of it), and it
// checks no CRC. Instead this file parses the central directory itself, refuses bad or duplicate
// names, overlapping entries and oversized claims (per entry and in total) before inflating
// anything, then inflates each entry with fflate's streaming Inflate in small input chunks,
// stopping as soon as the output passes the entry's claimed size (itself capped by the limits),
// and checks the exact size and the CRC-32.

import * as zlib from 'node:zlib';
import { deflateSync, Inflate } from 'fflate';

export interface ZipEntry {
  name: string;
  data: Uint8Array;
  /**
   * The entry as an archive stored it, when it was read from one: readZip sets it after checking
   * that it inflates to exactly `data` with this CRC, and writeZip copies it instead of
   * compressing `data` again (appending a segment to a long log then costs a copy, not a deflate
   * of every entry). Whoever changes `data` must drop it.
   */
  stored?: StoredEntry;
}

export interface StoredEntry {
  /** 0 stored, 8 deflate */
  method: 0 | 8;
  /** the entry's data as it lies in the archive */
  raw: Uint8Array;
  crc: number;
}

export interface ZipLimits {
  /** Size of the zip file itself. */
  maxArchiveBytes: number;
  /** Number of entries. */
  maxEntries: number;
  /** Decompressed size of one entry. */
  maxEntryBytes: number;
  /** Decompressed size of all entries together. */
  maxTotalBytes: number;
  /** Length of an entry name, in characters. */
  maxNameLength: number;
}

/**
 * Which entry names are accepted. Both refuse anything unsafe to extract: empty names, absolute
 * paths, drive letters, backslashes, control characters, directory entries, empty parts, '.' and
 * '..' parts, hidden parts (starting with '.'), and duplicates, also case-insensitively.
 * - 'strict': each '/'-separated part is made of [A-Za-z0-9._-] only (the log's names).
 * - 'lenient': any other printable character is allowed too (module files: spaces, capitals, accents).
 */
export type ZipNamePolicy = 'strict' | 'lenient';

export interface ZipCodecOptions {
  names: ZipNamePolicy;
  limits: Readonly<ZipLimits>;
  /** The archive's name, for error messages. */
  file?: string | undefined;
}

/** A refused archive or entry. `detail` is the bare explanation; the message adds file and entry. */
export class ZipError extends Error {
  readonly detail: string;
  constructor(readonly file: string | undefined, readonly entry: string | undefined, detail: string, options?: { cause?: unknown }) {
    const parts: string[] = [];
    if (file) parts.push(file);
    if (entry !== undefined) parts.push(`entry ${JSON.stringify(entry)}`);
    parts.push(detail);
    super(parts.join(': '), options);
    this.name = 'ZipError';
    this.detail = detail;
  }
}

/** Fixed timestamp written into every entry (local time, so the DOS fields are the same in every zone). */
const FIXED_MTIME = new Date(1980, 0, 1, 0, 0, 0);
const DEFLATE_LEVEL = 6;
/** Compressed bytes pushed into the inflater at a time: bounds the overshoot past a limit (≤ ~1032× this). */
const INFLATE_CHUNK = 16 * 1024;

const STRICT_PART = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Why `name` is not an acceptable entry name under `policy`, or null when it is. */
export function entryNameProblem(name: string, policy: ZipNamePolicy, maxLength: number): string | null {
  if (name.length === 0) return 'empty name';
  if (name.length > maxLength) return `longer than ${maxLength} characters`;
  if (name.includes('\\')) return 'contains a backslash';
  if (name.startsWith('/')) return 'absolute path';
  if (/^[A-Za-z]:/.test(name)) return 'drive letter';
  if (CONTROL.test(name)) return 'control character';
  if (name.endsWith('/')) return 'directory entries are not allowed';
  for (const part of name.split('/')) {
    if (part === '..' || part === '.') return `path traversal ('${part}')`;
    if (part === '') return 'empty path component';
    if (policy === 'strict') {
      if (!STRICT_PART.test(part)) return 'only letters, digits, \'.\', \'_\', \'-\' are allowed, not starting with \'.\'';
    } else if (part.startsWith('.')) {
      return 'hidden file (a part starts with ".")';
    }
  }
  return null;
}

function checkNames(names: readonly string[], options: ZipCodecOptions): void {
  const seen = new Map<string, string>();
  for (const name of names) {
    const bad = entryNameProblem(name, options.names, options.limits.maxNameLength);
    if (bad !== null) throw new ZipError(options.file, name, `bad entry name: ${bad}`);
    // Case-insensitive: two names differing only in case would collide when unzipped on macOS or Windows.
    const key = name.toLowerCase();
    const prev = seen.get(key);
    if (prev !== undefined) {
      throw new ZipError(options.file, name, prev === name
        ? 'duplicate entry name'
        : `entry name clashes with ${JSON.stringify(prev)}, which differs only in case (names that differ only in case collide on macOS and Windows)`);
    }
    seen.set(key, name);
  }
}

/**
 * Write entries, in the given order, as a deterministic zip within the limits. The layout is
 * fflate's zipSync's, byte for byte (test/core/zip.test.ts compares them): version 2.0, no extra
 * fields, the UTF-8 flag on non-ASCII names, FIXED_MTIME, deflate at DEFLATE_LEVEL — written
 * here so that entries read from an archive can be copied as they were stored.
 */
export function writeZip(entries: readonly ZipEntry[], options: ZipCodecOptions): Uint8Array {
  const { file, limits } = options;
  if (entries.length > limits.maxEntries) {
    throw new ZipError(file, undefined, `${entries.length} entries, more than the limit of ${limits.maxEntries}`);
  }
  checkNames(entries.map((e) => e.name), options);
  const encoder = new TextEncoder();
  const parts = entries.map((e) => {
    if (e.data.byteLength > limits.maxEntryBytes) {
      throw new ZipError(file, e.name, `entry is ${e.data.byteLength} bytes, more than the limit of ${limits.maxEntryBytes}`);
    }
    const name = encoder.encode(e.name);
    if (name.byteLength > 0xffff) throw new ZipError(file, e.name, 'entry name is longer than a zip allows');
    const crc = crc32(e.data);
    // the stored form is copied only while it still stands for `data` (same CRC: not changed since)
    const stored = e.stored?.crc === crc ? e.stored : { method: 8 as const, raw: deflateSync(e.data, { level: DEFLATE_LEVEL }), crc };
    return { name, utf8: name.byteLength !== e.name.length, size: e.data.byteLength, ...stored };
  });
  let localBytes = 0;
  let centralBytes = 0;
  for (const p of parts) { localBytes += 30 + p.name.byteLength + p.raw.byteLength; centralBytes += 46 + p.name.byteLength; }
  const total = localBytes + centralBytes + 22;
  if (total > limits.maxArchiveBytes) {
    throw new ZipError(file, undefined, `the zip would be ${total} bytes, more than the limit of ${limits.maxArchiveBytes}`);
  }
  if (entries.length > 0xffff || total > 0xffffffff) throw new ZipError(file, undefined, 'too large for a zip without ZIP64');
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  const dosTime = dosDateTime(FIXED_MTIME);
  /** The fields local headers and central records share, from "version needed" to the name length. */
  const common = (at: number, p: (typeof parts)[number]): void => {
    view.setUint16(at, 20, true);
    view.setUint16(at + 2, p.utf8 ? 0x0800 : 0, true);
    view.setUint16(at + 4, p.method, true);
    view.setUint32(at + 6, dosTime, true);
    view.setUint32(at + 10, p.crc, true);
    view.setUint32(at + 14, p.raw.byteLength, true);
    view.setUint32(at + 18, p.size, true);
    view.setUint16(at + 22, p.name.byteLength, true);
  };
  const offsets: number[] = [];
  let at = 0;
  for (const p of parts) {
    offsets.push(at);
    view.setUint32(at, 0x04034b50, true);
    common(at + 4, p);
    out.set(p.name, at + 30);
    out.set(p.raw, at + 30 + p.name.byteLength);
    at += 30 + p.name.byteLength + p.raw.byteLength;
  }
  parts.forEach((p, k) => {
    view.setUint32(at, 0x02014b50, true);
    view.setUint16(at + 4, 20, true); // made by: version 2.0, MS-DOS attributes
    common(at + 6, p);
    view.setUint32(at + 42, offsets[k]!, true);
    out.set(p.name, at + 46);
    at += 46 + p.name.byteLength;
  });
  view.setUint32(at, 0x06054b50, true);
  view.setUint16(at + 8, parts.length, true);
  view.setUint16(at + 10, parts.length, true);
  view.setUint32(at + 12, centralBytes, true);
  view.setUint32(at + 16, localBytes, true);
  return out;
}

/** A date as MS-DOS time (low 16 bits) and date (high 16 bits), in local time as zip tools read it. */
function dosDateTime(d: Date): number {
  return (((d.getFullYear() - 1980) << 25) | ((d.getMonth() + 1) << 21) | (d.getDate() << 16)
    | (d.getHours() << 11) | (d.getMinutes() << 5) | (d.getSeconds() >> 1)) >>> 0;
}

interface CentralRecord {
  name: string;
  nameBytes: Uint8Array;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/** Read any ordinary zip within the limits. Entries come back in zip order. */
export function readZip(zip: Uint8Array, options: ZipCodecOptions): ZipEntry[] {
  const { file, limits } = options;
  const fail = (detail: string, entry?: string): never => {
    throw new ZipError(file, entry, detail);
  };
  if (zip.byteLength > limits.maxArchiveBytes) {
    fail(`file is ${zip.byteLength} bytes, more than the limit of ${limits.maxArchiveBytes}`);
  }
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);

  // End of central directory: 22 bytes plus a comment of up to 65535 bytes, at the very end.
  if (zip.byteLength < 22) fail(zip.byteLength === 0 ? 'empty file, not a zip' : 'not a zip file, or truncated (too short)');
  let eocd = -1;
  for (let at = zip.byteLength - 22; at >= Math.max(0, zip.byteLength - 22 - 0xffff); at--) {
    if (u32(at) === 0x06054b50 && at + 22 + u16(at + 20) === zip.byteLength) { eocd = at; break; }
  }
  if (eocd < 0) fail('not a zip file, or truncated (no end-of-central-directory record at the end)');
  const diskNo = u16(eocd + 4), cdDisk = u16(eocd + 6), countOnDisk = u16(eocd + 8), count = u16(eocd + 10);
  const cdSize = u32(eocd + 12), cdOffset = u32(eocd + 16);
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) fail('ZIP64 archives are not supported');
  if (diskNo !== 0 || cdDisk !== 0 || countOnDisk !== count) fail('multi-disk (split) zips are not supported');
  if (count > limits.maxEntries) fail(`${count} entries, more than the limit of ${limits.maxEntries}`);
  if (cdOffset + cdSize > eocd) fail('truncated or corrupt zip (central directory runs past its end)');

  // Central directory.
  const records: CentralRecord[] = [];
  let at = cdOffset;
  let claimedTotal = 0;
  for (let k = 0; k < count; k++) {
    if (at + 46 > cdOffset + cdSize || u32(at) !== 0x02014b50) fail(`corrupt zip (central directory record ${k} is damaged)`);
    const flags = u16(at + 8), method = u16(at + 10);
    const crc = u32(at + 16), compressedSize = u32(at + 20), size = u32(at + 24);
    const nameLen = u16(at + 28), extraLen = u16(at + 30), commentLen = u16(at + 32);
    const localOffset = u32(at + 42);
    if (at + 46 + nameLen > cdOffset + cdSize) fail(`corrupt zip (central directory record ${k} is damaged)`);
    const nameBytes = zip.subarray(at + 46, at + 46 + nameLen);
    const name = decodeName(nameBytes);
    at += 46 + nameLen + extraLen + commentLen;
    if (flags & 0x0001) fail('encrypted entries are not supported', name);
    if (method !== 0 && method !== 8) fail(`compression method ${method} is not supported (only stored and deflate)`, name);
    if (method === 0 && compressedSize !== size) fail('stored entry whose sizes disagree', name);
    if (size > limits.maxEntryBytes) fail(`entry claims ${size} bytes, more than the limit of ${limits.maxEntryBytes}`, name);
    // Every entry must inflate to exactly its claim (checked below), so the claimed total is the actual total.
    claimedTotal += size;
    if (claimedTotal > limits.maxTotalBytes) fail(`entries claim more than ${limits.maxTotalBytes} bytes in total`, name);
    records.push({ name, nameBytes, method, crc, compressedSize, size, localOffset });
  }
  if (at !== cdOffset + cdSize) fail('corrupt zip (central directory size does not match its records)');
  checkNames(records.map((r) => r.name), options);

  // Local headers: must match the central directory, lie before it, and not overlap each other.
  const spans: { start: number; dataStart: number; end: number; rec: CentralRecord }[] = [];
  for (const rec of records) {
    const lo = rec.localOffset;
    if (lo + 30 > cdOffset || u32(lo) !== 0x04034b50) fail('corrupt zip (local header missing)', rec.name);
    const localMethod = u16(lo + 8), nameLen = u16(lo + 26), extraLen = u16(lo + 28);
    if (lo + 30 + nameLen > cdOffset || !sameBytes(zip.subarray(lo + 30, lo + 30 + nameLen), rec.nameBytes)) {
      fail('corrupt zip (local header name differs from the central directory)', rec.name);
    }
    if (localMethod !== rec.method) fail('corrupt zip (local header method differs from the central directory)', rec.name);
    const dataStart = lo + 30 + nameLen + extraLen;
    const end = dataStart + rec.compressedSize;
    if (end > cdOffset) fail('truncated or corrupt zip (entry data runs past the central directory)', rec.name);
    spans.push({ start: lo, dataStart, end, rec });
  }
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  for (let k = 1; k < sorted.length; k++) {
    if (sorted[k]!.start < sorted[k - 1]!.end) fail(`entries overlap (with ${JSON.stringify(sorted[k - 1]!.rec.name)})`, sorted[k]!.rec.name);
  }

  return spans.map(({ dataStart, end, rec }) => {
    const raw = zip.subarray(dataStart, end);
    const data = rec.method === 0 ? raw.slice() : inflateBounded(raw, rec.size, file, rec.name);
    if (data.byteLength !== rec.size) {
      fail(`entry inflates to ${data.byteLength} bytes but its header says ${rec.size}`, rec.name);
    }
    if (crc32(data) !== rec.crc) fail('CRC-32 mismatch (the entry is damaged)', rec.name);
    return { name: rec.name, data, stored: { method: rec.method as 0 | 8, raw, crc: rec.crc } };
  });
}

/** Inflate raw deflate data, refusing as soon as the output exceeds `claimed` bytes. */
function inflateBounded(raw: Uint8Array, claimed: number, file: string | undefined, name: string): Uint8Array {
  const out = new Uint8Array(claimed);
  let produced = 0;
  let ended = false;
  const inflater = new Inflate((chunk, final) => {
    if (produced + chunk.byteLength > claimed) {
      throw new ZipError(file, name, `entry inflates to more than the ${claimed} bytes its header claims (zip bomb?)`);
    }
    out.set(chunk, produced);
    produced += chunk.byteLength;
    if (final) ended = true;
  });
  try {
    if (raw.byteLength === 0) inflater.push(raw, true);
    for (let off = 0; off < raw.byteLength; off += INFLATE_CHUNK) {
      const last = off + INFLATE_CHUNK >= raw.byteLength;
      inflater.push(raw.subarray(off, off + INFLATE_CHUNK), last);
    }
  } catch (e) {
    if (e instanceof ZipError) throw e;
    throw new ZipError(file, name, `corrupt deflate data (${(e as Error).message})`, { cause: e });
  }
  if (!ended) throw new ZipError(file, name, 'truncated deflate data');
  return produced === claimed ? out : out.subarray(0, produced);
}

/** Entry names as UTF-8 (what fflate writes and most tools use), or byte for byte when they are not UTF-8. */
function decodeName(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    let s = '';
    for (let k = 0; k < bytes.length; k++) s += String.fromCharCode(bytes[k]!);
    return s;
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.byteLength !== b.byteLength) return false;
  for (let k = 0; k < a.byteLength; k++) if (a[k] !== b[k]) return false;
  return true;
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

/** CRC-32 (IEEE, as zip uses it): Node's own where it has one (zlib.crc32, Node ≥ 20.15), else a table. */
export function crc32(data: Uint8Array): number {
  return nativeCrc32 ? nativeCrc32(data) >>> 0 : tableCrc32(data);
}

const nativeCrc32 = (zlib as { crc32?: (data: Uint8Array) => number }).crc32;

/** CRC-32 computed here, byte by byte (the fallback, and the reference the tests compare with). */
export function tableCrc32(data: Uint8Array): number {
  let c = 0xffffffff;
  for (let k = 0; k < data.length; k++) c = CRC_TABLE[(c ^ data[k]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
