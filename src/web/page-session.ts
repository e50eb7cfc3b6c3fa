// One player's turn on the board page: the verified log, his TurnSession, and the answers the page
// asks for. Every action is a command line given to TurnSession.apply, exactly as `turn` and
// `play` give them, so a turn made here and one made with `turn` are the same log.
// What belongs to the CLI (reading, verifying with fork memory, writing, the words for events,
// the `show --json` view) comes in through PageHost: the web layer does not import the CLI.
import type { ModuleImages } from '../export/module-images.js';
import type { PrivateKey } from 'openpgp';
import type { GameEvent, MovedEvent, Warning } from '../core/engine/events.js';
import { EngineError } from '../core/engine/errors.js';
import { initialState } from '../core/engine/initial-state.js';
import { moveCommand } from '../core/engine/movement.js';
import { cloneState, type GameState } from '../core/engine/state.js';
import type { SegmentBody, TakebackField } from '../core/protocol/bodies.js';
import type { TakebackLedger } from '../core/protocol/takeback.js';
import type { HandKnowledge } from '../core/protocol/hand-knowledge.js';
import { formatMixed, parseRational } from '../core/rational.js';
import type { BoardFrame } from '../export/board-svg.js';
import { GameCounters } from '../export/game-counters.js';
import { counterSize } from '../export/game-picture.js';
import { armor } from '../log/armor.js';
import { recipientsHold, writeTurnMail } from '../log/turn-mail.js';
import { writeContainer } from '../log/container.js';
import { logEntries, type LogFile, type SignedBody } from '../log/log-file.js';
import { TurnSession } from '../log/turn-session.js';
import type { VerifiedLog } from '../log/verify.js';
import { boardLayout, type BoardLayout } from './board-layout.js';
import { cardsOf } from './page-cards.js';
import { combatPrompts } from './combat-cards.js';
import { mayDoNow } from './may-do.js';
import { supplyReports } from '../core/engine/supply.js';
import { rollsOf, type PageRoll } from './page-rolls.js';
import { locationMarkers, markerSymbols, piecePictures, type PageMarker, type PagePiece } from './piece-pictures.js';
import { previewResolve, type ProcedurePreview } from './procedure-preview.js';
import { catchUpOf, MAX_CATCH_UP, segmentsSinceMine, type PageReplay } from './replay.js';

/** The part of `show --json` the page reads. */
export interface ShownGame {
  turn: number; phase: string; active: string; clock: string | null; status: string; segments: number; safetyCode: string | null;
  tracks: Record<string, number>;
  decks: Record<string, { drawPile: number; discard: string[] }>;
  hands: Record<string, { cards: string[]; hidden: number }>;
  hand?: { side: string; cards: { deck: string; card: string; sealed?: true }[] };
}

export interface PageHost {
  /** verifies as the player's tool does (fork memory included), with his key */
  verify(log: LogFile, options?: { onSegment?: (segment: SegmentBody, state: GameState) => void }): Promise<VerifiedLog>;
  /** signs the turn and writes the log the way `turn` and `play` do; returns the new log verified */
  seal(path: string, session: TurnSession): Promise<{ log: LogFile; segment: SignedBody<SegmentBody>; verified: VerifiedLog; file: string }>;
  describeEvent(e: GameEvent): string;
  showJson(v: VerifiedLog & { state: GameState; knowledge: HandKnowledge }, side: string): ShownGame;
  /** the whose-move line every verb starts with ("your move (…)", "waiting for Ben (…)") */
  whoseMove(v: VerifiedLog, side: string, state: GameState): string;
  /** the module's own pictures (its map, its counter art), when the player named the module folder */
  images?: ModuleImages;
  /** a segment's take-back part in words ("take-back proposed: …"), as history and replay say it */
  takebackText(b: SegmentBody, ledger: TakebackLedger): string | null;
  /** the open proposal in words for this player: what it voids, who answers */
  takebackLines(v: VerifiedLog, side: string): string[];
  /** the answer's field, checked as `hexpost takeback` checks it (throws with the refusal) */
  takebackField(v: VerifiedLog, side: string, answer: 'accept' | 'decline'): TakebackField;
}

export interface PathPreview {
  ok: boolean;
  error?: string;
  /** exact MP of this path, MP spent this phase after it, the allowance (fraction text and mixed) */
  mp?: string; spent?: string; allowance?: string;
  text?: string;
  warnings?: string[];
}

export interface CommandAnswer {
  ok: boolean;
  error?: string;
  lines: string[];
  warnings: string[];
}

export class PageSession {
  /** null while the opponent's take-back awaits this player's answer: nothing else can be sent */
  private session!: TurnSession | null;
  private v!: VerifiedLog;

  /** the log as last verified (before the commands of this turn) */
  get verified(): VerifiedLog { return this.v; }
  private layoutCache: { layout: BoardLayout; frame: BoardFrame } | undefined;
  /** counter symbols, shared by every answer of this session (their ids stay the same) */
  private countersCache: GameCounters | undefined;
  private replayCache: PageReplay | null = null;
  /** the armored text of the last segment sealed here */
  private sealed: { seq: number; armored: string } | null = null;

