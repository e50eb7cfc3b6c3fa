// Test helper: hand-built zips, so tests can make archives no honest writer would.
import { deflateSync } from 'fflate';
import { crc32 } from '../../src/export/zip.js';

export interface RawEntry { name: string; raw: Uint8Array; method?: number; size: number; crc?: number }

export function buildZip(entries: RawEntry[], opts: { truncate?: number } = {}): Uint8Array {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const method = e.method ?? 8;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0); local.writeUInt16LE(20, 4); local.writeUInt16LE(method, 8);
    local.writeUInt32LE(e.crc ?? 0, 14); local.writeUInt32LE(e.raw.byteLength, 18); local.writeUInt32LE(e.size >>> 0, 22);
    local.writeUInt16LE(name.length, 26);
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0); cd.writeUInt16LE(20, 4); cd.writeUInt16LE(20, 6); cd.writeUInt16LE(method, 10);
    cd.writeUInt32LE(e.crc ?? 0, 16); cd.writeUInt32LE(e.raw.byteLength, 20); cd.writeUInt32LE(e.size >>> 0, 24);
    cd.writeUInt16LE(name.length, 28); cd.writeUInt32LE(offset, 42);
    parts.push(local, name, Buffer.from(e.raw));
    central.push(cd, name);
    offset += 30 + name.length + e.raw.byteLength;
  }
  const cdSize = central.reduce((n, b) => n + b.byteLength, 0);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0); eocd.writeUInt16LE(entries.length, 8); eocd.writeUInt16LE(entries.length, 10);
  eocd.writeUInt32LE(cdSize, 12); eocd.writeUInt32LE(offset, 16);
  const all = Buffer.concat([...parts, ...central, eocd]);
  return new Uint8Array(opts.truncate ? all.subarray(0, opts.truncate) : all);
}

export function deflated(name: string, data: Uint8Array | string, claim?: number): RawEntry {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  return { name, raw: deflateSync(bytes), size: claim ?? bytes.byteLength, crc: crc32(bytes) };
}
