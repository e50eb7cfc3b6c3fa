// Stamps: what this tool knows of a log file it wrote or read, so that the next verb reading the
// same, unchanged file needs neither the strict zip reader's checks of every entry again nor the
// prefix digest of every entry (docs/log-format.md, "Stamps"). A stamp (cache/stamp-<hash of the
// path>.stamp, MAC'd like the cache: mac-file.ts) holds the file's identity — device, inode, size,
// modification and change times in nanoseconds — the SHA-256 of its central directory and end
// record, where the directory starts, how many entries it lists, and the prefix digests
// (prefix-digest.ts) of the file's entries through its last few segments.
//
// Why the identity is enough, with the directory's hash: every write to a file changes its
// modification and change times (the change time cannot be set back except by setting the
// system clock back), a file put in its place has another inode or those times, and a file
// changed within the same clock tick as the stamp also changes its directory (CRC-32 claims,
// sizes, offsets) unless it keeps every entry's size and CRC claim. The threat is the opponent, who
// controls every byte of what he sends but not the player's disk: whatever he sends is written by
// this tool (a new stamp) or saved by the player (new times). Anything else — no stamp, a stamp
// that fails its MAC, another identity, another directory — and the file is read strictly and
// its prefix digested in full, as without stamps.
import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';
import type { BigIntStats } from 'node:fs';
import { cacheDir, readMacFile, writeMacFile } from './mac-file.js';

export const STAMP_FORMAT = 'hexpost-log-stamp/1';

export interface FileIdentity {
  dev: string;
  ino: string;
  size: number;
  mtimeNs: string;
  ctimeNs: string;
}

export interface LogStamp {
  /** the file's absolute path */
  path: string;
  identity: FileIdentity;
  /** where the central directory starts, and the entries it lists (the end record is the last 22 bytes) */
  cdOffset: number;
  entries: number;
  /** SHA-256 (hex) of the bytes from cdOffset to the end: the central directory and the end record */
  tail: string;
  /** [seq, prefix digest through seq] for the file's last few segments */
  digests: [number, string][];
}

export function identityOf(st: BigIntStats): FileIdentity {
  return { dev: String(st.dev), ino: String(st.ino), size: Number(st.size), mtimeNs: String(st.mtimeNs), ctimeNs: String(st.ctimeNs) };
}

export function sameIdentity(a: FileIdentity, b: FileIdentity): boolean {
  return a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeNs === b.mtimeNs && a.ctimeNs === b.ctimeNs;
}

export const tailDigest = (tail: Uint8Array) => createHash('sha256').update(tail).digest('hex');

const stampFile = (home: string, path: string) =>
  join(cacheDir(home), `stamp-${createHash('sha256').update(resolve(path)).digest('hex').slice(0, 32)}.stamp`);

/** The stamp of `path` (null: none, or one that fails its MAC or names another path). */
export async function readStamp(path: string, home: string): Promise<LogStamp | null> {
  const body = await readMacFile(home, stampFile(home, path), STAMP_FORMAT).catch(() => null) as LogStamp | null;
  return body && body.path === resolve(path) ? body : null;
}

/** Records a stamp; one that cannot be written (read-only folder…) costs only speed next time. */
export async function writeStamp(stamp: LogStamp, home: string): Promise<void> {
  await writeMacFile(home, stampFile(home, stamp.path), STAMP_FORMAT, stamp).catch(() => undefined);
}
