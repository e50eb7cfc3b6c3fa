// Cold War 1985's movement rules from the book (../shared/seeds/002, sections 29.2 and 32.1),
// computed from module.json "movement" and the marker rules (tools/modules/cold-war-1985.mjs).
import { describe, expect, test } from 'vitest';
import { assembleModule } from '../../src/core/module/assemble.js';
import type { HexBoardDef, ModuleData } from '../../src/core/module/schema.js';
import { prepareGame } from '../../src/core/engine/game.js';
import { executeCommand } from '../../src/core/engine/execute.js';
import { parseLine } from '../../src/core/engine/parse.js';
import { NotFairRandomness } from '../../src/core/engine/not-fair-randomness.js';
import { reachOf } from '../../src/core/engine/reach.js';
import type { GameState } from '../../src/core/engine/state.js';
import type { MarkedEvent, MovedEvent } from '../../src/core/engine/events.js';
import { formatRational } from '../../src/core/rational.js';
import { aloneAt } from '../helpers/alone.js';
import { moduleFiles } from '../helpers/module-files.js';

const m = assembleModule(moduleFiles('cold-war-1985')).data as ModuleData;
const game = prepareGame(m, 'hannover-breakthrough');
const idx = game.costs!.index;
const b = m.boards[0] as HexBoardDef;

/** A road step that crosses a minor river into a clear hex, and a river hexside no road crosses. */
const bridge = (() => {
  for (const r of b.roads) {
    for (let i = 1; i < r.path.length; i++) {
      const [x, y] = [r.path[i - 1]!, r.path[i]!];
      if (idx.hexsideFeatures(x, y).join() === 'minor-river' && idx.hexTerrain(y).join() === 'clear') return { from: x, to: y, road: r.type };
    }
  }
  throw new Error('no bridge');
})();
const dry = game.board.hex!.neighbours(bridge.to).find((h) => idx.hexsideFeatures(bridge.to, h).length === 0 && !idx.roadsBetween(bridge.to, h).length)!;
const clearOff = game.board.hex!.neighbours(bridge.to).find((h) => idx.hexsideFeatures(bridge.to, h).length === 0 && !idx.roadsBetween(bridge.to, h).length && idx.hexTerrain(h).join() === 'clear')!;

const alone = (piece: string, at: string, change?: (s: GameState) => void) => aloneAt(game, piece, at, change);
const run = (s: GameState, line: string) => executeCommand(game, s, parseLine(line)!.command, { side: 'nato' }, new NotFairRandomness('cw'))[0]!;

describe('Cold War 32.1 permanent bridges', () => {
  test('"若爆破判定成功，在该桥梁格边上放置桥梁损毁标记": a destroyed bridge takes the road off the river; the tank pays the hex and the river', () => {
    const s = alone('ge-pz2', bridge.from);
    const byRoad = run(s, `move ge-pz2 ${bridge.to}`) as MovedEvent;
    expect(byRoad.mp).toBe(formatRational(game.costs!.parts(bridge.from, bridge.to, 'tracked').road!));
    s.markers[game.board.hex!.hexside(bridge.from, bridge.to)] = ['bridge-destroyed'];
    const blown = run(s, `move ge-pz2 ${bridge.to}`) as MovedEvent;
    expect(blown.mp).toBe('4'); // clear 1 + minor river 3 (tracked), where the tool charged the road's 1/2
    expect(blown.rules).toEqual(['32.1']);
    const r = reachOf(game, s, 'ge-pz2').reachable.find((x) => x.location === bridge.to);
    expect(r && formatRational(r.cost)).toBe('4');
  });

  test('"永久桥梁（民用桥梁）指…有道路跨越小型/大型河流的六边形格边": a bridge marker on a hexside with no river, or no road, is a placement warning', () => {
    const s = alone('ge-pz2', bridge.from);
    expect((run(s, `mark ${bridge.from}|${bridge.to} bridge-destroyed`) as MarkedEvent).warnings).toBeUndefined();
    const w = (run(s, `mark ${bridge.to}|${dry} bridge-destroyed`) as MarkedEvent).warnings;
    expect(w?.[0]).toMatchObject({ code: 'placement' });
    expect(w?.[0]!.message).toMatch(/\(32.1\)/);
  });
});

describe('Cold War 29.2 weather and night', () => {
  const night = (s: GameState) => { s.turnType = 'night-summer'; s.clock = '1985-08-04T21:00+02:00'; };
  test('"夜间回合中，单位进入任意六边形格，需支付的地形类型与地形特征移动点成本翻倍": at night a clear hex costs 2, and reach at night is not reach by day', () => {
    const day = alone('ge-pz2', bridge.to);
    const dark = alone('ge-pz2', bridge.to, night);
    expect((run(day, `move ge-pz2 ${clearOff}`) as MovedEvent).mp).toBe('1');
    expect((run(dark, `move ge-pz2 ${clearOff}`) as MovedEvent)).toMatchObject({ mp: '2', rules: ['29.2'] });
    expect(reachOf(game, dark, 'ge-pz2').reachable.length).toBeLessThan(reachOf(game, day, 'ge-pz2').reachable.length);
  });

  test('"春、夏、秋季的降水回合为降雨天气：单位进入任意六边形格，均需额外消耗1个移动点，沿道路机动时除外" and 29.2.5 "先额外加1，再翻倍"', () => {
    const rain = alone('ge-pz2', bridge.to, (s) => { s.tracks.precipitation = 1; });
    expect((run(rain, `move ge-pz2 ${clearOff}`) as MovedEvent).mp).toBe('2');
    expect((run(rain, `move ge-pz2 ${bridge.from}`) as MovedEvent).mp).toBe(formatRational(game.costs!.parts(bridge.to, bridge.from, 'tracked').road!));
    const both = alone('ge-pz2', bridge.to, (s) => { s.tracks.precipitation = 1; night(s); });
    expect((run(both, `move ge-pz2 ${clearOff}`) as MovedEvent).mp).toBe('4'); // (1 + 1) x 2
  });
});
