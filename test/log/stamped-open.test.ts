// Opening a stamped file (src/log/stamped-open.ts): the segments are objects that know only their
// place until read, and the bytes must be the ones stamped — a changed directory or end record is
// never opened from the stamp, and an entry changed behind the stamp's back is still checked
// (size, CRC-32) when it is read.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tailDigest, type LogStamp } from '../../src/log/file-stamp.js';
import { zipTail } from '../../src/log/log-append.js';
import { openLog, sourceEntries } from '../../src/log/log-file.js';
import { prefixDigest } from '../../src/log/prefix-digest.js';
import { openStamped } from '../../src/log/stamped-open.js';
import { ROOT } from '../helpers/module-files.js';

const honest = new Uint8Array(readFileSync(join(ROOT, 'test', 'log', 'vectors', 'turn-mail-base.hexlog')));

/** The stamp this tool would record for `bytes` (the identity matters only by its size here). */
function stampOf(bytes: Uint8Array): LogStamp {
  const end = zipTail(bytes)!;
  const log = openLog(bytes, 'x.hexlog');
  const digests = log.segments.map((_, i) => [i + 1, prefixDigest(log, i + 1)!] as [number, string]);
  const identity = { dev: '1', ino: '2', size: bytes.byteLength, mtimeNs: '3', ctimeNs: '4' };
  return { path: '/x.hexlog', identity, cdOffset: end.cdOffset, entries: end.entries, tail: tailDigest(end.tail), digests };
}

describe('a stamped file', () => {
  it('opens to the same log, each segment made only when read', () => {
    const log = openStamped(honest, 'x.hexlog', stampOf(honest))!;
    const strict = openLog(honest, 'x.hexlog');
    expect(log.segments.length).toBe(strict.segments.length);
    expect(log.segments.every((s) => (s as { made?: boolean }).made === false)).toBe(true);
    expect(log.segments.map((s) => s.name)).toEqual(strict.segments.map((s) => s.name));
    expect(log.segments.map((s) => s.hash)).toEqual(strict.segments.map((s) => s.hash));
    expect(log.segments.map((s) => s.body.seq)).toEqual([1, 2]);
    expect(sourceEntries(log.segments[0]!)!.signature.name).toBe('000001.json.sig');
    // the digests the stamp lists are taken, and match what the entries give
    expect(prefixDigest(log, 2)).toBe(prefixDigest(strict, 2));
  });

  it('is not opened from its stamp when a byte of its directory or end record changed, or its size', () => {
    const stamp = stampOf(honest);
    const end = zipTail(honest)!;
    for (const at of [end.cdOffset + 16, end.cdOffset + 200, honest.byteLength - 22 + 12, honest.byteLength - 1]) {
      const altered = honest.slice();
      altered[at] ^= 0x01;
      expect(openStamped(altered, 'x.hexlog', stamp), `byte ${at}`).toBeNull();
    }
    expect(openStamped(honest.slice(0, honest.byteLength - 1), 'x.hexlog', stamp)).toBeNull();
  });

  it('an entry changed behind the stamp (same size, directory kept) is refused when it is read', () => {
    const strict = openLog(honest, 'x.hexlog');
    const raw = sourceEntries(strict.segments[1]!)!.body.stored!.raw;
    // the middle of 000002.json's compressed data, found by its bytes
    const at = Buffer.from(honest).indexOf(Buffer.from(raw)) + Math.floor(raw.byteLength / 2);
    const altered = honest.slice();
    altered[at] ^= 0x10;
    const log = openStamped(altered, 'x.hexlog', stampOf(honest))!;
    expect(log).not.toBeNull();
    expect(log.segments[0]!.hash).toBe(strict.segments[0]!.hash);
    expect(() => log.segments[1]!.hash).toThrow(/000002\.json.*(CRC-32 mismatch|corrupt deflate|inflates to)/);
  });
});
