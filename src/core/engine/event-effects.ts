// What each event changes in a state, as fold.ts applies it, said once: the incremental state hash
// (state-hash.ts) rewrites only those parts, and an undo's restore point (restore-point.ts) saves
// only those. An event type not listed here has no effects (null): both then fall back to the
// whole state, so a new event makes them slower, never wrong.
import type { GameEvent } from './events.js';
import type { GameState } from './state.js';

export interface EventEffects {
  /** pieces whose own record changes (location, face, facing, values, markers) */
  pieces: readonly string[];
  /** stacks (state.stacks keys) the event names; a moved or arrived piece also leaves the stack it stood in */
  stacks: readonly string[];
  /** marker lists of hexes, hexsides or spaces (state.markers keys) */
  markers: readonly string[];
  /** members the fold changes inside (not by replacing them) */
  changed: readonly (keyof GameState)[];
  /** members the fold replaces with new values */
  replaced: readonly (keyof GameState)[];
}

const NONE: EventEffects = { pieces: [], stacks: [], markers: [], changed: [], replaced: [] };
const of = (e: Partial<EventEffects>): EventEffects => ({ ...NONE, ...e });

export function effectsOf(e: GameEvent): EventEffects | null {
  switch (e.type) {
    case 'moved': return of({
      pieces: [e.piece], stacks: e.from === null ? [e.path[e.path.length - 1]!] : [e.from, e.path[e.path.length - 1]!], changed: ['spent'],
      ...(e.obligation !== undefined ? { replaced: ['obligations'] } : {}),
    });
    case 'lost': return of({ pieces: [e.piece], stacks: [...(e.at !== null ? [e.at] : []), ...(e.box !== undefined ? [e.box] : [])], replaced: ['obligations'] });
    case 'obliged': return of({ replaced: ['obligations'] });
    case 'card-removed': return of({ changed: ['decks', 'hands'] });
    case 'arrived': return of({ pieces: [e.piece], stacks: [e.at], ...(e.spent !== undefined ? { changed: ['spent'] } : {}) });
    case 'delayed': return NONE;
    case 'entry-delayed': return of({ replaced: ['entries'] });
    case 'restacked': return of({ stacks: [e.location] });
    case 'rotated': return of({ pieces: [e.piece], changed: ['spent'] });
    case 'flipped': return of({ pieces: [e.piece], changed: ['spent'] });
    case 'value-set': return of({ pieces: [e.piece] });
    case 'marked': case 'unmarked': return e.kind === 'piece' ? of({ pieces: [e.target] }) : of({ markers: [e.target] });
    case 'track-set': return of({ changed: ['tracks'] });
    case 'shuffled': return of({ changed: e.sealed === undefined ? ['decks'] : ['decks', 'sealed'] });
    case 'period-began': case 'cards-added': return of({ changed: ['decks'] });
    case 'drew': return of({
      changed: e.sealed === undefined ? ['decks', 'hands'] : ['decks', 'hands', 'sealed'],
      replaced: [...(e.count !== undefined ? ['acted' as const] : []), ...(e.obligation !== undefined ? ['obligations' as const] : [])],
    });
    case 'played': return of({ changed: ['decks', 'hands'], ...(e.count !== undefined ? { replaced: ['acted'] } : {}) });
    case 'discarded': return of({ changed: ['decks', 'hands'] });
    case 'passed': return of({ replaced: ['passed'] });
    case 'hand-revealed': return of({ changed: ['hands'] });
    case 'turn-began': return of({ replaced: ['turn', 'turnType', 'clock', 'marks', 'obligations'] });
    case 'phase-began': return of({ replaced: ['turn', 'phase', 'segment', 'active', 'spent', 'passed', 'acted', 'obligations'] });
    case 'game-ended': return of({ replaced: ['over'] });
    case 'rolled': case 'resolved': return of({
      changed: e.sealed === undefined ? [] : ['sealed'], ...(e.type === 'resolved' && e.obligation !== undefined ? { replaced: ['obligations'] } : {}),
    });
    case 'noted': case 'undone': return NONE;
    case 'sealed': return of({
      changed: ['decks', 'hands', 'sealed'],
      replaced: [...(e.count !== undefined ? ['acted' as const] : []), ...(e.obligation !== undefined ? ['obligations' as const] : [])],
    });
    case 'answered': return of({ changed: ['sealed'] });
    default: return null;
  }
}

/** The effects of several events together, or null when one of them is unknown. */
export function effectsOfAll(events: Iterable<GameEvent>): { pieces: Set<string>; stacks: Set<string>; markers: Set<string>; changed: Set<keyof GameState>; replaced: Set<keyof GameState> } | null {
  const all = { pieces: new Set<string>(), stacks: new Set<string>(), markers: new Set<string>(), changed: new Set<keyof GameState>(), replaced: new Set<keyof GameState>() };
  for (const e of events) {
    const x = effectsOf(e);
    if (!x) return null;
    for (const p of x.pieces) all.pieces.add(p);
    for (const s of x.stacks) all.stacks.add(s);
    for (const m of x.markers) all.markers.add(m);
    for (const c of x.changed) all.changed.add(c);
    for (const r of x.replaced) all.replaced.add(r);
  }
  return all;
}
