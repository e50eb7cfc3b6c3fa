// The .hexlog container: a zip holding an ordered list of named byte entries.
//
// Generic on purpose: it knows nothing of genesis or segments (see entry-names.ts for the naming
// scheme). Writing is deterministic: fixed entry order, fixed timestamp, fixed deflate level, so
// the same entries always give the same bytes (with the same fflate version).
//
// Reading is bounded so that a hostile file costs little. fflate's unzipSync is NOT used for
// reading: it trusts the sizes in the headers (it allocates the claimed uncompressed size up
// front, so a header claiming 4 GiB allocates 4 GiB, and it silently truncates an entry that
// inflates to more than its claim while still burning the CPU to inflate all of it), and it
// checks no CRC. Instead this file parses the central directory itself (a few dozen lines),
// refuses bad names, overlapping entries and oversized claims before inflating anything, then
// inflates each entry with fflate's streaming Inflate in small input chunks, stopping as soon
// as the output passes the entry's claimed size (itself capped by the limits), and checks the
// CRC-32 and the exact size.

import { Inflate, zipSync, type ZipOptions, type Zippable } from 'fflate';
import { HexlogError } from './errors.js';

export interface ContainerEntry {
  name: string;
  data: Uint8Array;
}

export interface ContainerLimits {
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

export const DEFAULT_CONTAINER_LIMITS: Readonly<ContainerLimits> = Object.freeze({
  maxArchiveBytes: 64 * 1024 * 1024,
  maxEntries: 50_000,
  maxEntryBytes: 32 * 1024 * 1024,
  maxTotalBytes: 256 * 1024 * 1024,
  maxNameLength: 200,
});

export class ContainerError extends HexlogError {
  /** The entry concerned, when there is one. */
  readonly entry: string | undefined;
  constructor(detail: string, file: string | undefined, entry?: string, options?: { cause?: unknown }) {
    super(detail, { file, place: entry === undefined ? undefined : `entry ${JSON.stringify(entry)}` }, options);
    this.entry = entry;
  }
}

/** Fixed timestamp written into every entry (local time, so the DOS fields are the same in every zone). */
const FIXED_MTIME = new Date(1980, 0, 1, 0, 0, 0);
const DEFLATE_LEVEL = 6;
/** Compressed bytes pushed into the inflater at a time: bounds the overshoot past a limit (≤ ~1032× this). */
const INFLATE_CHUNK = 16 * 1024;

const NAME_SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/**
 * Check an entry name: relative, '/'-separated, each part made of [A-Za-z0-9._-] and not starting
 * with '.', so no '..', no hidden files, no absolute paths, no backslashes, no drive letters.
 */
export function checkEntryName(name: string, file?: string, maxLength = DEFAULT_CONTAINER_LIMITS.maxNameLength): void {
  const bad = (why: string): never => {
    throw new ContainerError(`bad entry name: ${why}`, file, name);
  };
  if (name.length === 0) bad('empty name');
  if (name.length > maxLength) bad(`longer than ${maxLength} characters`);
  if (name.includes('\\')) bad('contains a backslash');
  if (name.startsWith('/')) bad('absolute path');
  if (/^[A-Za-z]:/.test(name)) bad('drive letter');
  if (name.endsWith('/')) bad('directory entries are not allowed');
  for (const part of name.split('/')) {
    if (part === '..' || part === '.') bad(`path traversal ('${part}')`);
    if (part === '') bad('empty path component');
    if (!NAME_SEGMENT.test(part)) bad('only letters, digits, \'.\', \'_\', \'-\' are allowed, not starting with \'.\'');
  }
}

function checkNames(names: string[], file: string | undefined, maxLength: number): void {
  const seen = new Map<string, string>();
  for (const name of names) {
    checkEntryName(name, file, maxLength);
    // Case-insensitive: two names differing only in case would collide when unzipped on macOS or Windows.
    const key = name.toLowerCase();
    const prev = seen.get(key);
    if (prev !== undefined) {
      throw new ContainerError(prev === name ? 'duplicate entry name' : `entry name clashes with ${JSON.stringify(prev)} (names differ only in case)`, file, name);
    }
    seen.set(key, name);
  }
}

/** Write entries, in the given order, as a deterministic zip. */
export function writeContainer(entries: readonly ContainerEntry[], options: { file?: string; limits?: Partial<ContainerLimits> } = {}): Uint8Array {
  const limits: ContainerLimits = { ...DEFAULT_CONTAINER_LIMITS, ...options.limits };
  if (entries.length > limits.maxEntries) {
    throw new ContainerError(`${entries.length} entries, more than the limit of ${limits.maxEntries}`, options.file);
  }
  checkNames(entries.map((e) => e.name), options.file, limits.maxNameLength);
  const files: Zippable = {};
  for (const e of entries) {
    if (e.data.byteLength > limits.maxEntryBytes) {
      throw new ContainerError(`entry is ${e.data.byteLength} bytes, more than the limit of ${limits.maxEntryBytes}`, options.file, e.name);
    }
    files[e.name] = [e.data, { level: DEFLATE_LEVEL, mtime: FIXED_MTIME } satisfies ZipOptions];
  }
  // Objects keep insertion order except for integer-like keys; make sure the zip order is ours.
  const order = Object.keys(files);
  entries.forEach((e, i) => {
    if (order[i] !== e.name) throw new ContainerError('entry name looks like an integer and would be reordered', options.file, e.name);
  });
  const zip = zipSync(files, { level: DEFLATE_LEVEL, mtime: FIXED_MTIME });
  if (zip.byteLength > limits.maxArchiveBytes) {
    throw new ContainerError(`the zip would be ${zip.byteLength} bytes, more than the limit of ${limits.maxArchiveBytes}`, options.file);
  }
  return zip;
}

interface CentralRecord {
  name: string;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/** Read a zip written by writeContainer (or by any zip tool), within limits. Entries come back in zip order. */
export function readContainer(zip: Uint8Array, options: { file?: string; limits?: Partial<ContainerLimits> } = {}): ContainerEntry[] {
  const limits: ContainerLimits = { ...DEFAULT_CONTAINER_LIMITS, ...options.limits };
  const file = options.file;
  const fail = (detail: string, entry?: string): never => {
    throw new ContainerError(detail, file, entry);
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
    const name = latin1(zip.subarray(at + 46, at + 46 + nameLen));
    at += 46 + nameLen + extraLen + commentLen;
    if (flags & 0x0001) fail('encrypted entries are not supported', name);
    if (method !== 0 && method !== 8) fail(`compression method ${method} is not supported (only stored and deflate)`, name);
    if (method === 0 && compressedSize !== size) fail('stored entry whose sizes disagree', name);
    if (size > limits.maxEntryBytes) fail(`entry claims ${size} bytes, more than the limit of ${limits.maxEntryBytes}`, name);
    claimedTotal += size;
    if (claimedTotal > limits.maxTotalBytes) fail(`entries claim more than ${limits.maxTotalBytes} bytes in total`, name);
    records.push({ name, method, crc, compressedSize, size, localOffset });
  }
  if (at !== cdOffset + cdSize) fail('corrupt zip (central directory size does not match its records)');
  checkNames(records.map((r) => r.name), file, limits.maxNameLength);

  // Local headers: must match the central directory, lie before it, and not overlap each other.
  const spans: { start: number; dataStart: number; end: number; rec: CentralRecord }[] = [];
  for (const rec of records) {
    const lo = rec.localOffset;
    if (lo + 30 > cdOffset || u32(lo) !== 0x04034b50) fail('corrupt zip (local header missing)', rec.name);
    const localMethod = u16(lo + 8), nameLen = u16(lo + 26), extraLen = u16(lo + 28);
    if (lo + 30 + nameLen > cdOffset || latin1(zip.subarray(lo + 30, lo + 30 + nameLen)) !== rec.name) {
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
    return { name: rec.name, data };
  });
}

/** Inflate raw deflate data, refusing as soon as the output exceeds `claimed` bytes. */
function inflateBounded(raw: Uint8Array, claimed: number, file: string | undefined, name: string): Uint8Array {
  const out = new Uint8Array(claimed);
  let produced = 0;
  let ended = false;
  const inflater = new Inflate((chunk, final) => {
    if (produced + chunk.byteLength > claimed) {
      throw new ContainerError(`entry inflates to more than the ${claimed} bytes its header claims (zip bomb?)`, file, name);
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
    if (e instanceof ContainerError) throw e;
    throw new ContainerError(`corrupt deflate data (${(e as Error).message})`, file, name, { cause: e });
  }
  if (!ended) throw new ContainerError('truncated deflate data', file, name);
  return produced === claimed ? out : out.subarray(0, produced);
}

function latin1(bytes: Uint8Array): string {
  let s = '';
  for (let k = 0; k < bytes.length; k++) s += String.fromCharCode(bytes[k]!);
  return s;
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
