// Reading a zip: bounded, so that a hostile file costs little, and strict, so that every zip tool
// sees the very entries we verified. The accepted subset is normative in docs/log-format.md
// ("The zip subset read").
//
// Bounded: fflate's unzipSync is NOT used for reading: it trusts the sizes in the headers (it
// allocates the claimed size up front, so a header claiming 4 GiB allocates 4 GiB, and it silently
// truncates an entry that inflates to more than its claim while still inflating all of it), and it
// checks no CRC. This file parses the central directory itself, applies every limit to the claims
// before inflating anything, inflates with fflate's streaming Inflate in small input chunks,
// stopping as soon as the output passes the claim, and checks the exact size and the CRC-32.
//
// Strict: a zip has two descriptions of its entries (the local headers, the central directory) and
// tools differ in which they believe and where they look for them: unzip and Python's zipfile
// follow a ZIP64 end record to another central directory, unzip extracts what the local header
// says, a Unicode-path extra field renames an entry in unzip. So the layout must leave nothing to
// choose: entries back to back from offset 0 in central-directory order, the central directory
// right after them, the end record right after it, each local header agreeing with its central
// record (name, method, flags, CRC and sizes), no ZIP64 anything, no end-record signature in the
// tail other than the real one, and only extra fields known to change nothing about what is
// extracted.

import { Inflate } from 'fflate';
import { checkNames, crc32, ZipError, type StoredEntry, type ZipCodecOptions, type ZipEntry } from './zip.js';

/** Compressed bytes pushed into the inflater at a time: bounds the overshoot past a limit (≤ ~1032× this). */
const INFLATE_CHUNK = 16 * 1024;

const SIG = {
  local: 0x04034b50, central: 0x02014b50, end: 0x06054b50, end64: 0x06064b50, locator64: 0x07064b50, descriptor: 0x08074b50,
};

/**
 * Extra fields that change nothing about which entries are extracted, or with which bytes:
 * Info-ZIP's extended timestamp and Unix UID/GID, NTFS times, Java's JAR marker. Any other (the
 * ZIP64 field 0x0001, Info-ZIP's Unicode path 0x7075 and comment 0x6375, …) is refused.
 */
const KNOWN_EXTRA = new Map<number, string>([
  [0x5455, 'extended timestamp'], [0x7875, 'Unix UID/GID'], [0x000a, 'NTFS times'], [0xcafe, 'JAR marker'],
]);

/** General-purpose flags allowed: deflate options (bits 1–2), data descriptor (3), UTF-8 names (11). */
const ALLOWED_FLAGS = 0x0002 | 0x0004 | 0x0008 | 0x0800;
const DESCRIPTOR_FLAG = 0x0008;
const UTF8_FLAG = 0x0800;

