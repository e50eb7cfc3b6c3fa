// What the sequence does by itself as a phase or a turn begins, by the module's data: a track with
// a `reset` is set again as its phase begins (replacement points, command points), and a marker
// type with a `countdown` is replaced by the next as each turn begins (Eylau's order delay markers
// 3 → 2 → 1 → received), or as its phase begins (Cold War 31.1.4, fortifications finished in the
// friendly engineer phase). The events say so, so a verifier recomputes nothing it cannot see.
import { checkExpression } from '../rules/check.js';
import type { Expr } from '../rules/expression.js';
import { vocabulary } from '../rules/vocabulary.js';
import type { Rational } from '../rational.js';
import type { GameEvent } from './events.js';
import { foldEvents } from './fold.js';
import { clamp } from './modifier-groups.js';
import { evalRule, RuleScope } from './rule-scope.js';
import type { Game } from './game.js';
import type { GameState } from './state.js';

/**
 * track-set events for the tracks that reset as `phase` begins, in module order, each reading the
 * tracks as the resets before it left them. `before`: the events of the `next` so far (the new turn
 * and phase), folded for a reset that computes its value or has a condition (Cold War 29.4: the
 * grounded air points from the turn's weather).
 */
export function trackResets(game: Game, state: GameState, phase: string, before: readonly GameEvent[] = []): GameEvent[] {
  const out: GameEvent[] = [];
  const computed = game.module.tracks.some((t) => t.reset?.phase === phase && (t.reset.value !== undefined || t.reset.when !== undefined));
  const now = computed ? foldEvents(state, before) : state;
  const tracks = { ...now.tracks };
  for (const t of game.module.tracks) {
    const r = t.reset;
    if (r?.phase !== phase) continue;
    let to: number;
    if (r.value !== undefined || r.when !== undefined) {
      const scope = new RuleScope(game, { ...now, tracks }, null, '');
      if (r.when !== undefined && !evalRule(compiledReset(game, r.when, 'bool'), scope, r.rule ?? `reset of ${t.id}`)) continue;
      if (r.value !== undefined) {
        const v = evalRule(compiledReset(game, r.value, 'number'), scope, r.rule ?? `reset of ${t.id}`) as Rational;
        to = clamp(Math.floor(v.num / v.den), t.min, t.max);
      } else to = typeof r.to === 'number' ? r.to : tracks[r.to!]!;
    } else if (r.to === undefined) continue;
    else to = typeof r.to === 'number' ? r.to : tracks[r.to]!;
    const from = tracks[t.id]!;
    if (from !== to) { out.push({ type: 'track-set', track: t.id, from, to }); tracks[t.id] = to; }
  }
  return out;
}

const resetCache = new WeakMap<Game, Map<string, Expr>>();
function compiledReset(game: Game, src: string | number | boolean, type: 'bool' | 'number'): Expr {
  let m = resetCache.get(game);
  if (!m) { m = new Map(); resetCache.set(game, m); }
  const key = `${type}:${String(src)}`;
  let e = m.get(key);
  if (!e) { e = checkExpression(src, type, vocabulary(game.module, 'track')); m.set(key, e); }
  return e;
}

/**
 * unmarked / marked pairs for every countdown marker in play, as a turn begins (`phase` undefined:
 * the timers without a phase) or as the phase named begins (the timers of that phase). A timer
 * that `clears` markers takes them off its target as it becomes the next (unmarked events, after
 * its own, the markers the target carries, in list order).
 */
export function countdowns(game: Game, state: GameState, phase?: string): GameEvent[] {
  const timers = game.module.markerTypes.filter((m) => m.countdown && m.countdown.phase === phase);
  if (!timers.length) return [];
  const out: GameEvent[] = [];
  const ids = new Set(timers.map((m) => m.id));
  const step = (target: string, kind: 'piece' | 'hex' | 'hexside' | 'space', markers: readonly string[]) => {
    for (const m of markers) {
      if (!ids.has(m)) continue;
      out.push({ type: 'unmarked', target, kind, marker: m });
      const { becomes: next, clears } = game.markerTypes.get(m)!.countdown!;
      if (next === undefined) continue;
      out.push({ type: 'marked', target, kind, marker: next });
      for (const c of clears ?? []) if (c !== m && c !== next && markers.includes(c)) out.push({ type: 'unmarked', target, kind, marker: c });
    }
  };
  for (const [id, p] of Object.entries(state.pieces)) if (p.markers.length) step(id, 'piece', p.markers);
  for (const [at, markers] of Object.entries(state.markers)) {
    const kind = game.board.has(at) ? (game.board.hex ? 'hex' : 'space') : 'hexside';
    step(at, kind, markers);
  }
  return out;
}

/**
 * unmarked events for the markers a phase lifts (a marker type's `lifts`: Eylau 4.1 8A
 * "法军所有混乱单位可直接重整，无需掷骰判定"): as `phase` begins, each such marker comes off every piece
 * of the sides named, pieces in module order, marker types in module order, read as the pieces stood
 * before the `next`.
 */
export function markerLifts(game: Game, state: GameState, phase: string): GameEvent[] {
  const lifts = game.module.markerTypes.flatMap((m) =>
    (m.lifts ?? []).filter((l) => l.phase === phase).map((l) => ({ marker: m.id, sides: l.sides })));
  if (!lifts.length) return [];
  const out: GameEvent[] = [];
  for (const [id, p] of Object.entries(state.pieces)) {
    const side = game.pieces.get(id)!.side;
    for (const l of lifts) {
      if (!l.sides.includes(side) || !p.markers.includes(l.marker)) continue;
      out.push({ type: 'unmarked', target: id, kind: 'piece', marker: l.marker });
    }
  }
  return out;
}
