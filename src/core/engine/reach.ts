// Where a piece can still go this phase: every location within its remaining MP (allowance minus
// MP already spent this phase, plus a declared mode's bonus), with the exact cost and a cheapest
// path. The same step costs as `move` (step-cost.ts): where the module's movement rules carry a
// memory from step to step, the search runs over (location, memory) states, and a location's cost
// is its cheapest state's. So what reach promises, move charges.
import { reach as reachOnBoard, pathTo } from '../geometry/movement.js';
import { compare, parseRational, sub, ZERO, type Rational } from '../rational.js';
import { refuse } from './errors.js';
import type { Warning } from './events.js';
import type { Game } from './game.js';
import { resolveLocation } from './locations.js';
import { withBonus } from './movement.js';
import { declaredMode } from './movement-rules.js';
import { allowanceOf, movementClass, pieceView } from './piece-values.js';
import type { GameState } from './state.js';
import { locationIndex } from './board-facts.js';
import { faceSearch, hasForcedFaces } from './forced-face.js';
import { searchStates, type Reached } from './reach-search.js';
import { startMemory, stepQuery, type Mover } from './step-cost.js';

export interface Reachable {
  location: string;
  /** exact MP from where the piece stands */
  cost: Rational;
  /** a cheapest path, without the start */
  readonly path: string[];
}

export function reachOf(game: Game, state: GameState, pieceId: string, mode?: string): { left: Rational; reachable: Reachable[]; warnings: Warning[] } {
  const p = pieceView(game, state, pieceId);
  if (p.state.location === null) refuse(`${pieceId} is not in play`);
  const at = resolveLocation(game, p.state.location);
  if ((at.kind !== 'hex' && at.kind !== 'space') || at.board !== game.board.def.id) refuse(`${pieceId} is not on the board played on`);
  if (!game.costs) refuse(`module ${game.module.id} has no terrain costs: every adjacent step is one move`);
  const warnings: Warning[] = [];
  const declared = declaredMode(game, state, p, mode, warnings);
  const allowance = withBonus(allowanceOf(game, p), declared.bonus);
  if (!allowance) refuse(`${pieceId} has no movement allowance (face value "${game.module.movement?.allowance ?? 'movement'}")`);
  let left = sub(allowance, state.spent[pieceId] !== undefined ? parseRational(state.spent[pieceId]!)! : ZERO);
  if (compare(left, ZERO) < 0) left = ZERO;
  const board = (game.board.hex ?? game.board.graph!) as { neighbours(l: string): readonly string[] };
  const rules = game.movementRules;
  const reachable: Reachable[] = [];
  if (hasForcedFaces(game)) {
    // forced-face.ts: a move may force another face on the piece; the search carries it
    const spent = state.spent[pieceId] !== undefined ? parseRational(state.spent[pieceId]!)! : ZERO;
    searchWithFaces({ game, state, piece: p, mode: declared.mode }, at.label!, declared.bonus, spent, reachable);
  } else if (!rules || rules.steps.length === 0) {
    const costs = game.costs, cls = movementClass(p);
    const result = reachOnBoard(board, at.label!, left, (a, b) => costs.step(a, b, cls));
    for (const [loc, entry] of result) {
      if (loc !== at.label) reachable.push({ location: loc, cost: entry.cost, path: pathTo(result, loc)!.slice(1) });
    }
    reachable.sort((a, b) => compare(a.cost, b.cost) || (a.location < b.location ? -1 : a.location > b.location ? 1 : 0));
  } else {
    searchWithMemory({ game, state, piece: p, mode: declared.mode }, at.label!, left, reachable);
  }
  return { left, reachable, warnings };
}

/**
 * reach with a memory (reach-search.ts): each location by its cheapest (location, memory) state,
 * already in reach's order (by cost, then label).
 */
function searchWithMemory(mv: Mover, start: string, left: Rational, out: Reachable[]): void {
  const q = stepQuery(mv);
  const rules = mv.game.movementRules!;
  const found = searchStates(q, locationIndex(q.f, start), startMemory(rules), rules.memory.map((m) => m.max), left);
  const labels = q.f.labels;
  for (let j = 0; j < found.locations.length; j++) out.push(new Found(labels, found, j));
}

/**
 * A location reach found, its path built when first read: a caller that counts or costs the
 * locations (a bench, a test of costs) does not pay for 1,500 paths. `path` is a getter, so
 * toJSON gives it to JSON as a field.
 */
class Found implements Reachable {
  readonly location: string;
  readonly cost: Rational;
  readonly #labels: readonly string[];
  readonly #found: Reached;
  readonly #j: number;
  #path: string[] | undefined;

  constructor(labels: readonly string[], found: Reached, j: number) {
    this.location = labels[found.locations[j]!]!;
    this.cost = found.costOf(j);
    this.#labels = labels; this.#found = found; this.#j = j;
  }

  get path(): string[] { return (this.#path ??= this.#found.pathOf(this.#j).map((i) => this.#labels[i]!)); }

  toJSON(): { location: string; cost: Rational; path: string[] } {
    return { location: this.location, cost: this.cost, path: this.path };
  }
}

/** reach when a move may force a face (forced-face.ts): states carry the face, each limited by its allowance. */
function searchWithFaces(mv: Mover, start: string, bonus: Rational, spent: Rational, out: Reachable[]): void {
  const rules = mv.game.movementRules!;
  const { q, extraMax, limit, dominators } = faceSearch(mv, bonus, spent);
  const memory = [...startMemory(rules), 0], maxima = [...rules.memory.map((m) => m.max), extraMax];
  const found = searchStates(q, locationIndex(q.f, start), memory, maxima, limit, dominators);
  for (let j = 0; j < found.locations.length; j++) out.push(new Found(q.f.labels, found, j));
}
