import { describe, expect, it } from 'vitest';
import { initialState } from '../../../src/core/engine/initial-state.js';
import { validateModuleData } from '../../../src/core/module/assemble.js';
import { formatIssue } from '../../../src/core/module/issue.js';
import { newTurn, skirmish, skirmishGame } from './helpers.js';

describe('next', () => {
  it('walks the phases, begins the next turn, ends the game after the last', () => {
    // a referee's tool (no side): the sides' permissions are not in question here
    const { turn } = newTurn(skirmishGame(), {});
    const r = turn.apply('next');
    expect(r.ok && r.events).toEqual([{ type: 'phase-began', turn: 1, phase: 'red-fire', segment: null, active: 'red' }]);
    turn.apply('next'); turn.apply('next');
    const t = turn.apply('next');
    expect(t.ok && t.events).toEqual([
      { type: 'turn-began', turn: 2, turnType: null, clock: '1809-06-21T04:20+02:00' }, // ten-minute turns (skirmish's clock)
      { type: 'phase-began', turn: 2, phase: 'red-move', segment: null, active: 'red' },
      { type: 'track-set', track: 'reserve', from: 2, to: 3 }, // skirmish S.13: the reserve grows
    ]);
    for (let i = 0; i < 15; i++) expect(turn.apply('next').ok).toBe(true);
    expect(turn.state).toMatchObject({ turn: 5, phase: 'blue-fire' });
    const end = turn.apply('next');
    expect(end.ok && end.events).toEqual([{ type: 'game-ended', turn: 5 }]);
    const after = turn.apply('next');
    expect(!after.ok && after.error.reason).toBe('the game is over');
  });

  it('resets MP spent at each phase', () => {
    const { turn } = newTurn();
    turn.apply('move red-1 0302');
    expect(turn.state.spent).toEqual({ 'red-1': '1' });
    turn.apply('next');
    expect(turn.state.spent).toEqual({});
  });

  it('keeps the clock, turn types, marks, and brings reinforcements', () => {
    const game = skirmishGame((m) => {
      m.sequence.clock = { start: '1807-02-08T07:00+01:00', minutes: 20, marks: [{ id: 'hourly', name: 'Hourly', minute: 0 }] };
      m.sequence.turnTypes = [
        { id: 'night', name: 'Night', hours: '20-23,0-5', phases: ['red-move', 'blue-move'], minutes: 60 },
        { id: 'day', name: 'Day', turns: '1-40' },
        ...m.sequence.turnTypes, // skirmish's dusk (its S.36 reads turn.dusk)
      ];
      m.sequence.lastTurn = 50;
      // skirmish's own rally segment and arrivals by phase (S.32, S.30) left out: turn-start arrivals here
      m.sequence.phases[3]!.segments = [];
      delete m.rules!.reinforcements;
      m.pieces.push({ id: 'red-3', type: 'infantry', side: 'red' });
      m.scenarios[0]!.reinforcements = [{ piece: 'red-3', at: '0101', turn: 2, face: 'column', facing: 3 }];
    });
    const s0 = initialState(game);
    expect(s0).toMatchObject({ turn: 1, turnType: 'day', clock: '1807-02-08T07:00+01:00', marks: ['hourly'] });
    expect(s0.pieces['red-3']!.location).toBeNull();
    const { turn } = newTurn(game, {});
    for (let i = 0; i < 3; i++) turn.apply('next');
    const r = turn.apply('next');
    expect(r.ok && r.events).toEqual([
      { type: 'turn-began', turn: 2, turnType: 'day', clock: '1807-02-08T07:20+01:00' },
      { type: 'phase-began', turn: 2, phase: 'red-move', segment: null, active: 'red' },
      { type: 'track-set', track: 'reserve', from: 2, to: 3 },
      { type: 'arrived', piece: 'red-3', at: '0101', face: 'column', facing: 3 },
    ]);
    expect(turn.state.stacks['0101']).toEqual(['red-3']);
    // Turn 40 starts at 07:00 + 39 × 20 min = 20:00: night by the hours (first match wins).
    for (let i = 0; i < 4 * 38; i++) turn.apply('next');
    expect(turn.state).toMatchObject({ turn: 40, turnType: 'night', clock: '1807-02-08T20:00+01:00', marks: ['hourly'] });
    turn.apply('next');
    expect(turn.state.phase).toBe('blue-move');
    turn.apply('next');
    expect(turn.state).toMatchObject({ turn: 41, turnType: 'night', clock: '1807-02-08T21:00+01:00' });
  });
});

