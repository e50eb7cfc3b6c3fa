// Skirmish's village scenario (modules/skirmish/README.md, S.30 and S.32–S.36, ours): five spaces along
// one road, where the engine applies control, supply and attrition, a reinforcement entering by its road
// edge in its side's movement phase, the dusk turns' owed morale rolls, the hourly rally segment that
// takes a marker off, and a scouting result that draws a card. Each test fails when its rule is not applied.
import { describe, expect, test } from 'vitest';
import { assembleModule } from '../../src/core/module/assemble.js';
import type { ModuleData } from '../../src/core/module/schema.js';
import { prepareGame } from '../../src/core/engine/game.js';
import { initialState } from '../../src/core/engine/initial-state.js';
import { executeCommand } from '../../src/core/engine/execute.js';
import { foldEvents } from '../../src/core/engine/fold.js';
import { parseLine } from '../../src/core/engine/parse.js';
import { NotFairRandomness } from '../../src/core/engine/not-fair-randomness.js';
import { outcomeEvents } from '../../src/core/engine/outcomes.js';
import { whoseMove } from '../../src/core/engine/whose-move.js';
import type { GameState } from '../../src/core/engine/state.js';
import type { GameEvent, ResolvedEvent } from '../../src/core/engine/events.js';
import { moduleFiles } from '../helpers/module-files.js';

const m = assembleModule(moduleFiles('skirmish')).data as ModuleData;
const game = prepareGame(m, 'village');
const run = (s: GameState, line: string, side: string) =>
  executeCommand(game, s, parseLine(line)!.command, { side }, new NotFairRandomness('village'));
const play = (s: GameState, line: string, side: string) => foldEvents(s, run(s, line, side));
const codes = (ev: GameEvent[]) => ev.flatMap((e) => e.warnings ?? []).map((w) => w.code);
/** A result of a procedure, as a reply would resolve it. */
const resolved = (s: GameState, procedure: string, result: string, side: string, bound: Record<string, string>) =>
  outcomeEvents(game, s, {
    type: 'resolved', counter: 1, procedure, dice: '1d10', faces: [5], modifiers: [], modifier: 0, total: 5, index: 5,
    result, sealed: `${side}/2/0`, side, bound,
  } as ResolvedEvent, side);
/** Plays `next` until the game stands in the phase (and segment) given, discharging owed morale rolls. */
function until(s: GameState, phase: string, segment: string | null = null, limit = 30): GameState {
  for (let i = 0; i < limit && !(s.phase === phase && s.segment === segment); i++) {
    for (const o of s.obligations ?? []) if (o.kind === 'roll') s = play(s, 'resolve morale', o.side);
    s = play(s, 'next', s.active);
  }
  expect([s.phase, s.segment]).toEqual([phase, segment]);
  return s;
}
/** The modifiers the engine derives for a resolve. */
const derived = (s: GameState, line: string, side: string) =>
  (run(s, line, side).find((e) => e.type === 'resolved') as ResolvedEvent).modifiers.map((x) => x.id);

describe('skirmish S.33 control of the village map', () => {
  test('a space is its side\'s; entering one the enemy holds takes it; the walled mill holds out till breached', () => {
    let s = initialState(game);
    const ev = run(s, 'move red-1 village', 'red');
    expect(codes(ev)).toEqual([]);
    expect(ev.filter((e) => e.type === 'marked')).toEqual([
      { type: 'marked', target: 'village', kind: 'space', marker: 'control-red', rule: 'S.33' }]);
    s = foldEvents(s, ev);
    expect(s.markers.village).toEqual(['control-red']);
    // the mill's walls (its value `walls`, rules.control.fort) keep it Blue's when its garrison has gone
    s = play(s, 'move blue-1 east-edge', 'blue');
    const mill = run(s, 'move red-1 mill', 'red');
    expect(codes(mill)).toEqual([]);
    expect(mill.filter((e) => e.type === 'marked' || e.type === 'unmarked')).toEqual([]);
    // a breached wall (rules.control.destroyed) no longer does
    s = play(s, 'mark mill breached', 'red');
    const again = run(s, 'move red-1 mill', 'red');
    expect(again.filter((e) => e.type === 'marked')).toEqual([
      { type: 'marked', target: 'mill', kind: 'space', marker: 'control-red', rule: 'S.33' }]);
    // Blue coming back by the orchard lane retakes the village, its own space: Red's marker comes off
    s = foldEvents(s, again);
    const back = run(s, 'move blue-2 orchard village', 'blue');
    expect(back.filter((e) => e.type === 'unmarked')).toEqual([
      { type: 'unmarked', target: 'village', kind: 'space', marker: 'control-red', rule: 'S.33' }]);
    expect(back.filter((e) => e.type === 'marked')).toEqual([]);
  });

  test('S.35 a unit scouts from a space its side holds (post.control); a spotting draws from its deck', () => {
    let s = initialState(game);
    expect(codes(run(s, 'resolve scout scout=red-1 post=ford', 'red'))).toEqual([]);
    expect(codes(run(s, 'resolve scout scout=blue-1 post=ford', 'blue'))).toContain('prohibited');
    s = play(s, 'move red-1 village', 'red');
    expect(codes(run(s, 'resolve scout scout=red-1 post=village', 'red'))).toEqual([]);
    const spotted = resolved(s, 'scout', 'spotted', 'red', { scout: 'red-1', post: 'village' });
    expect(spotted).toEqual([
      expect.objectContaining({ type: 'obliged', kind: 'draw', side: 'red', deck: 'red-cards', count: 1 })]);
    const far = resolved(s, 'scout', 'seen-far', 'blue', { scout: 'blue-2', post: 'mill' });
    expect(far).toEqual([
      expect.objectContaining({ type: 'obliged', kind: 'draw', side: 'blue', deck: 'blue-cards', count: 2 })]);
  });
});

