// Verifying a whole log: setup (proposal, acceptances, pinned keys, embedded module), then every
// segment in order — signature by the pinned key of its author, game id, seq, prev hash, epoch
// and dice reveal, hidden reveals and the audit of the periods they end, and the re-execution of
// every command with the protocol's randomness, whose events must equal the logged ones byte for
// byte. The first failure throws a LogError naming the segment.
import type { PrivateKey, PublicKey } from 'openpgp';
import { canonicalize, sameCanonical } from '../core/canonical.js';
import { validateModuleData } from '../core/module/assemble.js';
import { moduleHash } from '../core/module/assemble.js';
import { formatIssue } from '../core/module/issue.js';
import type { ModuleData } from '../core/module/schema.js';
import type { GameEvent, RolledEvent, ResolvedEvent } from '../core/engine/events.js';
import { prepareGame, type Game } from '../core/engine/game.js';
import { initialState } from '../core/engine/initial-state.js';
import type { GameState } from '../core/engine/state.js';
import { StateHasher, stateHash } from '../core/engine/state-hash.js';
import { copyState } from '../core/engine/state.js';
import { Turn, type TurnEntry } from '../core/engine/turn.js';
import type { AcceptanceBody, ChainSecrets, GenesisBody, SegmentBody } from '../core/protocol/bodies.js';
import { AcceptanceSchema, GenesisSchema, SegmentSchema } from '../core/protocol/body-schema.js';
import { ChainState } from '../core/protocol/chain-state.js';
import { gameIdOf, safetyCode } from '../core/protocol/game-id.js';
import { HandKnowledge } from '../core/protocol/hand-knowledge.js';
import { ProtocolRandomness, type PendingDraw } from '../core/protocol/protocol-randomness.js';
import { buildChain, DICE_CHAIN_TAG, HIDDEN_CHAIN_TAG, type HashChain } from '../core/random/chain.js';
import { RandomProtocolError } from '../core/random/errors.js';
import { drawKey, drawWithKey } from '../core/random/hidden-draw.js';
import { epochKey } from '../core/random/stream.js';
import { fingerprintOf, loadPublicKey } from './keys.js';
import { LogError, type LogFile, type SignedBody } from './log-file.js';
import { readSecrets } from './setup.js';
import { verifyDetached } from './signature.js';
import type { ZodType } from 'zod';

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
}

