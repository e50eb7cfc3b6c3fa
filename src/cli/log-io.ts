// What every log verb shares: reading a log (zip or pasted armor), writing it atomically,
// loading the player's key, verifying with fork memory, and the time stamp of a segment.
import { readFile } from 'node:fs/promises';
import { DateTime } from 'luxon';
import type { PrivateKey } from 'openpgp';
import { ARMOR_BEGIN, checkGameLine, dearmor } from '../log/armor.js';
import { writeContainer } from '../log/container.js';
import { checkHeads, rememberHeads } from '../log/fork-memory.js';
import { fingerprintOf, loadPrivateKey } from '../log/keys.js';
import { logEntries, openLog, type LogFile } from '../log/log-file.js';
import { writeFileAtomic } from '../log/atomic-write.js';
import { verifyLogCached } from '../log/verify-cache.js';
import type { VerifiedLog, VerifyOptions } from '../log/verify.js';
import { CliError, EXIT_USAGE } from './exit.js';
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
  const armored = bytes[0] === 0x50 && bytes[1] === 0x4b ? null : head.includes(ARMOR_BEGIN) || bytes.toString('latin1').includes(ARMOR_BEGIN)
    ? dearmor(bytes.toString('utf8'), { file: path })
    : null;
  const log = openLog(armored ? armored.bytes : new Uint8Array(bytes), path);
  if (armored) checkGameLine(armored, log, path);
  return log;
}

export async function writeLogFile(path: string, log: LogFile): Promise<void> {
  await writeFileAtomic(path, writeContainer(logEntries(log), { file: path }));
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
 * Verifies a log as a player's tool does before anything else: the whole log, then the heads
 * remembered for this game (a rewritten segment is refused with both hashes), then remembers them.
 * The part of the log verified before (same game, same viewer, same bytes) is not replayed again:
 * the verified-prefix cache in the state folder resumes after it (src/log/verify-cache.ts), with the
 * same result as a full verification. HEXPOST_NO_CACHE=1 turns the cache off (only slower).
 */
export async function verifyForPlayer(o: Output, log: LogFile, options: VerifyOptions & { remember?: boolean } = {}): Promise<VerifiedLog> {
  const bar = log.segments.length >= 200 ? progressBar(o, 'verifying', log.segments.length) : null;
  try {
    const { verified: v } = await verifyLogCached(log, {
      ...options, onProgress: bar ? (done) => bar.update(done) : undefined,
      cache: process.env['HEXPOST_NO_CACHE'] !== '1' && process.env['HEXPOST_NO_CACHE'] !== 'true',
    });
    if (v.gameId) {
      await checkHeads(v);
      if (options.remember !== false) await rememberHeads(v);
    }
    return v;
  } finally {
    bar?.stop();
  }
}

/** The segment's time: informational, ISO-8601 with the local offset. */
export function now(): string {
  return DateTime.now().toISO({ suppressMilliseconds: true }) ?? new Date().toISOString();
}
