// Cold War 1985 (../shared/seeds/002) 31.1: a fortification takes two turns to build and is finished
// by the sequence in the friendly engineer phase of the turn its time comes (a countdown marker with a
// phase); the British build level 1 in one (31.1.1.2); a level 3 replaces the level 1 it was built on.
import { describe, expect, test } from 'vitest';
import { assembleModule } from '../../src/core/module/assemble.js';
import type { ModuleData } from '../../src/core/module/schema.js';
import { prepareGame } from '../../src/core/engine/game.js';
import { initialState } from '../../src/core/engine/initial-state.js';
import { executeCommand } from '../../src/core/engine/execute.js';
import { foldEvents } from '../../src/core/engine/fold.js';
import { parseLine } from '../../src/core/engine/parse.js';
import { NotFairRandomness } from '../../src/core/engine/not-fair-randomness.js';
import { checkRuleReferences } from '../../src/core/module/rule-references.js';
import type { GameState } from '../../src/core/engine/state.js';
import { moduleFiles } from '../helpers/module-files.js';

const m = assembleModule(moduleFiles('cold-war-1985')).data as ModuleData;
const game = prepareGame(m, 'hannover-breakthrough');
const run = (s: GameState, line: string, side?: string) => executeCommand(game, s, parseLine(line)!.command, side ? { side } : {}, new NotFairRandomness('cw-fort'));

/** `next` (the rolls and draws owed set aside: not what this test is about) until the state is in `phase` of `turn` */
function until(s: GameState, turn: number, phase: string): GameState {
  for (let i = 0; i < 200 && !(s.turn === turn && s.phase === phase); i++) {
    delete s.obligations; delete s.passed;
    s = foldEvents(s, run(s, 'next'));
  }
  expect([s.turn, s.phase]).toEqual([turn, phase]);
  return s;
}
const at = (s: GameState, hex: string) => (s.markers[hex] ?? []).filter((x) => x.includes('fortification'));

describe('Cold War 31.1 building a fortification', () => {
  test('31.1.3 "修建或升级防御工事需耗时2个回合"; 31.1.4 "在该回合的友方工兵阶段完成": done in the NATO engineer phase two turns on', () => {
    let s = until(initialState(game), 1, 'nato-engineer');
    s = foldEvents(s, run(s, 'mark 2713 nato-fortification-1-building-2', 'nato'));
    // still building as turn 2 begins, and through WP's engineer and manoeuvre phases (31.1.5: no effect)
    s = until(s, 2, 'wp-maneuver');
    expect(at(s, '2713')).toEqual(['nato-fortification-1-building-2']);
    s = until(s, 2, 'nato-engineer');
    expect(at(s, '2713')).toEqual(['nato-fortification-1-building-1']);
    s = until(s, 3, 'wp-attrition');
    expect(at(s, '2713')).toEqual(['nato-fortification-1-building-1']);
    const ev = run(s, 'next');
    expect(ev.filter((e) => e.type === 'marked' || e.type === 'unmarked')).toEqual([
      { type: 'unmarked', target: '2713', kind: 'hex', marker: 'nato-fortification-1-building-1' },
      { type: 'marked', target: '2713', kind: 'hex', marker: 'nato-fortification-1' }]);
    expect(at(foldEvents(s, ev), '2713')).toEqual(['nato-fortification-1']);
  });

  test('31.1.1.2 "投入英军工兵点数修建1级防御工事，仅需耗时1个回合"; 31.1.4 "若为从1级升级至3级，需同时移除原有1级防御工事标记"', () => {
    let s = until(initialState(game), 1, 'nato-engineer');
    s = foldEvents(s, run(s, 'mark 2515 nato-fortification-1-building-1', 'nato'));   // British engineers
    s = foldEvents(s, run(s, 'mark 2813 nato-fortification-3-building-2', 'nato'));   // on the level 1 of the scenario
    expect(at(s, '2813')).toEqual(['nato-fortification-1', 'nato-fortification-3-building-2']);
    s = until(s, 2, 'nato-engineer');
    expect(at(s, '2515')).toEqual(['nato-fortification-1']);
    s = until(s, 3, 'nato-engineer');
    expect(at(s, '2813')).toEqual(['nato-fortification-3']);
  });

  test('WP\'s count down in the WP engineer phase', () => {
    let s = until(initialState(game), 1, 'wp-engineer');
    s = foldEvents(s, run(s, 'mark 3414 wp-fortification-1-building-2', 'wp'));
    s = until(s, 3, 'wp-engineer');
    expect(at(s, '3414')).toEqual(['wp-fortification-1']);
  });

  test('a countdown\'s phase and the markers it clears are the module\'s own', () => {
    const bad = structuredClone(m);
    const t = bad.markerTypes.find((x) => x.id === 'nato-fortification-3-building-1')!;
    t.countdown = { ...t.countdown!, phase: 'no-phase', clears: ['no-marker'] };
    expect(checkRuleReferences(bad).map((i) => i.message)).toEqual(expect.arrayContaining(['unknown phase "no-phase"', 'unknown marker "no-marker"']));
  });
});
