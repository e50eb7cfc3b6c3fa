// Opening a log file whose stamp (file-stamp.ts) matches: the file is, byte for byte, one this
// tool wrote or read strictly before (src/core/zip-read.ts checked its layout then, or
// src/core/zip.ts wrote it), so its central directory is walked without those checks again, and
// the prefix digests the stamp lists are taken as computed then. Opening costs the setup entries
// and one walk of the directory's record lengths: a segment's entries are made, inflated and
// checked as the strict reader checks them (exact size, CRC-32) only when it is read.
import { inflateRawSync } from 'node:zlib';
import { crc32, type StoredEntry, type ZipEntry } from '../core/zip.js';
import { ContainerError } from './container.js';
import type { LogStamp } from './file-stamp.js';
import { tailDigest } from './file-stamp.js';
import { classifyEntryName } from './entry-names.js';
import {
  openEntries, readOutOfOrder, tableSegments, type LogFile, type SegmentEntries, type SegmentTable,
} from './log-file.js';
import { zipTail } from './log-append.js';
import { anchorDigests } from './prefix-digest.js';

const CENTRAL = 0x02014b50;
const decoder = new TextDecoder('utf-8', { fatal: true });

/** An entry of a stamped file: inflated, its size and CRC-32 checked, when its data is first read. */
class StampedEntry implements ZipEntry {
  #data: Uint8Array | undefined;
  constructor(readonly name: string, readonly stored: Required<StoredEntry>, private readonly file: string) {}

  get pending(): boolean { return this.#data === undefined; }

  get data(): Uint8Array {
    if (this.#data) return this.#data;
    const { method, raw, size, crc } = this.stored;
    let data: Uint8Array;
    try {
      // bounded by the claim: more output than that throws
      data = method === 0 ? raw.slice() : inflateRawSync(raw, { maxOutputLength: Math.max(1, size) });
    } catch (e) {
      const why = `corrupt deflate data, or more than the ${size} bytes its header claims (${(e as Error).message})`;
      throw new ContainerError(why, this.file, this.name);
    }
    if (data.byteLength !== size) {
      throw new ContainerError(`entry inflates to ${data.byteLength} bytes but its header says ${size}`, this.file, this.name);
    }
    if (crc32(data) !== crc) throw new ContainerError('CRC-32 mismatch (the entry is damaged)', this.file, this.name);
    return (this.#data = data);
  }
}

/**
 * The central directory of a stamped file, walked once for where each record starts (no object
 * made per record): a segment's name and entries are read from its records when first asked for.
 */
class StampedDirectory implements SegmentTable {
  readonly #view: DataView;
  constructor(
    private readonly bytes: Uint8Array, private readonly records: Uint32Array,
    /** the record of seq 1's body */ private readonly first: number, private readonly file: string,
  ) {
    this.#view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /** The name of record `r`: UTF-8 when flagged, else ASCII (the strict reader refused any other, stamping). */
  recordName(r: number): string {
    const at = this.records[r]!, len = this.#view.getUint16(at + 28, true);
    const raw = this.bytes.subarray(at + 46, at + 46 + len);
    return this.#view.getUint16(at + 8, true) & 0x0800 ? decoder.decode(raw) : Buffer.from(raw).toString('latin1');
  }

  entry(r: number): ZipEntry {
    const v = this.#view, at = this.records[r]!;
    const method = v.getUint16(at + 10, true) as 0 | 8, crc = v.getUint32(at + 16, true);
    const compressed = v.getUint32(at + 20, true), size = v.getUint32(at + 24, true), lo = v.getUint32(at + 42, true);
    const dataStart = lo + 30 + v.getUint16(lo + 26, true) + v.getUint16(lo + 28, true);
    const raw = this.bytes.subarray(dataStart, dataStart + compressed);
    return new StampedEntry(this.recordName(r), { method, raw, crc, size }, this.file);
  }

  name(k: number): string { return this.recordName(this.first + 2 * k); }
  entries(k: number): SegmentEntries {
    return { body: this.entry(this.first + 2 * k), signature: this.entry(this.first + 2 * k + 1) };
  }
}

/**
 * Opens a stamped file's bytes lazily, or returns null when they are not the ones stamped (another
 * size, directory or end record: the caller then reads the file strictly). The setup entries are
 * read now; each segment is an object that knows only its place until it is read.
 */
export function openStamped(bytes: Uint8Array, file: string, stamp: LogStamp): LogFile | null {
  const end = zipTail(bytes);
  if (bytes.byteLength !== stamp.identity.size || !end || end.cdOffset !== stamp.cdOffset || end.entries !== stamp.entries) return null;
  if (tailDigest(end.tail) !== stamp.tail) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const records = new Uint32Array(end.entries);
  const cdEnd = bytes.byteLength - 22;
  let at = end.cdOffset;
  for (let r = 0; r < end.entries; r++) {
    if (at + 46 > cdEnd || view.getUint32(at, true) !== CENTRAL) return null;
    records[r] = at;
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  // A stamped file is in log order (no stamp is made of another): the setup's bodies, each followed
  // by its signature, then each segment's, seq 1 first.
  let first = 0;
  const setup = new StampedDirectory(bytes, records, 0, file);
  while (first < end.entries && classifyEntryName(setup.recordName(first))?.kind !== 'segment') first++;
  if ((end.entries - first) % 2 !== 0) return null;
  const table = new StampedDirectory(bytes, records, first, file);
  const setupEntries = Array.from({ length: first }, (_, r) => table.entry(r));
  const { genesis, acceptances } = openEntries(setupEntries, file, { lazy: true });
  if (readOutOfOrder(genesis)) return null;
  const log: LogFile = { file, genesis, acceptances, segments: tableSegments(table, (end.entries - first) / 2, file) };
  anchorDigests(log, stamp.digests);
  return log;
}
