// The verified-prefix cache: after a player's tool has verified a log, it keeps in his state folder
// (HEXPOST_HOME/cache) what it needs to resume there — the head hash and seq, the state, the chain
// state, roll counters, pending draws, audits, the viewer's knowledge of hidden cards, finals — so
// that the next verification (the same log plus the opponent's new segment) replays only the new
// segments. Every new segment is still checked in full: signature, seq, prev, epoch and reveals,
// re-execution of every command, state hash.
//
// When the cache may be used (anything else: a full verification, and the cache is rewritten):
// - the file's MAC is right: HMAC-SHA256 of its contents under a random key kept in the same
//   folder (cache/key, created 0600 on first use);
// - it was written by this cache format for this game id, this viewer side and this viewer key;
// - the log's setup and its first `seq` segments — bodies AND signatures — are byte-for-byte the
//   ones verified (a digest over their hashes); in particular the entry at the cached seq has the
//   cached body hash, and the hash chain then fixes every body before it;
// - the cached state hashes to the `state` that segment claims (signed by its author).
// Threat model (docs/performance.md): the state folder is the player's own. Whoever can write it
// can also replace the program, so the cache does not try to resist him; it must only never let a
// stale, damaged, or foreign file change a verdict. A corrupted or truncated file fails its MAC; a
// file copied from another folder or machine (or sent by the opponent) fails its MAC, since the key
// never leaves this folder; a cache of another log, game, side, key or format does not match; a
// rewritten prefix does not match the digest, so the log is verified in full and fork memory
// reports the rewrite. Even with the MAC key known, a forged cached state cannot pass: it must
// hash to the state its segment claims. The other cached figures (counters, chains, pending draws,
// audits, knowledge) rest on the MAC.
import { join } from 'node:path';
import type { GameState } from '../core/engine/state.js';
import { stateHash } from '../core/engine/state-hash.js';
import { ChainState, type ChainStateSnapshot } from '../core/protocol/chain-state.js';
import { gameIdOf } from '../core/protocol/game-id.js';
import { HandKnowledge, type KnownCard } from '../core/protocol/hand-knowledge.js';
import { emptyLedger, type TakebackLedger } from '../core/protocol/takeback.js';
import type { PendingDraw } from '../core/protocol/protocol-randomness.js';
import { hexpostHome } from './home.js';
import { fingerprintOf } from './keys.js';
import { readPending, type LogFile } from './log-file.js';
import { cacheDir, readMacFile, writeMacFile } from './mac-file.js';
import { prefixDigest } from './prefix-digest.js';
import { continueVerification, setLazyPrefix, startStateHash, verifyLog, verifySetup, type DrawAudit, type VerifiedLog, type VerifyOptions } from './verify.js';

/** Bump whenever verification rules or the cached shape change: older caches are then ignored. */
export const CACHE_FORMAT = 'hexpost-verify-cache/2';

export interface CacheOptions {
  /** the state folder (default: HEXPOST_HOME, else ~/.hexpost) */
  home?: string;
  /** false: neither read nor write the cache (the result is the same, only slower) */
  cache?: boolean;
}

export interface CachedVerification {
  verified: VerifiedLog;
  /** the seq the verification resumed after (null: verified from the start) */
  resumedFrom: number | null;
  /** why the cache was not used, when there was one */
  ignored?: string;
}


interface CacheBody {
  format: string;
  game: string;
  viewer: string | null;
  fingerprint: string | null;
  seq: number;
  head: string;
  /** digest of the setup and the first `seq` segments, bodies and signatures, as stored (prefix-digest.ts); '' never matches */
  prefix: string;
  /** the state hash before the first segment */
  start: string;
  state: GameState;
  status: VerifiedLog['status'];
  chains: ChainStateSnapshot;
  counters: [string, number][];
  finals: [string, number][];
  pending: PendingDraw[];
  audits: DrawAudit[];
  knowledge: KnownCard[];
  /** absent in caches written before take-backs existed: none then */
  takebacks?: TakebackLedger;
}

const cacheFile = (home: string, gameId: string, viewer: string | null) => join(cacheDir(home), `verify-${gameId}-${viewer ?? 'anyone'}.cache`);

/**
 * verifyLog with the verified-prefix cache: the same VerifiedLog as verifyLog gives (and the same
 * error for an invalid log), resumed from the cache when it may be.
 */
