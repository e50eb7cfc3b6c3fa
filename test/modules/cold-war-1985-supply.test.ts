// Cold War 1985 (../shared/seeds/002) 30: supply lines traced by the engine over the hex map — the
// two legs of 30.1 through the hubs of each top HQ, the sources of 30.2, what blocks a line (30.1.4,
// 26.2.2.8, 27.4.3), a hub adjacent to the enemy (30.3.3.1), and what being out of supply means (30).
import { describe, expect, test } from 'vitest';
import { assembleModule } from '../../src/core/module/assemble.js';
import type { ModuleData } from '../../src/core/module/schema.js';
import { prepareGame } from '../../src/core/engine/game.js';
import { initialState } from '../../src/core/engine/initial-state.js';
import { executeCommand } from '../../src/core/engine/execute.js';
import { parseLine } from '../../src/core/engine/parse.js';
import { NotFairRandomness } from '../../src/core/engine/not-fair-randomness.js';
import { boardFacts } from '../../src/core/engine/board-facts.js';
import { isSupplied, unsuppliedPieces } from '../../src/core/engine/supply.js';
import { checkSupplyLineReferences } from '../../src/core/module/supply-lines-references.js';
import type { GameState } from '../../src/core/engine/state.js';
import type { GameEvent } from '../../src/core/engine/events.js';
import { moduleFiles } from '../helpers/module-files.js';

const m = assembleModule(moduleFiles('cold-war-1985')).data as ModuleData;
const game = prepareGame(m, 'hannover-breakthrough');
const hex = game.board.hex!;
const run = (s: GameState, line: string, side: string) => executeCommand(game, s, parseLine(line)!.command, { side }, new NotFairRandomness('cw-supply'));
const warned = (ev: GameEvent[]) => ev.flatMap((e) => e.warnings ?? []).map((w) => `${w.code}: ${w.message}`);

/** the scenario's state with nothing on the map: no piece, no marker */
function cleared(): GameState {
  const s = initialState(game);
  for (const p of Object.values(s.pieces)) p.location = null;
  s.stacks = {}; s.markers = {};
  return s;
}
function put(s: GameState, piece: string, at: string): void {
  s.pieces[piece]!.location = at;
  (s.stacks[at] ??= []).push(piece);
}
function mark(s: GameState, at: string, marker: string): void { (s.markers[at] ??= []).push(marker); }

