// Verifying segments: signature by the pinned key of the author, game id, seq, prev hash, epoch
// and dice reveal, hidden reveals and the audit of the periods they end, and the re-execution of
// every command with the protocol's randomness, whose events must equal the logged ones.
import { canonicalize, sameCanonical } from '../core/canonical.js';
import type { GameEvent, RolledEvent, ResolvedEvent } from '../core/engine/events.js';
import type { GameState } from '../core/engine/state.js';
import { StateHasher, stateHash } from '../core/engine/state-hash.js';
import { copyState } from '../core/engine/state.js';
import { Turn, type TurnEntry } from '../core/engine/turn.js';
import type { SegmentBody } from '../core/protocol/bodies.js';
import { SegmentSchema } from '../core/protocol/body-schema.js';
import { ProtocolRandomness } from '../core/protocol/protocol-randomness.js';
import { resolveSealed } from '../core/protocol/sealed-resolution.js';
import { rewoundState, takebackStep, voidedSegments } from '../core/protocol/takeback.js';
import { initialState } from '../core/engine/initial-state.js';
import { canonicalBytes } from '../core/canonical.js';
import { sha256Hex } from '../core/hash.js';
import { applyEvent } from '../core/engine/fold.js';
import type { HashChain } from '../core/random/chain.js';
import { epochKey } from '../core/random/stream.js';
import { LogError, type SignedBody } from './log-file.js';
import { verifyDetached } from './signature.js';
import { addTo, auditPeriod, pendingAudits, rollsOf } from './verify-audit.js';
import { replayKeysOf, shape } from './verify-setup.js';
import type { VerifiedLog, VerifyOptions } from './verify.js';

/** Verifies `segs`, the segments that follow the `v.segments` already verified, onto `v`. */
export async function verifySegments(result: VerifiedLog, segs: SignedBody<SegmentBody>[], options: Omit<VerifyOptions, 'upTo' | 'viewer'>): Promise<void> {
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
    state = applySegment(result, b, state, at, ownHidden, viewerSide, { hasher, hash: s.hash });
    addTo(result, 'stateHashes', [b.state]);
    // (a copy: the caller may keep it, and the replay goes on changing this one)
    if (options.onSegment) options.onSegment(b, copyState(state));
    prev = s.hash;
    result.head = s.hash;
    result.segments = b.seq;
  }
  result.state = state;
  // Over when the rules say so, or when every player has sent his final reveal.
  // A game is over only when every audit has passed: when every player has sent his final segment
  // (which reveals every hidden value his draws used), or when the rules end it with nothing pending.
  const allFinal = result.finals.size === result.order.length;
  const unaudited = pendingAudits(result);
  if (allFinal && unaudited.length) {
    const a = unaudited[0]!;
    fail(result.segments, '', `every player has sent his final segment, but ${a.draws} draw(s) of ${a.side}'s ${a.deck} (period ${a.period}) were never audited: their hidden value was not revealed`);
  }
  if (allFinal || (state.over && !unaudited.length && !state.sealed)) result.status = 'over';
}

/**
 * Replays one segment onto the state, checking everything the protocol demands. The state is
 * changed in place and returned (another object after an `undo`): the caller owns it.
 */
