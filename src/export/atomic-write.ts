// Atomic file replacement for exports: temp file beside the target, fsync, rename, fsync the
// folder. A crash leaves the old file or the new one, never half of one. src/log has the same
// helper; export may not import log, so this is a small, deliberate duplicate.
import { randomBytes } from 'node:crypto';
import { open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export async function writeFileAtomic(path: string, data: Uint8Array | string): Promise<void> {
  const dir = dirname(path);
  const tmp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  let renamed = false;
  try {
    const fh = await open(tmp, 'wx', 0o644);
    try {
      await fh.writeFile(data);
      await fh.sync();
    } finally {
      await fh.close();
    }
    await rename(tmp, path);
    renamed = true;
    const d = await open(dir, 'r').catch(() => null); // Windows cannot open a folder
    if (d) await d.sync().catch(() => undefined).finally(() => d.close());
  } catch (e) {
    if (!renamed) await unlink(tmp).catch(() => undefined);
    const err = e as NodeJS.ErrnoException;
    throw new Error(`${path}: could not write the file (${err.code ?? err.message}); the previous version is untouched`, { cause: e });
  }
}
