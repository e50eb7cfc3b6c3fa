// A turn being written by the local player on top of a verified log: it opens his epoch (with the
// next dice-chain reveal when the previous segment was someone else's), keys his dice, applies
// commands through the engine, and seals everything into one signed segment.
import type { PrivateKey } from 'openpgp';
import type { GameState } from '../core/engine/state.js';
import { stateHash } from '../core/engine/state-hash.js';
import type { GameEvent } from '../core/engine/events.js';
import { foldEvents } from '../core/engine/fold.js';
import { Turn, type ApplyResult } from '../core/engine/turn.js';
import { resolveSealed } from '../core/protocol/sealed-resolution.js';
import type { HiddenReveal, SegmentBody } from '../core/protocol/bodies.js';
import { PROTOCOL_VERSION } from '../core/protocol/bodies.js';
import type { ChainState } from '../core/protocol/chain-state.js';
import type { HandKnowledge } from '../core/protocol/hand-knowledge.js';
import { ProtocolRandomness } from '../core/protocol/protocol-randomness.js';
import { buildChain, DICE_CHAIN_TAG, HIDDEN_CHAIN_TAG, type HashChain } from '../core/random/chain.js';
import { epochKey } from '../core/random/stream.js';
import { segmentEntryName } from './entry-names.js';
import { LogError, type LogFile, type SignedBody } from './log-file.js';
import { sign } from './setup.js';
import type { VerifiedLog } from './verify.js';
import { initialState } from '../core/engine/initial-state.js';
import { rewoundState, voidedSegments } from '../core/protocol/takeback.js';
import type { TakebackField } from '../core/protocol/bodies.js';

/** A segment while a take-back is open: its proposer waits, the others answer before anything else. */
function checkTakebackTurn(v: VerifiedLog, side: string, takeback: TakebackField | undefined): void {
  const open = v.takebacks.open;
  const file = v.log.file;
  if (!open) return;
  if (open.by === side || open.accepted.includes(side)) {
    throw new LogError(`the take-back proposed in segment ${open.seq} waits for ${open.awaiting.filter((s) => !open.accepted.includes(s)).join(', ')}'s answer: nothing can be sent until then`, { file });
  }
  if (!takeback || takeback.kind === 'propose') {
    throw new LogError(`${open.by} proposes to take back segment${open.seq - 1 > open.to + 1 ? `s ${open.to + 1}-${open.seq - 1}` : ` ${open.seq - 1}`} (segment ${open.seq}): answer first, with hexpost takeback --accept or --decline`, { file });
  }
}

/** The state an acceptance starts from: before the voided segments, with their outcomes kept. */
export function acceptedState(v: VerifiedLog): GameState {
  const open = v.takebacks.open!;
  const voided = voidedSegments(v.takebacks);
  for (let s = open.to + 1; s < open.seq; s++) voided.add(s);
  return rewoundState(initialState(v.game), v.log.segments.map((s) => s.body), voided);
}

export class TurnSession {
  readonly side: string;
  readonly epoch: number;
  readonly reveal: string | undefined;
  readonly turn: Turn;
  /** what this player knows of hidden cards, his new draws included */
  readonly knowledge: HandKnowledge;
  /** what this segment's reveal resolves, before its commands (the body's `resolutions`) */
  readonly resolutions: GameEvent[];
  private readonly chains: ChainState;
  private readonly hidden: HashChain;

