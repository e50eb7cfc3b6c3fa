// A restore point: what a command's events are about to change in a state, saved so that an undo
// can put it back — instead of a copy of the whole state (400 pieces) before every undone command
// of a replay. What each event changes comes from event-effects.ts; an event type it does not know
// saves a copy of everything, so a new event never makes an undo wrong, only slower.
import { effectsOfAll } from './event-effects.js';
import type { GameEvent } from './events.js';
import { copyJson, copyState, type GameState } from './state.js';

/** Puts the saved parts back into the state they were taken from (that very object). */
export type Restore = () => void;

type Keyed = Record<string, unknown>;

/** Saves what `events` will change when folded onto `s` (call it before folding them). */
export function restorePoint(s: GameState, events: readonly GameEvent[]): Restore {
  const effects = effectsOfAll(events);
  if (!effects) return everything(s);
  // a moving or arriving piece also leaves the stack it stands in now
  const stacks = new Set(effects.stacks);
  for (const id of effects.pieces) { const at = s.pieces[id]?.location; if (typeof at === 'string') stacks.add(at); }
  // Only what these events change is put back: a later restore point, put back first, may have
  // replaced other members with its copies, which must stay.
  const savedPieces = [...effects.pieces].map((id) => [id, copyJson(s.pieces[id])] as const);
  const savedStacks = entriesOf(s.stacks, stacks);
  const savedMarkers = entriesOf(s.markers, effects.markers);
  const savedChanged = [...effects.changed].map((m) => [m, copyJson(s[m])] as const);
  // a replaced member is saved as it is (a fold replaces it, never changes it inside), so no copy
  const savedReplaced = [...effects.replaced].filter((m) => !effects.changed.has(m)).map((m) => [m, s[m]] as const);
  return () => {
    for (const [m, v] of savedReplaced) put(s as unknown as Keyed, m, v); // an optional member absent before goes again
    for (const [id, p] of savedPieces) put(s.pieces, id, p);
    for (const [at, list] of savedStacks) put(s.stacks, at, list);
    for (const [at, list] of savedMarkers) put(s.markers, at, list);
    for (const [m, v] of savedChanged) put(s as unknown as Keyed, m, v);
  };
}

/** Copies of `obj[key]` for each key (undefined where there was none). */
function entriesOf(obj: Keyed, keys: Set<string>): (readonly [string, unknown])[] {
  return [...keys].map((k) => [k, Object.hasOwn(obj, k) ? copyJson(obj[k]) : undefined] as const);
}

function put(obj: Keyed, key: string, value: unknown): void {
  if (value === undefined) delete obj[key]; else obj[key] = value;
}

/** The fallback: a copy of the whole state, put back member by member into the same object. */
function everything(s: GameState): Restore {
  const saved = copyState(s);
  return () => {
    for (const k of Object.keys(s)) if (!Object.hasOwn(saved, k)) delete (s as unknown as Keyed)[k];
    Object.assign(s, saved);
  };
}
