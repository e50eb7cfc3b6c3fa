// Rolls as the page lists them: dice, faces, each modifier, total and result, and whether an undo
// voided it (a voided roll stays in the list, as it stays in the segment).
import type { GameEvent } from '../core/engine/events.js';

export interface PageRoll {
  counter: number;
  /** the procedure's id, or the roll's purpose */
  label: string;
  procedure: string | null;
  dice: string;
  faces: number[];
  modifiers: { id: string; value: number }[];
  modifier: number;
  total: number;
  result: string | null;
  void: boolean;
  /** sealed: committed, its outcome known with the reply (no faces yet); or an immediate outcome its roller could foresee */
  how?: 'sealed' | 'immediate';
  /** the side that rolled, when another side's segment holds the outcome */
  by?: string;
  /** a sealed commitment's id; on an outcome, the id of the commitment it resolves */
  id?: string;
  sealed?: string;
  /** a sealed commitment's outcome, where it is known (a later segment or the player's reply resolved it) */
  outcome?: PageRoll;
}

export function rollsOf(events: Iterable<GameEvent>): PageRoll[] {
  const out: PageRoll[] = [];
  for (const e of events) {
    const how = e.type === 'sealed' ? { how: 'sealed' as const } : 'immediate' in e && e.immediate ? { how: 'immediate' as const } : {};
    const by = (e.type === 'rolled' || e.type === 'resolved') && e.side !== undefined ? { by: e.side } : {};
    const sealed = (e.type === 'rolled' || e.type === 'resolved') && e.sealed !== undefined ? { sealed: e.sealed } : {};
    if (e.type === 'sealed' && e.kind !== 'draw') {
      out.push({ counter: e.counter ?? 0, label: e.command ?? `shuffle ${e.deck}`, procedure: null, dice: '', faces: [], modifiers: [], modifier: 0, total: 0, result: `sealed: known with ${e.awaiting.join(' and ')}'s reply`, void: !!e.void, ...how, id: e.id });
    } else if (e.type === 'rolled') {
      out.push({ counter: e.counter, label: e.purpose ?? e.dice, procedure: null, dice: e.dice, faces: e.faces, modifiers: [], modifier: e.modifier, total: e.total, result: null, void: !!e.void, ...how, ...by, ...sealed });
    } else if (e.type === 'resolved') {
      out.push({ counter: e.counter, label: e.procedure, procedure: e.procedure, dice: e.dice, faces: e.faces, modifiers: e.modifiers, modifier: e.modifier, total: e.total, result: e.result, void: !!e.void, ...how, ...by, ...sealed });
    }
  }
  return out;
}