export async function verifyLogCached(log: LogFile, options: VerifyOptions & CacheOptions = {}): Promise<CachedVerification> {
  const { home: homeOption, cache, ...verifyOptions } = options;
  // A verification up to a segment, or one that hands every state to a replay, is done in full.
  if (cache === false || verifyOptions.upTo !== undefined || verifyOptions.onSegment || log.acceptances.length + 1 !== log.genesis.body.players?.length) {
    const verified = await verifyLog(log, verifyOptions);
    readPending(log);
    return { verified, resumedFrom: null };
  }
  const home = homeOption ?? hexpostHome();
  const gameId = gameIdOf(log.genesis.hash, Object.fromEntries(log.acceptances.map((a) => [a.body.side, a.hash])));
  const viewer = verifyOptions.viewer ?? null;
  const path = cacheFile(home, gameId, viewer?.side ?? null);

  let resumed: VerifiedLog | null = null;
  let ignored: string | undefined;
  const body = await readCache(home, path).catch((e: Error) => { ignored = e.message; return null; });
  if (body) {
    const why = mismatch(body, log, gameId, viewer ? { side: viewer.side, fingerprint: fingerprintOf(viewer.key) } : null);
    if (why) ignored = why;
    else resumed = await restore(body, log, verifyOptions);
    if (!resumed && !ignored) ignored = 'the cached state does not hash to the state its segment claims';
  }
  let verified: VerifiedLog;
  let resumedFrom: number | null = null;
  if (resumed) {
    resumedFrom = resumed.segments;
    verified = await continueVerification(resumed, log, { onProgress: verifyOptions.onProgress });
  } else {
    verified = await verifyLog(log, verifyOptions);
    // what the verification did not read (nothing, or the segments after upTo) is read now: no entry
    // of a lazily opened log stays unchecked unless the prefix digest proved it
    readPending(log);
  }
  if (verified.gameId && verified.segments > 0 && verified.segments !== (body && !ignored ? body.seq : -1)) {
    // A cache that cannot be written (read-only folder…) costs only speed next time.
    await writeCache(home, path, snapshot(verified, viewer ? { side: viewer.side, fingerprint: fingerprintOf(viewer.key) } : null)).catch(() => undefined);
  }
  return { verified, resumedFrom, ...(ignored ? { ignored } : {}) };
}

/** Why a cache does not fit this log (null: it fits as far as hashes go). */
function mismatch(c: CacheBody, log: LogFile, gameId: string, viewer: { side: string; fingerprint: string } | null): string | null {
  if (c.format !== CACHE_FORMAT) return `written by another cache format (${String(c.format)})`;
  if (c.game !== gameId) return 'for another game';
  if (c.viewer !== (viewer?.side ?? null) || c.fingerprint !== (viewer?.fingerprint ?? null)) return 'for another viewer or key';
  if (!Number.isSafeInteger(c.seq) || c.seq < 1 || c.seq > log.segments.length) return `the log has no segment ${c.seq}`;
  // the stored entries first: a prefix not proven by them is never inflated here (a full verification reads it)
  const digest = prefixDigest(log, c.seq);
  if (digest === null) return 'the zip\'s entries are not in log order (the log is verified in full, and written back in order)';
  if (digest !== c.prefix) return `the setup or the first ${c.seq} segments differ from the ones verified (as stored)`;
  if (log.segments[c.seq - 1]!.hash !== c.head) return `segment ${c.seq} is not the one verified`;
  return null;
}

/** The VerifiedLog after the cached seq, or null when the cached state is not the signed one. */
async function restore(c: CacheBody, log: LogFile, options: VerifyOptions): Promise<VerifiedLog | null> {
  const last = log.segments[c.seq - 1]!;
  if (stateHash(c.state) !== last.body.state) return null;
  // The setup bytes are those verified when the cache was written (prefix digest, under the MAC).
  const v = await verifySetup(log, { viewer: options.viewer, setupVerifiedBefore: true });
  if (v.gameId !== c.game) return null;
  const chains = ChainState.fromSnapshot(v.order, c.chains, log.genesis.body.chainLength);
  const knowledge = new HandKnowledge();
  for (const k of c.knowledge) knowledge.add(k);
  const prefix = log.segments.slice(0, c.seq);
  v.state = c.state;
  v.head = c.head;
  v.segments = c.seq;
  v.status = c.status;
  v.chains = chains;
  v.knowledge = knowledge;
  v.counters = new Map(c.counters);
  v.finals = new Map(c.finals);
  v.pending = c.pending;
  v.audits = c.audits;
  v.takebacks = c.takebacks ?? emptyLedger();
  // What the prefix bodies say, and verification checked, need not be cached: every roll (the
  // logged events equal the replayed ones) and every state hash (each equals its claim).
  setLazyPrefix(v, prefix, c.start);
  return v;
}

function snapshot(v: VerifiedLog, viewer: { side: string; fingerprint: string } | null): CacheBody {
  const knowledge: KnownCard[] = [];
  for (const side of v.order) knowledge.push(...v.knowledge.ofSide(side));
  return {
    format: CACHE_FORMAT, game: v.gameId!, viewer: viewer?.side ?? null, fingerprint: viewer?.fingerprint ?? null,
    seq: v.segments, head: v.head, prefix: prefixDigest(v.log, v.segments) ?? '', start: startStateHash(v),
    state: v.state, status: v.status,
    chains: v.chains!.snapshot(),
    counters: [...v.counters], finals: [...v.finals], pending: v.pending, audits: v.audits, knowledge,
    takebacks: v.takebacks,
  };
}

// --- The file: "<format> <hmac hex>\n<json>", the MAC over the JSON bytes (mac-file.ts).

async function readCache(home: string, path: string): Promise<CacheBody | null> {
  return (await readMacFile(home, path, CACHE_FORMAT)) as CacheBody | null;
}

async function writeCache(home: string, path: string, body: CacheBody): Promise<void> {
  await writeMacFile(home, path, CACHE_FORMAT, body);
}
