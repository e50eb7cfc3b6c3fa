// Appending entries to a zip file in place (the log, fork memory's copy): the new entries are
// written where the old central directory began, then the whole central directory again and the
// end record — what a full rewrite would write there, byte for byte — so an append costs the new
// entries and the directory, not a copy of every entry. Normative: docs/log-format.md ("Appending
// in place").
//
// Never losing what was written: the bytes before the old directory (every entry already there)
// are never written to. Before the file is touched, everything to be written at the old
// directory's offset goes into a journal beside it (`.<name>.append`, fsynced): a crash while the
// journal is written leaves the file as it was (the journal fails its own digest and is dropped);
// a crash after it leaves a journal that completes the append (finishInterruptedAppend, run
// before any read or write of the file). The journal is created exclusively: two appends to one
// file cannot interleave.
import { createHash } from 'node:crypto';
import { open, readFile, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { syncDirectory } from './atomic-write.js';
import { writeContainer, type ContainerEntry } from './container.js';
import { HexlogError } from './errors.js';
import type { FileIdentity } from './file-stamp.js';
import { identityOf, sameIdentity } from './file-stamp.js';

export class AppendError extends HexlogError {}

const MAGIC = 'hexpost-append/1\n';
const BEFORE = 4096;
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** A journal not completely written and younger than this may be an append under way, not a crash. */
const UNDER_WAY_MS = 10_000;

/** Removes a file that another tool completing the same append may have removed already. */
const unlinkGone = (path: string) => unlink(path).catch((e: NodeJS.ErrnoException) => { if (e.code !== 'ENOENT') throw e; });

export const journalPath = (path: string) => join(dirname(path), `.${basename(path)}.append`);

/** Where a zip's central directory lies and what it holds (the end record: its last 22 bytes, no comment). */
export interface ZipTail {
  cdOffset: number;
  entries: number;
  /** the central directory and the end record, as in the file */
  tail: Uint8Array;
  /** the BEFORE bytes before cdOffset (or fewer), as in the file */
  before: Uint8Array;
}

interface JournalHeader {
  base: number;
  length: number;
  dev: string;
  ino: string;
  before: string;
  digest: string;
}

/**
 * What appending `entries` to a zip whose tail is `old` writes at `old.cdOffset`: the new local
 * entries, the old central directory records, the new ones (offsets moved), the end record.
 */
export function appendBytes(old: ZipTail, entries: readonly ContainerEntry[], file?: string): Uint8Array {
  const mini = writeContainer(entries, { file });
  const mv = new DataView(mini.buffer, mini.byteOffset, mini.byteLength);
  const miniEnd = mini.byteLength - 22;
  const miniCd = mv.getUint32(miniEnd + 16, true);
  const local = mini.subarray(0, miniCd);
  const cdNew = mini.slice(miniCd, miniEnd);
  const nv = new DataView(cdNew.buffer);
  for (let at = 0; at < cdNew.byteLength; at += 46 + nv.getUint16(at + 28, true)) {
    nv.setUint32(at + 42, nv.getUint32(at + 42, true) + old.cdOffset, true);
  }
  const oldCd = old.tail.subarray(0, old.tail.byteLength - 22);
  const count = old.entries + entries.length;
  const total = old.cdOffset + local.byteLength + oldCd.byteLength + cdNew.byteLength + 22;
  if (count > 0xffff || total > 0xffffffff) throw new AppendError('too large for a zip without ZIP64', { file });
  const out = new Uint8Array(local.byteLength + oldCd.byteLength + cdNew.byteLength + 22);
  out.set(local, 0);
  out.set(oldCd, local.byteLength);
  out.set(cdNew, local.byteLength + oldCd.byteLength);
  const end = new DataView(out.buffer, out.byteLength - 22);
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, count, true);
  end.setUint16(10, count, true);
  end.setUint32(12, oldCd.byteLength + cdNew.byteLength, true);
  end.setUint32(16, old.cdOffset + local.byteLength, true);
  return out;
}

/** The journal of an append: what is written at `base` of the file with this identity. */
export function journalBytes(identity: FileIdentity, old: ZipTail, payload: Uint8Array): Uint8Array {
  const header: JournalHeader = {
    base: old.cdOffset, length: payload.byteLength, dev: identity.dev, ino: identity.ino, before: sha(old.before), digest: sha(payload),
  };
  return Buffer.concat([Buffer.from(`${MAGIC}${JSON.stringify(header)}\n`, 'utf8'), payload]);
}

/**
 * Appends `entries` in place to the zip at `path`, which must still have `identity` (the file as
 * read) and end with `old`. Returns the new tail (directory and end record) and the file's new
 * identity. On any error before the file is touched, nothing is changed.
 */
