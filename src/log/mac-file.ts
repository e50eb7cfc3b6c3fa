// Files of the state folder's cache/ that only this folder's tool may have written: the
// verified-prefix cache (verify-cache.ts) and the log files' stamps (file-stamp.ts). Each is
// "<format> <hmac hex>\n<json>", the MAC (HMAC-SHA256) over the JSON bytes under a random key kept
// in the same folder (cache/key, created 0600 on first use). A damaged, truncated, copied or
// foreign file fails its MAC and is then ignored by its reader (which costs only speed).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const cacheDir = (home: string) => join(home, 'cache');

async function macKey(home: string, create: boolean): Promise<Buffer | null> {
  const path = join(cacheDir(home), 'key');
  try {
    const text = (await readFile(path, 'utf8')).trim();
    if (/^[0-9a-f]{64}$/.test(text)) return Buffer.from(text, 'hex');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  if (!create) return null;
  await mkdir(cacheDir(home), { recursive: true, mode: 0o700 });
  const key = randomBytes(32);
  // 'wx': two tools starting at once do not overwrite each other's key (the loser re-reads it).
  await writeFile(path, key.toString('hex') + '\n', { flag: 'wx', mode: 0o600 }).catch(async (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EEXIST') throw e;
  });
  return macKey(home, false);
}

/** The JSON of a MAC'd file of `format`; null when there is none; throws (with the reason) when it fails its checks. */
export async function readMacFile(home: string, path: string, format: string): Promise<unknown> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
  const key = await macKey(home, false);
  if (!key) throw new Error('no cache key');
  const nl = bytes.indexOf(0x0a);
  const header = nl < 0 ? '' : bytes.subarray(0, nl).toString('latin1');
  const m = /^(\S+) ([0-9a-f]{64})$/.exec(header);
  if (!m || m[1] !== format) throw new Error('not a cache file of this format');
  const json = bytes.subarray(nl + 1);
  const mac = createHmac('sha256', key).update(json).digest();
  if (!timingSafeEqual(mac, Buffer.from(m[2]!, 'hex'))) throw new Error('the cache file fails its MAC (damaged, or not written here)');
  return JSON.parse(json.toString('utf8')) as unknown;
}

/** Writes a MAC'd file (temp file and rename: a reader sees the old file or the new one). */
export async function writeMacFile(home: string, path: string, format: string, body: unknown): Promise<void> {
  const key = await macKey(home, true);
  const json = Buffer.from(JSON.stringify(body), 'utf8');
  const mac = createHmac('sha256', key!).update(json).digest('hex');
  // No fsync: after a crash a damaged file fails its MAC and costs one slower read.
  const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(tmp, Buffer.concat([Buffer.from(`${format} ${mac}\n`, 'latin1'), json]), { mode: 0o600 });
    await rename(tmp, path);
  } catch (e) {
    await unlink(tmp).catch(() => undefined);
    throw e;
  }
}
