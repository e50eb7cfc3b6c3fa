// Test helper: hand-built zips, so tests can make archives no honest writer would.
import { crc32 } from '../../src/log/container.js';

export interface RawEntry {
  name: string;
  /** Bytes as stored in the zip (already deflated when method is 8). */
  raw: Uint8Array;
  method?: number;
  /** Uncompressed size written in the headers. */
  size: number;
  crc?: number;
  flags?: number;
}

export function buildZip(entries: RawEntry[], opts: { comment?: string } = {}): Uint8Array {
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'latin1');
    const method = e.method ?? 8;
    const crc = e.crc ?? 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(e.flags ?? 0, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(e.raw.byteLength, 18);
    local.writeUInt32LE(e.size >>> 0, 22);
    local.writeUInt16LE(name.length, 26);
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(20, 4);
    cd.writeUInt16LE(20, 6);
    cd.writeUInt16LE(e.flags ?? 0, 8);
    cd.writeUInt16LE(method, 10);
    cd.writeUInt32LE(crc, 16);
    cd.writeUInt32LE(e.raw.byteLength, 20);
    cd.writeUInt32LE(e.size >>> 0, 24);
    cd.writeUInt16LE(name.length, 28);
    cd.writeUInt32LE(offset, 42);
    parts.push(local, name, e.raw);
    central.push(cd, name);
    offset += 30 + name.length + e.raw.byteLength;
  }
  const cdSize = central.reduce((n, b) => n + b.byteLength, 0);
  const comment = Buffer.from(opts.comment ?? '', 'latin1');
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(entries.length, 8);
  eocd.writeUInt16LE(entries.length, 10);
  eocd.writeUInt32LE(cdSize, 12);
  eocd.writeUInt32LE(offset, 16);
  eocd.writeUInt16LE(comment.length, 20);
  return new Uint8Array(Buffer.concat([...parts, ...central, eocd, comment]));
}

export function stored(name: string, data: Uint8Array | string): RawEntry {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  return { name, raw: bytes, method: 0, size: bytes.byteLength, crc: crc32(bytes) };
}
