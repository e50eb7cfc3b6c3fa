// A face a move forces on the piece as it goes (module.json movement.effects `flip`: Eylau 6.21
// "列阵步兵、轻骑兵进入后强制转为常规散阵"). From the step that flips it on, the piece moves as it now
// stands: its steps are charged with the new face (class, facing, `piece.*`), and its allowance is
// the new face's (6.11 "单位移动力由当前阵型决定"). `move` (movement-rules.ts pathMp), the move's effects
// and `reach` (a search over (location, memory, face)) all go through here, so they agree.
import { add, compare, sub, ZERO, type Rational } from '../rational.js';
import { edgeBetween, locationIndex, type BoardFacts } from './board-facts.js';
import type { Game } from './game.js';
import { allowanceOf, pieceView } from './piece-values.js';
import type { GameState } from './state.js';
import { stepQuery, type Mover } from './step-cost.js';
import type { StepQuery } from './step-program.js';

/** Whether the module's movement effects can change a moving piece's face. */
export const hasForcedFaces = (game: Game): boolean => Boolean(game.movementRules?.effects.some((e) => e.flip));

/**
 * The face the step from → to forces on the mover (the first `flip` effect whose `when` holds and
 * whose face is another face of its type), or null. `memory` is the memory the step starts with
 * (a longer one, reach's with its face slot last, reads the same). A flip effect reads neither
 * `last` nor `left` (validation refuses them), so this is known mid-path.
 */
export function forcedFace(mv: Mover, from: number, edge: number, memory: readonly number[]): string | null {
  if (!mv.game.movementRules) return null;
  const own = mv.piece.face.id, faces = mv.piece.type.faces;
  return stepQuery(mv).forcedFlip(from, edge, memory, (f) => f !== own && faces.some((x) => x.id === f));
}

/** forcedFace by labels (the board played on). */
export function forcedFaceAt(mv: Mover, from: string, to: string, memory: readonly number[]): string | null {
  const q = stepQuery(mv);
  const a = locationIndex(q.f, from);
  const edge = edgeBetween(q.f, a, locationIndex(q.f, to));
  return edge < 0 ? null : forcedFace(mv, a, edge, memory);
}

/** The mover as it stands with another face: same piece, same place and facing, the state otherwise the same. */
export function withFace(mv: Mover, face: string): Mover {
  const ps = mv.state.pieces[mv.piece.id]!;
  const state: GameState = { ...mv.state, pieces: { ...mv.state.pieces, [mv.piece.id]: { ...ps, face } } };
  return { game: mv.game, state, piece: pieceView(mv.game, state, mv.piece.id), mode: mv.mode };
}

/** What reach-search.ts needs of a query: the board and one step's cost. */
export interface SearchQuery {
  readonly f: BoardFacts;
  step(from: number, edge: number, mem: readonly number[], next: number[], applied: string[] | null): Rational | null;
}

/**
 * reach's query when moves can force a face: the memory gains one last slot, 0 while the piece has
 * its own face and k + 1 once a step forced the type's k-th face on it (one forced change a move, as
 * the effects give one `flipped` event). A state's MP limit is its face's allowance (with the mode's
 * bonus) less the MP spent this phase before the move: the steps up to and including the one that
 * forces the face are within the old allowance, the whole move within the new.
 *
 * A face whose steps cost what the piece's own face's do (StepQuery.stepsAlike: skirmish's column
 * and line, S.11) is searched with the own face's step query, and when its limit is the same too,
 * `dominators` lets reach-search.ts drop its states that an earlier-settled state of the same
 * location and memory dominates (see there): such a state leads nowhere cheaper.
 */
export function faceSearch(mv: Mover, bonus: Rational, spent: Rational): {
  q: SearchQuery; extraMax: number; limit: (memory: readonly number[]) => Rational; dominators: Int32Array | null;
} {
  const faces = mv.piece.type.faces.map((f) => f.id);
  const movers: (Mover | undefined)[] = [];
  const moverOf = (slot: number) => (slot === 0 ? mv : (movers[slot] ??= withFace(mv, faces[slot - 1]!)));
  const own = stepQuery(mv);
  const limits: (Rational | undefined)[] = [];
  const limitOf = (slot: number) => {
    let v = limits[slot];
    if (v === undefined) {
      const a = allowanceOf(mv.game, moverOf(slot).piece);
      v = a === null ? ZERO : sub(add(a, bonus), spent);
      if (compare(v, ZERO) < 0) v = ZERO;
      limits[slot] = v;
    }
    return v;
  };
  // by slot: whether its steps cost what the own face's do, and the step query that costs them
  const alike: boolean[] = [true];
  for (let k = 1; k <= faces.length; k++) { const m = moverOf(k); alike[k] = own.stepsAlike(m.piece, m.state); }
  const queries: (StepQuery | undefined)[] = [own];
  const queryOf = (slot: number) => (queries[slot] ??= alike[slot] ? own : stepQuery(moverOf(slot)));
  const q: SearchQuery = {
    f: own.f,
    step(from, edge, mem, next, applied) {
      // the step rules read their own memory slots only, and copy the face slot into next
      const n = mem.length - 1, slot = mem[n]!;
      const cost = queryOf(slot).step(from, edge, mem, next, applied);
      if (cost !== null && slot === 0) {
        const f = forcedFace(mv, from, edge, mem);
        if (f !== null) next[n] = faces.indexOf(f) + 1;
      }
      return cost;
    },
  };
  const limit = (memory: readonly number[]) => limitOf(memory[memory.length - 1]!);
  return { q, extraMax: faces.length, limit, dominators: dominators(faces.length, alike, limitOf) };
}

/**
 * By face slot, the slots whose states may dominate its states (a bit each), or null: slots alike
 * with the own face (same steps, same limit) dominate one another; the own face's slot 0 dominates
 * the other face's only when the type has two faces, so that a forced flip can only go there (with
 * three, a path from slot 0 could flip into a third face and sort after the state it stands for).
 */
function dominators(count: number, alike: boolean[], limitOf: (slot: number) => Rational): Int32Array | null {
  if (count > 30) return null;
  const like = (k: number) => alike[k]! && compare(limitOf(k), limitOf(0)) === 0;
  const d = new Int32Array(count + 1);
  let any = false;
  for (let k = 1; k <= count; k++) {
    if (!like(k)) continue;
    for (let j = 1; j <= count; j++) if (j !== k && like(j)) d[k]! |= 1 << j;
    if (count === 2) d[k]! |= 1;
    if (d[k]) any = true;
  }
  return any ? d : null;
}
