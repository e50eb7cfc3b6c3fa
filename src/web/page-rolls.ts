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
}

export function rollsOf(events: Iterable<GameEvent>): PageRoll[] {
  const out: PageRoll[] = [];
  for (const e of events) {
    if (e.type === 'rolled') {
      out.push({ counter: e.counter, label: e.purpose ?? e.dice, procedure: null, dice: e.dice, faces: e.faces, modifiers: [], modifier: e.modifier, total: e.total, result: null, void: !!e.void });
    } else if (e.type === 'resolved') {
      out.push({ counter: e.counter, label: e.procedure, procedure: e.procedure, dice: e.dice, faces: e.faces, modifiers: e.modifiers, modifier: e.modifier, total: e.total, result: e.result, void: !!e.void });
    }
  }
  return out;
}