interface CentralRecord {
  name: string;
  nameBytes: Uint8Array;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

export interface ZipReadOptions extends ZipCodecOptions {
  /**
   * Inflate each entry when its `data` is first read instead of now. Everything else — the
   * layout, names, flags, the limits on every claim — is checked now as without it; only the
   * inflation, the exact size and the CRC-32 wait, and happen in full on the first read (which
   * throws the same ZipError, passed through `lazyError`). Until then the entry is `pending` and
   * its stored form is all that was checked: whoever relies on a pending entry must know its
   * stored form from elsewhere (src/log/prefix-digest.ts: a digest recorded over stored forms
   * that were inflated and verified).
   */
  lazy?: boolean;
  /** turns the ZipError of a lazy entry's inflation into the caller's error */
  lazyError?: (e: ZipError) => Error;
}

/** Read a zip in the accepted subset, within the limits. Entries come back in zip order. */
export function readZip(zip: Uint8Array, options: ZipReadOptions): ZipEntry[] {
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
    if (u32(at) === SIG.end && at + 22 + u16(at + 20) === zip.byteLength) { eocd = at; break; }
  }
  if (eocd < 0) fail('not a zip file, or truncated (no end-of-central-directory record at the end)');
  const diskNo = u16(eocd + 4), cdDisk = u16(eocd + 6), countOnDisk = u16(eocd + 8), count = u16(eocd + 10);
  const cdSize = u32(eocd + 12), cdOffset = u32(eocd + 16);
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) fail('ZIP64 archives are not supported');
  if (eocd >= 20 && u32(eocd - 20) === SIG.locator64) {
    fail('ZIP64 archives are not supported (a ZIP64 end-record locator precedes the end record)');
  }
  if (diskNo !== 0 || cdDisk !== 0 || countOnDisk !== count) fail('multi-disk (split) zips are not supported');
  if (count > limits.maxEntries) fail(`${count} entries, more than the limit of ${limits.maxEntries}`);
  if (cdOffset + cdSize > eocd) fail('truncated or corrupt zip (central directory runs past its end)');
  if (cdOffset + cdSize !== eocd) fail('the end record does not follow the central directory directly (something lies between them)');
  // Tools that look for the end record from the back, or for a ZIP64 record, must find only ours.
  // (every signature starts "PK": only where a "PK" lies is the rest looked at)
  for (let at = zip.indexOf(0x50, cdOffset); at >= 0 && at + 4 <= zip.byteLength; at = zip.indexOf(0x50, at + 1)) {
    if (zip[at + 1] !== 0x4b) continue;
    const sig = u32(at);
    if ((sig === SIG.end && at !== eocd) || sig === SIG.end64 || sig === SIG.locator64) {
      fail(at > eocd ? 'the zip comment holds another end record'
        : 'the central directory holds another end record (in a name, extra field or comment)');
    }
  }

  // Central directory.
  const records: CentralRecord[] = [];
  let at = cdOffset;
  let claimedTotal = 0;
  for (let k = 0; k < count; k++) {
    if (at + 46 > eocd || u32(at) !== SIG.central) fail(`corrupt zip (central directory record ${k} is damaged)`);
    const madeBy = u16(at + 4), flags = u16(at + 8), method = u16(at + 10);
    const crc = u32(at + 16), compressedSize = u32(at + 20), size = u32(at + 24);
    const nameLen = u16(at + 28), extraLen = u16(at + 30), commentLen = u16(at + 32);
    const diskStart = u16(at + 34), externalAttrs = u32(at + 38), localOffset = u32(at + 42);
    if (at + 46 + nameLen + extraLen + commentLen > eocd) fail(`corrupt zip (central directory record ${k} is damaged)`);
    const nameBytes = zip.subarray(at + 46, at + 46 + nameLen);
    const name = decodeName(nameBytes) ?? fail(`corrupt zip (the name of central directory record ${k} is not UTF-8)`);
    const extraProblem = extraLen ? extraFieldProblem(zip.subarray(at + 46 + nameLen, at + 46 + nameLen + extraLen)) : null;
    at += 46 + nameLen + extraLen + commentLen;
    if (flags & 0x0001) fail('encrypted entries are not supported', name);
    if (flags & ~ALLOWED_FLAGS) fail(`general-purpose flags 0x${flags.toString(16)} are not supported`, name);
    if (method !== 0 && method !== 8) fail(`compression method ${method} is not supported (only stored and deflate)`, name);
    if (method === 0 && compressedSize !== size) fail('stored entry whose sizes disagree', name);
    if (extraProblem) fail(`central directory: ${extraProblem}`, name);
    if (commentLen !== 0) fail('entry comments are not supported', name);
    if (diskStart !== 0) fail('multi-disk (split) zips are not supported', name);
    if (!(flags & UTF8_FLAG) && nameBytes.some((b) => b >= 0x80)) {
      fail('a non-ASCII name without the UTF-8 flag (zip tools would read it in another character set)', name);
    }
    // Made on Unix (host 3): the high 16 bits are the file mode, which unzip applies (a symlink!).
    const mode = externalAttrs >>> 16;
    if (madeBy >> 8 === 3 && mode !== 0 && (mode & 0o170000) !== 0o100000) {
      fail(`not a regular file (Unix mode ${mode.toString(8)}: unzip would make a link, a device or a folder of it)`, name);
    }
    if (size > limits.maxEntryBytes) fail(`entry claims ${size} bytes, more than the limit of ${limits.maxEntryBytes}`, name);
    // Every entry must inflate to exactly its claim (checked below), so the claimed total is the actual total.
    claimedTotal += size;
    if (claimedTotal > limits.maxTotalBytes) fail(`entries claim more than ${limits.maxTotalBytes} bytes in total`, name);
    records.push({ name, nameBytes, flags, method, crc, compressedSize, size, localOffset });
  }
  if (at !== eocd) fail('corrupt zip (central directory size does not match its records)');
  checkNames(records.map((r) => r.name), options);

  // Local headers: back to back from offset 0, in central-directory order, each agreeing with its
  // central record, the last one's data (and descriptor) ending where the central directory starts.
  let next = 0;
  const spans = records.map((rec) => {
    const lo = rec.localOffset;
    if (lo !== next) {
      fail(lo < next ? `entries overlap (the entry starts at ${lo}, inside the one before, which ends at ${next})`
        : `${lo - next} bytes lie before the entry that no entry holds (entries must follow each other from offset 0)`, rec.name);
    }
    if (lo + 30 > cdOffset || u32(lo) !== SIG.local) fail('corrupt zip (local header missing)', rec.name);
    const flags = u16(lo + 6), method = u16(lo + 8), crc = u32(lo + 14), compressedSize = u32(lo + 18), size = u32(lo + 22);
    const nameLen = u16(lo + 26), extraLen = u16(lo + 28);
    if (lo + 30 + nameLen + extraLen > cdOffset || !sameBytesAt(zip, lo + 30, nameLen, rec.nameBytes)) {
      fail('corrupt zip (local header name differs from the central directory)', rec.name);
    }
    if (method !== rec.method) fail('corrupt zip (local header method differs from the central directory)', rec.name);
    if (flags !== rec.flags) fail('corrupt zip (local header flags differ from the central directory)', rec.name);
    const descriptor = (rec.flags & DESCRIPTOR_FLAG) !== 0;
    // Without a data descriptor the local header holds the real CRC and sizes; with one, zeros or the real ones.
    const agrees = (v: number, real: number) => v === real || (descriptor && v === 0);
    if (!agrees(crc, rec.crc)) fail('corrupt zip (local header CRC-32 differs from the central directory)', rec.name);
    if (!agrees(compressedSize, rec.compressedSize) || !agrees(size, rec.size)) {
      fail('corrupt zip (local header sizes differ from the central directory)', rec.name);
    }
    const extraProblem = extraLen ? extraFieldProblem(zip.subarray(lo + 30 + nameLen, lo + 30 + nameLen + extraLen)) : null;
    if (extraProblem) fail(`local header: ${extraProblem}`, rec.name);
    const dataStart = lo + 30 + nameLen + extraLen;
    const dataEnd = dataStart + rec.compressedSize;
    if (dataEnd > cdOffset) fail('truncated or corrupt zip (entry data runs past the central directory)', rec.name);
    next = descriptor ? dataEnd + descriptorLength(dataEnd, rec) : dataEnd;
    if (next > cdOffset) fail('truncated or corrupt zip (data descriptor runs past the central directory)', rec.name);
    return { dataStart, dataEnd, rec };
  });
  if (next !== cdOffset) {
    fail(`${cdOffset - next} bytes lie between the last entry and the central directory that no entry holds`);
  }

  /** A data descriptor after the data: optional signature, CRC, sizes, all agreeing with the central record. */
  function descriptorLength(end: number, rec: CentralRecord): number {
    const matches = (from: number) => from + 12 <= cdOffset
      && u32(from) === rec.crc && u32(from + 4) === rec.compressedSize && u32(from + 8) === rec.size;
    if (end + 4 <= cdOffset && u32(end) === SIG.descriptor && matches(end + 4)) return 16;
    if (matches(end)) return 12;
    return fail('corrupt zip (the data descriptor is missing or differs from the central directory)', rec.name);
  }

  return spans.map(({ dataStart, dataEnd, rec }) => {
    const stored = { method: rec.method as 0 | 8, raw: zip.subarray(dataStart, dataEnd), crc: rec.crc, size: rec.size };
    const inflate = (): Uint8Array => {
      const data = rec.method === 0 ? stored.raw.slice() : inflateBounded(stored.raw, rec.size, file, rec.name);
      if (data.byteLength !== rec.size) {
        fail(`entry inflates to ${data.byteLength} bytes but its header says ${rec.size}`, rec.name);
      }
      if (crc32(data) !== rec.crc) fail('CRC-32 mismatch (the entry is damaged)', rec.name);
      return data;
    };
    return options.lazy ? new LazyEntry(rec.name, stored, inflate, options.lazyError) : { name: rec.name, data: inflate(), stored };
  });
}

