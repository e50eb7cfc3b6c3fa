// Atomic file replacement: write a temp file in the same directory, fsync it, rename it over the
// target, fsync the directory. A crash at any moment leaves either the old file or the new one,
// never a mix; on any error the temp file is removed and the old file is untouched.
// A SIGKILL between creating and renaming the temp file leaves a stray `.<name>.<pid>.<rand>.tmp`
// beside the target (nothing can remove it); it is harmless and never read.

import { randomBytes } from 'node:crypto';
import { open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { HexlogError } from './errors.js';

export class AtomicWriteError extends HexlogError {}

export interface AtomicWriteOptions {
  /** Permission bits of the new file (default 0o644; state files use 0o600). */
  mode?: number;
}

/** Replace `path` with `data` atomically. */
export async function writeFileAtomic(path: string, data: Uint8Array | string, options: AtomicWriteOptions = {}): Promise<void> {
  const dir = dirname(path);
  const tmp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  let renamed = false;
  try {
    const fh = await open(tmp, 'wx', options.mode ?? 0o644);
    try {
      await fh.writeFile(data);
      await fh.sync();
    } finally {
      await fh.close();
    }
    await rename(tmp, path);
    renamed = true;
    await syncDirectory(dir);
  } catch (e) {
    if (!renamed) await unlink(tmp).catch(() => undefined);
    const err = e as NodeJS.ErrnoException;
    // After the rename the new version is in place; only its folder entry may not be on disk yet.
    throw new AtomicWriteError(renamed
      ? `the new version is written, but its folder could not be synced to disk (${err.code ?? err.message})`
      : `could not write the file (${err.code ?? err.message}); the previous version is untouched`, { file: path }, { cause: e });
  }
}

/** fsync of a folder (its entries), where the system has one. */
export async function syncDirectory(dir: string): Promise<void> {
  let fh;
  try {
    fh = await open(dir, 'r');
  } catch {
    return; // Windows cannot open a directory; rename there is already durable enough.
  }
  try {
    await fh.sync();
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'EINVAL' && code !== 'EISDIR' && code !== 'EPERM' && code !== 'EBADF') throw e;
  } finally {
    await fh.close();
  }
}
