// Eylau's movement rules as the book gives them (../shared/seeds/000, v1.5 rules, chapters 5 and
// 6), computed by the engine from module.json "movement" (tools/modules/eylau-1807-rules.mjs).
// Each test quotes the section it checks; the issue "four seed games played by their books" lists
// what the tool charged before.
import { describe, expect, test } from 'vitest';
import { assembleModule } from '../../src/core/module/assemble.js';
import type { ModuleData } from '../../src/core/module/schema.js';
import { prepareGame } from '../../src/core/engine/game.js';
import { initialState } from '../../src/core/engine/initial-state.js';
import { place, type Placement } from '../helpers/alone.js';
import { executeCommand } from '../../src/core/engine/execute.js';
import { parseLine } from '../../src/core/engine/parse.js';
import { NotFairRandomness } from '../../src/core/engine/not-fair-randomness.js';
import { reachOf } from '../../src/core/engine/reach.js';
import type { GameState } from '../../src/core/engine/state.js';
import type { FlippedEvent, MovedEvent, RotatedEvent } from '../../src/core/engine/events.js';
import { formatRational } from '../../src/core/rational.js';
import { moduleFiles } from '../helpers/module-files.js';

const m = assembleModule(moduleFiles('eylau-1807')).data as ModuleData;
const game = prepareGame(m, '20-3-eylau-8-february');

/** The initial state with the pieces listed moved to a hex (on a face and facing), alone there. */
function board(where: Record<string, Placement>): GameState {
  const s = initialState(game);
  // the French movement phase: 5.3 "仅可在己方玩家的移动阶段…变更朝向"
  s.phase = 'french-movement';
  s.active = 'french';
  return place(s, where);
}
const run = (s: GameState, line: string) => executeCommand(game, s, parseLine(line)!.command, { side: 'french' }, new NotFairRandomness('eylau'));
const moved = (s: GameState, line: string) => run(s, line)[0] as MovedEvent;

describe('Eylau 6.52 roads (道路移动费用豁免规则)', () => {
  test('"驶入第一个带有道路的障碍地形格子时，需按照地形效果表支付常规移动消耗；若后续沿同一条连续道路继续驶入其余障碍地形格子，每格仅消耗1点移动力": a column along the woods road pays 2+1+1 = 4 MP, within its 5', () => {
    const s = board({ 'fr-gren-pied-1': { at: 'D2334', face: 'column', facing: 1 } });
    const e = moved(s, 'move fr-gren-pied-1 D2434 D2534 D2634');
    expect(e.mp).toBe('4'); // the tool charged 2+2+2 = 6 before
    expect(e.rules).toEqual(['6.52']);
    expect(e.warnings).toBeUndefined();
  });

  test('the chain ends when the unit leaves the road: the next obstacle hex costs the chart again', () => {
    const s = board({ 'fr-gren-pied-1': { at: 'D2434', face: 'column', facing: 1 } });
    // start inside the woods: the first woods hex entered along the road is the first obstacle of this move
    expect(moved(s, 'move fr-gren-pied-1 D2534').mp).toBe('2');
    expect(moved(s, 'move fr-gren-pied-1 D2534 D2634').mp).toBe('3');
  });

  test('"单位经由道路跨越小溪、次级河流、大型河流格边时，仅需额外消耗1点移动力": a river crossed by road costs 1 + 1 = 2, not 1 + 2', () => {
    const s = board({ 'fr-gren-pied-1': { at: 'D4206', face: 'column', facing: 2 } });
    expect(moved(s, 'move fr-gren-pied-1 D4307').mp).toBe('2');
  });

  test('"单位可经由连续的道路格子驶入原本禁止通行的地形格子，进入时消耗2点移动力": heavy cavalry enters the woods by road for 2 MP', () => {
    const s = board({ 'fr-gren-chv': { at: 'D2334', face: 'fresh', facing: 1 } });
    const e = moved(s, 'move fr-gren-chv D2434 D2534');
    expect(e.mp).toBe('3');
    expect(e.warnings).toBeUndefined();
  });

  test('"牵引行军状态的炮兵连，若从相邻的同段连续道路格子驶入带有道路的障碍地形格子，每格仅消耗1点移动力": a limbered battery takes the woods road at 1 MP a hex', () => {
    const s = board({ 'fr-guard-12': { at: 'D2334', face: 'limbered', facing: null } });
    const e = moved(s, 'move fr-guard-12 D2434 D2534 D2634');
    expect(e.mp).toBe('3');
    expect(e.warnings).toBeUndefined();
  });

  test('off the road the woods stay closed to heavy cavalry and artillery (6.21)', () => {
    const s = board({ 'fr-gren-chv': { at: 'D2334', face: 'fresh', facing: 1 } });
    const off = game.board.hex!.neighbours('D2434').find((h) => h !== 'D2334' && h !== 'D2534' && game.costs!.index.hexTerrain(h).includes('woods')
      && !game.costs!.index.roadsBetween('D2434', h).length);
    if (off) expect(moved(s, `move fr-gren-chv D2434 ${off}`).warnings?.[0]?.code).toBe('prohibited');
  });

  test('reach agrees with move along the road chain', () => {
    const s = board({ 'fr-gren-pied-1': { at: 'D2334', face: 'column', facing: 1 } });
    const r = reachOf(game, s, 'fr-gren-pied-1');
    expect(formatRational(r.reachable.find((x) => x.location === 'D2634')!.cost)).toBe('4');
  });
});

