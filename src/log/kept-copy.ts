// Fork memory's copy of the newest log seen (`seen-<game id>.hexlog`): when a newer log is
// remembered, the segments the copy lacks are appended to it in place (log-append.ts: the new
// entries and the directory written, journaled), so remembering a segment costs that segment, not
// another write of the whole log. A copy that cannot be appended to (none yet, damaged, not laid out
// as this tool writes it) is written whole, atomically, as before.
import { open } from 'node:fs/promises';
import { writeContainer } from './container.js';
import { classifyEntryName } from './entry-names.js';
import { identityOf } from './file-stamp.js';
import { appendInPlace, finishInterruptedAppend, type ZipTail } from './log-append.js';
import { bodyEntries, logEntries, type LogFile } from './log-file.js';

/** Makes the copy at `path` hold `log` (which holds every segment the copy holds): appended to when it can be. */
export async function keepCopy(path: string, log: LogFile, kept: boolean, writeWhole: (bytes: Uint8Array) => Promise<void>): Promise<void> {
  if (kept && await appendToCopy(path, log).catch(() => false)) return;
  await writeWhole(writeContainer(logEntries(log)));
}

/** Appends the log's segments after the copy's last; false when the copy is not one to append to. */
async function appendToCopy(path: string, log: LogFile): Promise<boolean> {
  await finishInterruptedAppend(path);
  const fh = await open(path, 'r');
  let identity, tail: ZipTail, held: number;
  try {
    identity = identityOf(await fh.stat({ bigint: true }));
    const size = identity.size;
    if (size < 22) return false;
    const end = new Uint8Array(22);
    await fh.read(end, 0, 22, size - 22);
    const ev = new DataView(end.buffer);
    if (ev.getUint32(0, true) !== 0x06054b50 || ev.getUint16(20, true) !== 0) return false;
    const entries = ev.getUint16(10, true), cdSize = ev.getUint32(12, true), cdOffset = ev.getUint32(16, true);
    if (cdOffset + cdSize !== size - 22) return false;
    const from = Math.max(0, cdOffset - 4096);
    const buf = new Uint8Array(size - from);
    await fh.read(buf, 0, buf.byteLength, from);
    tail = { cdOffset, entries, tail: buf.subarray(cdOffset - from), before: buf.subarray(0, cdOffset - from) };
    held = lastSegment(tail.tail, entries);
  } finally {
    await fh.close();
  }
  if (held < 0 || tail.entries !== 2 * (1 + log.acceptances.length + held)) return false;
  if (held >= log.segments.length) return true;
  await appendInPlace(path, identity, tail, bodyEntries(log.segments.slice(held)));
  return true;
}

/** The seq of the segment whose signature is the directory's last record (0: none; -1: not a log's directory). */
function lastSegment(tail: Uint8Array, entries: number): number {
  const view = new DataView(tail.buffer, tail.byteOffset, tail.byteLength);
  let at = 0, last = -1;
  for (let k = 0; k < entries; k++) {
    if (at + 46 > tail.byteLength - 22 || view.getUint32(at, true) !== 0x02014b50) return -1;
    last = at;
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  if (last < 0) return -1;
  const name = Buffer.from(tail.buffer, tail.byteOffset + last + 46, view.getUint16(last + 28, true)).toString('latin1');
  const kind = classifyEntryName(name);
  if (kind?.kind === 'signature') {
    const of = classifyEntryName(kind.of);
    if (of?.kind === 'segment') return of.seq;
    if (of?.kind === 'genesis' || of?.kind === 'acceptance') return 0;
  }
  return -1;
}