describe('Cold War 30 supply lines', () => {
  test('30.3.2: as the scenario sets up, every unit on the map traces its line', () => {
    expect(unsuppliedPieces(game, initialState(game))).toEqual([]);
  });

  test('30.1.2 "示例：北约标定补给线第一段时，从0108格出发，沿2号高速公路延伸至1107格，随后可继续向1106格或1206格延伸"', () => {
    const f = boardFacts(game);
    expect(m.rules!.supplyLines!.sources.nato).toContain('0108');
    for (const hub of ['1107', '1106', '1206']) {
      const s = cleared();
      mark(s, hub, 'supply-hub-ge1'); put(s, 'ge-pzgren1', hub);
      expect(isSupplied(game, s, 'ge-pzgren1'), hub).toBe(true);
    }
    // "必须沿包含道路的六边形格标定": a hub on a hex without a road is reached by no first leg
    const off = hex.neighbours('1107').find((l) => !f.roadAt[f.index.get(l)!])!;
    const s = cleared();
    mark(s, off, 'supply-hub-ge1'); put(s, 'ge-pzgren1', off);
    expect(isSupplied(game, s, 'ge-pzgren1')).toBe(false);
  });

  test('30.1.3 "该段线路的最大长度限制为：北约6个六边形格，华约4个六边形格"; 30.1.2 only the unit\'s own top HQ\'s hubs', () => {
    for (const [piece, marker, hub, most] of [['ge-pzgren1', 'supply-hub-ge1', '1107', 6], ['su-47gtd-tr1', 'supply-hub-su3', '4416', 4]] as const) {
      const within = (d: number) => hex.labels().filter((l) => hex.distance(hub, l) === d).map((l) => {
        const s = cleared(); mark(s, hub, marker); put(s, piece, l);
        return isSupplied(game, s, piece);
      });
      expect(within(most).some(Boolean), `${piece} ${most} hexes from ${hub}`).toBe(true);
      expect(within(most + 1).some(Boolean), `${piece} ${most + 1} hexes from ${hub}`).toBe(false);
    }
    // a British brigade beside a hub of the FRG's I. Korps traces no line through it
    const s = cleared(); mark(s, '1107', 'supply-hub-ge1'); put(s, 'br-7ab', '1107');
    expect(isSupplied(game, s, 'br-7ab')).toBe(false);
  });

  test('30.1.4 a, d, e: no line enters a hex with a breakthrough, interdiction, chemical or nuclear contamination marker', () => {
    for (const marker of ['breakthrough', 'interdiction', 'chemical-contamination', 'nuclear-contamination']) {
      const s = cleared(); mark(s, '1107', 'supply-hub-ge1'); put(s, 'ge-pzgren1', '1207');
      expect(isSupplied(game, s, 'ge-pzgren1')).toBe(true);
      mark(s, '1207', marker);
      expect(isSupplied(game, s, 'ge-pzgren1'), marker).toBe(false);
    }
  });

  test('30.1.4 a-b: a hex beside the enemy carries a line only where friendly units hold it; 30.3.3.1 a hub beside the enemy supplies nothing', () => {
    const s = cleared(); mark(s, '1107', 'supply-hub-ge1'); put(s, 'ge-pzgren1', '1207');
    const beside = hex.neighbours('1207').find((l) => hex.distance(l, '1107') === 2)!;
    put(s, 'su-47gtd-tr1', beside);
    // the unit's own hex is held by itself: its line still runs
    expect(isSupplied(game, s, 'ge-pzgren1')).toBe(true);
    // the enemy in the hub's next hex: "该补给枢纽将立即被从棋盘上移除"
    const t = cleared(); mark(t, '1107', 'supply-hub-ge1'); put(t, 'ge-pzgren1', '1107');
    put(t, 'su-47gtd-tr1', '1007');
    expect(isSupplied(game, t, 'ge-pzgren1')).toBe(false);
    // b: the hexes between the hub and a unit two hexes away, each beside the enemy and held by no friendly unit
    const u = cleared(); mark(u, '1107', 'supply-hub-ge1');
    const far = hex.labels().find((l) => hex.distance(l, '1107') === 2 && hex.distance(l, '0108') > 8)!;
    put(u, 'ge-pzgren1', far);
    expect(isSupplied(game, u, 'ge-pzgren1')).toBe(true);
    const between = hex.neighbours(far).filter((l) => hex.distance(l, '1107') === 1);
    const enemySpots = hex.labels().filter((l) => hex.distance(l, '1107') === 2 && l !== far
      && between.some((b) => hex.distance(b, l) === 1));
    ['su-47gtd-tr1', 'su-47gtd-tr2', 'su-47gtd-tr3', 'su-47gtd-mrr'].slice(0, enemySpots.length).forEach((id, i) => put(u, id, enemySpots[i]!));
    expect(isSupplied(game, u, 'ge-pzgren1')).toBe(false);
    put(u, 'ge-pz2', between[0]!);
    expect(isSupplied(game, u, 'ge-pzgren1')).toBe(true);
  });

  test('30.1.4c "无永久桥梁或拼接桥的河流格边": the road\'s bridge carries the line, a destroyed one does not, a Bailey bridge does again', () => {
    // 0607|0707: Autobahn 2 over the Leine (our map)
    const s = cleared(); mark(s, '0607', 'supply-hub-su3'); put(s, 'su-47gtd-tr1', '0707');
    expect(isSupplied(game, s, 'su-47gtd-tr1')).toBe(true);
    mark(s, '0607|0707', 'bridge-destroyed');
    expect(isSupplied(game, s, 'su-47gtd-tr1')).toBe(false);
    mark(s, '0607|0707', 'bailey-bridge');
    expect(isSupplied(game, s, 'su-47gtd-tr1')).toBe(true);
  });

  test('30 "无法标定有效补给线的单位，不得以任何方式消除损耗点数": an unsupplied unit\'s attrition may not go down', () => {
    const s = cleared(); mark(s, '1107', 'supply-hub-ge1'); put(s, 'ge-pzgren1', '1207');
    s.pieces['ge-pzgren1']!.values.attrition = 3;
    expect(warned(run(s, 'set ge-pzgren1 attrition=1', 'nato'))).toEqual([]);
    mark(s, '1207', 'interdiction');
    expect(warned(run(s, 'set ge-pzgren1 attrition=1', 'nato'))).toEqual(['prohibited: ge-pzgren1 traces no supply line: its attrition may not go down (30)']);
    // gaining attrition is not removing it
    expect(warned(run(s, 'set ge-pzgren1 attrition=4', 'nato'))).toEqual([]);
  });

  test('rules.supplyLines names only what the module declares', () => {
    const bad = structuredClone(m);
    bad.rules!.supplyLines!.sources.nato = ['9999'];
    bad.rules!.supplyLines!.hubs[0]!.marker = 'no-hub';
    bad.rules!.supplyLines!.keeps = 'no-value';
    expect(checkSupplyLineReferences(bad).map((i) => i.message)).toEqual([
      '"9999" is not a hex of board hannover-magdeburg', 'unknown marker type "no-hub"', 'no piece type has the property "no-value" a player may set']);
  });
});