  private constructor(readonly path: string, readonly side: string, private readonly key: PrivateKey, private readonly host: PageHost) {}

  /**
   * Verifies the log and opens a turn; remembers the state before the first segment since the
   * player's own last one, for the catch-up replay.
   */
  static async open(path: string, log: LogFile, side: string, key: PrivateKey, host: PageHost): Promise<PageSession> {
    const s = new PageSession(path, side, key, host);
    const since = segmentsSinceMine(log.segments.map((x) => x.body), side);
    const omitted = Math.max(0, since.length - MAX_CATCH_UP);
    const replayed = since.slice(omitted);
    const first = replayed[0]?.seq;
    let before: GameState | undefined;
    const v = await host.verify(log, {
      onSegment: (seg, state) => { if (first !== undefined && seg.seq === first - 1) before = cloneState(state); },
    });
    s.start(v);
    if (replayed.length) {
      const takebacks = { ledger: v.takebacks, bodies: log.segments.map((x) => x.body), start: initialState(v.game), text: host.takebackText };
      s.replayCache = catchUpOf(v.game, s.frame, s.counters, before ?? initialState(v.game), replayed, host.describeEvent,
        s.session?.resolutions ?? [], omitted, takebacks);
    }
    return s;
  }

  private start(v: VerifiedLog): void {
    this.v = v;
    const open = v.takebacks.open;
    this.session = open && open.awaiting.includes(this.side) && !open.accepted.includes(this.side) ? null : new TurnSession(v, this.side, this.key);
  }

  /** The open take-back as the page shows it, and whether this player is to answer it. */
  private takeback(): { lines: string[]; answer: boolean; proposal: number } | null {
    const open = this.v.takebacks.open;
    return open && { lines: this.host.takebackLines(this.v, this.side), answer: this.session === null, proposal: open.seq };
  }

  /** Accepts or declines the opponent's take-back: a segment of its own, signed and written at once. */
  async answerTakeback(answer: unknown): Promise<{ seq: number; armored: string; file: string }> {
    if (answer !== 'accept' && answer !== 'decline') throw new EngineError('expected the answer accept or decline');
    const field = this.host.takebackField(this.v, this.side, answer);
    return this.write(new TurnSession(this.v, this.side, this.key, field));
  }

  private get frame(): BoardFrame {
    this.layoutCache ??= boardLayout(this.v.game, this.host.images);
    return this.layoutCache.frame;
  }

  private get counters(): GameCounters {
    this.countersCache ??= new GameCounters(this.v.game, this.v.game.board.hex?.orientation ?? 'flat', this.host.images);
    return this.countersCache;
  }

  layout(): BoardLayout & { side: string; title: string; scenario: string; counterSize: number; markerSymbols: Record<string, string> } {
    this.layoutCache ??= boardLayout(this.v.game, this.host.images);
    const g = this.v.game;
    return { ...this.layoutCache.layout, side: this.side, title: g.module.title, scenario: g.scenario.name, counterSize: counterSize(this.frame), markerSymbols: markerSymbols(g, this.counters) };
  }

  /** The counter symbols drawn so far (the page replaces its <defs> when they grow). */
  defs(): string { return this.counters.defs(); }

  replay(): (PageReplay & { defs: string }) | null { return this.replayCache && { ...this.replayCache, defs: this.counters.defs() }; }

  /** Where everything stands in the turn being made. */
  state() {
    const game = this.v.game;
    const state = this.session?.state ?? this.v.state;
    const shown = this.host.showJson({ ...this.v, state, knowledge: this.session?.knowledge ?? this.v.knowledge }, this.side);
    const entries = this.session?.turn.entries ?? [];
    const cards = (shown.hand?.cards ?? []).map((c) => {
      const def = game.cards.get(c.card)?.card;
      return {
        deck: c.deck, card: c.card, name: def?.name ?? c.card, uses: def?.uses ?? [], text: def?.text ?? null, values: def?.values ?? {},
        ...(c.sealed ? { sealed: true } : {}),
      };
    });
    const mayDo = mayDoNow(game, state, this.side);
    // PoG §10: his units that trace no supply line and the spaces he holds cut off behind enemy lines
    const supply = supplyReports(game, state)?.find((r) => r.side === this.side) ?? null;
    const cutOff = new Set(supply?.unsupplied.map((u) => u.piece));
    return {
      side: this.side,
      whoseMove: this.host.whoseMove(this.v, this.side, state),
      mayDo,
      // PoG §8: the combats declared against his pieces and the combat cards he may play for them
      combats: combatPrompts(game, state, this.side, this.session?.resolutions ?? [], cards.filter((c) => !c.sealed), mayDo.verbs),
      turn: shown.turn, phase: game.phases.get(shown.phase)?.name ?? shown.phase, phaseId: shown.phase, active: shown.active, clock: shown.clock,
      status: shown.status, segments: shown.segments, safetyCode: shown.safetyCode,
      supply: supply && { unsupplied: supply.unsupplied, isolated: supply.isolated, rule: game.module.rules?.supply?.rule ?? null,
        attrition: game.module.rules?.supply?.attrition?.phase ?? null },
      pieces: (piecePictures(game, state, this.frame, this.counters) as PagePiece[])
        .map((p) => (cutOff.has(p.id) ? { ...p, unsupplied: true } : p)),
      markers: locationMarkers(game, state, this.frame) as PageMarker[],
      tracks: shown.tracks, decks: shown.decks, hand: cards,
      /** how many cards each other side holds (their faces stay hidden) */
      others: Object.fromEntries(Object.entries(shown.hands).filter(([s]) => s !== this.side).map(([s, h]) => [s, h.cards.length + h.hidden])),
      spent: Object.fromEntries(Object.entries(state.spent).map(([p, mp]) => [p, mixed(mp)])),
      rolls: rollsOf([...this.session?.resolutions ?? [], ...entries.flatMap((e) => e.events)]) as PageRoll[],
      journal: entries.map((e) => ({
        command: e.command, void: !!e.void, lines: e.events.map((x) => this.host.describeEvent(x)), cards: cardsOf(e.events),
      })),
      canUndo: entries.some((e) => !e.void && e.command !== 'undo'),
      commands: entries.length,
      sealed: this.sealed,
      takeback: this.takeback(),
      defs: this.counters.defs(),
    };
  }

