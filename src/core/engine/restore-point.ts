// A restore point: what a command's events are about to change in a state, saved so that an undo
// can put it back — instead of a copy of the whole state (400 pieces) before every undone command
// of a replay. It knows what each event type changes from fold.ts; an event type it does not know
// saves a copy of everything, so a new event never makes an undo wrong, only slower.
import type { GameEvent } from './events.js';
import { copyJson, copyState, type GameState } from './state.js';

/** Puts the saved parts back into the state they were taken from (that very object). */
export type Restore = () => void;

type Keyed = Record<string, unknown>;

/** Members that the fold changes inside (not by replacing them), copied whole when an event changes them. */
const WHOLE: Partial<Record<GameEvent['type'], readonly (keyof GameState)[]>> = {
  'moved': ['spent'], 'rotated': ['spent'], 'track-set': ['tracks'],
  'shuffled': ['decks'], 'period-began': ['decks'], 'cards-added': ['decks'],
  'drew': ['decks', 'hands'], 'played': ['decks', 'hands'], 'discarded': ['decks', 'hands'], 'hand-revealed': ['hands'],
};

/** Top-level members the fold sets (replaces) for an event: saved as they are (the reference). */
const SET: Partial<Record<GameEvent['type'], readonly (keyof GameState)[]>> = {
  'turn-began': ['turn', 'turnType', 'clock', 'marks'],
  'phase-began': ['turn', 'phase', 'segment', 'active', 'spent'],
  'game-ended': ['over'],
};

/** Events that change nothing in the state. */
const NOTHING = new Set<GameEvent['type']>(['rolled', 'resolved', 'noted', 'undone']);

/** Saves what `events` will change when folded onto `s` (call it before folding them). */
export function restorePoint(s: GameState, events: readonly GameEvent[]): Restore {
  const pieces = new Set<string>();
  const stacks = new Set<string>();
  const markers = new Set<string>();
  const whole = new Set<keyof GameState>();
  const set = new Set<keyof GameState>();
  const stoodAt = (id: string): void => { const at = s.pieces[id]?.location; if (typeof at === 'string') stacks.add(at); };
  for (const e of events) {
    for (const m of WHOLE[e.type] ?? []) whole.add(m);
    for (const m of SET[e.type] ?? []) set.add(m);
    switch (e.type) {
      case 'moved': pieces.add(e.piece); stoodAt(e.piece); if (e.from !== null) stacks.add(e.from); stacks.add(e.path[e.path.length - 1]!); break;
      case 'arrived': pieces.add(e.piece); stoodAt(e.piece); stacks.add(e.at); break;
      case 'restacked': stoodAt(e.piece); stacks.add(e.location); break;
      case 'rotated': case 'flipped': case 'value-set': pieces.add(e.piece); break;
      case 'marked': case 'unmarked': if (e.kind === 'piece') pieces.add(e.target); else markers.add(e.target); break;
      default:
        if (!WHOLE[e.type] && !SET[e.type] && !NOTHING.has(e.type)) return everything(s);
    }
  }
  // Only what these events change is put back: a later restore point, put back first, may have
  // replaced other members with its copies, which must stay.
  const savedSet = [...set].filter((m) => !whole.has(m)).map((m) => [m, s[m]] as const);
  const savedPieces = [...pieces].map((id) => [id, copyJson(s.pieces[id])] as const);
  const savedStacks = entriesOf(s.stacks, stacks);
  const savedMarkers = entriesOf(s.markers, markers);
  const savedWhole = [...whole].map((m) => [m, copyJson(s[m])] as const);
  return () => {
    for (const [m, v] of savedSet) (s as unknown as Keyed)[m] = v;
    for (const [id, p] of savedPieces) put(s.pieces, id, p);
    for (const [at, list] of savedStacks) put(s.stacks, at, list);
    for (const [at, list] of savedMarkers) put(s.markers, at, list);
    for (const [m, v] of savedWhole) (s as unknown as Keyed)[m] = v;
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
