// Opening a log file whose stamp (file-stamp.ts) matches: the file is, byte for byte, one this
// tool wrote or read strictly before (src/core/zip-read.ts checked its layout then, or
// src/core/zip.ts wrote it), so its central directory is walked without those checks again, and
// the prefix digests the stamp lists are taken as computed then. Entries are still inflated only
// when read, and then checked as the strict reader checks them (exact size, CRC-32).
import { inflateRawSync } from 'node:zlib';
import { crc32, type StoredEntry, type ZipEntry } from '../core/zip.js';
import { ContainerError } from './container.js';
import type { LogStamp } from './file-stamp.js';
import { tailDigest } from './file-stamp.js';
import { openEntries, readOutOfOrder, type LogFile } from './log-file.js';
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
 * Opens a stamped file's bytes lazily, or returns null when they are not the ones stamped (another
 * size, directory or end record: the caller then reads the file strictly).
 */
export function openStamped(bytes: Uint8Array, file: string, stamp: LogStamp): LogFile | null {
  const end = zipTail(bytes);
  if (bytes.byteLength !== stamp.identity.size || !end || end.cdOffset !== stamp.cdOffset || end.entries !== stamp.entries) return null;
  if (tailDigest(end.tail) !== stamp.tail) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries: ZipEntry[] = [];
  let at = end.cdOffset;
  for (let k = 0; k < end.entries; k++) {
    if (view.getUint32(at, true) !== CENTRAL) return null;
    const method = view.getUint16(at + 10, true) as 0 | 8, crc = view.getUint32(at + 16, true);
    const compressed = view.getUint32(at + 20, true), size = view.getUint32(at + 24, true);
    const nameLen = view.getUint16(at + 28, true), extraLen = view.getUint16(at + 30, true), commentLen = view.getUint16(at + 32, true);
    const lo = view.getUint32(at + 42, true);
    // without the UTF-8 flag a name is ASCII (the strict reader refused any other when the stamp was made)
    const name = view.getUint16(at + 8, true) & 0x0800
      ? decoder.decode(bytes.subarray(at + 46, at + 46 + nameLen)) : text.toString('latin1', at + 46, at + 46 + nameLen);
    at += 46 + nameLen + extraLen + commentLen;
    const dataStart = lo + 30 + view.getUint16(lo + 26, true) + view.getUint16(lo + 28, true);
    entries.push(new StampedEntry(name, { method, raw: bytes.subarray(dataStart, dataStart + compressed), crc, size }, file));
  }
  const log = openEntries(entries, file, { lazy: true });
  if (readOutOfOrder(log.genesis)) return null;
  anchorDigests(log, stamp.digests);
  return log;
}
