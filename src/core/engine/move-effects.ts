// What a move does to the piece besides moving it (module.json movement.effects): a formation the
// terrain forces (Eylau 6.21 "列阵步兵、轻骑兵进入后强制转为常规散阵"), a marker (6.21 "重骑兵、炮兵进入任意障碍
// 地形格子直接陷入混乱"), a check the book requires (6.32 "炮兵每次跨越河流、小溪、轻型掩护格边…必须判定火炮损毁",
// an obligation). Each effect is read on every step with the step rules' names; the events follow
// the `moved` event, in step order. Pure: every tool and verifier derives the same events.
import { parseRational, rational, sub, ZERO, type Rational } from '../rational.js';
import { warning } from './context.js';
import type { FlippedEvent, GameEvent, MarkedEvent, MovedEvent, ObligedEvent } from './events.js';
import { crossesFront } from './front.js';
import type { Game } from './game.js';
import { facingKind, pieceView, type PieceView } from './piece-values.js';
import { enemiesIn, enemiesWithin, enemyTypes, evalRule, RuleScope } from './rule-scope.js';
import type { GameState } from './state.js';
import { startMemory, stepCost } from './step-cost.js';
import { inEnemyZoc, zocCache } from './zoc.js';

/**
 * The events a move's effects give, in step order; a `warn` effect adds its `prohibited` warning to
 * the `moved` event itself (refused where `allowance` is strict, as a prohibited step is).
 */
export function moveEffectEvents(game: Game, state: GameState, moved: MovedEvent): GameEvent[] {
  const rules = game.movementRules;
  const idx = game.costs?.index;
  const hexes = game.board.hex;
  if (!rules?.effects.length || !idx || moved.from === null || moved.obligation !== undefined) return [];
  const labels = [moved.from, ...moved.path];
  if (!labels.every((l) => game.board.has(l))) return [];
  const piece = pieceView(game, state, moved.piece);
  const side = piece.def.side, mode = moved.mode ?? '';
  const zoc = zocCache();
  const out: GameEvent[] = [];
  const taken = new Set((state.obligations ?? []).map((o) => o.id));
  let flipped = false;
  const marked = new Set(piece.state.markers);
  let memory: readonly number[] = startMemory(rules);
  for (let i = 1; i < labels.length; i++) {
    const from = labels[i - 1]!, to = labels[i]!;
    const hexside = hexes ? hexes.hexside(from, to) : null;
    const scope = new RuleScope(game, state, piece, mode, {
      'along-road': () => idx.roadsBetween(from, to).length > 0, roads: () => idx.roadsBetween(from, to),
      'from.terrain': () => idx.hexTerrain(from), 'from.markers': () => state.markers[from] ?? [],
      'from.road': () => idx.roadsAt(from).length > 0,
      'to.terrain': () => idx.hexTerrain(to), 'to.markers': () => state.markers[to] ?? [],
      'to.road': () => idx.roadsAt(to).length > 0,
      'to.enemies': () => rational(enemiesIn(game, state, side, to)),
      'to.enemy-types': () => enemyTypes(game, state, side, to),
      'to.friends': () => rational((state.stacks[to]?.length ?? 0) - enemiesIn(game, state, side, to)),
      'hexside.features': () => idx.hexsideFeatures(from, to),
      'hexside.markers': () => (hexside === null ? [] : state.markers[hexside] ?? []),
      'hexside.front': () => crossesFront(game, piece, from, to),
      'from.zoc': () => inEnemyZoc(game, state, side, from, zoc), 'to.zoc': () => inEnemyZoc(game, state, side, to, zoc),
      last: i === labels.length - 1,
      left: () => left(moved),
      'to.turn-to-friends': () => rational(turnToFriends(game, state, piece, to)),
      ...Object.fromEntries(rules.memory.map((m, k) => [`memory.${m.id}`, rational(memory[k] ?? 0)])),
    }, {
      'enemies-within': (a) => {
        const r = a[0] as { num: number; den: number };
        return rational(enemiesWithin(game, state, side, to, Math.floor(r.num / r.den), a[1] as string[]));
      },
    });
    for (const fx of rules.effects) {
      if (fx.when && !evalRule(fx.when, scope, fx.def.rule)) continue;
      if (fx.flip && !flipped) {
        const face = evalRule(fx.flip, scope, fx.def.rule) as string;
        // a face the type lacks, or the one it shows, changes nothing (one effect serves several types)
        if (face !== piece.face.id && piece.type.faces.some((f) => f.id === face)) {
          flipped = true;
          const e: FlippedEvent = { type: 'flipped', piece: piece.id, from: piece.face.id, to: face, rules: [fx.def.rule] };
          out.push(e);
        }
      }
      if (fx.def.mark !== undefined && !marked.has(fx.def.mark)) {
        marked.add(fx.def.mark);
        out.push({ type: 'marked', target: piece.id, kind: 'piece', marker: fx.def.mark } satisfies MarkedEvent);
      }
      if (fx.def.warn !== undefined) {
        (moved.warnings ??= []).push(warning(game, 'prohibited', `${piece.id}: ${fx.def.warn} (${fx.def.rule})`));
      }
      if (fx.def.check !== undefined) {
        let k = 1, id: string;
        do id = `${piece.id}/${fx.def.check}/${k++}`; while (taken.has(id));
        taken.add(id);
        out.push({
          type: 'obliged', id, kind: 'check', side, pieces: [piece.id], count: 1, reply: fx.def.check,
          ...(hexside !== null ? { to: hexside } : {}), procedure: fx.def.check, rule: fx.def.rule,
        } satisfies ObligedEvent);
      }
    }
    memory = stepCost({ game, state, piece, mode }, from, to, memory).memory;
  }
  return out;
}

/** MP left after the move: its allowance (with the mode's bonus) less the MP spent this phase; 0 without one. */
function left(moved: MovedEvent): Rational {
  if (moved.allowance === undefined || moved.spent === undefined) return ZERO;
  return sub(parseRational(moved.allowance)!, parseRational(moved.spent)!);
}

/**
 * Facing steps the piece must turn to face as its side's top piece with a frontal facing in `to`
 * (Eylau 5.41 "调整朝向以和格子内其他友军单位朝向保持一致"): 0 when it faces all round or no such
 * friend stands there.
 */
export function turnToFriends(game: Game, state: GameState, p: PieceView, to: string): number {
  if (facingKind(p) === 'none' || p.state.facing === null) return 0;
  const friends = (state.stacks[to] ?? []).filter((id) => id !== p.id && game.pieces.get(id)!.side === p.def.side)
    .map((id) => pieceView(game, state, id)).filter((q) => facingKind(q) !== 'none' && q.state.facing !== null);
  const top = friends.at(-1);
  if (!top) return 0;
  const d = (((top.state.facing! - p.state.facing) % 6) + 6) % 6;
  return Math.min(d, 6 - d);
}
