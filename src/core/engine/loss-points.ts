// Losses counted in loss points (procedure outcome `loss-points`, docs/module-format.md): a result of
// N points makes the owner take steps — a full unit turned to its reduced face, a reduced one
// eliminated — until the values `by` of the steps taken (Paths of Glory's loss factors) total at
// least N. Where the owner has no choice the engine takes the steps; else it records a loss
// obligation counted in points, which each `lose` brings down by the step's value.
import type { GameEvent, LostEvent, ObligedEvent } from './events.js';
import type { Game } from './game.js';
import { pieceView } from './piece-values.js';
import { stepsLeft } from './procedure-binds.js';
import { pieceNumber } from './rule-scope.js';
import type { GameState } from './state.js';

/** The points the piece's next step absorbs: its value `by` on the face it shows now (a whole number, at least 0). */
export function stepPoints(game: Game, state: GameState, id: string, by: string): number {
  const v = pieceNumber(pieceView(game, state, id), by);
  return v.den === 1 && v.num > 0 ? v.num : 0;
}

/** The points all the piece's remaining steps absorb, face after face (stepLoss), without changing the state. */
function pointsLeft(game: Game, state: GameState, id: string, by: string): number {
  const p = pieceView(game, state, id);
  let face = p.face, total = 0;
  for (let n = stepsLeft(game, state, id); n > 0; n--) {
    const v = p.state.values[by] ?? p.def.values?.[by] ?? face.values[by];
    total += typeof v === 'number' && v > 0 ? v : 0;
    const next = p.type.faces.find((f) => f.id === face.stepLoss);
    if (!next) break;
    face = next;
  }
  return total;
}

export interface LossPointsContext {
  /** the working state, kept up to date by emit */
  work: GameState;
  emit: (e: GameEvent) => void;
  oblige: (o: Omit<ObligedEvent, 'type' | 'id' | 'procedure'>, rule: string | undefined) => void;
  step: (id: string) => LostEvent;
}

/** Applies `points` loss points to the pieces (on the board, of one owner), or records the owner's choice. */
export function applyLossPoints(game: Game, ctx: LossPointsContext, pieces: string[], points: number, by: string, rule: string | undefined): void {
  if (!pieces.length || points <= 0) return;
  const total = pieces.reduce((a, id) => a + pointsLeft(game, ctx.work, id, by), 0);
  if (pieces.length > 1 && total > points) {
    ctx.oblige({ kind: 'loss', side: game.pieces.get(pieces[0]!)!.side, pieces, count: points, points: by }, rule);
    return;
  }
  // no choice: one piece takes steps until the points are absorbed, or every piece goes
  let owed = points;
  for (const id of pieces) {
    for (let n = stepsLeft(game, ctx.work, id); n > 0 && (pieces.length > 1 || owed > 0); n--) {
      const absorbed = stepPoints(game, ctx.work, id, by);
      ctx.emit({ ...ctx.step(id), points: absorbed });
      owed -= absorbed;
      if (ctx.work.pieces[id]?.location == null || !game.board.has(ctx.work.pieces[id]!.location!)) break;
    }
  }
}
