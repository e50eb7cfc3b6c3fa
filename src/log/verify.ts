// Verifying a whole log: setup (proposal, acceptances, pinned keys, embedded module), then every
// segment in order — signature by the pinned key of its author, game id, seq, prev hash, epoch
// and dice reveal, hidden reveals and the audit of the periods they end, and the re-execution of
// every command with the protocol's randomness, whose events must equal the logged ones byte for
// byte. The first failure throws a LogError naming the segment.
import type { PrivateKey, PublicKey } from 'openpgp';
import type { ModuleData } from '../core/module/schema.js';
import type { Game } from '../core/engine/game.js';
import type { GameState } from '../core/engine/state.js';
import type { ChainSecrets, SegmentBody } from '../core/protocol/bodies.js';
import type { ChainState } from '../core/protocol/chain-state.js';
import type { HandKnowledge } from '../core/protocol/hand-knowledge.js';
import type { TakebackLedger } from '../core/protocol/takeback.js';
import type { PendingDraw } from '../core/protocol/protocol-randomness.js';
import { RandomProtocolError } from '../core/random/errors.js';
import { LogError, type LogFile } from './log-file.js';
import { verifySegments } from './verify-segment.js';
import { verifySetup } from './verify-setup.js';

export interface Viewer {
  side: string;
  key: PrivateKey;
}

export interface VerifyOptions {
  /** the local player: with his key his own secrets are read, his hand known and his draws checked */
  viewer?: Viewer;
  /** stop after this segment (`show --at`) */
  upTo?: number;
  onProgress?: (done: number, total: number) => void;
  /** called after each segment is verified, with the state after it (a replay or an archive keeps them) */
  onSegment?: (segment: SegmentBody, state: GameState) => void;
}

/** One roll as the audit and the history report it. */
export interface RollRecord {
  seq: number;
  author: string;
  epoch: number;
  counter: number;
  dice: string;
  faces: number[];
  total: number;
  purpose: string;
  void: boolean;
  /**
   * sealed: resolved by a value revealed after its commitment (its roller could not foresee it);
   * immediate: a procedure the module marks immediate (its roller could foresee it); unsealed: an
   * immediate roll no procedure marked (only a test randomness makes those)
   */
  how: 'sealed' | 'immediate' | 'unsealed';
  /** a free roll: no procedure asked for it */
  free?: true;
}

/** The audit of one deck period's secret draws. */
export interface DrawAudit {
  side: string;
  deck: string;
  period: number;
  draws: number;
  status: 'pending' | 'passed' | 'failed';
  /** the segment that revealed the period (passed/failed), or that made the failing draw */
  seq?: number;
  message?: string;
}

export interface VerifiedLog {
  log: LogFile;
  module: ModuleData;
  moduleHash: string;
  game: Game;
  /** null until every player has accepted */
  gameId: string | null;
  safetyCode: string | null;
  status: 'proposed' | 'playing' | 'over';
  /** the public state after the last verified segment */
  state: GameState;
  /** body hash of the last entry (segment, or the last acceptance, or the proposal) */
  head: string;
  segments: number;
  chains: ChainState | null;
  knowledge: HandKnowledge;
  /** next roll counter per side in its current epoch */
  counters: Map<string, number>;
  pending: PendingDraw[];
  audits: DrawAudit[];
  rolls: RollRecord[];
  /** the viewer's chain secrets, when a key was given */
  secrets: ChainSecrets | null;
  /** side → public key */
  keys: Map<string, PublicKey>;
  /** order in which the players committed: the creator, then each acceptance */
  order: string[];
  /** the state after each verified segment (index 0 = the start) */
  stateHashes: string[];
  /** side → seq of his final segment (he plays no further part) */
  finals: Map<string, number>;
  /** take-backs proposed, agreed and declined (docs/log-format.md, "Take-backs") */
  takebacks: TakebackLedger;
}

export async function verifyLog(log: LogFile, options: VerifyOptions = {}): Promise<VerifiedLog> {
  const result = await verifySetup(log, options);
  if (result.status === 'proposed') return result;
  const segs = options.upTo === undefined ? log.segments : log.segments.filter((s) => s.body.seq <= options.upTo!);
  await verifySegments(result, segs, options);
  return result;
}

/**
 * Continues a verification: checks the segments of `log` that follow the `v.segments` already
 * verified in `v` — signatures, seq, prev, epochs, reveals and the re-execution of every command,
 * exactly as verifyLog does — and returns `v` brought up to the end of `log` (modified in place;
 * after a failure it is unusable). `log` must hold the same setup and the same verified prefix as
 * `v.log`: the setup and the last verified segment must hash the same (the hash chain then fixes
 * the prefix, provided the caller knows the prefix entries are those verified — see verify-cache).
 */
export async function continueVerification(v: VerifiedLog, log: LogFile, options: Omit<VerifyOptions, 'upTo'> = {}): Promise<VerifiedLog> {
  const fail = (detail: string): never => { throw new LogError(detail, { file: log.file }); };
  if (log.genesis.hash !== v.log.genesis.hash) fail('continues another game (the proposal differs)');
  if (log.acceptances.map((a) => a.hash).join() !== v.log.acceptances.map((a) => a.hash).join()) fail('continues another game (the acceptances differ)');
  if (log.segments.length < v.segments) fail(`holds ${log.segments.length} segments, fewer than the ${v.segments} already verified`);
  if (v.segments > 0 && log.segments[v.segments - 1]!.hash !== v.head) fail(`segment ${v.segments} is not the one verified (its body hash differs)`);
  if (v.status === 'proposed') {
    if (log.segments.length) return verifyLog(log, options);
    v.log = log;
    return v;
  }
  v.log = log;
  await verifySegments(v, log.segments.slice(v.segments), options);
  return v;
}

export { verifySetup, replayKeysOf, shareReplayKeys } from './verify-setup.js';
export { applySegment } from './verify-segment.js';
export { pendingAudits, rollsOf, setLazyPrefix, startStateHash } from './verify-audit.js';
export { RandomProtocolError };
