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

/** Whether the module's movement effects can change a moving piece's face. */
export const hasForcedFaces = (game: Game): boolean => Boolean(game.movementRules?.effects.some((e) => e.flip));

/**
 * The face the step from → to forces on the mover (the first `flip` effect whose `when` holds and
 * whose face is another face of its type), or null. `memory` is the memory the step starts with. A
 * flip effect reads neither `last` nor `left` (validation refuses them), so this is known mid-path.
 */
export function forcedFace(mv: Mover, from: number, edge: number, memory: readonly number[]): string | null {
  const rules = mv.game.movementRules;
  if (!rules) return null;
  let face: string | null = null;
  stepQuery(mv).effects(from, edge, memory, false, ZERO, (k, read) => {
    if (face !== null || !rules.effects[k]!.flip) return;
    const f = read();
    if (f !== null && f !== mv.piece.face.id && mv.piece.type.faces.some((x) => x.id === f)) face = f;
  });
  return face;
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
 */
export function faceSearch(mv: Mover, bonus: Rational, spent: Rational): {
  q: SearchQuery; extraMax: number; limit: (memory: readonly number[]) => Rational;
} {
  const faces = mv.piece.type.faces.map((f) => f.id);
  const movers: (Mover | undefined)[] = [];
  const moverOf = (slot: number) => (slot === 0 ? mv : (movers[slot] ??= withFace(mv, faces[slot - 1]!)));
  const inner: number[] = [], innerNext: number[] = [];
  const q: SearchQuery = {
    f: stepQuery(mv).f,
    step(from, edge, mem, next, applied) {
      const n = mem.length - 1, slot = mem[n]!;
      inner.length = n;
      for (let i = 0; i < n; i++) inner[i] = mem[i]!;
      const m = moverOf(slot);
      const cost = stepQuery(m).step(from, edge, inner, innerNext, applied);
      next.length = mem.length;
      for (let i = 0; i < n; i++) next[i] = innerNext[i]!;
      next[n] = slot;
      if (cost !== null && slot === 0) {
        const f = forcedFace(m, from, edge, inner);
        if (f !== null) next[n] = faces.indexOf(f) + 1;
      }
      return cost;
    },
  };
  const limits: (Rational | undefined)[] = [];
  const limit = (memory: readonly number[]) => {
    const slot = memory[memory.length - 1]!;
    let v = limits[slot];
    if (v === undefined) {
      const a = allowanceOf(mv.game, moverOf(slot).piece);
      v = a === null ? ZERO : sub(add(a, bonus), spent);
      if (compare(v, ZERO) < 0) v = ZERO;
      limits[slot] = v;
    }
    return v;
  };
  return { q, extraMax: faces.length, limit };
}