/** An entry inflated (and its size and CRC checked) when its data is first read. */
class LazyEntry implements ZipEntry {
  #data: Uint8Array | undefined;
  constructor(readonly name: string, readonly stored: StoredEntry, private readonly inflate: () => Uint8Array,
    private readonly lazyError?: (e: ZipError) => Error) {}

  get pending(): boolean { return this.#data === undefined; }

  get data(): Uint8Array {
    if (this.#data === undefined) {
      try {
        this.#data = this.inflate();
      } catch (e) {
        throw e instanceof ZipError && this.lazyError ? this.lazyError(e) : e;
      }
    }
    return this.#data;
  }
}

/** Why an extra-field area is refused (malformed, or a field not in KNOWN_EXTRA), or null. */
function extraFieldProblem(extra: Uint8Array): string | null {
  if (extra.byteLength === 0) return null;
  const view = new DataView(extra.buffer, extra.byteOffset, extra.byteLength);
  let at = 0;
  while (at < extra.byteLength) {
    if (at + 4 > extra.byteLength) return 'malformed extra field';
    const id = view.getUint16(at, true), len = view.getUint16(at + 2, true);
    if (at + 4 + len > extra.byteLength) return 'malformed extra field';
    if (!KNOWN_EXTRA.has(id)) {
      const what = id === 0x0001 ? ' (ZIP64)'
        : id === 0x7075 ? ' (Unicode path: unzip would extract the entry under another name)' : '';
      return `extra field 0x${id.toString(16).padStart(4, '0')}${what} is not supported`;
    }
    at += 4 + len;
  }
  return null;
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

const NAME_DECODER = new TextDecoder('utf-8', { fatal: true });

/** An entry name as UTF-8 (what fflate writes and most tools use), or null when it is not UTF-8. */
function decodeName(bytes: Uint8Array): string | null {
  // ASCII (every log entry name) needs no decoder
  let ascii = '';
  for (let k = 0; k < bytes.byteLength; k++) {
    if (bytes[k]! >= 0x80) {
      try {
        return NAME_DECODER.decode(bytes);
      } catch {
        return null;
      }
    }
    ascii += String.fromCharCode(bytes[k]!);
  }
  return ascii;
}

/** True when `zip` holds exactly the bytes `b` at `at`, `length` of them. */
function sameBytesAt(zip: Uint8Array, at: number, length: number, b: Uint8Array): boolean {
  if (length !== b.byteLength) return false;
  for (let k = 0; k < length; k++) if (zip[at + k] !== b[k]) return false;
  return true;
}
