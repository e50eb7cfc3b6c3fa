// Reinforcements: when the scenario's pieces due on a turn come into play, by the module's
// rules.reinforcements. Without it they arrive as the turn begins (as before). With it they may
// arrive in a named phase of their side (Cold War 33.5 "玩家在友方机动阶段获得地面增援") or as the
// turn ends (basic rules 4.1 "结束回合，如有援军则援军到达"), pay the entry hex's MP (33.5.3), wait a
// turn when an enemy unit holds the entry hex (33.5.3 "进入格内不得有敌军单位；若无有效进入格，该地面
// 增援单位将延迟至下一回合投入战场"), and warn where they overfill the stacking limit. Eylau adds
// 6.71's single file ("后方入场的单位，其可用移动点数会根据前方已入场单位的数量相应扣减": each unit pays
// the road hexes of those ahead, `column`), 6.7's road column only clear of the enemy (`roadColumn`)
// and 6.72's delay by the owner's choice (entry-choice.ts).
import type { PlacementDef } from '../module/schema.js';
import { add, compare, formatRational, mul, ONE, parseRational, ZERO, type Rational } from '../rational.js';
import { compileExpression } from './compiled-rules.js';
import { warning } from './context.js';
import type { ArrivedEvent, GameEvent } from './events.js';
import type { Game } from './game.js';
import { entryOf } from './entry-choice.js';
import { allowanceOf, pieceView, type PieceView } from './piece-values.js';
import { enemiesIn, enemiesWithin, evalRule, RuleScope } from './rule-scope.js';
import { stackingWarnings } from './stacking.js';
import type { GameState } from './state.js';

export type Arrival = 'turn-start' | 'phase' | 'turn-end';

export function arrivalOf(game: Game): Arrival {
  return game.module.rules?.reinforcements?.arrive ?? 'turn-start';
}

/**
 * The arrivals due now: at the start of `turn` (arrive "turn-start": those due that very turn, as
 * before), in `phase` (arrive "phase": the pieces of the side whose reinforcement phase it is — with
 * `segments`, as its segment begins — due that turn or earlier and not yet in play), or at the end
 * of `turn` (arrive "turn-end"). A piece its owner delayed (6.72) reads its turn and hex from state.entries.
 */
export function arrivals(
  game: Game, state: GameState, turn: number, phase: string | null, when: Arrival,
  segment: string | null = null, phaseBegins = true,
): GameEvent[] {
  const rules = game.module.rules?.reinforcements;
  if (when !== arrivalOf(game)) return [];
  const due = game.scenario.reinforcements.filter((r) => {
    const { turn: on } = entryOf(game, state, r);
    if (when === 'turn-start') return on === turn;
    if (state.pieces[r.piece]!.location !== null || on > turn) return false;
    if (when === 'turn-end') return true;
    const side = game.pieces.get(r.piece)!.side;
    if (phase === null || rules?.phases?.[side] !== phase) return false;
    const seg = rules.segments?.[side];
    return seg === undefined ? phaseBegins : segment === seg;
  });
  const events: GameEvent[] = [];
  const ahead = new Map<string, Rational>(); // entry hex → road hexes the column already in fills (6.71)
  for (const r of due) {
    const at = entryOf(game, state, r).at;
    const side = game.pieces.get(r.piece)!.side;
    if (rules?.enemy === 'delay' && enemiesIn(game, state, side, at) > 0) {
      events.push({ type: 'delayed', piece: r.piece, at, rule: rules.rule ?? '', reason: `an enemy unit holds ${at}` });
      continue;
    }
    const e = arrivedEvent(game, state, r, at, state.entries?.[r.piece]?.face);
    if (rules?.payEntry) {
      const mp = entryCost(game, e);
      if (mp === null) e.warnings = [warning(game, 'prohibited', `${r.piece} may not enter ${at}`)];
      else {
        // 6.71 "默认入场格子的道路类型向地图外无限延伸": each road hex the column ahead fills off the
        // map costs what the entry hex's road does
        const hexes = ahead.get(at) ?? ZERO;
        const before = mul(hexes, mp), total = add(mp, before);
        const view = arrivingView(game, state, e);
        const allowance = allowanceOf(game, view);
        // a unit the column ahead leaves too few MP to set foot on the map waits for next turn
        if (compare(hexes, ZERO) > 0 && allowance && compare(total, allowance) > 0) {
          const reason = `the column ahead fills ${formatRational(hexes)} road hexes (${formatRational(before)} MP) `
            + `and entering ${at} costs ${formatRational(mp)}: past its ${formatRational(allowance)} MP`;
          events.push({ type: 'delayed', piece: r.piece, at, rule: rules.column?.rule ?? rules.rule ?? '', reason });
          continue;
        }
        e.mp = formatRational(mp);
        e.spent = formatRational(total);
        if (compare(hexes, ZERO) > 0) { e.column = formatRational(before); e.rule = rules.column!.rule; }
        if (rules.column) ahead.set(at, add(hexes, columnHexes(game, state, view, rules.column)));
      }
    }
    const clear = rules?.roadColumn;
    if (clear && e.face === clear.face && enemiesWithin(game, state, side, at, clear.clear) > 0) {
      const text = `${r.piece} may not enter in ${clear.face}: an enemy unit is within ${clear.clear} hexes of ${at} `
        + `(${clear.rule}); flip it to another face`;
      (e.warnings ??= []).push(warning(game, 'prohibited', text));
    }
    // a group entering together comes in column, one after another (and marches on): it is checked
    // against what already stands in the entry hex, not against itself
    if (rules) {
      const w = stackingWarnings(game, state, r.piece, at).map((x) => ({ ...x, message: `${x.message}, as ${r.piece} arrives` }));
      if (w.length) (e.warnings ??= []).push(...w);
    }
    events.push(e);
  }
  return events;
}