describe('a scenario with its own clock start (scenario.clockStart)', () => {
  it('eylau 20.1 is fought on 7 February from 14:00, turn 29', async () => {
    const { assembleModule } = await import('../../../src/core/module/assemble.js');
    const { prepareGame } = await import('../../../src/core/engine/game.js');
    const { initialState } = await import('../../../src/core/engine/initial-state.js');
    const { moduleFiles } = await import('../../helpers/module-files.js');
    const game = prepareGame(assembleModule(moduleFiles('eylau-1807')).data!, '20-1-eylau-7-february');
    const s = initialState(game);
    expect(s.turn).toBe(29);
    expect(s.clock).toMatch(/^1807-02-07T14:00/);
  });
});

describe('segments of hourly turns, and next phase', () => {
  // turns of 30 minutes from 07:00: turn 1 is hourly, turn 2 is not, turn 3 is again
  const game = () => skirmishGame((m) => {
    m.sequence.clock = { start: '1807-02-08T07:00+01:00', minutes: 30, marks: [{ id: 'hourly', name: 'Hourly', minute: 0 }] };
    m.sequence.phases[0]!.segments = [
      { id: 'a-fatigue', name: 'Fatigue (hourly turns only)', marks: ['hourly'] },
      { id: 'b-orders', name: 'Orders' },
      { id: 'c-points', name: 'Command points (hourly turns only)', marks: ['hourly'] },
    ];
    m.sequence.phases[1]!.segments = [{ id: 'a-supply', name: 'Supply (hourly turns only)', marks: ['hourly'] }];
    m.sequence.phases[3]!.segments = []; // skirmish's own (S.32) left out
    m.scenarios[0]!.startPhase = 'red-move';
  });
  const place = (t: ReturnType<typeof newTurn>['turn']) => `${t.state.turn} ${t.state.phase} ${t.state.segment}`;

  it('plays them in hourly turns and passes them by in the others', () => {
    const { turn } = newTurn(game());
    expect(place(turn)).toBe('1 red-move a-fatigue');
    const seen = [place(turn)];
    for (let i = 0; i < 12; i++) { expect(turn.apply('next').ok).toBe(true); seen.push(place(turn)); }
    expect(seen).toEqual([
      '1 red-move a-fatigue', '1 red-move b-orders', '1 red-move c-points', '1 red-fire a-supply', '1 blue-move null', '1 blue-fire null',
      '2 red-move b-orders', '2 red-fire null', '2 blue-move null', '2 blue-fire null',
      '3 red-move a-fatigue', '3 red-move b-orders', '3 red-move c-points',
    ]);
  });

  it('next phase passes by the rest of the phase', () => {
    const { turn } = newTurn(game());
    const r = turn.apply('next phase');
    expect(r.ok && r.events).toEqual([{ type: 'phase-began', turn: 1, phase: 'red-fire', segment: 'a-supply', active: 'red' }]);
    expect(turn.seal()[0]!.command).toBe('next phase');
    const bad = turn.apply('next turn');
    expect(!bad.ok && bad.error.reason).toBe('expected "next" or "next phase", got "next turn"');
  });
});

describe('a turn-record track (follows: "turn")', () => {
  const game = () => skirmishGame((m) => {
    m.tracks = [{ id: 'turn', name: 'Turn record', min: 1, max: 5, follows: 'turn' }];
    m.scenarios[0]!.firstTurn = 2;
  });

  it('shows the first turn and moves at each new turn', () => {
    const { turn } = newTurn(game());
    expect(turn.state.tracks.turn).toBe(2);
    for (let i = 0; i < 3; i++) turn.apply('next');
    const r = turn.apply('next');
    expect(r.ok && r.events.map((e) => e.type)).toEqual(['turn-began', 'track-set', 'phase-began']);
    expect(r.ok && r.events[1]).toEqual({ type: 'track-set', track: 'turn', from: 2, to: 3 });
    expect(turn.state.tracks.turn).toBe(3);
  });

  it('must have room for every turn of the sequence', () => {
    const { issues } = validateModuleData({ ...skirmish(), tracks: [{ id: 'turn', name: 'Turn record', min: 1, max: 3, follows: 'turn' }] });
    expect(issues.map(formatIssue)).toContain('module.json: tracks[0].follows: turns 1–5 do not fit on the track (1–3)');
  });
});
