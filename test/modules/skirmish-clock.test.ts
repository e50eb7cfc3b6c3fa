// Skirmish's clock, its Blue fire segments and the rules of ours that read them on the field
// (modules/skirmish/README.md): S.31 guns crossing the stream from 19:00 pay twice the hexside
// (`turn.hour`, the step cost `sides`), the meeting's ten-minute turns from 04:10 that never reach an
// hourly turn (so its Blue fire phase is one segment, `fire`), S.37 Blue's relief cards that set the
// casualties track, and S.15 a drifting screen that blows thinning smoke away (`unmark … at`).
import { describe, expect, test } from 'vitest';
import { skirmishGame } from '../core/engine/helpers.js';
import { initialState } from '../../src/core/engine/initial-state.js';
import { executeCommand } from '../../src/core/engine/execute.js';
import { foldEvents } from '../../src/core/engine/fold.js';
import { parseLine } from '../../src/core/engine/parse.js';
import { NotFairRandomness } from '../../src/core/engine/not-fair-randomness.js';
import { outcomeEvents } from '../../src/core/engine/outcomes.js';
import { playEffects } from '../../src/core/engine/card-plays.js';
import { whoseMove } from '../../src/core/engine/whose-move.js';
import type { Game } from '../../src/core/engine/game.js';
import type { GameState } from '../../src/core/engine/state.js';
import type { GameEvent, PlayedEvent, ResolvedEvent } from '../../src/core/engine/events.js';

const run = (game: Game, s: GameState, line: string, side: string): GameEvent[] =>
  executeCommand(game, s, parseLine(line)!.command, { side }, new NotFairRandomness('clock'));

describe('skirmish S.31: at nightfall guns pay twice to cross the stream', () => {
  const game = skirmishGame((m) => {
    m.scenarios.find((s) => s.id === 'meeting')!.setup.find((p) => p.piece === 'red-guns')!.at = '0303';
  });
  const ford = (clock: string) => {
    const s = initialState(game);
    s.clock = clock;
    return run(game, s, 'move red-guns 0304', 'red')[0]!;
  };

  test('before 19:00 the crossing costs the stream\'s 1 MP; from 19:00 twice that (turn.hour, sides * 2)', () => {
    expect(ford('1809-06-21T18:50+02:00')).toMatchObject({ type: 'moved', mp: '2' });
    expect(ford('1809-06-21T18:50+02:00')).not.toHaveProperty('rules');
    expect(ford('1809-06-21T19:00+02:00')).toMatchObject({ type: 'moved', mp: '3', rules: ['S.31'] });
    // infantry is not slowed: the rule reads the movement class
    const s = initialState(game);
    s.clock = '1809-06-21T19:00+02:00';
    const foot = run(game, foldEvents(s, run(game, s, 'move red-2 0303', 'red')), 'move red-2 0304', 'red')[0]!;
    expect(foot).not.toHaveProperty('rules');
  });
});

describe('skirmish\'s clock and the Blue fire segments in the meeting', () => {
  const game = skirmishGame();

  test('ten-minute turns from 04:10: none of the five is an hourly turn, so Blue fire is its fire segment only', () => {
    let s = initialState(game);
    expect([s.clock, s.turnType]).toEqual(['1809-06-21T04:10+02:00', null]);
    const seen: string[] = [];
    for (let i = 0; i < 8; i++) {
      s = foldEvents(s, run(game, s, 'next', s.active));
      seen.push(`${s.turn} ${s.phase} ${s.segment}`);
    }
    expect(seen).toEqual([
      '1 red-fire null', '1 blue-move null', '1 blue-fire fire', '2 red-move null',
      '2 red-fire null', '2 blue-move null', '2 blue-fire fire', '3 red-move null',
    ]);
    expect(s.clock).toBe('1809-06-21T04:30+02:00');
    expect(whoseMove(game, foldEvents(initialState(game), [])).label).toBe('turn 1, Red movement: red');
  });

  test('the rally segment is played in an hourly turn (S.32), and a rally is refused outside it (segment)', () => {
    let s = initialState(game);
    s.clock = '1809-06-21T05:00+02:00'; s.marks = ['hourly'];
    for (let i = 0; i < 4; i++) s = foldEvents(s, run(game, s, 'next', s.active));
    expect([s.phase, s.segment]).toEqual(['blue-fire', 'rally']);
    const rally = run(game, s, 'resolve rally unit=red-1', 'red');
    // red-1 is not disordered: refused by S.32's requirement all the same
    expect(rally.flatMap((e) => e.warnings ?? []).map((w) => w.code)).toEqual(['prohibited']);
    s = foldEvents(s, run(game, s, 'mark red-1 disordered', 'red'));
    expect(run(game, s, 'resolve rally unit=red-1', 'red').flatMap((e) => e.warnings ?? [])).toEqual([]);
  });
});

describe('skirmish S.37: Blue\'s late orders played as relief set the casualties track', () => {
  const game = skirmishGame();
  const played = (card: string, use: string): PlayedEvent =>
    ({ type: 'played', deck: 'blue-cards', side: 'blue', card, use, to: 'discard' });

  test('played as relief the card sets the track to its value (0 included); played as an order it does not', () => {
    const s = initialState(game);
    s.tracks.casualties = 2;
    expect(playEffects(game, s, played('b19', 'relief'))).toEqual([{ type: 'track-set', track: 'casualties', from: 2, to: 0 }]);
    expect(playEffects(game, s, played('b19', 'order'))).toEqual([]);
    // a card without the use does nothing either
    expect(playEffects(game, s, played('b01', 'relief'))).toEqual([]);
  });
});

describe('skirmish S.15: a screen that drifts blows thinning smoke away', () => {
  const game = skirmishGame();
  const drifts = (s: GameState) => outcomeEvents(game, s, {
    type: 'resolved', counter: 1, procedure: 'screen', dice: '1d10', faces: [2], modifiers: [], modifier: 0, total: 2, index: 2,
    result: 'drifts', sealed: 'blue/2/0', side: 'blue', bound: { spot: '0707' },
  } as ResolvedEvent, 'blue');

  test('the thinning smoke on the hex comes off; a hex without it gives nothing', () => {
    const s = initialState(game);
    expect(drifts(s)).toEqual([]);
    const thin = foldEvents(s, run(game, s, 'mark 0707 smoke-thin', 'blue'));
    expect(drifts(thin)).toEqual([{ type: 'unmarked', target: '0707', kind: 'hex', marker: 'smoke-thin' }]);
  });
});