export async function appendInPlace(
  path: string, identity: FileIdentity, old: ZipTail, entries: readonly ContainerEntry[],
): Promise<{ tail: ZipTail; identity: FileIdentity }> {
  const payload = appendBytes(old, entries, path);
  const journal = journalPath(path);
  const fh = await open(path, 'r+');
  try {
    if (!sameIdentity(identityOf(await fh.stat({ bigint: true })), identity)) {
      throw new AppendError('the file changed since it was read; nothing was written', { file: path });
    }
    const j = await open(journal, 'wx', 0o600).catch((e: NodeJS.ErrnoException) => {
      throw new AppendError(e.code === 'EEXIST'
        ? `another append to this file is under way or was interrupted (${journal}); nothing was written, run the verb again`
        : `could not write the journal ${journal} (${e.code ?? e.message}); nothing was written`, { file: path }, { cause: e });
    });
    try {
      await j.writeFile(journalBytes(identity, old, payload));
      await j.sync();
    } catch (e) {
      await j.close();
      await unlink(journal).catch(() => undefined);
      const code = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
      throw new AppendError(`could not write the journal ${journal} (${code}); nothing was written`, { file: path }, { cause: e });
    }
    await j.close();
    await syncDirectory(dirname(path));
    // from here on the journal completes the append if this is interrupted
    await writeAt(fh, payload, old.cdOffset);
    const after = identityOf(await fh.stat({ bigint: true }));
    await unlinkGone(journal);
    const end = new DataView(payload.buffer, payload.byteOffset + payload.byteLength - 22, 22);
    const cdOffset = end.getUint32(16, true);
    const before = await tailBefore(fh, cdOffset);
    const tail = { cdOffset, entries: old.entries + entries.length, tail: payload.subarray(cdOffset - old.cdOffset), before };
    return { tail, identity: after };
  } finally {
    await fh.close();
  }
}

async function writeAt(fh: Awaited<ReturnType<typeof open>>, payload: Uint8Array, base: number): Promise<void> {
  let done = 0;
  while (done < payload.byteLength) {
    const { bytesWritten } = await fh.write(payload, done, payload.byteLength - done, base + done);
    done += bytesWritten;
  }
  await fh.truncate(base + payload.byteLength);
  await fh.sync();
}

async function tailBefore(fh: Awaited<ReturnType<typeof open>>, cdOffset: number): Promise<Uint8Array> {
  const from = Math.max(0, cdOffset - BEFORE);
  const buf = new Uint8Array(cdOffset - from);
  await fh.read(buf, 0, buf.byteLength, from);
  return buf;
}

/** The tail of a zip's bytes (null: no comment-less end record at the end, or a directory that does not end there). */
export function zipTail(bytes: Uint8Array): ZipTail | null {
  if (bytes.byteLength < 22) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = bytes.byteLength - 22;
  if (view.getUint32(at, true) !== 0x06054b50 || view.getUint16(at + 20, true) !== 0) return null;
  const entries = view.getUint16(at + 10, true), cdSize = view.getUint32(at + 12, true), cdOffset = view.getUint32(at + 16, true);
  if (cdOffset + cdSize !== at) return null;
  return { cdOffset, entries, tail: bytes.subarray(cdOffset), before: bytes.subarray(Math.max(0, cdOffset - BEFORE), cdOffset) };
}

/**
 * Completes an append to `path` that was interrupted (a journal lies beside it), or drops a journal
 * that was not completely written (the file was not touched then). Returns what it did. Refuses,
 * naming both files, a journal that does not fit the file (the file was replaced since).
 */
export async function finishInterruptedAppend(path: string): Promise<'none' | 'completed' | 'dropped'> {
  const journal = journalPath(path);
  let bytes: Buffer;
  try {
    bytes = await readFile(journal);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return 'none';
    const code = (e as NodeJS.ErrnoException).code;
    throw new AppendError(`cannot read the journal of an interrupted append ${journal} (${code})`, { file: path });
  }
  const nl = bytes.indexOf(0x0a, MAGIC.length);
  let header: JournalHeader | null = null;
  if (bytes.subarray(0, MAGIC.length).toString('utf8') === MAGIC && nl > 0) {
    try { header = JSON.parse(bytes.subarray(MAGIC.length, nl).toString('utf8')) as JournalHeader; } catch { header = null; }
  }
  const payload = bytes.subarray(nl + 1);
  if (!header || payload.byteLength !== header.length || sha(payload) !== header.digest) {
    // a journal still being written is another tool's append under way: left alone
    const age = Date.now() - (await stat(journal)).mtimeMs;
    if (age < UNDER_WAY_MS) {
      throw new AppendError(`another append to this file is under way (${journal}), or was interrupted a moment ago: `
        + 'nothing was changed; run the verb again in a few seconds', { file: path });
    }
    // written only in part: the crash came before the file was touched
    await unlinkGone(journal);
    return 'dropped';
  }
  const fh = await open(path, 'r+').catch((e: NodeJS.ErrnoException) => {
    throw new AppendError(`an interrupted append (${journal}) cannot be completed: the file cannot be opened (${e.code}); `
      + 'nothing was changed', { file: path });
  });
  try {
    const st = identityOf(await fh.stat({ bigint: true }));
    const before = await tailBefore(fh, header.base);
    if (st.dev !== header.dev || st.ino !== header.ino || st.size < header.base || sha(before) !== header.before) {
      throw new AppendError(`${journal} completes an interrupted append to another version of this file (it was replaced since); `
        + 'nothing was changed: move that journal away to use the file as it is', { file: path });
    }
    await writeAt(fh, payload, header.base);
  } finally {
    await fh.close();
  }
  await unlinkGone(journal);
  return 'completed';
}
