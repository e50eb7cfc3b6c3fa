// The cost of one step of a move under the module's movement rules (module.movement.steps), with
// the memory a move carries from step to step (a road chain). `move` sums it along the path given;
// `reach` searches it over (hex, memory) states, so both charge the same for the same path: both
// evaluate it through one StepQuery (step-program.ts) per command.
// Without step rules a step costs what MovementCosts says (the terrain effects chart alone).
import type { Rational } from '../rational.js';
import { edgeBetween, locationIndex } from './board-facts.js';
import type { MovementRules } from './compiled-rules.js';
import { EngineError } from './errors.js';
import type { Game } from './game.js';
import { movementClass, type PieceView } from './piece-values.js';
import type { GameState } from './state.js';
import { StepQuery } from './step-program.js';

export interface StepResult {
  /** null: the piece may not make this step */
  cost: Rational | null;
  /** memory after the step */
  memory: readonly number[];
  /** sections of the rules that changed this step */
  rules: readonly string[];
}

export interface Mover {
  game: Game;
  state: GameState;
  piece: PieceView;
  /** the declared movement mode, '' for none */
  mode: string;
}

export const startMemory = (rules: MovementRules | null): number[] => (rules?.memory ?? []).map(() => 0);

/** The step query of one move or reach (a Mover lives as long as one command). */
const queries = new WeakMap<Mover, StepQuery>();
export function stepQuery(mv: Mover): StepQuery {
  let q = queries.get(mv);
  if (!q) { q = new StepQuery(mv.game, mv.state, mv.piece, mv.mode); queries.set(mv, q); }
  return q;
}

/**
 * Cost of the step `from` → `to` (adjacent hexes or spaces of the board played on) given the memory
 * the move carries into it. It depends on nothing else of the path, so reach can search it.
 */
export function stepCost(mv: Mover, from: string, to: string, memory: readonly number[]): StepResult {
  const rules = mv.game.movementRules;
  if (!rules || rules.steps.length === 0) {
    return { cost: mv.game.costs!.step(from, to, movementClass(mv.piece)), memory, rules: [] };
  }
  const q = stepQuery(mv);
  const a = locationIndex(q.f, from);
  const edge = edgeBetween(q.f, a, locationIndex(q.f, to));
  if (edge < 0) throw new EngineError(`${to} is not adjacent to ${from}`);
  const next: number[] = [], applied: string[] = [];
  const cost = q.step(a, edge, memory, next, applied);
  return { cost, memory: next, rules: applied };
}
