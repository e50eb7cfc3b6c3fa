// Paths of Glory's activation as the engine checks it (../shared/seeds/004, §4, §5, §6): a normal move
// in an action round starts from a space marked for movement, whose activation paid its nations' points
// from the ops the card gave (§4.2); a strategic redeployment is the `sr` mode and needs none.
import { describe, expect, test } from 'vitest';
import { assembleModule } from '../../src/core/module/assemble.js';
import type { ModuleData } from '../../src/core/module/schema.js';
import { prepareGame } from '../../src/core/engine/game.js';
import { initialState } from '../../src/core/engine/initial-state.js';
import { executeCommand } from '../../src/core/engine/execute.js';
import { parseLine } from '../../src/core/engine/parse.js';
import { NotFairRandomness } from '../../src/core/engine/not-fair-randomness.js';
import { applyEvent } from '../../src/core/engine/fold.js';
import type { GameEvent, MovedEvent } from '../../src/core/engine/events.js';
import type { GameState } from '../../src/core/engine/state.js';
import { place } from '../helpers/alone.js';
import { moduleFiles } from '../helpers/module-files.js';

const m = assembleModule(moduleFiles('paths-of-glory')).data as ModuleData;
const game = prepareGame(m, '1914');

function run(s: GameState, line: string, side: string): GameEvent[] {
  const events = executeCommand(game, s, parseLine(line)!.command, { side }, new NotFairRandomness('pog'));
  for (const e of events) applyEvent(s, e);
  return events;
}
const warned = (events: GameEvent[]) => events.flatMap((e) => e.warnings ?? []).map((w) => `${w.code}: ${w.message}`);
const round = (phase = 'ar1-cp', active = 'cp') => { const s = initialState(game); s.phase = phase; s.active = active; return s; };
const NOT_ACTIVATED = 'prohibited: ge-a8: units move only from a space marked for movement ("只有被标记为移动的空间中的部队，才能在此次作战行动中进行普通移动"): '
  + 'mark it activated-move first, or redeploy with --mode sr (§5)';

describe('§5 "只有被标记为移动的空间中的部队，才能在此次作战行动中进行普通移动"', () => {
  test('a move from a space not activated is warned, once for the whole path', () => {
    expect(warned(run(round(), 'move ge-a8 shavli', 'cp'))).toEqual([NOT_ACTIVATED]);
    expect(warned(run(round(), 'move ge-a8 konigsberg danzig', 'cp'))).toEqual([NOT_ACTIVATED]);
  });

  test('a space activated for movement pays its nations from the card\'s ops (§4.2), and its units move', () => {
    const s = round();
    s.tracks['cp-ops'] = 2;
    const mark = run(s, 'mark insterburg activated-move', 'cp');
    expect(mark.filter((e) => e.type === 'track-set')).toEqual([{ type: 'track-set', track: 'cp-ops', from: 2, to: 1 }]);
    expect(warned(run(s, 'move ge-a8 shavli', 'cp'))).toEqual([]);
  });

  test('a space activated for combat is no activation for movement (§4.3 "一个空间不能在同一次激活中同时执行移动和攻击")', () => {
    const s = round();
    s.tracks['cp-ops'] = 2;
    run(s, 'mark insterburg activated-attack', 'cp');
    expect(warned(run(s, 'move ge-a8 shavli', 'cp'))).toEqual([NOT_ACTIVATED]);
  });

  test('outside the action rounds, and from a box (units an event brings in), no activation is asked', () => {
    expect(warned(run(round('mandatory-offensive', 'all'), 'move ge-a8 shavli', 'cp'))).toEqual([]);
    const s = round();
    expect(warned(run(s, 'move ge-c9 cologne', 'cp'))).toEqual([]);
  });
});

describe('§6 strategic redeployment: the sr mode', () => {
  test('"用于在己方控制区域内快速调动军队": no activation, and not limited by the counter\'s movement', () => {
    const s = round();
    // Cologne to Posen, four steps: beyond the army's movement of 3 as a normal move, not as a redeployment
    expect(warned(run(round(), 'move ge-a3 essen hannover berlin posen', 'cp')).join()).toMatch(/allowance/);
    const e = run(s, 'move ge-a3 essen hannover berlin posen --mode sr', 'cp');
    expect(warned(e)).toEqual([]);
    const moved = e.find((x) => x.type === 'moved') as MovedEvent;
    expect([moved.mode, moved.mp]).toEqual(['sr', '0']);
  });

  test('it still may not enter a space with enemy units (§5.3)', () => {
    const s = place(round(), {});
    expect(warned(run(s, 'move ge-a8 kovno --mode sr', 'cp')).join()).toMatch(/may not enter kovno/);
  });
});
