// The setup of a log: proposal, pinned keys, embedded module, acceptances and the viewer's own
// secrets, checked before any segment.
import type { PublicKey } from 'openpgp';
import { canonicalize } from '../core/canonical.js';
import { moduleHash, validateModuleData } from '../core/module/assemble.js';
import { formatIssue } from '../core/module/issue.js';
import { prepareGame, type Game } from '../core/engine/game.js';
import { initialState } from '../core/engine/initial-state.js';
import { stateHash } from '../core/engine/state-hash.js';
import type { AcceptanceBody, ChainSecrets, GenesisBody } from '../core/protocol/bodies.js';
import { AcceptanceSchema, GenesisSchema } from '../core/protocol/body-schema.js';
import { ChainState } from '../core/protocol/chain-state.js';
import { emptyLedger } from '../core/protocol/takeback.js';
import { gameIdOf, safetyCode } from '../core/protocol/game-id.js';
import { HandKnowledge } from '../core/protocol/hand-knowledge.js';
import { buildChain, DICE_CHAIN_TAG, HIDDEN_CHAIN_TAG, type HashChain } from '../core/random/chain.js';
import { fingerprintOf, loadPublicKey } from './keys.js';
import { LogError, type LogFile, type SignedBody } from './log-file.js';
import { readSecrets } from './setup.js';
import { verifyDetached } from './signature.js';
import type { VerifiedLog, VerifyOptions } from './verify.js';
import type { ZodType } from 'zod';

/** A body checked against its schema before any field is trusted. */
export function shape<T>(schema: ZodType, s: SignedBody<unknown>, file: string, seq: number): T {
  const r = schema.safeParse(s.body);
  if (!r.success) {
    const i = r.error.issues[0]!;
    throw new LogError(`${i.path.join('.') || '(body)'}: ${i.message}`, { file, place: s.name, seq });
  }
  return s.body as T;
}

/** What the replay of segments needs besides the VerifiedLog: the viewer's own hidden chain. */
export interface ReplayKeys { ownHidden: HashChain | null; viewerSide: string | undefined }
const replayKeys = new WeakMap<VerifiedLog, ReplayKeys>();

/**
 * The setup of a log checked — proposal, pinned keys, embedded module, acceptances, the viewer's
 * own secrets — as a VerifiedLog with no segment verified yet (`segments` 0, the start state).
 */
