// Fork memory (DESIGN.md, randomness protocol rule 9): what a player's tool has seen of each game,
// kept in his state folder so that it can tell a newer log from an older copy, and either from a
// rewritten one — and prove an equivocation later. Two files per game (docs/log-format.md,
// "Fork memory"): `game-<id>.json`, the body hash of every segment seen (read on every verb, small),
// and `seen-<id>.hexlog`, the newest copy verified (the signed bodies a proof is built from). The
// copy is replaced only by a verified log that holds every segment seen and more; it is written
// before the index, both atomically, so the copy always holds at least the segments the index lists.
import { access } from 'node:fs/promises';
import { gameIdOf } from '../core/protocol/game-id.js';
import { writeContainer } from './container.js';
import { classifyEntryName } from './entry-names.js';
import { examineVersions, pinnedSetup, type VersionsVerdict } from './equivocation.js';
import { hexpostHome, readState, readStateBytes, statePath, writeState, writeStateBytes } from './home.js';
import { logEntries, openLog, type LogFile, type SignedBody } from './log-file.js';
import type { SegmentBody } from '../core/protocol/bodies.js';
import { prefixDigest } from './prefix-digest.js';
import type { VerifiedLog } from './verify.js';

interface Seen {
  game: string;
  /** seq → body hash of every segment seen */
  segments: Record<string, string>;
  /**
   * The prefix digest (prefix-digest.ts) of the log remembered, through its last segment: a log
   * whose first `seq` segments give this digest holds those very entries, so their hashes need not
   * be read again (a state folder of an older Hexpost has none: every hash is compared).
   */
  prefix?: { seq: number; digest: string };
}

export const indexName = (gameId: string) => `game-${gameId}.json`;
export const copyName = (gameId: string) => `seen-${gameId}.hexlog`;

/** Where the newest copy of a game seen is kept (for messages). */
export const seenCopyPath = (gameId: string, home = hexpostHome()) => statePath(copyName(gameId), home);

/** How a log compares with what was seen of its game. */
export type Comparison =
  | { kind: 'unseen' }
  | { kind: 'same' | 'newer' | 'older'; segments: number; seen: number }
  /** the first seq whose body differs from the one seen */
  | { kind: 'conflict'; seq: number; seenHash: string; logHash: string; segments: number; seen: number };

/** A segment's seq from its entry name (which its body was checked to match): no body is parsed. */
function seqOf(s: SignedBody<unknown>): number {
  const kind = classifyEntryName(s.name);
  if (kind?.kind !== 'segment') throw new Error(`${s.name} is not a segment entry`);
  return kind.seq;
}

/** The game id of a log whose every player has accepted (null: a proposal), from the setup's hashes. */
export function gameIdOfLog(log: LogFile): string | null {
  const players = (log.genesis.body as { players?: unknown }).players;
  if (!Array.isArray(players) || log.acceptances.length + 1 !== players.length) return null;
  const accepted = log.acceptances.map((a) => [(a.body as { side: string }).side, a.hash] as const);
  return gameIdOf(log.genesis.hash, Object.fromEntries(accepted));
}

async function readSeen(gameId: string, home: string): Promise<Seen | undefined> {
  return (await readState(indexName(gameId), home)) as Seen | undefined;
}

/** Compares a log (verified or not: only hashes are read) with what was seen of the game. */
export async function compareWithSeen(log: LogFile, gameId: string, home = hexpostHome()): Promise<Comparison> {
  const seen = await readSeen(gameId, home);
  return seen ? compareIndexed(log, seen) : { kind: 'unseen' };
}

/** How many of the log's first segments are, by the prefix digest, exactly those remembered (0: not known). */
function provenSame(log: LogFile, seen: Seen): number {
  const p = seen.prefix;
  if (!p || !Number.isSafeInteger(p.seq) || p.seq < 1 || p.seq > log.segments.length) return 0;
  return prefixDigest(log, p.seq) === p.digest ? p.seq : 0;
}