/** The arriving piece as it will show: its arrival face, not yet on the map. */
function arrivingView(game: Game, state: GameState, e: ArrivedEvent): PieceView {
  const p = pieceView(game, state, e.piece);
  return { ...p, face: p.type.faces.find((f) => f.id === e.face) ?? p.face };
}

/** 6.65: the road hexes a unit of the column fills (the module's expression, e.g. ceil(piece.strength / 8)). */
function columnHexes(game: Game, state: GameState, p: PieceView, column: { rule: string; hexes: string | number | boolean }):
  Rational {
  const expr = compileExpression(game.module, 'mode', column.hexes, 'number', 'rules.reinforcements.column.hexes');
  const v = evalRule(expr, new RuleScope(game, state, p, ''), column.rule) as Rational;
  return compare(v, ZERO) > 0 ? v : ZERO;
}

function arrivedEvent(game: Game, state: GameState, r: PlacementDef, at: string, chosen: string | undefined): ArrivedEvent {
  const p = state.pieces[r.piece]!;
  const e: ArrivedEvent = {
    type: 'arrived', piece: r.piece, at, face: chosen ?? r.face ?? p.face, facing: p.facing === null ? null : r.facing ?? p.facing,
  };
  if (r.values) e.values = { ...r.values };
  if (r.markers) e.markers = r.markers.slice();
  return e;
}

/**
 * MP of entering the entry hex from off the map: the cheapest road through it that serves the
 * arriving face's class (it comes in along the road), else the dearest hex terrain; null where
 * the class may not enter.
 */
function entryCost(game: Game, e: ArrivedEvent): Rational | null {
  const costs = game.costs;
  if (!costs) return ZERO;
  const def = game.pieces.get(e.piece)!;
  const type = game.pieceTypes.get(def.type)!;
  const face = type.faces.find((f) => f.id === e.face) ?? type.faces[0]!;
  const cls = face.movementClass ?? type.id;
  const terrain = new Map(game.module.terrain.map((t) => [t.id, t]));
  const rate = (id: string, prohibitIfMissing: boolean): Rational | null | undefined => {
    const v = terrain.get(id)?.cost?.[cls] ?? terrain.get(id)?.cost?.['*'];
    if (v === undefined) return prohibitIfMissing ? (terrain.get(id)?.cost ? null : ONE) : undefined;
    return v === 'P' ? null : parseRational(v);
  };
  let road: Rational | null = null;
  for (const r of costs.index.roadsAt(e.at)) {
    const c = rate(r, false);
    if (c && (road === null || compare(c, road) < 0)) road = c;
  }
  if (road) return road;
  let hex: Rational | null = null;
  for (const t of costs.index.hexTerrain(e.at)) {
    const c = rate(t, true);
    if (c === null || c === undefined) return null;
    if (hex === null || compare(c, hex) > 0) hex = c;
  }
  return hex ?? ONE;
}
