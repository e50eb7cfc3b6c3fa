import { describe, expect, it } from 'vitest';
import { canonicalize } from '../../../src/core/canonical.js';
import type { GameEvent } from '../../../src/core/engine/events.js';
import { applyEvent } from '../../../src/core/engine/fold.js';
import { initialState } from '../../../src/core/engine/initial-state.js';
import type { GameState } from '../../../src/core/engine/state.js';
import { canonicalText, StateHasher, stateHash } from '../../../src/core/engine/state-hash.js';
import { copyState } from '../../../src/core/engine/state.js';
import { skirmishGame } from './helpers.js';
import { rng } from '../../helpers/rng.js';


const HEXES = ['0101', '0102', '0201', '0202', '0302', '0303'];

/** Skirmish's start with twelve pieces, several to a hex, so that stacks matter. */
function crowdedState(): GameState {
  const s = initialState(skirmishGame());
  for (let i = 0; i < 12; i++) {
    const id = `p-${i}`;
    const at = HEXES[i % HEXES.length]!;
    s.pieces[id] = { location: at, face: 'line', facing: 0, values: {}, markers: [] };
    (s.stacks[at] ??= []).push(id);
  }
  return s;
}

/** One random event that the fold accepts on `s`. */
function randomEvent(s: GameState, r: (n: number) => number): GameEvent {
  const ids = Object.keys(s.pieces).filter((id) => s.pieces[id]!.location !== null);
  const piece = ids[r(ids.length)]!;
  const p = s.pieces[piece]!;
  const hex = HEXES[r(HEXES.length)]!;
  switch (r(10)) {
    case 0: return { type: 'moved', piece, from: p.location!, path: [hex], mp: '1', spent: '1', allowance: '4' };
    case 1: return { type: 'restacked', piece, location: p.location!, position: r(2) ? 'top' : 'bottom' };
    case 2: return { type: 'rotated', piece, from: p.facing ?? 0, to: r(6), spent: '1/2' };
    case 3: return { type: 'flipped', piece, from: p.face, to: p.face === 'line' ? 'column' : 'line' };
    case 4: return p.markers.length ? { type: 'unmarked', target: piece, kind: 'piece', marker: p.markers[0]! } : { type: 'marked', target: piece, kind: 'piece', marker: 'disordered' };
    case 5: return s.markers[hex]?.length ? { type: 'unmarked', target: hex, kind: 'hex', marker: s.markers[hex]![0]! } : { type: 'marked', target: hex, kind: 'hex', marker: 'smoke' };
    case 6: return { type: 'arrived', piece, at: hex, face: 'column', facing: r(6) };
    case 7: return { type: 'value-set', piece, prop: 'strength', from: null, to: r(5) };
    case 8: return r(2) ? { type: 'phase-began', turn: 1, phase: ['red-move', 'red-fire'][r(2)]!, segment: null, active: 'red' } : { type: 'turn-began', turn: 2 + r(3), turnType: null };
    default: return { type: 'track-set', track: 'morale', from: 0, to: r(10) };
  }
}

describe('state hash', () => {
  it('canonicalText writes what canonicalize writes', () => {
    const s = crowdedState();
    expect(canonicalText(s)).toBe(canonicalize(s));
    expect(canonicalText({ b: [1, 'x', null, true], a: { 'é': 0, '\u2028': -5 } })).toBe(canonicalize({ b: [1, 'x', null, true], a: { 'é': 0, '\u2028': -5 } }));
    expect(() => stateHash({ ...s, odd: 1.5 } as unknown as GameState)).toThrow();
  });

  // The hasher keeps texts of pieces, stacks and members between calls and rewrites only what the
  // events since the last call can have changed: it must always agree with stateHash.
  it('the incremental hasher agrees with stateHash through moves, restacks, arrivals, markers and undone events', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const r = rng(seed);
      let s = crowdedState();
      const hasher = new StateHasher();
      expect(hasher.hash(s, null)).toBe(stateHash(s));
      for (let segment = 0; segment < 25; segment++) {
        const events: GameEvent[] = [];
        for (let n = r(6); n > 0; n--) { const e = randomEvent(s, r); applyEvent(s, e); events.push(e); }
        if (r(3) === 0) {
          // an undo in a replay: the state goes back to a copy taken before some events, which
          // are still passed to the hasher (they were folded since its last call)
          const before = copyState(s);
          for (let n = 1 + r(4); n > 0; n--) { const e = randomEvent(s, r); applyEvent(s, e); events.push(e); }
          s = before;
        }
        expect(hasher.hash(s, events), `seed ${seed}, segment ${segment}`).toBe(stateHash(s));
      }
    }
  });

  it('an event it does not know makes it write everything again', () => {
    const s = crowdedState();
    const hasher = new StateHasher();
    hasher.hash(s, null);
    s.pieces['p-0']!.location = '0303';
    s.stacks['0101'] = s.stacks['0101']!.filter((id) => id !== 'p-0');
    (s.stacks['0303'] ??= []).push('p-0');
    // a 'noted' event changes nothing: the cache (rightly) does not notice a change made behind its back
    expect(hasher.hash(s, [{ type: 'noted', text: 'x' }])).not.toBe(stateHash(s));
    expect(hasher.hash(s, [{ type: 'some-new-event' } as unknown as GameEvent])).toBe(stateHash(s));
  });
});