  constructor(readonly verified: VerifiedLog, side: string, readonly key: PrivateKey,
    /** a take-back proposal or answer this segment carries (docs/log-format.md, "Take-backs") */
    readonly takeback?: TakebackField) {
    const v = verified;
    if (!v.gameId || !v.chains) throw new LogError(`the game has not started: waiting for every player to join`, { file: v.log.file });
    if (!v.secrets) throw new LogError(`no secrets for ${side}: give the player's own key`, { file: v.log.file });
    const final = v.finals.get(side);
    if (final !== undefined) throw new LogError(`${side} sent his final segment (${final}) and plays no further part in this game`, { file: v.log.file });
    this.side = side;
    const length = v.log.genesis.body.chainLength;
    const dice = buildChain(v.secrets.dice, length.dice, DICE_CHAIN_TAG);
    this.hidden = buildChain(v.secrets.hidden, length.hidden, HIDDEN_CHAIN_TAG);
    this.chains = v.chains.clone();
    const starts = this.chains.startsEpoch(side);
    this.epoch = this.chains.epochFor(side);
    if (starts) {
      this.reveal = dice.reveal(this.epoch);
      this.chains.openEpoch(side, this.reveal);
    }
    // What this segment's reveal resolves comes first: the opponent's sealed outcomes, and the
    // commitments to this player's own cards that the opponent's reply resolved.
    this.knowledge = v.knowledge.clone();
    const resolution = resolveSealed({
      game: v.game, state: v.state, gameId: v.gameId, seq: v.segments + 1, author: side, reveal: this.reveal,
      hiddenOf: (s) => (s === side ? this.hidden : null), knowledge: this.knowledge,
    });
    this.resolutions = resolution.events;
    checkTakebackTurn(v, side, takeback);
    const completes = takeback?.kind === 'accept' && v.takebacks.open!.accepted.length + 1 === v.takebacks.open!.awaiting.length;
    const start = foldEvents(completes ? acceptedState(v) : v.state, this.resolutions);
    const waiting = this.chains.pendingEarlierReveals(side);
    const streamKey = waiting.length
      ? { refused: `you cannot roll an immediate procedure yet: ${waiting.join(', ')} must send a first segment (revealing a dice value) before your immediate dice exist` }
      : epochKey({ gameId: v.gameId, epoch: this.epoch, ownValue: this.chains.latestDice(side), othersValues: this.chains.othersDice(side) });
    const randomness = new ProtocolRandomness({
      gameId: v.gameId, author: side, seq: v.segments + 1, epochKey: streamKey,
      nextCounter: starts ? 0 : v.counters.get(side) ?? 0,
      opponentValues: this.chains.othersDice(side),
      hidden: this.hidden,
      knowledge: this.knowledge,
      epoch: this.epoch, ownValue: this.chains.latestDice(side),
      awaiting: v.order.filter((s) => s !== side && !v.finals.has(s)).sort(),
      hiddenRevealed: this.chains.hiddenReveals(side),
    });
    this.turn = new Turn(v.game, start, { side }, randomness);
  }

  get state(): GameState { return this.turn.state; }

  /** One line of command text (or `undo`). */
  apply(line: string, lineNumber?: number): ApplyResult {
    return this.turn.apply(line, lineNumber);
  }

  /**
   * Hidden-chain values that may be revealed now: the next ones in order whose deck periods have
   * ended in every secret deck of the player and none of whose cards is still hidden in his hand.
   * With `final`, every value up to the current periods (the game is over for him).
   */
  revealable(final = false): HiddenReveal[] {
    const state = this.turn.state;
    const own = [...this.verified.game.decks.values()].filter((d) => d.secret && d.owner === this.side);
    if (!own.length) return [];
    const current = Math.min(...own.map((d) => state.decks[d.id]!.period));
    const highest = Math.max(...own.map((d) => state.decks[d.id]!.period));
    const held = (state.hands[this.side]?.hidden ?? []).map((h) => h.period);
    const out: HiddenReveal[] = [];
    for (let p = this.chains.hiddenReveals(this.side); ; p++) {
      // reveal #(p+1) opens deck period p
      const ended = final ? p <= highest : p < current && !held.some((h) => h <= p);
      if (!ended) break;
      out.push({ period: p + 1, value: this.hidden.reveal(p + 1) });
    }
    return out;
  }

  /** Seals the turn into a signed segment and returns the log with it appended. */
  async seal(time: string, options: { final?: boolean } = {}): Promise<{ log: LogFile; segment: SignedBody<SegmentBody> }> {
    const v = this.verified;
    if (options.final && this.turn.entries.some((e) => !e.void && e.events.some((x) => x.type === 'sealed' && x.kind === 'draw'))) {
      throw new LogError('a final segment cannot draw a sealed card: you could never commit to it (undo the draw, or send it without --final)', { file: v.log.file });
    }
    const waitingDraw = this.turn.state.sealed?.find((x) => x.kind === 'draw' && x.side === this.side);
    if (options.final && waitingDraw) {
      throw new LogError(`your sealed draw ${waitingDraw.id} still waits for the reply: send your final segment after it, when you can commit to its cards`, { file: v.log.file });
    }
    const hiddenReveals = this.revealable(options.final);
    const body: SegmentBody = {
      type: 'hexpost/segment', version: PROTOCOL_VERSION,
      game: v.gameId!, seq: v.segments + 1, author: this.side, prev: v.head, time,
      epoch: this.epoch,
      ...(this.reveal ? { reveal: this.reveal } : {}),
      ...(hiddenReveals.length ? { hiddenReveals } : {}),
      ...(this.resolutions.length ? { resolutions: this.resolutions } : {}),
      entries: this.turn.seal(),
      state: stateHash(this.turn.state),
      ...(options.final ? { final: true as const } : {}),
      ...(this.takeback ? { takeback: this.takeback } : {}),
    };
    const segment = await sign(segmentEntryName(body.seq), body, this.key);
    return { log: { ...v.log, segments: [...v.log.segments, segment] }, segment };
  }
}
