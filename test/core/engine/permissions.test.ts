// Permissions (module.rules.permissions): who may do what in each phase, refused or warned per
// rules.strict; a phase every side plays ends when each has said next; card limits per segment;
// whose move it is (whose-move.ts).
import { describe, expect, it } from 'vitest';
import type { ModuleData } from '../../../src/core/module/schema.js';
import { whoseMove } from '../../../src/core/engine/whose-move.js';
import { NotFairRandomness } from '../../../src/core/engine/not-fair-randomness.js';
import { Turn, type ApplyResult } from '../../../src/core/engine/turn.js';
import type { GameEvent } from '../../../src/core/engine/events.js';
import { newTurn, skirmishGame } from './helpers.js';

/** The events of an applied command; a refusal is thrown with its message. */
function ev(r: ApplyResult): GameEvent[] {
  if (!r.ok) throw r.error;
  return r.events;
}

const withPermissions = (change?: (m: ModuleData) => void) => skirmishGame((m) => {
  m.rules = { strict: [], anySideMoves: false, permissions: { others: ['mark', 'unmark', 'roll', 'resolve'] } };
  m.sequence.phases.unshift({ id: 'orders', name: 'Orders (both sides)', active: 'all', segments: [] });
  m.tracks.push({ id: 'red-morale', name: 'Red morale', min: 0, max: 10, owner: 'red' });
  change?.(m);
});

describe('permissions', () => {
  it('the active side may do anything; the other side only what `others` lists, as a `turn` warning', () => {
    const { turn } = newTurn(withPermissions(), { side: 'blue' });
    // the scenario starts in red-move
    const e = ev(turn.apply('move blue-1 0807'))[0]!;
    expect(e.warnings?.[0]).toMatchObject({ code: 'turn' });
    expect(e.warnings?.[0]!.message).toMatch(/blue may not move now \(turn 1, Red movement, the move of red\)/);
    expect(ev(turn.apply('roll 1d10'))[0]!.warnings).toBeUndefined();
    expect(ev(turn.apply('note "fine"'))[0]!.warnings).toBeUndefined();
  });

  it('strict `turn` refuses: blue cannot end red\'s phase', () => {
    const { turn } = newTurn(withPermissions((m) => { m.rules!.strict = ['turn']; }), { side: 'blue' });
    expect(() => ev(turn.apply('next'))).toThrow(/blue may not next now .*module rule: turn is strict/);
    expect(turn.state.phase).toBe('red-move');
  });

  it('a phase every side plays ends only when each has said next', () => {
    const game = withPermissions((m) => { m.scenarios[0]!.startPhase = 'orders'; });
    const red = newTurn(game, { side: 'red' });
    expect(whoseMove(game, red.turn.state)).toMatchObject({ sides: ['red', 'blue'], active: 'all' });
    expect(ev(red.turn.apply('next'))).toEqual([{ type: 'passed', side: 'red' }]);
    expect(whoseMove(game, red.turn.state)).toMatchObject({ sides: ['blue'], passed: ['red'], label: 'turn 1, Orders (both sides): blue' });
    expect(() => ev(red.turn.apply('next'))).toThrow(/red has said next in this phase already; waiting for blue/);
    ev(red.turn.apply('undo'));
    expect(red.turn.state.passed).toBeUndefined();
  });

  it('the last side to say next ends the phase (and the passes are cleared)', () => {
    const game = withPermissions((m) => { m.scenarios[0]!.startPhase = 'orders'; });
    const red = newTurn(game, { side: 'red' });
    ev(red.turn.apply('next'));
    const blue = new Turn(game, red.turn.state, { side: 'blue' }, new NotFairRandomness('blue'));
    const events = ev(blue.apply('next'));
    expect(events[0]).toMatchObject({ type: 'phase-began', phase: 'red-move' });
    expect(blue.state.passed).toBeUndefined();
    expect(whoseMove(game, blue.state).sides).toEqual(['red']);
  });

  it('a track with an owner is set by its owner only', () => {
    const { turn } = newTurn(withPermissions((m) => { m.rules!.permissions!.others = ['track']; }), { side: 'blue' });
    expect(ev(turn.apply('track red-morale +1'))[0]!.warnings?.[0]!.message).toMatch(/track red-morale is red's; blue may not set it/);
  });

  it('without permissions in the module, or without a side, nothing is checked', () => {
    const plain = newTurn(skirmishGame((m) => { delete m.rules!.permissions; }), { side: 'blue' });
    expect(ev(plain.turn.apply('move blue-1 0807'))[0]!.warnings).toBeUndefined();
    const referee = newTurn(withPermissions(), {});
    expect(ev(referee.turn.apply('move blue-1 0807'))[0]!.warnings).toBeUndefined();
  });
});

describe('whose move', () => {
  it('names the side, the phase and the turn; no side once the game is over', () => {
    const game = skirmishGame();
    const { turn } = newTurn(game);
    expect(whoseMove(game, turn.state)).toEqual({
      turn: 1, phase: 'red-move', phaseName: 'Red movement', segment: null, segmentName: null,
      active: 'red', sides: ['red'], passed: [], over: false, label: 'turn 1, Red movement: red',
    });
    const over = { ...turn.state, over: true };
    expect(whoseMove(game, over)).toMatchObject({ sides: [], label: 'turn 1, Red movement: the game is over' });
  });
});