describe('Eylau 5.42, 5.32 facing', () => {
  test('5.42 "步兵单位消耗0.5点移动力即可转为向后朝向，为该单位放置「向后朝向」标记": facing about costs 1/2 MP and puts the marker on; about again takes it off', () => {
    const s = board({ 'fr-gren-pied-1': { at: 'C3020', face: 'line', facing: 1 } });
    const [rot, mark] = run(s, 'rotate fr-gren-pied-1 +3') as [RotatedEvent, { type: string; marker: string }];
    expect(rot.mp).toBe('1/2'); // the tool charged 3 x 1/2 = 1 1/2 before
    expect(rot.rules).toEqual(['5.42']);
    expect(mark).toMatchObject({ type: 'marked', marker: 'faced-to-rear' });
    s.pieces['fr-gren-pied-1']!.markers.push('faced-to-rear');
    expect(run(s, 'rotate fr-gren-pied-1 -3')[1]).toMatchObject({ type: 'unmarked', marker: 'faced-to-rear' });
    // 5.42 "除调回初始朝向外，不可再变更其他朝向": faced to rear, one vertex is refused as a warning
    expect((run(s, 'rotate fr-gren-pied-1 +1')[0] as RotatedEvent).warnings?.[0]?.code).toBe('prohibited');
    s.pieces['fr-gren-pied-1']!.markers = [];
    expect((run(s, 'rotate fr-gren-pied-1 +1')[0] as RotatedEvent).mp).toBe('1/2'); // 5.31: one vertex 1/2 MP
  });

  test('5.32 "原本为全向朝向的单位在切换阵型时…可在当前格子内任意设定正面朝向，本次阵型切换无需额外消耗移动力": leaving open order the new facing is free', () => {
    const s = board({ 'fr-gren-pied-1': { at: 'C3020', face: 'open-order', facing: 0 } });
    const e = run(s, 'flip fr-gren-pied-1 line --facing 3')[0] as FlippedEvent;
    expect(e).toMatchObject({ facing: 3, mp: '0', rules: ['5.32'] });
  });

  test('6.62 leaving road column: infantry 1 MP per 8 strength points or part, cavalry per 4; 6.61 entering it: 1 MP on a primary road', () => {
    const s = board({ 'fr-gren-pied-1': { at: 'D2334', face: 'road-column', facing: null }, 'fr-gren-chv': { at: 'D2434', face: 'road-column', facing: null } });
    expect(run(s, 'flip fr-gren-pied-1 column --facing 1')[0]).toMatchObject({ mp: '2', facing: 1, rules: ['6.62'] }); // strength 12: ⌈12/8⌉
    expect(run(s, 'flip fr-gren-chv fresh')[0]).toMatchObject({ mp: '3', rules: ['6.62'] }); // strength 9: ⌈9/4⌉
    const t = board({ 'fr-gren-pied-1': { at: 'D2334', face: 'column', facing: 1 } });
    expect(run(t, 'flip fr-gren-pied-1 road-column')[0]).toMatchObject({ mp: '1', rules: ['6.61'] });
    const off = board({ 'fr-gren-pied-1': { at: 'C3020', face: 'column', facing: 1 } });
    if (!game.costs!.index.roadsAt('C3020').length) expect((run(off, 'flip fr-gren-pied-1 road-column')[0] as FlippedEvent).warnings?.[0]?.code).toBe('prohibited');
  });
});

