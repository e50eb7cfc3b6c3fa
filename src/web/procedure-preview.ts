// What a procedure will read before the player resolves it: the engine's own `resolve` run on the
// current state with no dice — procedure-inputs.ts gives the modifiers the board adds for the
// piece and hexside the roll is bound to, resolveCommand checks every modifier and input and sums
// them within the procedure's limit (and picks the column a modifier shifts). Nothing is recorded,
// no roll counter is used: the same command resolved afterwards reads the same.
import { refuse, EngineError } from '../core/engine/errors.js';
import { resolveCommand } from '../core/engine/dice.js';
import type { ResolvedEvent } from '../core/engine/events.js';
import type { Game } from '../core/engine/game.js';
import { parseLine } from '../core/engine/parse.js';
import { procedureInputs } from '../core/engine/procedure-inputs.js';
import type { Randomness } from '../core/engine/randomness.js';
import type { GameState } from '../core/engine/state.js';

export interface ProcedurePreview {
  ok: boolean;
  error?: string;
  procedure?: string;
  dice?: string;
  table?: string;
  /** every modifier it will roll with: who gives it (the board, by its rule, or the player) and its value */
  modifiers?: { id: string; name: string; value: number; by: 'board' | 'player'; rule: string | null }[];
  /** their sum within the procedure's limit */
  modifier?: number;
  /** "roll" (added to the dice) or "column" (shifting the column input) */
  modifiersTo?: 'roll' | 'column';
  inputs?: { id: string; name: string; value: string }[];
  column?: string;
  /** what the roll is bound to: the piece (with its name) and the hexside */
  bound?: { id: string; value: string; name: string }[];
}

/** No dice: a preview never rolls (resolveCommand asks only for `roll` when nothing is sealed). */
const NO_DICE: Randomness = {
  roll: () => ({ counter: -1, faces: [] }),
  shuffle: () => refuse('a preview shuffles nothing'),
  drawSecret: () => refuse('a preview draws nothing'),
  openCard: () => null,
  openCommitment: () => null,
};

export function previewResolve(game: Game, state: GameState, line: string): ProcedurePreview {
  try {
    const parsed = parseLine(line);
    if (!parsed || parsed.command.verb !== 'resolve') return { ok: false, error: 'expected a resolve command line' };
    const c = parsed.command;
    const proc = game.procedures.get(c.procedure);
    const inputs = procedureInputs(game, state, c);
    const e = resolveCommand(game, { ...c, modifiers: inputs.modifiers }, NO_DICE) as ResolvedEvent;
    const def = (id: string) => proc?.modifiers.find((m) => m.id === id);
    return {
      ok: true, procedure: e.procedure, dice: e.dice, table: game.tables.get(proc!.table)?.name ?? proc!.table,
      modifiers: e.modifiers.map((m) => ({
        id: m.id, name: def(m.id)?.name ?? m.id, value: m.value,
        by: inputs.derived.includes(m.id) ? 'board' as const : 'player' as const, rule: def(m.id)?.rule ?? null,
      })),
      modifier: e.modifier, modifiersTo: proc?.modifiersTo ?? 'roll',
      inputs: (e.inputs ?? []).map((i) => ({ id: i.id, name: proc?.inputs.find((x) => x.id === i.id)?.name ?? i.id, value: String(i.value) })),
      ...(e.column !== undefined ? { column: e.column } : {}),
      bound: Object.entries(inputs.bound).map(([id, value]) => ({
        id, value, name: id === 'piece' ? game.pieces.get(value)?.name ?? value : value,
      })),
    };
  } catch (err) {
    if (err instanceof EngineError) return { ok: false, error: err.message };
    throw err;
  }
}
