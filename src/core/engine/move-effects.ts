// What a move does to the piece besides moving it (module.json movement.effects): a formation the
// terrain forces (Eylau 6.21 "列阵步兵、轻骑兵进入后强制转为常规散阵"), a marker (6.21 "重骑兵、炮兵进入任意障碍
// 地形格子直接陷入混乱"), a check the book requires (6.32 "炮兵每次跨越河流、小溪、轻型掩护格边…必须判定火炮损毁",
// an obligation). Each effect is read on every step with the step rules' names; the events follow
// the `moved` event, in step order. Pure: every tool and verifier derives the same events.
import { parseRational, sub, ZERO, type Rational } from '../rational.js';
import { edgeBetween } from './board-facts.js';
import { warning } from './context.js';
import type { FlippedEvent, GameEvent, MarkedEvent, MovedEvent, ObligedEvent } from './events.js';
import type { Game } from './game.js';
import { withFace } from './forced-face.js';
import { pieceView } from './piece-values.js';
import type { GameState } from './state.js';
import { startMemory, stepCost, stepQuery, type Mover } from './step-cost.js';

/**
 * The events a move's effects give, in step order; a `warn` effect adds its `prohibited` warning to
 * the `moved` event itself (refused where `allowance` is strict, as a prohibited step is). The
 * effects read each step through the move's StepQuery (step-program.ts), as its cost is read.
 */
export function moveEffectEvents(game: Game, state: GameState, moved: MovedEvent): GameEvent[] {
  const rules = game.movementRules;
  const hexes = game.board.hex;
  if (!rules?.effects.length || !game.costs || moved.from === null || moved.obligation !== undefined) return [];
  const labels = [moved.from, ...moved.path];
  if (!labels.every((l) => game.board.has(l))) return [];
  const piece = pieceView(game, state, moved.piece);
  // forced-face.ts: after the step that flips it, the piece is read with its new face
  let mover: Mover = { game, state, piece, mode: moved.mode ?? '' };
  const side = piece.def.side;
  const out: GameEvent[] = [];
  const taken = new Set((state.obligations ?? []).map((o) => o.id));
  let flipped: string | null = null;
  const marked = new Set(piece.state.markers);
  const mpLeft = left(moved);
  let memory: readonly number[] = startMemory(rules);
  for (let i = 1; i < labels.length; i++) {
    const from = labels[i - 1]!, to = labels[i]!;
    const q = stepQuery(mover);
    const a = q.f.index.get(from)!, edge = edgeBetween(q.f, a, q.f.index.get(to)!);
    if (edge < 0) continue; // a move only logs adjacent steps (move checks it)
    const hexside = hexes ? hexes.hexside(from, to) : null;
    q.effects(a, edge, memory, i === labels.length - 1, mpLeft, (k, face) => {
      const fx = rules.effects[k]!;
      if (fx.flip && flipped === null) {
        const f = face()!;
        // a face the type lacks, or the one it shows, changes nothing (one effect serves several types)
        if (f !== piece.face.id && piece.type.faces.some((x) => x.id === f)) {
          flipped = f;
          const e: FlippedEvent = { type: 'flipped', piece: piece.id, from: piece.face.id, to: f, rules: [fx.def.rule] };
          out.push(e);
        }
      }
      // `on: friends`: the mark and the check go to the mover's own pieces in the hex entered (6.5)
      const whom = fx.def.on === 'friends' ? friendsIn(state, game, side, to, piece.id) : [piece.id];
      for (const id of fx.def.mark !== undefined ? whom : []) {
        const key = `${id}\n${fx.def.mark}`;
        if (id === piece.id ? marked.has(fx.def.mark!) : marked.has(key) || state.pieces[id]!.markers.includes(fx.def.mark!)) continue;
        marked.add(id === piece.id ? fx.def.mark! : key);
        out.push({ type: 'marked', target: id, kind: 'piece', marker: fx.def.mark! } satisfies MarkedEvent);
      }
      if (fx.def.warn !== undefined) {
        (moved.warnings ??= []).push(warning(game, 'prohibited', `${piece.id}: ${fx.def.warn} (${fx.def.rule})`));
      }
      for (const who of fx.def.check !== undefined ? whom : []) {
        let n = 1, id: string;
        do id = `${who}/${fx.def.check}/${n++}`; while (taken.has(id));
        taken.add(id);
        out.push({
          type: 'obliged', id, kind: 'check', side: game.pieces.get(who)!.side, pieces: [who], count: 1, reply: fx.def.check!,
          ...(hexside !== null ? { to: hexside } : {}), procedure: fx.def.check!, rule: fx.def.rule,
        } satisfies ObligedEvent);
      }
    });
    memory = stepCost(mover, from, to, memory).memory;
    if (flipped !== null && mover.piece.face.id !== flipped) mover = withFace(mover, flipped);
  }
  return out;
}

/** The side's pieces in a location, bottom to top, but the mover (the state as the move began). */
function friendsIn(state: GameState, game: Game, side: string, at: string, mover: string): string[] {
  return (state.stacks[at] ?? []).filter((id) => id !== mover && game.pieces.get(id)!.side === side);
}

/** MP left after the move: its allowance (with the mode's bonus) less the MP spent this phase; 0 without one. */
function left(moved: MovedEvent): Rational {
  if (moved.allowance === undefined || moved.spent === undefined) return ZERO;
  return sub(parseRational(moved.allowance)!, parseRational(moved.spent)!);
}