function shape<T>(schema: ZodType, s: SignedBody<unknown>, file: string, seq: number): T {
  const r = schema.safeParse(s.body);
  if (!r.success) {
    const i = r.error.issues[0]!;
    throw new LogError(`${i.path.join('.') || '(body)'}: ${i.message}`, { file, place: s.name, seq });
  }
  return s.body as T;
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

/** What the replay of segments needs besides the VerifiedLog: the viewer's own hidden chain. */
interface ReplayKeys { ownHidden: HashChain | null; viewerSide: string | undefined }
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
  const assembled = validateModuleData(g.module.data);
  if (!assembled.data) fail(0, 'genesis.json', `the embedded module is invalid: ${assembled.issues.slice(0, 3).map(formatIssue).join('; ')}`);
  const module = assembled.data!;
  const mHash = moduleHash(assembled.raw);
  if (mHash !== g.module.hash) fail(0, 'genesis.json', `the embedded module hashes to ${mHash}, but the genesis claims ${g.module.hash}`);
  if (module.id !== g.module.id || module.version !== g.module.version) fail(0, 'genesis.json', `the embedded module is ${module.id} ${module.version}, not ${g.module.id} ${g.module.version}`);
  const sides = module.sides.map((s) => s.id).sort();
  const players = g.players.map((p) => p.side);
  if (canonicalize(players) !== canonicalize(sides)) fail(0, 'genesis.json', `players are ${players.join(', ')}; the module's sides are ${sides.join(', ')} (one player each, sorted)`);
  if (!players.includes(g.creator)) fail(0, 'genesis.json', `creator "${g.creator}" is not a player`);
  let game: Game;
  try { game = prepareGame(module, g.scenario); } catch (e) { return fail(0, 'genesis.json', (e as Error).message); }
  const keys = new Map<string, PublicKey>();
  for (const p of g.players) {
    const key = await loadPublicKey(p.publicKey, { file }).catch((e: Error) => fail(0, 'genesis.json', `players.${p.side}.publicKey: ${e.message}`));
    if (fingerprintOf(key) !== p.fingerprint) fail(0, 'genesis.json', `the public key given for ${p.side} is ${fingerprintOf(key)}, not the pinned fingerprint ${p.fingerprint}`);
    keys.set(p.side, key);
  }
  if (new Set(g.players.map((p) => p.fingerprint)).size !== g.players.length) fail(0, 'genesis.json', 'two sides have the same key');
  if (again) await verifyDetached(log.genesis.bytes, log.genesis.signature, keys.get(g.creator)!, { file, place: 'genesis.json.sig' })
    .catch((e: Error) => fail(0, 'genesis.json.sig', `not signed by the creator ${g.creator} (${(e as { detail?: string }).detail ?? e.message})`));

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
    secrets, keys, order, stateHashes: [stateHash(state)], finals: new Map(),
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

/** Verifies `segs`, the segments that follow the `v.segments` already verified, onto `v`. */
async function verifySegments(result: VerifiedLog, segs: SignedBody<SegmentBody>[], options: Omit<VerifyOptions, 'upTo' | 'viewer'>): Promise<void> {
  const file = result.log.file;
  const fail = (seq: number, place: string, detail: string): never => { throw new LogError(detail, { file, place, seq }); };
  const { ownHidden, viewerSide } = replayKeysOf(result);
  const { gameId, keys } = result;
  const first = result.segments;

  // --- Segments: signatures first (they are independent), then the replay in order.
  const bodies = segs.map((s, i) => shape<SegmentBody>(SegmentSchema, s, file, first + i + 1));
  bodies.forEach((b, i) => {
    if (b.seq !== first + i + 1) fail(first + i + 1, segs[i]!.name, `seq ${b.seq} where ${first + i + 1} was expected (a segment is missing, duplicated or out of order)`);
    if (b.game !== gameId) fail(b.seq, segs[i]!.name, `belongs to game ${b.game}, not this game ${gameId} (a segment replayed from another game?)`);
    if (!keys.has(b.author)) fail(b.seq, segs[i]!.name, `author "${b.author}" is not a player`);
  });
  let checked = 0;
  await Promise.all(segs.map((s, i) => verifyDetached(s.bytes, s.signature, keys.get(bodies[i]!.author)!, { file, place: `${s.name}.sig` })
    .then(() => options.onProgress?.(++checked, segs.length))
    .catch((e: Error) => fail(bodies[i]!.seq, `${s.name}.sig`, `segment ${bodies[i]!.seq}: not signed by ${bodies[i]!.author}'s pinned key (${(e as { detail?: string }).detail ?? e.message})`))));

  // The replay works on one state, in place (applySegment), so the state is copied once here:
  // the caller's VerifiedLog.state is never modified, even by a failed verification.
  let state = first === 0 ? result.state : copyState(result.state);
  let prev = result.head;
  const hasher = new StateHasher();
  for (let i = 0; i < segs.length; i++) {
    const s = segs[i]!;
    const b = bodies[i]!;
    const at = (detail: string): never => fail(b.seq, s.name, `segment ${b.seq} by ${b.author}: ${detail}`);
    if (b.prev !== prev) at(`prev is ${b.prev}, but the previous body hashes to ${prev} (segments reordered, dropped or rewritten)`);
    if (result.finals.has(b.author)) at(`${b.author} already sent his final segment (seq ${result.finals.get(b.author)}) and plays no further part`);
    if (b.final) result.finals.set(b.author, b.seq);
    state = applySegment(result, b, state, at, ownHidden, viewerSide, { hasher });
    addTo(result, 'stateHashes', [b.state]);
    // (a copy: the caller may keep it, and the replay goes on changing this one)
    if (options.onSegment) options.onSegment(b, copyState(state));
    prev = s.hash;
    result.head = s.hash;
    result.segments = b.seq;
  }
  result.state = state;
  // Over when the rules say so, or when every player has sent his final reveal.
  if (state.over || result.finals.size === result.order.length) result.status = 'over';
}

/**
 * Replays one segment onto the state, checking everything the protocol demands. The state is
 * changed in place and returned (another object after an `undo`): the caller owns it.
 */
export function applySegment(
  v: VerifiedLog, b: SegmentBody, state: GameState, at: (detail: string) => never, ownHidden: HashChain | null, viewerSide: string | undefined,
  /** a hasher kept across the segments of one replay */
  speed: { hasher?: StateHasher } = {},
): GameState {
  const chains = v.chains!;
  const starts = chains.startsEpoch(b.author);
  const epoch = chains.epochFor(b.author);
  if (b.epoch !== epoch) at(`epoch ${b.epoch}, expected ${epoch}`);
  if (starts) {
    if (!b.reveal) at(`opens epoch ${epoch} but reveals no dice-chain value`);
    try { chains.openEpoch(b.author, b.reveal!); } catch (e) { at(`dice reveal for epoch ${epoch}: ${(e as Error).message}`); }
    v.counters.set(b.author, 0);
  } else if (b.reveal) {
    at(`reveals a dice-chain value in the middle of epoch ${epoch} (only an epoch's first segment reveals one)`);
  }
  chains.noteSegment(b.author);

  const waiting = chains.pendingEarlierReveals(b.author);
  const key = waiting.length
    ? { refused: `${b.author} cannot roll yet: ${waiting.join(', ')} must reveal a first dice value (send a segment) first` }
    : epochKey({ gameId: v.gameId!, epoch, ownValue: chains.latestDice(b.author), othersValues: chains.othersDice(b.author) });
  const randomness = new ProtocolRandomness({
    gameId: v.gameId!, author: b.author, seq: b.seq, epochKey: key,
    nextCounter: v.counters.get(b.author) ?? 0,
    opponentValues: chains.othersDice(b.author),
    hidden: viewerSide === b.author ? ownHidden : null,
    knowledge: v.knowledge,
  });

  // Re-execute every command; the logged entries must be exactly what the rules produce. The
  // turn works in place (no copy of the state per command).
  // The log marks which entries its undos void: when they are as many as the undos, the turn keeps
  // a copy only before each of them; otherwise (a log that lies) it keeps a copy of the start.
  const voided = new Set<number>();
  b.entries.forEach((e, n) => { if (e.void) voided.add(n); });
  const undos = b.entries.filter((e) => e.command.trim() === 'undo').length;
  const undoable = undos !== voided.size || b.entries.some((e) => e.command.includes('undo') && e.command.trim() !== 'undo');
  const turn = new Turn(v.game, state, { side: b.author }, randomness, { inPlace: true, undoable, voided });
  let drawsSeen = 0;
  b.entries.forEach((entry, n) => {
    randomness.expect(entry.events);
    const r = turn.apply(entry.command, n + 1);
    if (!r.ok) at(`command ${n + 1} "${entry.command}" is refused by the rules: ${r.error.reason}`);
    if (turn.entries.length !== n + 1) at(`command ${n + 1} "${entry.command}" is not a single command`);
    // A pending draw remembers the pool it picked from, an array of the state: with the state
    // changed in place, later events (cards added to the pool) must not change it.
    for (; drawsSeen < randomness.pending.length; drawsSeen++) {
      const d = randomness.pending[drawsSeen]!;
      d.pool = d.pool.slice();
    }
  });
  const replayed = turn.entries;
  // the fast path: equal values have equal canonical text; compareEntries names the difference
  if (!sameCanonical(b.entries, replayed)) compareEntries(b.entries, replayed, at);
  v.counters.set(b.author, randomness.nextCounter);
  v.pending.push(...randomness.pending);
  addTo(v, 'rolls', rollsOf(b, replayed));

  const after = turn.workingState;
  const hash = speed.hasher ? speed.hasher.hash(after, replayed.flatMap((e) => e.events)) : stateHash(after);
  if (hash !== b.state) at(`the state after it hashes to ${hash}, but the segment claims ${b.state}`);

  // Hidden reveals: check each value against the chain, then audit the period's draws.
  for (const r of b.hiddenReveals ?? []) {
    try { chains.revealHidden(b.author, r.period, r.value); } catch (e) { at(`hidden reveal #${r.period}: ${(e as Error).message}`); }
    auditPeriod(v, b.author, r.period, r.value, b.seq, at);
  }
  return after;
}

/** The logged entries must equal the re-executed ones; the first difference is named precisely. */
function compareEntries(logged: SegmentBody['entries'], replayed: readonly TurnEntry[], at: (detail: string) => never): void {
  if (logged.length !== replayed.length) at(`${logged.length} entries logged, but its commands give ${replayed.length}`);
  logged.forEach((entry, n) => {
    const mine = replayed[n]!;
    if (canonicalize(entry) === canonicalize(mine)) return;
    if (!!entry.void !== !!mine.void) at(`command ${n + 1} "${entry.command}" is marked ${entry.void ? 'void' : 'not void'}, but the undo commands say otherwise`);
    const events = entry.events as GameEvent[];
    if (events.length !== mine.events.length) at(`command ${n + 1} "${entry.command}" logs ${events.length} events; the rules give ${mine.events.length}`);
    events.forEach((e, k) => {
      const m = mine.events[k]!;
      if (canonicalize(e) === canonicalize(m)) return;
      if ((e.type === 'rolled' || e.type === 'resolved') && e.type === m.type) {
        const le = e as RolledEvent | ResolvedEvent;
        const me = m as RolledEvent | ResolvedEvent;
        if (le.counter !== me.counter) {
          const how = le.counter > me.counter ? 'skips a counter' : 'reuses a counter';
          at(`command ${n + 1} "${entry.command}": roll counter ${le.counter}, but the next counter is ${me.counter} (the roll ${how})`);
        }
        if (canonicalize(le.faces) !== canonicalize(me.faces)) {
          at(`command ${n + 1} "${entry.command}": roll #${le.counter} reports ${le.dice} = ${le.faces.join(',')}, but the dice stream gives ${me.faces.join(',')}`);
        }
      }
      at(`command ${n + 1} "${entry.command}": logged event ${k + 1} ${canonicalize(e).slice(0, 200)} differs from what the rules give: ${canonicalize(m).slice(0, 200)}`);
    });
    at(`command ${n + 1} "${entry.command}" differs from what the rules give`);
  });
}

/**
 * Rolls and state hashes of segments verified earlier (a verified-prefix cache) are listed only
 * when someone asks: walking 100,000 events, or even parsing the 2,000 bodies, costs more than
 * resuming the verification itself. What later verification adds waits in `extra` till then.
 */
const LAZY = Symbol('lazy prefix');
interface LazyList<T> { list: T[] | null; extra: T[] }
type Lazy = { rolls: LazyList<RollRecord>; stateHashes: LazyList<string>; start: string };

export function setLazyPrefix(v: VerifiedLog, prefix: readonly SignedBody<SegmentBody>[], start: string): void {
  const lazy: Lazy = { rolls: { list: null, extra: [] }, stateHashes: { list: null, extra: [] }, start };
  const define = <K extends 'rolls' | 'stateHashes'>(key: K, compute: () => Lazy[K]['extra']) => {
    const l = lazy[key] as LazyList<unknown>;
    Object.defineProperty(v, key, {
      configurable: true, enumerable: true,
      get() { l.list ??= [...(compute() as unknown[]), ...l.extra]; return l.list; },
      set(value: unknown[]) { l.list = value; },
    });
  };
  define('rolls', () => prefix.flatMap((s) => rollsOf(s.body)));
  define('stateHashes', () => [start, ...prefix.map((s) => s.body.state)]);
  (v as unknown as Record<symbol, Lazy>)[LAZY] = lazy;
}

/** The hash of the start state (v.stateHashes[0]) without listing a lazy prefix. */
export function startStateHash(v: VerifiedLog): string {
  return (v as unknown as Record<symbol, Lazy | undefined>)[LAZY]?.start ?? v.stateHashes[0]!;
}

/** Appends to v.rolls or v.stateHashes without listing a lazy prefix. */
function addTo<K extends 'rolls' | 'stateHashes'>(v: VerifiedLog, key: K, items: Lazy[K]['extra']): void {
  const l = (v as unknown as Record<symbol, Lazy | undefined>)[LAZY]?.[key] as LazyList<unknown> | undefined;
  if (l && !l.list) l.extra.push(...items);
  else (v[key] as unknown[]).push(...items);
}

/** The rolls of a segment's entries, as the audit and the history report them. */
export function rollsOf(b: SegmentBody, entries: readonly { events: readonly GameEvent[] }[] = b.entries as { events: GameEvent[] }[]): RollRecord[] {
  const out: RollRecord[] = [];
  for (const entry of entries) {
    for (const e of entry.events) {
      if (e.type === 'rolled' || e.type === 'resolved') {
        out.push({
          seq: b.seq, author: b.author, epoch: b.epoch, counter: e.counter, dice: e.dice, faces: e.faces, total: e.total,
          purpose: e.type === 'rolled' ? e.purpose ?? '' : `resolve ${e.procedure}`, void: !!e.void,
        });
      }
    }
  }
  return out;
}

/**
 * Hidden reveal #period of `side` ends deck period (period − 1) of each of his secret decks:
 * recompute every draw logged in it and compare with the commitments. An invented draw fails the
 * log, naming the segment that made it.
 */
function auditPeriod(v: VerifiedLog, side: string, reveal: number, value: string, seq: number, at: (detail: string) => never): void {
  const period = reveal - 1;
  const mine = v.pending.filter((d) => d.side === side && d.period === period);
  const decks = [...new Set(mine.map((d) => d.deck))];
  for (const deck of decks) {
    const cards = new Map<number, string>();
    let count = 0;
    for (const d of mine.filter((x) => x.deck === deck)) {
      const taken = new Set([...cards].filter(([i]) => i < d.index).map(([, c]) => c));
      const undrawn = d.pool.filter((c) => !taken.has(c));
      const key = drawKey({ gameId: v.gameId!, deckId: deck, hiddenValue: value, opponentValues: d.opponentValues });
      let expected;
      try { expected = drawWithKey(key, d.index, undrawn); } catch (e) { expected = null; void e; }
      if (!expected || expected.commitment !== d.commitment) {
        v.audits.push({ side, deck, period, draws: count, status: 'failed', seq: d.seq, message: `draw #${d.index} of ${deck} (period ${period})` });
        at(`hidden reveal #${reveal} exposes an invented draw: segment ${d.seq} by ${side} logged draw #${d.index} from ${deck} with a commitment that the revealed value does not produce${expected ? ` (the rules draw ${expected.card} there)` : ''}`);
      }
      cards.set(d.index, expected!.card);
      v.knowledge.add({ side, deck, period, index: d.index, card: expected!.card, salt: expected!.salt, commitment: expected!.commitment });
      count++;
    }
    v.audits.push({ side, deck, period, draws: count, status: 'passed', seq });
  }
  v.pending = v.pending.filter((d) => !(d.side === side && d.period === period));
}

/** Audits still waiting for a reveal, grouped per side, deck and period. */
export function pendingAudits(v: VerifiedLog): DrawAudit[] {
  const groups = new Map<string, DrawAudit>();
  for (const d of v.pending) {
    const k = `${d.side}|${d.deck}|${d.period}`;
    const a = groups.get(k) ?? { side: d.side, deck: d.deck, period: d.period, draws: 0, status: 'pending' as const };
    a.draws++;
    groups.set(k, a);
  }
  return [...groups.values()];
}

export { RandomProtocolError };
