// When a phase several sides play ends (passing.ts): with `ends: "each"` each side's `next` is a
// pass until the last one, with or without permissions; `ends: "any"` or a module that says
// nothing (and has no permissions) ends it at the first next; a segment's `ends` counts over
// its phase's; `ends` on a phase one side plays is a module error.
import { describe, expect, it } from 'vitest';
import type { ModuleData } from '../../../src/core/module/schema.js';
import { validateModuleData } from '../../../src/core/module/assemble.js';
import { whoseMove } from '../../../src/core/engine/whose-move.js';
import { NotFairRandomness } from '../../../src/core/engine/not-fair-randomness.js';
import { Turn, type ApplyResult } from '../../../src/core/engine/turn.js';
import type { GameEvent } from '../../../src/core/engine/events.js';
import { newTurn, skirmish, skirmishGame } from './helpers.js';

function ev(r: ApplyResult): GameEvent[] {
  if (!r.ok) throw r.error;
  return r.events;
}

type Phase = ModuleData['sequence']['phases'][number];
/** The skirmish module without permissions, starting in a phase both sides play. */
const bothPlay = (phase: Partial<Phase>) => skirmishGame((m) => {
  delete m.rules!.permissions;
  m.sequence.phases.unshift({ id: 'orders', name: 'Orders (both sides)', active: 'all', segments: [], ...phase } as Phase);
  m.scenarios[0]!.startPhase = 'orders';
});

describe('a phase several sides play', () => {
  it('ends: "each" — the first next is a pass, a second one refused, the other side\'s ends it (no permissions)', () => {
    const game = bothPlay({ ends: 'each' });
    const red = newTurn(game, { side: 'red' });
    expect(ev(red.turn.apply('next'))).toEqual([{ type: 'passed', side: 'red' }]);
    expect(red.turn.state.phase).toBe('orders');
    expect(whoseMove(game, red.turn.state)).toMatchObject({ sides: ['blue'], passed: ['red'] });
    expect(() => ev(red.turn.apply('next'))).toThrow(/red has said next in this phase already; waiting for blue to say next/);
    expect(() => ev(red.turn.apply('next phase'))).toThrow(/red has said next in this phase already/);
    const blue = new Turn(game, red.turn.state, { side: 'blue' }, new NotFairRandomness('blue'));
    expect(ev(blue.apply('next'))[0]).toMatchObject({ type: 'phase-began', phase: 'red-move' });
    expect(blue.state.passed).toBeUndefined();
  });

  it('a module that says nothing (no ends, no permissions) ends the phase at the first next, as before', () => {
    const { turn } = newTurn(bothPlay({}), { side: 'red' });
    expect(ev(turn.apply('next'))[0]).toMatchObject({ type: 'phase-began', phase: 'red-move' });
  });

  it('ends: "any" ends it at the first next even where permissions are in force', () => {
    const game = skirmishGame((m) => {
      m.sequence.phases.unshift({ id: 'orders', name: 'Orders', active: 'all', segments: [], ends: 'any' });
      m.scenarios[0]!.startPhase = 'orders';
    });
    const { turn } = newTurn(game, { side: 'blue' });
    expect(ev(turn.apply('next'))[0]).toMatchObject({ type: 'phase-began', phase: 'red-move' });
  });

  it('each segment of an "each" phase waits for every side; a segment may say "any"', () => {
    const game = bothPlay({ ends: 'each', segments: [{ id: 'a', name: 'A' }, { id: 'b', name: 'B', ends: 'any' }] });
    const red = newTurn(game, { side: 'red' });
    expect(red.turn.state.segment).toBe('a');
    ev(red.turn.apply('next'));
    const blue = new Turn(game, red.turn.state, { side: 'blue' }, new NotFairRandomness('blue'));
    expect(ev(blue.apply('next'))[0]).toMatchObject({ type: 'phase-began', phase: 'orders', segment: 'b' });
    expect(blue.state.passed).toBeUndefined();
    // segment b: blue's one next ends the phase
    expect(ev(blue.apply('next'))[0]).toMatchObject({ type: 'phase-began', phase: 'red-move' });
  });

  it('without a side in the context (a referee\'s tool) next ends the phase', () => {
    const { turn } = newTurn(bothPlay({ ends: 'each' }), {});
    expect(ev(turn.apply('next'))[0]).toMatchObject({ type: 'phase-began', phase: 'red-move' });
  });

  it('`ends` on a phase one side plays is a module error naming the place', () => {
    const m = skirmish();
    (m.sequence.phases[0] as Phase).ends = 'each';
    const r = validateModuleData(m);
    expect(r.data).toBeUndefined();
    expect(r.issues).toContainEqual(expect.objectContaining({
      path: expect.stringMatching(/phases.*0.*ends/), message: expect.stringMatching(/"ends" is for a phase every side plays \(active "all"\), not active "red"/),
    }));
  });
});
