// What every log verb shares: reading a log (zip or pasted armor), writing it atomically,
// loading the player's key, verifying with fork memory, and the time stamp of a segment.
import { readFile } from 'node:fs/promises';
import { DateTime } from 'luxon';
import type { PrivateKey } from 'openpgp';
import { ARMOR_BEGIN, dearmor } from '../log/armor.js';
import { writeContainer } from '../log/container.js';
import { fingerprintOf, loadPrivateKey } from '../log/keys.js';
import { logEntries, openLog, type LogFile } from '../log/log-file.js';
import { writeFileAtomic } from '../log/atomic-write.js';
import { verifyLogCached } from '../log/verify-cache.js';
import type { VerifiedLog, VerifyOptions } from '../log/verify.js';
import { CliError, EXIT_USAGE } from './exit.js';
import { checkAfterVerify, checkBeforeVerify } from './fork-report.js';
import type { Output } from './output.js';
import { progressBar } from './progress.js';

/** Largest log file read: a long campaign is a few MB. */
const MAX_LOG_FILE = 64 * 1024 * 1024;

export async function readLogFile(path: string): Promise<LogFile> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (e) {
    throw new CliError(`${path}: cannot read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  if (bytes.byteLength > MAX_LOG_FILE) throw new CliError(`${path}: ${bytes.byteLength} bytes is larger than a log may be (${MAX_LOG_FILE})`);
  // A log pasted from an e-mail is read as is.
  const head = bytes.subarray(0, 4096).toString('latin1');
  const data = bytes[0] === 0x50 && bytes[1] === 0x4b ? new Uint8Array(bytes) : head.includes(ARMOR_BEGIN) || bytes.toString('latin1').includes(ARMOR_BEGIN)
    ? dearmor(bytes.toString('utf8'), { file: path }).bytes
    : new Uint8Array(bytes);
  return openLog(data, path);
}

export async function writeLogFile(path: string, log: LogFile): Promise<void> {
  await writeFileAtomic(path, writeContainer(logEntries(log), { file: path }));
}

/**
 * Before a log read from elsewhere (a pasted mail) is written over `path`: refuses when `path`
 * holds another game's log, a newer copy of this one (of which `incoming` is a prefix), or a
 * version that differs from it — the file there is never lost. No file, or no log there: fine.
 */
export async function refuseToReplace(path: string, incoming: LogFile): Promise<void> {
  let there: LogFile;
  try {
    there = openLog(new Uint8Array(await readFile(path)), path);
  } catch {
    return;
  }
  if (there.genesis.hash !== incoming.genesis.hash) {
    throw new CliError(`${path} holds another game's log; it is not written over (choose another -o)`);
  }
  const theirs = new Map(there.segments.map((s) => [s.name, s.hash]));
  const differs = incoming.segments.find((s) => theirs.has(s.name) && theirs.get(s.name) !== s.hash);
  if (differs) {
    throw new CliError(`${path}: its ${differs.name} differs from the one in the text; it is not written over `
      + `(write the text to another file and run \`hexpost verify\` on it: a rewritten or forked log is reported there)`);
  }
  if (incoming.segments.length < there.segments.length) {
    const older = `segment ${incoming.segments.length} of ${there.segments.length} in ${path}`;
    throw new CliError(`the text holds a log older than the copy you have (${older}); ${path} is not written over`);
  }
}

export async function loadKeyFile(path: string, passphraseEnv?: string): Promise<PrivateKey> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    throw new CliError(`${path}: cannot read the key (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  if (passphraseEnv !== undefined && process.env[passphraseEnv] === undefined) {
    throw new CliError(`--passphrase-env ${passphraseEnv}: that environment variable is not set`, EXIT_USAGE);
  }
  return loadPrivateKey(text, passphraseEnv ? process.env[passphraseEnv] : undefined, { file: path });
}

/** The side a key plays in a log, from the pinned fingerprints. */
export function sideOfKey(log: LogFile, key: PrivateKey): string {
  const fp = fingerprintOf(key);
  const p = log.genesis.body.players.find((x) => x.fingerprint === fp);
  if (!p) throw new CliError(`${log.file}: key ${fp} plays no side in this game (pinned: ${log.genesis.body.players.map((x) => `${x.side} ${x.fingerprint}`).join(', ')})`);
  return p.side;
}

/**
 * Verifies a log as a player's tool does before anything else: fork memory first (two versions of
 * a segment seen signed by one player are reported as an equivocation, from the signatures alone),
 * then the whole log, then fork memory again (a dropped segment is refused; an older copy is
 * refused to a verb that appends — `append` — and noted to the others), then remembers it.
 * The part of the log verified before (same game, same viewer, same bytes) is not replayed again:
 * the verified-prefix cache in the state folder resumes after it (src/log/verify-cache.ts), with the
 * same result as a full verification. HEXPOST_NO_CACHE=1 turns the cache off (only slower).
 */
export async function verifyForPlayer(o: Output, log: LogFile, options: VerifyOptions & { remember?: boolean; append?: boolean } = {}): Promise<VerifiedLog> {
  const { remember, append, ...verifyOptions } = options;
  const forks = await checkBeforeVerify(log);
  const bar = log.segments.length >= 200 ? progressBar(o, 'verifying', log.segments.length) : null;
  try {
    const { verified: v } = await verifyLogCached(log, {
      ...verifyOptions, onProgress: bar ? (done) => bar.update(done) : undefined,
      cache: process.env['HEXPOST_NO_CACHE'] !== '1' && process.env['HEXPOST_NO_CACHE'] !== 'true',
    });
    await checkAfterVerify(o, v, forks, { append, remember });
    return v;
  } finally {
    bar?.stop();
  }
}

/** The segment's time: informational, ISO-8601 with the local offset. */
export function now(): string {
  return DateTime.now().toISO({ suppressMilliseconds: true }) ?? new Date().toISOString();
}
