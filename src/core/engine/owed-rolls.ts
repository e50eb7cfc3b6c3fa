// Rolls a phase owes (procedure `owed`, docs/module-format.md): as a phase — or the segment named —
// begins, the side owes one `resolve` of the procedure where its `when` holds, and the phase cannot
// end (`next`) before it is made. Cold War 29.1.2: the WP player rolls the fog (where the turn allows
// it) and the precipitation in every weather phase; 34.3 each side's event check; 19.2.1 each air
// zone's recovery; 26.2.2.9 one removal roll for each chemical contamination marker (`each`, bound to
// its hex). The obligations are events, so a verifier recomputes nothing it cannot see.
import { checkExpression } from '../rules/check.js';
import type { Expr } from '../rules/expression.js';
import { vocabulary } from '../rules/vocabulary.js';
import type { GameEvent, ObligedEvent } from './events.js';
import { foldEvents } from './fold.js';
import type { Game } from './game.js';
import { evalRule, RuleScope } from './rule-scope.js';
import type { GameState } from './state.js';

/**
 * `obliged` events (kind `roll`) for the rolls owed as the state's phase or segment begins, in
 * module order. `before`: the events of the `next` so far, folded first. `wholePhase`: the phase
 * itself begins (its rolls without a segment are owed then, not at each of its segments).
 */
export function owedRolls(game: Game, state: GameState, before: readonly GameEvent[], wholePhase: boolean): ObligedEvent[] {
  const owing = game.module.procedures.filter((p) => p.owed?.length);
  if (!owing.length) return [];
  const now = before.length ? foldEvents(state, before) : state;
  const out: ObligedEvent[] = [];
  for (const p of owing) {
    for (const o of p.owed!) {
      if (o.phase !== now.phase) continue;
      if (o.segment !== undefined ? o.segment !== now.segment : !wholePhase) continue;
      const rule = o.rule ?? p.rule ?? `${p.id} owed`;
      if (o.when !== undefined && !evalRule(compiled(game, o.when), new RuleScope(game, now, null, ''), rule)) continue;
      const base = `${o.phase}${o.segment !== undefined ? `.${o.segment}` : ''}/${p.id}/${o.side}`;
      // `each`: one roll for every location the marker is on (26.2.2.9 "判定是否移除各化学污染标记"), board order
      const where: (string | undefined)[] = o.each === undefined ? [undefined] : markedLocations(now, o.each);
      for (const to of where) {
        const id = to === undefined ? base : `${base}/${to}`;
        if (out.some((x) => x.id === id)) continue;
        out.push({
          type: 'obliged', id, kind: 'roll', side: o.side, pieces: [], count: 1, reply: p.id, phase: o.phase,
          ...(o.segment !== undefined ? { segment: o.segment } : {}), ...(to !== undefined ? { to } : {}), procedure: p.id, rule,
        });
      }
    }
  }
  return out;
}

/** The locations carrying a marker type, in code-unit order of their ids (the state's own order is not canonical). */
function markedLocations(state: GameState, marker: string): string[] {
  return Object.keys(state.markers).filter((l) => state.markers[l]!.includes(marker)).sort();
}

const cache = new WeakMap<Game, Map<string, Expr>>();
function compiled(game: Game, src: string | number | boolean): Expr {
  let m = cache.get(game);
  if (!m) { m = new Map(); cache.set(game, m); }
  const key = String(src);
  let e = m.get(key);
  if (!e) { e = checkExpression(src, 'bool', vocabulary(game.module, 'track')); m.set(key, e); }
  return e;
}