export async function verifySetup(log: LogFile, options: Pick<VerifyOptions, 'viewer'> & {
  /**
   * These exact setup bytes (bodies and signatures) were verified before by this tool, for this
   * viewer key (verify-cache knows it from its MAC'd record): their signatures and the viewer's
   * dice-chain anchor (thousands of hashes) are not checked again. Every other check still runs.
   */
  setupVerifiedBefore?: boolean;
} = {}): Promise<VerifiedLog> {
  const again = !options.setupVerifiedBefore;
  const file = log.file;
  const fail = (seq: number, place: string, detail: string): never => { throw new LogError(detail, { file, place, seq }); };

  // --- Setup: the proposal.
  const g = shape<GenesisBody>(GenesisSchema, log.genesis, file, 0);
  const players = g.players.map((p) => p.side);
  if (!players.includes(g.creator)) fail(0, 'genesis.json', `creator "${g.creator}" is not a player`);
  // The keys and the creator's signature (cheap) before the module (costly): a forged or unsigned
  // proposal is refused before a single hex of its module is built.
  const keys = new Map<string, PublicKey>();
  for (const p of g.players) {
    const key = await loadPublicKey(p.publicKey, { file }).catch((e: Error) => fail(0, 'genesis.json', `players.${p.side}.publicKey: ${e.message}`));
    if (fingerprintOf(key) !== p.fingerprint) fail(0, 'genesis.json', `the public key given for ${p.side} is ${fingerprintOf(key)}, not the pinned fingerprint ${p.fingerprint}`);
    keys.set(p.side, key);
  }
  if (new Set(g.players.map((p) => p.fingerprint)).size !== g.players.length) fail(0, 'genesis.json', 'two sides have the same key');
  if (again) await verifyDetached(log.genesis.bytes, log.genesis.signature, keys.get(g.creator)!, { file, place: 'genesis.json.sig' })
    .catch((e: Error) => fail(0, 'genesis.json.sig', `not signed by the creator ${g.creator} (${(e as { detail?: string }).detail ?? e.message})`));
  const assembled = validateModuleData(g.module.data);
  if (!assembled.data) fail(0, 'genesis.json', `the embedded module is invalid: ${assembled.issues.slice(0, 3).map(formatIssue).join('; ')}`);
  const module = assembled.data!;
  const mHash = moduleHash(assembled.raw);
  if (mHash !== g.module.hash) fail(0, 'genesis.json', `the embedded module hashes to ${mHash}, but the genesis claims ${g.module.hash}`);
  if (module.id !== g.module.id || module.version !== g.module.version) fail(0, 'genesis.json', `the embedded module is ${module.id} ${module.version}, not ${g.module.id} ${g.module.version}`);
  const sides = module.sides.map((s) => s.id).sort();
  if (canonicalize(players) !== canonicalize(sides)) fail(0, 'genesis.json', `players are ${players.join(', ')}; the module's sides are ${sides.join(', ')} (one player each, sorted)`);
  let game: Game;
  try { game = prepareGame(module, g.scenario); } catch (e) { return fail(0, 'genesis.json', (e as Error).message); }

  // --- Setup: the acceptances.
  const commitments: Record<string, GenesisBody['commitments']> = { [g.creator]: g.commitments };
  const order = [g.creator];
  const acceptanceHashes: Record<string, string> = {};
  const sealed: Record<string, string> = { [g.creator]: g.secrets };
  for (const a of log.acceptances) {
    const body = shape<AcceptanceBody>(AcceptanceSchema, a, file, 0);
    const pinned = g.players.find((p) => p.side === body.side);
    if (!pinned || body.side === g.creator) fail(0, a.name, `"${body.side}" is not a side that accepts this game`);
    if (body.genesis !== log.genesis.hash) fail(0, a.name, `accepts proposal ${body.genesis}, not this one (${log.genesis.hash})`);
    if (body.fingerprint !== pinned!.fingerprint) fail(0, a.name, `fingerprint ${body.fingerprint} differs from the pinned ${pinned!.fingerprint}`);
    if (again) await verifyDetached(a.bytes, a.signature, keys.get(body.side)!, { file, place: `${a.name}.sig` })
      .catch((e: Error) => fail(0, `${a.name}.sig`, `not signed by ${body.side}'s pinned key (${(e as { detail?: string }).detail ?? e.message})`));
    commitments[body.side] = body.commitments;
    acceptanceHashes[body.side] = a.hash;
    sealed[body.side] = body.secrets;
    order.push(body.side);
  }
  const allIn = order.length === players.length;
  const gameId = allIn ? gameIdOf(log.genesis.hash, acceptanceHashes) : null;
  const code = gameId ? safetyCode(gameId, g.players.map((p) => p.fingerprint)) : null;

  // The viewer's own secrets, to know his hand and draw his own cards.
  let secrets: ChainSecrets | null = null;
  let ownHidden: HashChain | null = null;
  const viewer = options.viewer;
  if (viewer) {
    const pinned = g.players.find((p) => p.side === viewer.side);
    if (!pinned) throw new LogError(`the game has no side "${viewer.side}"`, { file });
    if (pinned.fingerprint !== fingerprintOf(viewer.key)) {
      throw new LogError(`this key (${fingerprintOf(viewer.key)}) is not ${viewer.side}'s pinned key ${pinned.fingerprint}`, { file });
    }
    if (sealed[viewer.side]) {
      secrets = await readSecrets(sealed[viewer.side]!, viewer.key, { file, place: viewer.side === g.creator ? 'genesis.json' : `accept-${viewer.side}.json` });
      const hidden = buildChain(secrets.hidden, g.chainLength.hidden, HIDDEN_CHAIN_TAG);
      const diceAnchor = again ? buildChain(secrets.dice, g.chainLength.dice, DICE_CHAIN_TAG).anchor : commitments[viewer.side]!.dice;
      const chains = { dice: { anchor: diceAnchor }, hidden };
      if (chains.dice.anchor !== commitments[viewer.side]!.dice || chains.hidden.anchor !== commitments[viewer.side]!.hidden) {
        throw new LogError(`${viewer.side}'s secrets do not match the commitments in the log`, { file });
      }
      ownHidden = chains.hidden;
    }
  }

  const state = initialState(game);
  const result: VerifiedLog = {
    log, module, moduleHash: mHash, game, gameId, safetyCode: code,
    status: allIn ? 'playing' : 'proposed', state,
    // the first segment links to the game id, which covers the proposal and every acceptance
    head: gameId ?? (log.acceptances.length ? log.acceptances[log.acceptances.length - 1]!.hash : log.genesis.hash),
    segments: 0, chains: null, knowledge: new HandKnowledge(), counters: new Map(), pending: [], audits: [], rolls: [],
    secrets, keys, order, stateHashes: [stateHash(state)], finals: new Map(), takebacks: emptyLedger(),
  };
  replayKeys.set(result, { ownHidden, viewerSide: viewer?.side });
  if (!allIn) {
    if (log.segments.length) fail(log.segments[0]!.body.seq, log.segments[0]!.name, `segments before every player accepted (waiting for ${players.filter((p) => !order.includes(p)).join(', ')})`);
    return result;
  }
  result.chains = new ChainState(order, commitments, g.chainLength);
  return result;
}

/** The viewer's hidden chain and side a VerifiedLog was made with (for a later continuation). */
export function replayKeysOf(v: VerifiedLog): ReplayKeys {
  const k = replayKeys.get(v);
  if (!k) throw new Error('this VerifiedLog was not made by verifySetup');
  return k;
}

/** Copies the replay keys of one VerifiedLog onto another (a verification resumed from a cache). */
export function shareReplayKeys(from: VerifiedLog, to: VerifiedLog): void {
  replayKeys.set(to, replayKeysOf(from));
}

