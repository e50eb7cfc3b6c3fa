// Tracks with links and resets, and countdown markers (timers.ts, trackCommand), on skirmish
// variants and on the seed modules' data: Cold War 19.1.5 / 19.2.3 air points, Paths of Glory 7
// replacement points, Eylau's order delay markers.
import { describe, expect, it } from 'vitest';
import { assembleModule } from '../../../src/core/module/assemble.js';
import type { ModuleData } from '../../../src/core/module/schema.js';
import { prepareGame } from '../../../src/core/engine/game.js';
import { initialState } from '../../../src/core/engine/initial-state.js';
import { executeCommand } from '../../../src/core/engine/execute.js';
import { applyEvent } from '../../../src/core/engine/fold.js';
import { NotFairRandomness } from '../../../src/core/engine/not-fair-randomness.js';
import { parseLine } from '../../../src/core/engine/parse.js';
import type { GameEvent } from '../../../src/core/engine/events.js';
import { moduleFiles } from '../../helpers/module-files.js';
import { skirmishGame } from './helpers.js';

const load = (id: string) => assembleModule(moduleFiles(id)).data as ModuleData;
const exec = (game: ReturnType<typeof prepareGame>, s: ReturnType<typeof initialState>, line: string, side?: string) =>
  executeCommand(game, s, parseLine(line)!.command, side ? { side } : {}, new NotFairRandomness('t'));

describe('track links', () => {
  const game = prepareGame(load('cold-war-1985'), 'hannover-breakthrough');
  it('19.1.5 "其数值不得低于0，且不得低于停飞空中点数" and 19.2.3 "均不得超过其空中点数上限": current air points stay between grounded and maximum', () => {
    const s = initialState(game);
    expect(exec(game, s, 'track nato-air-current -2')[0]!.warnings).toBeUndefined();
    s.tracks['nato-air-grounded'] = 4;
    expect(exec(game, s, 'track nato-air-current 3')[0]!.warnings?.[0]).toMatchObject({ code: 'track' });
    expect(exec(game, s, 'track nato-air-current +1')[0]!.warnings?.[0]!.message).toMatch(/may not go above nato-air-max \(10\) \(19.1.5, 19.2.3, 29.4.3c\)/);
    // the other way: grounding more than is current, or cutting the maximum under it
    expect(exec(game, s, 'track nato-air-grounded 11')[0]!.warnings?.[0]!.message).toMatch(/nato-air-current \(10\) may not be below nato-air-grounded/);
    expect(exec(game, s, 'track nato-air-max 8')[0]!.warnings?.[0]!.message).toMatch(/nato-air-current \(10\) may not be above nato-air-max/);
  });

  it('strict `track` refuses', () => {
    const m = load('cold-war-1985');
    m.rules!.strict = ['track'];
    const g = prepareGame(m, 'hannover-breakthrough');
    expect(() => exec(g, initialState(g), 'track wp-air-current +1')).toThrow(/module rule: track is strict/);
  });
});

describe('track resets and countdown markers', () => {
  it('Paths of Glory 7 "未使用部分不能保留到下一回合": replacement points go back to 0 as the draw phase begins', () => {
    const game = prepareGame(load('paths-of-glory'));
    const s = initialState(game);
    s.tracks['rp-ge'] = 3;
    const all: GameEvent[] = [];
    for (let i = 0; i < 40 && s.phase !== 'draw'; i++) {
      const ev = exec(game, s, 'next');
      ev.forEach((e) => applyEvent(s, e));
      all.push(...ev);
    }
    expect(all.at(-1)).toEqual({ type: 'track-set', track: 'rp-ge', from: 3, to: 0 });
    expect(s.tracks['rp-ge']).toBe(0);
  });

  it('a countdown marker becomes the next as each turn begins, and leaves at the end of its count', () => {
    const game = skirmishGame((m) => {
      m.markerTypes.push(
        { id: 'wait-2', name: 'Wait 2', on: ['piece', 'hex'], countdown: { becomes: 'wait-1' } },
        { id: 'wait-1', name: 'Wait 1', on: ['piece', 'hex'], countdown: {} },
      );
    });
    const s = initialState(game);
    s.pieces['red-1']!.markers = ['wait-2'];
    s.markers['0505'] = ['wait-1'];
    const turn = () => { for (;;) { const ev = exec(game, s, 'next'); ev.forEach((e) => applyEvent(s, e)); if (ev[0]!.type === 'turn-began') return ev; } };
    expect(turn().filter((e) => e.type === 'marked' || e.type === 'unmarked')).toEqual([
      { type: 'unmarked', target: 'red-1', kind: 'piece', marker: 'wait-2' },
      { type: 'marked', target: 'red-1', kind: 'piece', marker: 'wait-1' },
      { type: 'unmarked', target: '0505', kind: 'hex', marker: 'wait-1' },
    ]);
    turn();
    expect(s.pieces['red-1']!.markers).toEqual([]);
    expect(s.markers['0505']).toBeUndefined();
  });

  it('Eylau\'s order delay markers count down 3 → 2 → 1 → received (17.35, the count ours)', () => {
    const m = load('eylau-1807');
    const next = (id: string) => m.markerTypes.find((x) => x.id === id)!.countdown?.becomes;
    expect([next('order-delay-3'), next('order-delay-2'), next('order-delay-1')]).toEqual(['order-delay-2', 'order-delay-1', 'order-received']);
  });
});
