// What every log verb shares: reading a log (zip or pasted armor), writing it atomically,
// loading the player's key, verifying with fork memory, and the time stamp of a segment.
import { open, readFile, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { overwriteRefusal } from '../log/copy-guard.js';
import { DateTime } from 'luxon';
import type { PrivateKey } from 'openpgp';
import { armorKinds, checkGameLine, dearmor } from '../log/armor.js';
import { writeContainer, type ContainerEntry } from '../log/container.js';
import { identityOf, readStamp, sameIdentity, tailDigest, writeStamp, type FileIdentity } from '../log/file-stamp.js';
import { appendInPlace, finishInterruptedAppend, zipTail, type ZipTail } from '../log/log-append.js';
import { prefixDigest } from '../log/prefix-digest.js';
import { openStamped } from '../log/stamped-open.js';
import { hexpostHome } from '../log/home.js';
import { fingerprintOf, loadPrivateKey } from '../log/keys.js';
import { bodyEntries, logEntries, openLog, readOutOfOrder, type LogFile, type OpenOptions } from '../log/log-file.js';
import { writeFileAtomic } from '../log/atomic-write.js';
import { verifyLogCached } from '../log/verify-cache.js';
import type { VerifiedLog, VerifyOptions } from '../log/verify.js';
import { CliError, EXIT_USAGE } from './exit.js';
import { checkAfterVerify, checkBeforeVerify } from './fork-report.js';
import type { Output } from './output.js';
import { progressBar } from './progress.js';

/** Largest log file read: a long campaign is a few MB. */
const MAX_LOG_FILE = 64 * 1024 * 1024;

/**
 * Reads a log file. `lazy` (openLog's): the segments' entries are inflated when read — only for a
 * verb that verifies the log through verifyForPlayer before anything else (the prefix the
 * verified-prefix cache proves is then never inflated; every other entry is read and checked).
 */
export async function readLogFile(path: string, options: OpenOptions = {}): Promise<LogFile> {
  await finishAppend(path);
  let bytes: Buffer;
  let identity: FileIdentity | null;
  try {
    const fh = await open(path, 'r');
    try {
      const before = identityOf(await fh.stat({ bigint: true }));
      if (before.size > MAX_LOG_FILE) throw tooLarge(path, before.size);
      bytes = await fh.readFile();
      // a file that changed while it was read is not known by its identity
      identity = sameIdentity(before, identityOf(await fh.stat({ bigint: true }))) ? before : null;
    } finally {
      await fh.close();
    }
  } catch (e) {
    if (e instanceof CliError) throw e;
    throw new CliError(`${path}: cannot read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  if (bytes.byteLength > MAX_LOG_FILE) throw tooLarge(path, bytes.byteLength);
  const zip = isZip(bytes);
  const u8 = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // a file this tool wrote or read before, unchanged since, is not checked entry by entry again (stamped-open.ts)
  const stamp = zip && identity && options.lazy ? await readStamp(path, hexpostHome()) : null;
  const stamped = stamp && sameIdentity(stamp.identity, identity!) ? openStamped(u8, path, stamp) : null;
  const log = stamped ?? openLog(logBytes(bytes, path), path, options);
  opened.set(resolve(path), { identity, log, text: !zip, tail: zip ? zipTail(u8) : null, stamped: stamped !== null });
  return log;
}

/** Completes (or drops) an append to `path` that a crash interrupted (log-append.ts). */
async function finishAppend(path: string): Promise<void> {
  await finishInterruptedAppend(path).catch((e: Error) => { throw new CliError(e.message); });
}

/**
 * The logs this process read or wrote, by absolute path, with the file's identity then (null: it
 * changed while it was read) and its zip tail: writing over a file still as it was read compares
 * the new log with the copy already opened (no second read of every entry), and appends the new
 * segments in place when the new log is that copy plus segments; a file changed since is opened again.
 */
const opened = new Map<string, Opened>();
interface Opened { identity: FileIdentity | null; log: LogFile; text: boolean; tail: ZipTail | null; stamped: boolean }

/** Stamps a file read strictly (not from its stamp) once its log is verified: the next verb opens it fast. */
async function stampRead(log: LogFile): Promise<void> {
  const prior = opened.get(resolve(log.file));
  if (!prior || prior.log !== log || prior.stamped || prior.text || !prior.identity || !prior.tail) return;
  prior.stamped = true;
  await stampLog(log.file, log, prior.identity, prior.tail);
}

/** Records what the file at `path` now holds: `log`, with this identity and tail. */
async function stampLog(path: string, log: LogFile, identity: FileIdentity, tail: ZipTail): Promise<void> {
  const digests: [number, string][] = [];
  for (let seq = Math.max(1, log.segments.length - 7); seq <= log.segments.length; seq++) {
    const d = prefixDigest(log, seq);
    if (d === null) return;
    digests.push([seq, d]);
  }
  const { cdOffset, entries } = tail;
  const stamp = { path: resolve(path), identity, cdOffset, entries, tail: tailDigest(tail.tail), digests };
  await writeStamp(stamp, hexpostHome());
}

/** The new segments' entries when `log` is the log read from the file plus segments (null: it is not). */
function appendedEntries(prior: { log: LogFile; tail: ZipTail | null }, log: LogFile): ContainerEntry[] | null {
  const old = prior.log;
  if (!prior.tail || log.genesis !== old.genesis || readOutOfOrder(old.genesis)) return null;
  const sameAcceptances = log.acceptances.length === old.acceptances.length
    && log.acceptances.every((a, i) => a === old.acceptances[i]);
  if (!sameAcceptances) return null;
  const n = old.segments.length;
  if (log.segments.length <= n || prior.tail.entries !== 2 * (1 + old.acceptances.length + n)) return null;
  for (let i = 0; i < n; i++) if (log.segments[i] !== old.segments[i]) return null;
  return bodyEntries(log.segments.slice(n));
}

/**
 * Where a verb that read `path` writes the log: the same file, or — when `path` held pasted e-mail
 * text — the .hexlog beside it (game.txt → game.hexlog), so the binary log never replaces the mail.
 */
export function logTarget(path: string): string {
  if (!opened.get(resolve(path))?.text) return path;
  const name = basename(path).replace(/\.(txt|eml|asc|mail|text)$/i, '');
  return join(dirname(path), `${name}.hexlog`);
}

const tooLarge = (path: string, size: number) =>
  new CliError(`${path}: ${size} bytes is larger than a log may be (${MAX_LOG_FILE})`);
const mailKind = (kinds: readonly string[]) => (kinds.includes('TURN') ? 'a turn mail' : 'an armored log');

/** True when the bytes are a zip (a .hexlog), not text. */
export const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b;

/** A log's bytes from a file's contents: the zip itself, or the armored log in pasted e-mail text. */
export function logBytes(bytes: Buffer, path: string): Uint8Array {
  if (isZip(bytes)) return new Uint8Array(bytes);
  const kinds = armorKinds(bytes.toString('utf8'));
  if (kinds.includes('LOG')) {
    const d = dearmor(bytes.toString('utf8'), { file: path });
    // the Game: line must name the game inside (a paste cannot claim to be another game)
    checkGameLine(d, openLog(d.bytes, path), path);
    return d.bytes;
  }
  if (kinds.includes('TURN')) {
    throw new CliError(`${path}: this is a turn mail, which holds only the newest segments: `
      + `receive it into your copy of the game (hexpost receive <your log> ${path})`);
  }
  return new Uint8Array(bytes);
}

/** A file's bytes, or standard input's for '-'. */
export async function readInput(path: string, what = 'the input'): Promise<Buffer> {
  if (path === '-') {
    const chunks: Buffer[] = [];
    for await (const c of process.stdin) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  }
  const bytes = await readFile(path).catch((e: NodeJS.ErrnoException) => {
    throw new CliError(`${path}: cannot read ${what} (${e.code ?? e.message})`);
  });
  if (bytes.byteLength > MAX_LOG_FILE) throw tooLarge(path, bytes.byteLength);
  return bytes;
}

/**
 * Writes a log atomically, but never over a newer copy of the game, a copy that differs, another
 * game's log, e-mail text or any other file (docs/turn-mail.md, "Copies that cannot hurt").
 */
export async function writeLogFile(path: string, log: LogFile): Promise<void> {
  await finishAppend(path);
  await guardOverwrite(path, log);
  const prior = opened.get(resolve(path));
  const extra = prior?.identity && !prior.text ? appendedEntries(prior, log) : null;
  let written: { identity: FileIdentity; tail: ZipTail | null };
  if (extra && prior?.identity && prior.tail) {
    // the new segments go where the directory was, journaled (log-append.ts): no copy of the entries before them
    written = await appendInPlace(path, prior.identity, prior.tail, extra).catch((e: Error) => {
      throw new CliError(e.message);
    });
  } else {
    const bytes = writeContainer(logEntries(log), { file: path });
    await writeFileAtomic(path, bytes);
    written = { identity: identityOf(await stat(path, { bigint: true })), tail: zipTail(bytes) };
  }
  opened.set(resolve(path), {
    identity: written.identity, log: { ...log, file: path }, text: false, tail: written.tail, stamped: true,
  });
  if (written.tail) await stampLog(path, log, written.identity, written.tail);
}

/**
 * For verbs that write something other than a log (a VASSAL module or log): refuses a target that
 * holds a game log or e-mail text with a Hexpost block, so a mistyped -o never destroys a game.
 */
export async function guardNotGameFile(path: string, what: string): Promise<void> {
  const existing = await readFile(path).catch(() => null);
  if (!existing) return;
  if (!isZip(existing)) {
    const kinds = armorKinds(existing.toString('utf8'));
    if (kinds.length) {
      throw new CliError(`${path} holds e-mail text (${mailKind(kinds)}): ${what} is never written over it; `
        + 'nothing was written');
    }
    return;
  }
  let log = false;
  try { openLog(new Uint8Array(existing), path); log = true; } catch { /* another zip: a module, a VASSAL file */ }
  if (log) {
    throw new CliError(`${path} holds a Hexpost game log: ${what} is never written over it; nothing was written`);
  }
}

/** Throws a CliError when `log` must not be written over the file at `path` (see writeLogFile). */
export async function guardOverwrite(path: string, log: LogFile): Promise<void> {
  // the file as this process read or wrote it (same identity): the copy opened then is compared
  const prior = opened.get(resolve(path));
  if (prior?.identity && !prior.text) {
    const now = await stat(path, { bigint: true }).then(identityOf, () => null);
    if (now && sameIdentity(now, prior.identity)) {
      const why = overwriteRefusal(path, prior.log, log);
      if (why) throw new CliError(why);
      return;
    }
  }
  const existing = await readFile(path).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return null;
    throw new CliError(`${path}: cannot read the file to be replaced (${e.code ?? e.message}); nothing was written`);
  });
  if (existing) {
    if (!isZip(existing)) {
      const kinds = armorKinds(existing.toString('utf8'));
      throw new CliError(kinds.length
        ? `${path} holds e-mail text (${mailKind(kinds)}): the binary log is never written over it; nothing was written`
        : `${path} exists and is not a Hexpost log: it is not written over; nothing was written`);
    }
    let old: LogFile;
    try {
      old = openLog(new Uint8Array(existing), path);
    } catch (e) {
      throw new CliError(`${path} exists and is not a readable Hexpost log (${(e as Error).message}): `
        + 'it is not written over; nothing was written');
    }
    const why = overwriteRefusal(path, old, log);
    if (why) throw new CliError(why);
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
  if (!p) {
    const pinned = log.genesis.body.players.map((x) => `${x.side} ${x.fingerprint}`).join(', ');
    throw new CliError(`${log.file}: key ${fp} plays no side in this game (pinned: ${pinned})`);
  }
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
export async function verifyForPlayer(
  o: Output, log: LogFile, options: VerifyOptions & { remember?: boolean; append?: boolean } = {},
): Promise<VerifiedLog> {
  const { remember, append, ...verifyOptions } = options;
  const forks = await checkBeforeVerify(log);
  const bar = log.segments.length >= 200 ? progressBar(o, 'verifying', log.segments.length) : null;
  try {
    const { verified: v } = await verifyLogCached(log, {
      ...verifyOptions, onProgress: bar ? (done) => bar.update(done) : undefined,
      cache: process.env['HEXPOST_NO_CACHE'] !== '1' && process.env['HEXPOST_NO_CACHE'] !== 'true',
    });
    await checkAfterVerify(o, v, forks, { append, remember });
    await stampRead(log);
    return v;
  } finally {
    bar?.stop();
  }
}

/** The segment's time: informational, ISO-8601 with the local offset. */
export function now(): string {
  return DateTime.now().toISO({ suppressMilliseconds: true }) ?? new Date().toISOString();
}
