// Reinforcements: when the scenario's pieces due on a turn come into play, by the module's
// rules.reinforcements. Without it they arrive as the turn begins (as before). With it they may
// arrive in a named phase of their side (Cold War 33.5 "玩家在友方机动阶段获得地面增援") or as the
// turn ends (basic rules 4.1 "结束回合，如有援军则援军到达"), pay the entry hex's MP (33.5.3), wait a
// turn when an enemy unit holds the entry hex (33.5.3 "进入格内不得有敌军单位；若无有效进入格，该地面
// 增援单位将延迟至下一回合投入战场"), and warn where they overfill the stacking limit.
import type { PlacementDef } from '../module/schema.js';
import { compare, formatRational, ONE, parseRational, ZERO, type Rational } from '../rational.js';
import { warning } from './context.js';
import type { ArrivedEvent, GameEvent } from './events.js';
import type { Game } from './game.js';
import { resolveLocation } from './locations.js';
import { enemiesIn } from './rule-scope.js';
import { stackingWarnings } from './stacking.js';
import type { GameState } from './state.js';

export type Arrival = 'turn-start' | 'phase' | 'turn-end';

export function arrivalOf(game: Game): Arrival {
  return game.module.rules?.reinforcements?.arrive ?? 'turn-start';
}

/**
 * The arrivals due now: at the start of `turn` (arrive "turn-start": those due that very turn, as
 * before), in `phase` (arrive "phase": the pieces of the side whose reinforcement phase it is, due
 * that turn or earlier and not yet in play), or at the end of `turn` (arrive "turn-end").
 */
export function arrivals(game: Game, state: GameState, turn: number, phase: string | null, when: Arrival): GameEvent[] {
  const rules = game.module.rules?.reinforcements;
  if (when !== arrivalOf(game)) return [];
  const due = game.scenario.reinforcements.filter((r) => {
    if (when === 'turn-start') return r.turn === turn;
    if (state.pieces[r.piece]!.location !== null || r.turn > turn) return false;
    if (when === 'turn-end') return true;
    return phase !== null && rules?.phases?.[game.pieces.get(r.piece)!.side] === phase;
  });
  const events: GameEvent[] = [];
  for (const r of due) {
    const at = resolveLocation(game, r.at).id;
    const side = game.pieces.get(r.piece)!.side;
    if (rules?.enemy === 'delay' && enemiesIn(game, state, side, at) > 0) {
      events.push({ type: 'delayed', piece: r.piece, at, rule: rules.rule ?? '', reason: `an enemy unit holds ${at}` });
      continue;
    }
    const e = arrivedEvent(game, state, r, at);
    if (rules?.payEntry) {
      const mp = entryCost(game, e);
      if (mp === null) e.warnings = [warning(game, 'prohibited', `${r.piece} may not enter ${at}`)];
      else { e.mp = formatRational(mp); e.spent = e.mp; }
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

function arrivedEvent(game: Game, state: GameState, r: PlacementDef, at: string): ArrivedEvent {
  const p = state.pieces[r.piece]!;
  const e: ArrivedEvent = { type: 'arrived', piece: r.piece, at, face: r.face ?? p.face, facing: p.facing === null ? null : r.facing ?? p.facing };
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
