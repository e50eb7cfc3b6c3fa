// A turn in progress (what becomes a segment): entries of {command, events, void}. Commands are
// applied one by one; a refused one leaves everything untouched. `undo` voids the latest entry
// that is not void: its events stay in the list (random outcomes marked `void: true`, for the
// opponent to see), the state is recomputed by folding only the entries that are not void, and
// the roll counter — which lives in the Randomness — is never rewound.
import type { Command } from './commands.js';
import type { CommandContext } from './context.js';
import { EngineError } from './errors.js';
import type { GameEvent, Warning } from './events.js';
import { executeCommand, warningsOf } from './execute.js';
import { applyEvent } from './fold.js';
import { formatCommand } from './format.js';
import type { Game } from './game.js';
import { commandFromJson, parseLine } from './parse.js';
import type { Randomness } from './randomness.js';
import { restorePoint, type Restore } from './restore-point.js';
import { copyState, type GameState } from './state.js';

export interface TurnEntry {
  /** the command as text (formatCommand of its JSON form) */
  command: string;
  events: GameEvent[];
  /** taken back by a later `undo` */
  void?: true;
}

export type ApplyResult =
  | { ok: true; events: GameEvent[]; warnings: Warning[] }
  | { ok: false; error: EngineError };

/**
 * How a Turn holds its state. By default it works on copies: the start is never modified and a
 * refused command leaves everything untouched. A replay that gives up on the first refusal (the
 * log verifier) may ask for `inPlace`: the turn then applies events to `start` itself, with no
 * copy per command (the costly part of a long replay). A refused command may then leave the state
 * half-changed, and `undo` — which refolds the turn from its start — works only if `undoable`
 * asked for one copy of the start to be kept.
 */
export interface TurnOptions {
  inPlace?: boolean;
  undoable?: boolean;
  /**
   * In place: the entries (by index) a later `undo` will void, when the replay knows them (the log
   * marks them). The turn saves what each of them changes (a restore point), and an undo of one
   * puts that back — every entry after it is void or an undo, so nothing else changes the state.
   */
  voided?: ReadonlySet<number>;
}

export class Turn {
  private readonly list: TurnEntry[] = [];
  private current: GameState;
  /** the start, for `undo` to refold from (null: an in-place turn that cannot undo) */
  private readonly origin: GameState | null;
  private readonly inPlace: boolean;
  private readonly voided: ReadonlySet<number> | null;
  /** in place: how to put back the state as it was before each entry the log marks void */
  private readonly before = new Map<number, Restore>();

  constructor(
    readonly game: Game,
    /** the state the turn starts from (not modified, unless options.inPlace) */
    readonly start: GameState,
    readonly context: CommandContext,
    private readonly randomness: Randomness,
    options: TurnOptions = {},
  ) {
    this.inPlace = !!options.inPlace;
    this.voided = this.inPlace && options.voided?.size ? options.voided : null;
    if (this.inPlace) {
      this.current = start;
      this.origin = options.undoable ? copyState(start) : null;
    } else {
      this.current = copyState(start);
      this.origin = start;
    }
  }

  /** The state after the entries that are not void (a copy: callers cannot corrupt the turn). */
  get state(): GameState { return copyState(this.current); }

  /** The state itself, not a copy: for an in-place replay that owns it (see TurnOptions). */
  get workingState(): GameState { return this.current; }

  get entries(): readonly TurnEntry[] { return this.list; }

  /** Applies one line of command text (blank and comment lines do nothing). */
  apply(text: string, line?: number): ApplyResult {
    let parsed;
    try { parsed = parseLine(text, line); } catch (e) { return failure(e, line, text.trim()); }
    if (!parsed) return { ok: true, events: [], warnings: [] };
    return this.applyCommand(parsed.command, line, parsed.text);
  }

  /** Applies a whole script, stopping at the first refused line. */
  applyScript(text: string, firstLine = 1): ApplyResult {
    const all: GameEvent[] = [];
    const lines = text.split(/\r?\n/);
    for (let i = 0; i < lines.length; i++) {
      const r = this.apply(lines[i]!, firstLine + i);
      if (!r.ok) return r;
      all.push(...r.events);
    }
    return { ok: true, events: all, warnings: warningsOf(all) };
  }

  /** Applies a command in JSON form (checked first). */
  applyJson(value: unknown, line?: number): ApplyResult {
    try { return this.applyCommand(commandFromJson(value, line), line); } catch (e) { return failure(e, line, undefined); }
  }

  applyCommand(command: Command, line?: number, text = formatCommand(command)): ApplyResult {
    try {
      if (command.verb === 'undo') return this.undo(line);
      const events = executeCommand(this.game, this.current, command, this.context, this.randomness);
      if (this.inPlace) {
        if (this.voided?.has(this.list.length)) this.before.set(this.list.length, restorePoint(this.current, events));
        for (const e of events) applyEvent(this.current, e);
      } else {
        const next = copyState(this.current);
        for (const e of events) applyEvent(next, e);
        this.current = next;
      }
      this.list.push({ command: formatCommand(command), events });
      return { ok: true, events, warnings: warningsOf(events) };
    } catch (e) {
      return failure(e, line, text);
    }
  }

  private undo(line?: number): ApplyResult {
    let i = this.list.length - 1;
    while (i >= 0 && (this.list[i]!.void || this.list[i]!.command === 'undo')) i--;
    if (i < 0) return { ok: false, error: new EngineError('nothing to undo in this turn', line, 'undo') };
    const restore = this.before.get(i);
    if (!restore && !this.origin) return { ok: false, error: new EngineError(`this turn replays in place without a copy of the state before command ${i + 1}: it cannot undo it`, line, 'undo') };
    const target = this.list[i]!;
    target.void = true;
    for (const e of target.events) if ('counter' in e || (e.type === 'drew' && e.draws)) (e as { void?: true }).void = true;
    const events: GameEvent[] = [{ type: 'undone', entry: i }];
    this.list.push({ command: 'undo', events });
    if (restore) restore();
    else {
      this.current = foldEntries(this.origin!, this.list);
      // restore points put back parts of the object they were made on, which is no longer current
      this.before.clear();
    }
    return { ok: true, events, warnings: [] };
  }

  /** The sealed list for a segment: every entry, void ones included. */
  seal(): TurnEntry[] {
    return structuredClone(this.list);
  }
}

/** Folds the entries that are not void onto a copy of the state. */
export function foldEntries(state: GameState, entries: readonly TurnEntry[]): GameState {
  const s = copyState(state);
  for (const entry of entries) if (!entry.void) for (const e of entry.events) applyEvent(s, e);
  return s;
}

/**
 * Executes a segment's commands (text lines) from a state, as the author's tool did: what the
 * log layer compares canonically with the logged entries. Throws the first EngineError.
 */
export function executeSegment(game: Game, state: GameState, commands: readonly string[], context: CommandContext, randomness: Randomness):
  { entries: TurnEntry[]; state: GameState } {
  const turn = new Turn(game, state, context, randomness);
  commands.forEach((text, i) => {
    const r = turn.apply(text, i + 1);
    if (!r.ok) throw r.error;
  });
  return { entries: turn.seal(), state: turn.state };
}

function failure(e: unknown, line: number | undefined, text: string | undefined): { ok: false; error: EngineError } {
  if (e instanceof EngineError) return { ok: false, error: e.line === undefined || e.command === undefined ? e.at(line, text) : e };
  // Anything else (a bug, or a Randomness that refuses) is reported the same way, never half-applied.
  return { ok: false, error: new EngineError((e as Error)?.message ?? String(e), line, text) };
}
