// Fork memory (DESIGN.md, randomness protocol rule 9): what a player's tool has seen of each game,
// kept in his state folder so that it can tell a newer log from an older copy, and either from a
// rewritten one — and prove an equivocation later. Three files per game (docs/log-format.md,
// "Fork memory"): `game-<id>.json`, a small index (how many segments were seen, the prefix digest
// of the log remembered: read on every verb); `heads-<id>.txt`, the body hash of every segment seen
// (fork-heads.ts: appended to, read only when the digest does not prove a log's prefix); and
// `seen-<id>.hexlog`, the newest copy verified (the signed bodies a proof is built from; appended to
// in place, kept-copy.ts). The copy is extended only by a verified log that holds every segment
// seen and more; it is written before the hashes and they before the index, so the copy always
// holds at least the segments the index counts.
import { access } from 'node:fs/promises';
import { gameIdOf } from '../core/protocol/game-id.js';
import { classifyEntryName } from './entry-names.js';
import { examineVersions, pinnedSetup, type VersionsVerdict } from './equivocation.js';
import { headsCount, readHeads, writeHeads } from './fork-heads.js';
import { hexpostHome, readState, readStateBytes, statePath, writeState, writeStateBytes } from './home.js';
import type { Json } from './json.js';
import { keepCopy } from './kept-copy.js';
import { openLog, type LogFile, type SignedBody } from './log-file.js';
import type { SegmentBody } from '../core/protocol/bodies.js';
import { prefixDigest } from './prefix-digest.js';
import type { VerifiedLog } from './verify.js';

/** The index as written since fork memory 2: small, the hashes in the heads file (fork-heads.ts). */
export const FORK_MEMORY_FORMAT = 'hexpost-fork-memory/2';

interface Index {
  format?: string;
  game: string;
  /** since format 2: how many segments were seen (their hashes: heads-<id>.txt) */
  seq?: number;
  /** before format 2: seq → body hash of every segment seen */
  segments?: Record<string, string>;
  /**
   * The prefix digest (prefix-digest.ts) of the log remembered, through its last segment: a log
   * whose first `seq` segments give this digest holds those very entries, so their hashes need not
   * be read (a state folder of an older Hexpost has none: every hash is compared).
   */
  prefix?: { seq: number; digest: string };
}

/** What was seen of a game: the index, and the hashes, read only when needed. */
interface Seen {
  index: Index;
  /** segments seen (the heads file may hold more lines than the index says after a crash: they were seen too) */
  count: number;
  legacy: boolean;
  hashes: () => Promise<readonly string[]>;
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
  const index = (await readState(indexName(gameId), home)) as Index | undefined;
  if (!index) return undefined;
  if (index.segments) {
    const listed = Object.keys(index.segments).map(Number);
    const count = listed.length ? Math.max(...listed) : 0;
    const hashes = Array.from({ length: count }, (_, i) => index.segments![String(i + 1)] ?? '');
    return { index, count, legacy: true, hashes: async () => hashes };
  }
  const listed = await headsCount(gameId, home);
  let heads: Promise<readonly string[]> | undefined;
  const hashes = () => (heads ??= readHeads(gameId, home).then((h) => h ?? []));
  return { index, count: Math.max(index.seq ?? 0, listed), legacy: false, hashes };
}

/** Compares a log (verified or not: only hashes are read) with what was seen of the game. */
export async function compareWithSeen(log: LogFile, gameId: string, home = hexpostHome()): Promise<Comparison> {
  const seen = await readSeen(gameId, home);
  return seen ? compareIndexed(log, seen) : { kind: 'unseen' };
}

/** How many of the log's first segments are, by the prefix digest, exactly those remembered (0: not known). */
function provenSame(log: LogFile, seen: Seen): number {
  const p = seen.index.prefix;
  if (!p || !Number.isSafeInteger(p.seq) || p.seq < 1 || p.seq > log.segments.length || p.seq > seen.count) return 0;
  return prefixDigest(log, p.seq) === p.digest ? p.seq : 0;
}

async function compareIndexed(log: LogFile, seen: Seen): Promise<Comparison> {
  const seenCount = seen.count;
  const segments = log.segments.length ? seqOf(log.segments[log.segments.length - 1]!) : 0;
  // segments proven the same as those remembered are not hashed again (a long log's prefix stays unread)
  const proven = provenSame(log, seen);
  const rest = log.segments.slice(proven);
  // the hashes are read only when a segment not proven was seen
  const hashes = rest.length && proven < seenCount ? await seen.hashes() : [];
  for (const s of rest) {
    const seq = seqOf(s);
    const before = hashes[seq - 1];
    if (before && before !== s.hash) {
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
 * it becomes the kept copy and its hashes are listed. The caller has compared it first
 * (compareWithSeen) and refused a conflict, so it holds every segment seen. The copy is written
 * first (its new segments appended in place: kept-copy.ts), then the hashes, then the index, so
 * the copy always holds at least the segments listed, and the list at least those the index says.
 */
export async function rememberSeen(log: LogFile, gameId: string, home = hexpostHome()): Promise<void> {
  const seen = await readSeen(gameId, home);
  const cmp = seen ? await compareIndexed(log, seen) : { kind: 'unseen' as const };
  if (cmp.kind === 'conflict' || cmp.kind === 'older') return;
  const copyPath = seenCopyPath(gameId, home);
  const kept = await access(copyPath).then(() => true, () => false);
  if (cmp.kind === 'same' && kept && seen?.index.prefix && !seen.legacy && seen.index.seq === seen.count) return;
  await keepCopy(copyPath, log, kept, async (bytes) => writeStateBytes(copyName(gameId), bytes, home));
  // the hashes of the segments already listed stay; only the new ones are written (a legacy index: all of them)
  const listed = seen && !seen.legacy ? await headsCount(gameId, home) : 0;
  const proven = seen ? provenSame(log, seen) : 0;
  const old = seen?.legacy ? await seen.hashes() : [];
  const from = Math.min(listed, log.segments.length);
  const hashes = log.segments.slice(from).map((s, i) => (from + i < proven && old[from + i] ? old[from + i]! : s.hash));
  if (hashes.length || from === 0) await writeHeads(gameId, home, from + 1, hashes);
  const digest = log.segments.length ? prefixDigest(log, log.segments.length) : null;
  const seq = log.segments.length;
  const index: Index = {
    format: FORK_MEMORY_FORMAT, game: gameId, seq, ...(digest ? { prefix: { seq, digest } } : {}),
  };
  await writeState(indexName(gameId), index as unknown as Json, home);
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
  // a log's segments lie at seq - 1 (opened logs are sorted by seq, names unique: when the last is seq n,
  // they are 1 … n); the map is built only for one that is not
  let bySeq: Map<number, SignedBody<SegmentBody>> | undefined;
  const last = first.segments.at(-1);
  const consecutive = !last || seqOf(last) === first.segments.length;
  const atSeq = (seq: number) => {
    const s = first.segments[seq - 1];
    if (consecutive) return s;
    return s && seqOf(s) === seq ? s : (bySeq ??= new Map(first.segments.map((x) => [seqOf(x), x]))).get(seq);
  };
  let pinned: Awaited<ReturnType<typeof pinnedSetup>> | undefined;
  for (const [i, s] of second.segments.entries()) {
    // the very object read once (the same copy, or a turn mail after the copy it continues) is no second version
    if (first.segments[i] === s) continue;
    const other = atSeq(seqOf(s));
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
