// The basic rules module played on a board the test sets up (tests of modules/napoleon-basic only):
// pieces moved where the test says, commands executed as a side with a deterministic dice stream and
// folded into the state.
import { assembleModule } from '../../src/core/module/assemble.js';
import type { ModuleData } from '../../src/core/module/schema.js';
import { prepareGame, type Game } from '../../src/core/engine/game.js';
import { initialState } from '../../src/core/engine/initial-state.js';
import { executeCommand } from '../../src/core/engine/execute.js';
import { applyEvent } from '../../src/core/engine/fold.js';
import { parseLine } from '../../src/core/engine/parse.js';
import { NotFairRandomness } from '../../src/core/engine/not-fair-randomness.js';
import type { GameEvent, ResolvedEvent } from '../../src/core/engine/events.js';
import type { GameState } from '../../src/core/engine/state.js';
import { moduleFiles } from './module-files.js';

export const nbModule = assembleModule(moduleFiles('napoleon-basic')).data as ModuleData;
export const nbGame = prepareGame(nbModule, 'austerlitz');

export interface Placing { at: string; face?: string; markers?: string[]; values?: Record<string, number> }

/** The initial state with the pieces listed moved to a hex (on a face, with markers and values), alone there. */
export function board(place: Record<string, Placing>, game: Game = nbGame): GameState {
  const s = initialState(game);
  for (const [id, p] of Object.entries(place)) {
    const ps = s.pieces[id]!;
    if (ps.location) s.stacks[ps.location] = s.stacks[ps.location]!.filter((x) => x !== id);
    ps.location = p.at;
    if (p.face) ps.face = p.face;
    if (p.markers) ps.markers = p.markers;
    if (p.values) Object.assign(ps.values, p.values);
    (s.stacks[p.at] ??= []).push(id);
  }
  for (const [k, v] of Object.entries(s.stacks)) if (!v.length) delete s.stacks[k];
  return s;
}

let dice = 0;
/** Executes a line as `side` and folds its events into the state. */
export function run(s: GameState, side: string, line: string, game: Game = nbGame): GameEvent[] {
  const events = executeCommand(game, s, parseLine(line)!.command, { side }, new NotFairRandomness(`nb-${dice++}`));
  for (const e of events) applyEvent(s, e);
  return events;
}
export const codes = (events: GameEvent[]) => events.flatMap((e) => e.warnings ?? []).map((w) => w.code);
export const messages = (events: GameEvent[]) => events.flatMap((e) => e.warnings ?? []).map((w) => w.message).join(' | ');
export const resolved = (events: GameEvent[]) => events.find((e) => e.type === 'resolved') as ResolvedEvent;

/** Sets up a board and rolls `line` on it until `want` holds for the roll (the dice are a deterministic stream). */
export function rollUntil(place: Record<string, Placing>, side: string, line: string, want: (r: ResolvedEvent) => boolean,
  game: Game = nbGame, setup?: (s: GameState) => void): { s: GameState; events: GameEvent[]; r: ResolvedEvent } {
  for (let i = 0; i < 200; i++) {
    const s = board(structuredClone(place), game);
    setup?.(s);
    const events = run(s, side, line, game);
    const r = resolved(events);
    if (want(r)) return { s, events, r };
  }
  throw new Error(`no roll of "${line}" gave what the test wants in 200 tries`);
}