  /** One command line, as `play` takes it (undo included). */
  command(line: string): CommandAnswer {
    if (typeof line !== 'string' || line.length > 2000 || /[\r\n]/.test(line)) return { ok: false, error: 'one command line, at most 2000 characters', lines: [], warnings: [] };
    if (!this.session) return { ok: false, error: `answer the take-back proposed in segment ${this.v.takebacks.open!.seq} first (accept or decline)`, lines: [], warnings: [] };
    // No line number: the page has no script; the refusal names the command instead.
    const r = this.session.apply(line);
    if (!r.ok) return { ok: false, error: r.error.message, lines: [], warnings: [] };
    return { ok: true, lines: r.events.map((e) => this.host.describeEvent(e)), warnings: r.warnings.map((w) => w.message) };
  }

  /** What a `resolve` line will read before it is given: the board's modifiers, the player's, the inputs. */
  previewResolve(line: string): ProcedurePreview {
    if (typeof line !== 'string' || line.length > 2000 || /[\r\n]/.test(line)) {
      return { ok: false, error: 'one command line, at most 2000 characters' };
    }
    return previewResolve(this.v.game, this.session?.state ?? this.v.state, line);
  }

  /**
   * The exact MP of moving a piece along a path, without applying it: the engine's own move rule
   * on the current state (pure; nothing is recorded and no die is rolled).
   */
  previewPath(piece: string, path: string[]): PathPreview {
    if (typeof piece !== 'string' || !Array.isArray(path) || path.length === 0 || path.length > 500 || !path.every((p) => typeof p === 'string')) {
      return { ok: false, error: 'expected a piece and a path of one or more locations' };
    }
    let e: MovedEvent;
    try {
      e = moveCommand(this.v.game, this.session?.state ?? this.v.state, { verb: 'move', piece, path }, { side: this.side });
    } catch (err) {
      return { ok: false, error: err instanceof EngineError ? err.message : String(err) };
    }
    const warnings = (e.warnings ?? []).map((w: Warning) => w.message);
    if (e.mp === undefined) return { ok: true, text: `${path.length} step${path.length > 1 ? 's' : ''}`, warnings };
    const text = `${mixed(e.mp)} MP${e.allowance !== undefined ? ` · ${mixed(e.spent!)} of ${mixed(e.allowance)} this phase` : ''}`;
    return { ok: true, mp: e.mp, spent: e.spent!, ...(e.allowance !== undefined ? { allowance: e.allowance } : {}), text, warnings };
  }

  /** Signs the turn and writes the log (through the CLI's own sealing), and opens the next turn on it. */
  async seal(): Promise<{ seq: number; armored: string; file: string }> {
    if (!this.session?.turn.entries.length) throw new EngineError('nothing to seal: give at least one command');
    return this.write(this.session);
  }

  private async write(session: TurnSession): Promise<{ seq: number; armored: string; file: string }> {
    const { log, segment, verified: v, file } = await this.host.seal(this.path, session);
    // What goes into the e-mail: the turn mail (only what the opponents lack), the whole log before the game starts
    const armored = v.gameId
      ? writeTurnMail(log, v.gameId, recipientsHold(log, this.side, v.module.sides.map((s) => s.id))).text
      : armor(writeContainer(logEntries(log), { file }), {});
    this.start(v);
    this.sealed = { seq: segment.body.seq, armored };
    return { seq: segment.body.seq, armored, file };
  }
}

const mixed = (text: string) => {
  const r = parseRational(text);
  return r ? formatMixed(r) : text;
};