export function applySegment(
  v: VerifiedLog, b: SegmentBody, state: GameState, at: (detail: string) => never, ownHidden: HashChain | null, viewerSide: string | undefined,
  /** a hasher kept across the segments of one replay; the body's hash (take-backs name it) */
  speed: { hasher?: StateHasher; hash?: string } = {},
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

  // Sealed commitments this reveal answers, their outcomes, and the author's card commitments.
  const hiddenOf = (side: string) => (side === viewerSide ? ownHidden : null);
  let resolution;
  try {
    resolution = resolveSealed({
      game: v.game, state, gameId: v.gameId!, seq: b.seq, author: b.author, reveal: starts ? b.reveal : undefined,
      hiddenOf, knowledge: v.knowledge, logged: b.resolutions,
    });
  } catch (e) { return at((e as Error).message); }
  const resolved = resolution.events;
  if (!sameCanonical(b.resolutions ?? [], resolved)) compareResolutions(b.resolutions ?? [], resolved, at);
  // An agreed take-back: the state is the one before the voided segments, their outcomes kept.
  const rewind = applyTakeback(v, b, speed.hash ?? sha256Hex(canonicalBytes(b)), at);
  if (rewind) state = rewind;
  try { for (const e of resolved) applyEvent(state, e); } catch (e) { at(`resolutions: ${(e as Error).message}`); }
  v.pending.push(...resolution.pending);

  const waiting = chains.pendingEarlierReveals(b.author);
  const key = waiting.length
    ? { refused: `${b.author} cannot roll an immediate procedure yet: ${waiting.join(', ')} must reveal a first dice value (send a segment) first` }
    : epochKey({ gameId: v.gameId!, epoch, ownValue: chains.latestDice(b.author), othersValues: chains.othersDice(b.author) });
  const randomness = new ProtocolRandomness({
    gameId: v.gameId!, author: b.author, seq: b.seq, epochKey: key,
    nextCounter: v.counters.get(b.author) ?? 0,
    opponentValues: chains.othersDice(b.author),
    hidden: viewerSide === b.author ? ownHidden : null,
    knowledge: v.knowledge,
    epoch, ownValue: chains.latestDice(b.author),
    awaiting: v.order.filter((s) => s !== b.author && !v.finals.has(s)).sort(),
    hiddenRevealed: chains.hiddenReveals(b.author),
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

  if (b.final && replayed.some((e) => !e.void && e.events.some((x) => x.type === 'sealed' && x.kind === 'draw'))) {
    at('a final segment draws a sealed card: its owner could never commit to it');
  }
  const after = turn.workingState;
  const hash = speed.hasher ? speed.hasher.hash(after, rewind ? null : [...resolved, ...replayed.flatMap((e) => e.events)]) : stateHash(after);
  if (hash !== b.state) at(`the state after it hashes to ${hash}, but the segment claims ${b.state}`);

  // Hidden reveals: check each value against the chain, then audit the period's draws.
  for (const r of b.hiddenReveals ?? []) {
    const open = after.sealed?.find((x) => x.kind === 'draw' && x.side === b.author && x.period! < r.period);
    if (open) at(`hidden reveal #${r.period} comes while sealed draw ${open.id} of period ${open.period} is not yet committed to`);
    try { chains.revealHidden(b.author, r.period, r.value); } catch (e) { at(`hidden reveal #${r.period}: ${(e as Error).message}`); }
    auditPeriod(v, b.author, r.period, r.value, b.seq, at);
  }
  if (b.final) {
    const needed = finalRevealsNeeded(v, after, b.author);
    const has = chains.hiddenReveals(b.author);
    if (has < needed) {
      at(`a final segment must reveal every hidden value ${b.author}'s draws used (through #${needed}); ${has ? `only #${has} is` : 'none is'} revealed, so his cards could never be audited`);
    }
  }
  return after;
}

/** Checks the segment's take-back part and records it; returns the rewound state when it completes an agreement. */
function applyTakeback(v: VerifiedLog, b: SegmentBody, hash: string, at: (detail: string) => never): GameState | null {
  if (!b.takeback && !v.takebacks.open) return null;
  const bodyOf = (s: number) => v.log.segments[s - 1]!.body;
  let step;
  try {
    step = takebackStep(v.takebacks, b, hash, v.order.filter((s) => !v.finals.has(s) || s === b.author), bodyOf);
  } catch (e) { return at(`take-back: ${(e as Error).message}`); }
  v.takebacks = step.ledger;
  if (!step.rewind) return null;
  try {
    return rewoundState(initialState(v.game), v.log.segments.slice(0, b.seq - 1).map((s) => s.body), voidedSegments(step.ledger));
  } catch (e) { return at(`take-back: the voided segments cannot be folded away: ${(e as Error).message}`); }
}

/** The hidden values a player's draws used: through his highest period of a secret deck drawn from. */
export function finalRevealsNeeded(v: VerifiedLog, state: GameState, side: string): number {
  let needed = 0;
  for (const d of v.game.decks.values()) {
    if (!d.secret || d.owner !== side) continue;
    const s = state.decks[d.id]!;
    if (s.period > 0 || s.drawn > 0) needed = Math.max(needed, s.period + 1);
  }
  return needed;
}

/** The logged resolutions must equal the derived ones; the first difference is named. */
function compareResolutions(logged: readonly GameEvent[], derived: readonly GameEvent[], at: (detail: string) => never): never {
  const n = Math.max(logged.length, derived.length);
  for (let k = 0; k < n; k++) {
    const l = logged[k], d = derived[k];
    if (l !== undefined && d !== undefined && canonicalize(l) === canonicalize(d)) continue;
    if (l === undefined) at(`resolutions: the log omits ${canonicalize(d).slice(0, 200)}`);
    if (d === undefined) at(`resolutions: logged event ${k + 1} ${canonicalize(l).slice(0, 200)} resolves nothing`);
    if ((l!.type === 'rolled' || l!.type === 'resolved') && l!.type === d!.type && canonicalize(l!.faces) !== canonicalize(d!.faces)) {
      at(`resolutions: ${d!.side}'s sealed roll #${d!.counter} (${d!.sealed}) reports ${l!.dice} = ${l!.faces.join(',')}, but the sealed key gives ${d!.faces.join(',')}`);
    }
    at(`resolutions: logged event ${k + 1} ${canonicalize(l).slice(0, 200)} differs from what the sealed commitments give: ${canonicalize(d).slice(0, 200)}`);
  }
  return at('resolutions differ');
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
      if ((e.type === 'rolled' || e.type === 'resolved' || e.type === 'sealed') && e.type === m.type) {
        const le = e as RolledEvent | ResolvedEvent;
        const me = m as RolledEvent | ResolvedEvent;
        if (le.counter !== me.counter && (e.type !== 'sealed' || le.counter !== undefined)) {
          const how = le.counter > me.counter ? 'skips a counter' : 'reuses a counter';
          at(`command ${n + 1} "${entry.command}": roll counter ${le.counter}, but the next counter is ${me.counter} (the roll ${how})`);
        }
        if (e.type !== 'sealed' && canonicalize(le.faces) !== canonicalize(me.faces)) {
          at(`command ${n + 1} "${entry.command}": roll #${le.counter} reports ${le.dice} = ${le.faces.join(',')}, but the dice stream gives ${me.faces.join(',')}`);
        }
      }
      at(`command ${n + 1} "${entry.command}": logged event ${k + 1} ${canonicalize(e).slice(0, 200)} differs from what the rules give: ${canonicalize(m).slice(0, 200)}`);
    });
    at(`command ${n + 1} "${entry.command}" differs from what the rules give`);
  });
}