describe('skirmish S.34 supply from the road edges', () => {
  test('a unit cut off from its road edge is out of supply: an assault reads it, attrition takes it', () => {
    let s = initialState(game);
    s = play(s, 'move blue-1 east-edge', 'blue');
    s = play(s, 'mark mill breached', 'red');
    s = play(s, 'move red-1 village mill', 'red');
    expect(s.pieces['red-1']!.location).toBe('mill');
    expect(derived(s, 'resolve assault attackers=red-1 defender=blue-1', 'red')).not.toContain('unsupplied');
    // Blue retakes the village behind it by the orchard lane: the line from the west edge is cut
    s = play(s, 'move blue-1 orchard village', 'blue');
    expect(s.pieces['blue-1']!.location).toBe('village');
    expect(derived(s, 'resolve assault attackers=red-1 defender=blue-1', 'red')).toContain('unsupplied');
    // the attrition as the next turn begins: red-1 is lost, red-2 at the ford is not
    s = until(until(s, 'red-fire'), 'red-move');
    expect(s.turn).toBe(2);
    expect(s.pieces['red-1']!.location).toBe('red-eliminated');
    expect(s.pieces['red-2']!.location).toBe('ford');
  });
});

describe('skirmish S.30 reinforcements by the road edge', () => {
  test('Blue\'s guns arrive as Blue\'s movement phase begins, entry paid; an enemy at the edge delays them', () => {
    let s = initialState(game);
    expect(s.pieces['blue-guns']!.location).toBeNull();
    s = until(s, 'red-fire');
    expect(s.pieces['blue-guns']!.location).toBeNull();
    const ev = run(s, 'next', 'red');
    expect(ev.find((e) => e.type === 'arrived'))
      .toMatchObject({ piece: 'blue-guns', at: 'east-edge', mp: '1', spent: '1' });
    s = foldEvents(s, ev);
    expect([s.phase, s.pieces['blue-guns']!.location]).toEqual(['blue-move', 'east-edge']);
    // an enemy at the edge: delayed to the next turn
    let t = initialState(game);
    t = play(play(t, 'move blue-2 orchard', 'blue'), 'move red-guns ford village orchard east-edge', 'red');
    expect(t.pieces['red-guns']!.location).toBe('east-edge');
    t = until(t, 'blue-move');
    expect(t.pieces['blue-guns']!.location).toBeNull();
  });
});

describe('skirmish S.36 and S.32: the dusk turns and the hourly rally', () => {
  test('the scenario is fought at dusk in October: turn 1 is a dusk turn and an hourly one', () => {
    const s = initialState(game);
    expect([s.clock, s.turnType]).toEqual(['1809-10-14T20:00+01:00', 'dusk']);
  });

  test('at dusk each side owes a morale roll as its fire phase begins (turn.dusk); a wavering adds a casualty', () => {
    let s = until(initialState(game), 'red-fire', null, 2);
    expect((s.obligations ?? []).map((o) => `${o.kind} ${o.side}`)).toEqual(['roll red']);
    expect(codes(run(s, 'next', 'red'))).toEqual(['obligation']);
    expect(resolved(s, 'morale', 'wavers', 'red', {})).toEqual([
      { type: 'track-set', track: 'casualties', from: 0, to: 1 }]);
    s = play(s, 'resolve morale', 'red');
    expect(s.obligations ?? []).toEqual([]);
    expect(codes(run(s, 'next', 'red'))).toEqual([]);
  });

  test('the rally segment closes Blue fire in hourly turns only; there a rally takes the disordered marker off', () => {
    let s = until(initialState(game), 'blue-fire', 'fire');
    // not yet: the rally segment is the next
    expect(codes(run(s, 'resolve rally unit=red-2', 'red'))).toContain('prohibited');
    s = until(s, 'blue-fire', 'rally');
    expect(whoseMove(game, s).label).toMatch(/Blue fire \(Rally \(hourly turns only\)\)/);
    // Red rallies in Blue's segment (its permissions let the other side resolve)
    const ev = run(s, 'resolve rally unit=red-2', 'red');
    expect(codes(ev)).toEqual([]);
    // October: the cold night counts (turn.month)
    expect((ev.find((e) => e.type === 'resolved') as ResolvedEvent).modifiers.map((x) => x.id)).toEqual(['cold']);
    expect(resolved(s, 'rally', 'rallied', 'red', { unit: 'red-2' })).toEqual([
      { type: 'unmarked', target: 'red-2', kind: 'piece', marker: 'disordered' }]);
    // turn 2 (20:10) has no rally segment: Blue's fire phase ends with its fire segment
    s = until(s, 'blue-fire', 'fire');
    expect(s.turn).toBe(2);
    expect(foldEvents(s, run(s, 'next', 'blue'))).toMatchObject({ turn: 3, phase: 'red-move' });
  });
});