describe('Eylau 6.4 grand-tactical movement and 6.64 leaders', () => {
  test('6.41 "满足全部下列条件可在移动阶段为自身增加2点移动力": move --mode grand-tactical has 7 MP for a column', () => {
    const s = board({ 'fr-gren-pied-1': { at: 'C3020', face: 'column', facing: 1 } });
    const e = moved(s, 'move fr-gren-pied-1 C3120 --mode grand-tactical');
    expect(e.allowance).toBe('7');
    expect(e.mode).toBe('grand-tactical');
  });

  test('6.42 "大战术机动期间，变更朝向、切换阵型不消耗移动点数": turning during it is free', () => {
    const s = board({ 'fr-gren-pied-1': { at: 'C3020', face: 'column', facing: 1 } });
    expect((run(s, 'rotate fr-gren-pied-1 +2 --mode grand-tactical')[0] as RotatedEvent).mp).toBe('0');
    expect((run(s, 'rotate fr-gren-pied-1 +2')[0] as RotatedEvent).mp).toBe('1');
  });

  test('6.41 "全程距离所有未溃退敌方单位6格以外": within 6 hexes of an enemy the mode is refused as a warning, and the move halts at the first hex within 6', () => {
    const enemy = m.pieces.find((p) => p.side === 'allies' && p.type === 'infantry')!.id;
    const s = board({ 'fr-gren-pied-1': { at: 'C3020', face: 'column', facing: 1 }, [enemy]: { at: 'C3026', face: 'column', facing: 4 } });
    expect(moved(s, 'move fr-gren-pied-1 C3019 --mode grand-tactical').warnings?.[0]?.message).toMatch(/Grand-tactical movement \(6.41\)/);
    // facing vertex 2 (south-east): its front hexsides are 2 and 3 (south), so it may move south (5.4)
    const far = board({ 'fr-gren-pied-1': { at: 'C3016', face: 'column', facing: 2 }, [enemy]: { at: 'C3026', face: 'column', facing: 4 } });
    const e = moved(far, 'move fr-gren-pied-1 C3017 C3018 C3019 --mode grand-tactical');
    // C3020 (6 from the enemy) is where it must stop; C3019 is 7 away, so this move is fine
    expect(e.warnings).toBeUndefined();
    const over = moved(far, 'move fr-gren-pied-1 C3017 C3018 C3019 C3020 C3021 --mode grand-tactical');
    expect(over.warnings?.[0]?.code).toBe('prohibited');
  });

  test('6.64 "指挥官单位独立移动时，可免费切换进入或退出道路纵队阵型": a leader pays 1/2 MP a primary-road hex', () => {
    const s = board({ 'fr-guard-inf-cdr': { at: 'D2334' } });
    expect(moved(s, 'move fr-guard-inf-cdr D2434 D2534 D2634').mp).toBe('3/2');
  });

  test('6.1 "移动中的友军单位禁止进入敌方作战单位所在格子": a hex held by an enemy unit may not be entered, and reach routes round it', () => {
    const enemy = m.pieces.find((p) => p.side === 'allies' && p.type === 'infantry')!.id;
    const s = board({ 'fr-gren-pied-1': { at: 'C3020', face: 'column', facing: 1 }, [enemy]: { at: 'C3021', face: 'column', facing: 4 } });
    expect(moved(s, 'move fr-gren-pied-1 C3021').warnings?.[0]?.code).toBe('prohibited');
    expect(reachOf(game, s, 'fr-gren-pied-1').reachable.some((x) => x.location === 'C3021')).toBe(false);
  });
});

describe('Eylau 5.1 front width and 2.3.2 commanders', () => {
  test('5.1 "横队、延展横队（三格正面朝向）": an extended line has three front hexsides, a line two', () => {
    // C3020 faced 1: a line faces vertex 1 (front hexsides 1 and 2), an extended line hexside 1
    // (front hexsides 0, 1 and 2). A battalion joining it across hexside 0 crosses the line's flank
    // (it goes under, 6.12) but the extended line's front (it goes on top).
    const from = game.board.hex!.neighbour('C3020', 0)!;
    const join = (face: string) => moved(board({
      'fr-gren-pied-1': { at: 'C3020', face, facing: 1 }, 'fr-gren-pied-2': { at: from, face: 'column', facing: 3 },
    }), 'move fr-gren-pied-2 C3020');
    expect(game.pieceTypes.get('infantry')!.faces.find((f) => f.id === 'extended-line')!.facing).toBe('hexside');
    expect(join('line').stack).toBe('bottom');
    expect(join('extended-line').stack).toBeUndefined();
    const rear = game.board.hex!.neighbour('C3020', 4)!;
    const behind = moved(board({ 'fr-gren-pied-1': { at: 'C3020', face: 'extended-line', facing: 1 }, 'fr-gren-pied-2': { at: rear, face: 'column', facing: 1 } }),
      'move fr-gren-pied-2 C3020');
    expect(behind.stack).toBe('bottom'); // hexside 4 is the extended line's rear
  });

  test('2.3.2 "该类指挥官的移动能力由当前指挥状态决定": a commander on standby has 6 MP (ours), mobilised 12 (ours)', () => {
    const path = 'C3019 C3018 C3017 C3016 C3015 C3014 C3013 C3012';
    const clear = path.split(' ').every((h) => game.costs!.index.hexTerrain(h).every((t) => t === 'clear'));
    const standby = moved(board({ 'fr-iv-cdr': { at: 'C3020', face: 'standby' } }), `move fr-iv-cdr ${path}`);
    expect(standby.allowance).toBe('6');
    expect(clear).toBe(true); // 8 clear hexes: 8 MP
    expect(standby.warnings?.[0]?.code).toBe('allowance');
    const mobilised = moved(board({ 'fr-iv-cdr': { at: 'C3020', face: 'mobilised' } }), `move fr-iv-cdr ${path}`);
    expect(mobilised.allowance).toBe('12');
    expect(mobilised.warnings).toBeUndefined();
    expect(game.pieceTypes.get('division-leader')!.faces.map((f) => [f.id, f.values['movement']])).toEqual([['standby', 6], ['mobilised', 12]]);
    expect(game.pieceTypes.get('brigade-leader')!.faces.every((f) => f.values['movement'] === 10)).toBe(true); // not concerned
  });
});