function compareIndexed(log: LogFile, seen: Seen): Comparison {
  const seqs = Object.keys(seen.segments).map(Number);
  const seenCount = seqs.length ? Math.max(...seqs) : 0;
  const segments = log.segments.length ? seqOf(log.segments[log.segments.length - 1]!) : 0;
  // segments proven the same as those remembered are not hashed again (a long log's prefix stays unread)
  for (const s of log.segments.slice(provenSame(log, seen))) {
    const seq = seqOf(s);
    const before = seen.segments[String(seq)];
    if (before !== undefined && before !== s.hash) {
      return { kind: 'conflict', seq, seenHash: before, logHash: s.hash, segments, seen: seenCount };
    }
  }
  const kind = segments > seenCount ? 'newer' : segments < seenCount ? 'older' : 'same';
  return { kind, segments, seen: seenCount };
}

/** The newest copy of the game verified by this tool; null when none is kept (or it is damaged). */
export async function seenCopy(gameId: string, home = hexpostHome()): Promise<LogFile | null> {
  const bytes = await readStateBytes(copyName(gameId), home);
  if (!bytes) return null;
  try {
    const copy = openLog(bytes, seenCopyPath(gameId, home));
    return gameIdOfLog(copy) === gameId ? copy : null;
  } catch {
    return null;
  }
}

/**
 * Remembers a verified log: when it holds more segments than were seen (or no copy is kept yet),
 * it becomes the kept copy and its hashes the index. The caller has compared it first (compareWithSeen)
 * and refused a conflict, so it holds every segment seen.
 */
export async function rememberSeen(log: LogFile, gameId: string, home = hexpostHome()): Promise<void> {
  const seen = await readSeen(gameId, home);
  const cmp = seen ? compareIndexed(log, seen) : { kind: 'unseen' as const };
  if (cmp.kind === 'conflict' || cmp.kind === 'older') return;
  const kept = await access(seenCopyPath(gameId, home)).then(() => true, () => false);
  if (cmp.kind === 'same' && kept && seen?.prefix) return;
  await writeStateBytes(copyName(gameId), writeContainer(logEntries(log)), home);
  // the hashes of the segments proven the same are those already listed
  const proven = seen ? provenSame(log, seen) : 0;
  const segments: Record<string, string> = {};
  log.segments.forEach((s, i) => { segments[String(seqOf(s))] = i < proven ? seen!.segments[String(seqOf(s))]! : s.hash; });
  const digest = log.segments.length ? prefixDigest(log, log.segments.length) : null;
  await writeState(indexName(gameId), { game: gameId, segments, ...(digest ? { prefix: { seq: log.segments.length, digest } } : {}) }, home);
}

/** rememberSeen for a verified log of a game with an id (after sealing a turn). */
export async function rememberHeads(v: VerifiedLog, home = hexpostHome()): Promise<void> {
  if (v.gameId) await rememberSeen(v.log, v.gameId, home);
}

export interface FoundEquivocation {
  verdict: Extract<VersionsVerdict, { kind: 'equivocation' }>;
  /** the version in `first`, and the one in `second` */
  versions: [SignedBody<SegmentBody>, SignedBody<SegmentBody>];
}

/**
 * The first seq at which two logs of one game hold different bodies by the same author, both
 * validly signed by his pinned key: an equivocation. Null when there is none (only different
 * authors, or a version whose signature fails). The setup is taken from `second`.
 */
export async function findEquivocation(first: LogFile, second: LogFile): Promise<FoundEquivocation | null> {
  const bySeq = new Map(first.segments.map((s) => [seqOf(s), s]));
  let pinned: Awaited<ReturnType<typeof pinnedSetup>> | undefined;
  for (const s of second.segments) {
    const other = bySeq.get(seqOf(s));
    if (!other || other === s || other.hash === s.hash) continue;
    let sameAuthor: boolean;
    try { sameAuthor = other.body.author === s.body.author; } catch { continue; }
    if (!sameAuthor) continue;
    try {
      pinned ??= await pinnedSetup(second);
      const verdict = await examineVersions(pinned, other, s);
      if (verdict.kind === 'equivocation') return { verdict, versions: [other, s] };
    } catch {
      // not provable from this pair (a signature fails, another game): look further
    }
  }
  return null;
}
