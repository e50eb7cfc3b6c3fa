// Zip over bytes: the types, the entry-name policy and a deterministic writer, behind the log's
// .hexlog container (src/log/container.ts) and export's .hexmod/.vmod archives (src/export/zip.ts);
// the bounded, strict reader is zip-read.ts (which can also inflate each entry lazily, on first
// read). It lives in core because it is pure computation over bytes: no files, no clock, no
// randomness. Callers choose the entry-name policy and the limits, and turn ZipError into their
// own error type.
//
// Writing is deterministic: entries in the given order, a fixed timestamp, a fixed deflate level,
// so the same entries always give the same bytes (with the same fflate version). An entry read
// from an archive keeps its stored form, which the writer copies instead of deflating again.

import * as zlib from 'node:zlib';
import { deflateSync } from 'fflate';

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
  /**
   * True while an entry read lazily (readZip with `lazy`) has not been inflated yet: its stored
   * form is then all there is of it, and writeZip copies that without inflating it (the CRC and
   * size are the archive's claims, checked when — if ever — `data` is read). Such an entry's
   * `data` cannot be assigned, so a pending entry always stands for the bytes it was read with.
   */
  readonly pending?: boolean;
}

export interface StoredEntry {
  /** 0 stored, 8 deflate */
  method: 0 | 8;
  /** the entry's data as it lies in the archive */
  raw: Uint8Array;
  crc: number;
  /** the size of the data once inflated (readZip always sets it; a pending entry's size is this claim) */
  size?: number;
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

const STRICT_PART = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const STRICT_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Why `name` is not an acceptable entry name under `policy`, or null when it is. */
export function entryNameProblem(name: string, policy: ZipNamePolicy, maxLength: number): string | null {
  // the common case in one test: parts of [A-Za-z0-9._-] not starting with '.' pass every rule below
  if (name.length <= maxLength && STRICT_NAME.test(name)) return null;
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

/** Every name acceptable under the policy, and no two the same (also case-insensitively). */
export function checkNames(names: readonly string[], options: ZipCodecOptions): void {
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
    const size = e.pending && e.stored?.size !== undefined ? e.stored.size : e.data.byteLength;
    if (size > limits.maxEntryBytes) {
      throw new ZipError(file, e.name, `entry is ${size} bytes, more than the limit of ${limits.maxEntryBytes}`);
    }
    const name = encoder.encode(e.name);
    if (name.byteLength > 0xffff) throw new ZipError(file, e.name, 'entry name is longer than a zip allows');
    return { name, utf8: name.byteLength !== e.name.length, ...storedFormOf(e) };
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

/**
 * The form writeZip stores an entry in: a pending entry's stored form as read (never inflated
 * here); else the stored form it was read with while that still stands for `data` (same CRC: not
 * changed since); else `data` deflated now, as writeZip always deflates.
 */
export function storedFormOf(e: ZipEntry): Required<StoredEntry> {
  if (e.pending && e.stored?.size !== undefined) return e.stored as Required<StoredEntry>;
  const crc = crc32(e.data);
  const size = e.data.byteLength;
  if (e.stored?.crc === crc && (e.stored.size ?? size) === size) return { ...e.stored, size };
  return { method: 8, raw: deflateSync(e.data, { level: DEFLATE_LEVEL }), crc, size: e.data.byteLength };
}

/** A date as MS-DOS time (low 16 bits) and date (high 16 bits), in local time as zip tools read it. */
function dosDateTime(d: Date): number {
  return (((d.getFullYear() - 1980) << 25) | ((d.getMonth() + 1) << 21) | (d.getDate() << 16)
    | (d.getHours() << 11) | (d.getMinutes() << 5) | (d.getSeconds() >> 1)) >>> 0;
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
