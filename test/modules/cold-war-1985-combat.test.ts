// Cold War 1985's arithmetic done by the tool (../shared/seeds/002): the ground-combat modifiers
// computed from the board (15.6.3, 15.6.4, 15.6.7, 15.6.13), who may attack whom (15, 15.4), the
// result as attrition points (15.7.1-2), the weather rolls and their effects (29.1.2), grounded air
// points from the weather (29.4), air point recovery (19.2) and the event check by map sheets (34.4).
import { describe, expect, test } from 'vitest';
import { assembleModule } from '../../src/core/module/assemble.js';
import type { ModuleData } from '../../src/core/module/schema.js';
import { prepareGame } from '../../src/core/engine/game.js';
import { initialState } from '../../src/core/engine/initial-state.js';
import { place } from '../helpers/alone.js';
import { executeCommand } from '../../src/core/engine/execute.js';
import { foldEvents } from '../../src/core/engine/fold.js';
import { parseLine } from '../../src/core/engine/parse.js';
import { NotFairRandomness } from '../../src/core/engine/not-fair-randomness.js';
import { outcomeEvents } from '../../src/core/engine/outcomes.js';
import type { GameState } from '../../src/core/engine/state.js';
import type { GameEvent, ResolvedEvent } from '../../src/core/engine/events.js';
import { moduleFiles } from '../helpers/module-files.js';

const m = assembleModule(moduleFiles('cold-war-1985')).data as ModuleData;
const game = prepareGame(m, 'hannover-breakthrough');
const hex = game.board.hex!;
const idx = game.costs!.index;

const run = (s: GameState, line: string, side = 'wp', r = new NotFairRandomness('cw-combat')) => executeCommand(game, s, parseLine(line)!.command, { side }, r);
const resolve = (s: GameState, line: string, side = 'wp') => run(s, line, side)[0] as ResolvedEvent;
const amount = (e: ResolvedEvent, id: string) => e.modifiers.find((x) => x.id === id)?.value;

/** A clear hex with six clear neighbours, two hexes from every unit of the scenario. */
const centre = (() => {
  const s = initialState(game);
  const near = (a: string) => Object.keys(s.stacks).some((b) => hex.has(b) && hex.distance(a, b) <= 3);
  for (const a of hex.labels()) {
    const around = hex.neighbours(a);
    if (around.length === 6 && !near(a) && [a, ...around].every((h) => idx.hexTerrain(h).join() === 'clear')) return a;
  }
  throw new Error('no open ground');
})();
const ring = hex.neighbours(centre);

/** The scenario's start with the pieces named moved onto the hexes given. */
function placed(where: Record<string, string>, change?: (s: GameState) => void): GameState {
  const s = place(initialState(game), where);
  change?.(s);
  return s;
}

describe('Cold War 15.6 modifiers the board gives', () => {
  test('15.6.3 "以进攻方的骨干战力评级减去防御方的骨干战力评级 … 取所有防御单位中最低的骨干战力评级"', () => {
    // su-47gtd-tr1 cadre 2; ge-pzgren1 cadre 4 and the FRG HQ (cadre 0 on the counter): the lowest counts
    const s = placed({ 'su-47gtd-tr1': ring[0]!, 'ge-pzgren1': centre });
    expect(amount(resolve(s, 'resolve ground-combat attackers=su-47gtd-tr1 defenders=ge-pzgren1'), 'cadre')).toBe(2 - 4);
    const two = placed({ 'su-47gtd-tr1': ring[0]!, 'ge-pzgren1': centre, 'ge-1pzd-recon': centre });
    two.pieces['ge-1pzd-recon']!.values.cadre = 1;
    expect(amount(resolve(two, 'resolve ground-combat attackers=su-47gtd-tr1 defenders=ge-pzgren1,ge-1pzd-recon'), 'cadre')).toBe(2 - 1);
    // computed, never typed
    expect(() => run(s, 'resolve ground-combat attackers=su-47gtd-tr1 defenders=ge-pzgren1 cadre=3')).toThrow(/computed from the board/);
  });

  test('15.6.4 "若不同国籍的北约单位在同一六边形格内共同防御，进攻方获得+2的战斗修正值"', () => {
    const mixed = placed({ 'su-47gtd-tr1': ring[0]!, 'ge-pz2': centre, 'br-7ab': centre });
    expect(resolve(mixed, 'resolve ground-combat attackers=su-47gtd-tr1 defenders=ge-pz2,br-7ab').derived).toContain('nato-mixed');
    const one = placed({ 'su-47gtd-tr1': ring[0]!, 'ge-pz2': centre, 'ge-pzgren1': centre });
    expect(resolve(one, 'resolve ground-combat attackers=su-47gtd-tr1 defenders=ge-pz2,ge-pzgren1').derived ?? []).not.toContain('nato-mixed');
  });

  test('15.6.7 "以进攻方单位的损耗点数减去防御方单位的损耗点数 … 累加所有防御单位的总损耗点数" (the book\'s sign)', () => {
    const s = placed({ 'su-47gtd-tr1': ring[0]!, 'ge-pz2': centre, 'ge-pzgren1': centre }, (x) => {
      x.pieces['su-47gtd-tr1']!.values.attrition = 3;
      x.pieces['ge-pz2']!.values.attrition = 1;
      x.pieces['ge-pzgren1']!.values.attrition = 1;
    });
    expect(amount(resolve(s, 'resolve ground-combat attackers=su-47gtd-tr1 defenders=ge-pz2,ge-pzgren1'), 'attrition')).toBe(3 - (1 + 1));
    // equal: no modifier at all
    const even = placed({ 'su-47gtd-tr1': ring[0]!, 'ge-pz2': centre });
    expect(amount(resolve(even, 'resolve ground-combat attackers=su-47gtd-tr1 defenders=ge-pz2'), 'attrition')).toBeUndefined();
  });

  test('15.6.13 "每有一个额外的、包含进攻方作战单位且与遭攻击格相邻的六边形格，进攻方获得+2 … 处于休整状态或整补态势的单位，不计入"', () => {
    const s = placed({
      'su-47gtd-tr1': ring[0]!, 'su-47gtd-tr2': ring[2]!, 'su-47gtd-mrr': ring[3]!, 'su-47gtd-art': ring[4]!,
      'ge-pz2': centre, 'ge-pzgren1': ring[1]!, 'ge-pz3': ring[5]!,
    }, (x) => {
      x.pieces['su-47gtd-mrr']!.markers.push('posture-rest');        // resting: not counted
      x.pieces['ge-pz3']!.markers.push('posture-refit');             // refitting: not counted
    });
    const e = resolve(s, 'resolve ground-combat attackers=su-47gtd-tr1 defenders=ge-pz2');
    // one further hex of WP combat units (ring[2]; the artillery is a support unit, 15.4.3): +2
    expect(amount(e, 'adjacent-attackers')).toBe(2);
    // one hex of NATO combat units beside the defenders (ring[1]): -1
    expect(amount(e, 'adjacent-defenders')).toBe(-1);
  });
});

describe('Cold War 15 who attacks whom', () => {
  test('15 "对包含敌军单位的相邻六边形格发起攻击": attackers adjacent; 15.4 the defenders in the one hex attacked', () => {
    const far = placed({ 'su-47gtd-tr1': hex.neighbours(ring[0]!).find((h) => hex.distance(h, centre) === 2)!, 'ge-pz2': centre });
    const e = resolve(far, 'resolve ground-combat attackers=su-47gtd-tr1 defenders=ge-pz2');
    expect(e.warnings?.map((w) => w.code)).toEqual(['prohibited']);
    expect(e.warnings?.[0]!.message).toMatch(/adjacent/);
    const apart = placed({ 'su-47gtd-tr1': ring[0]!, 'ge-pz2': centre, 'ge-pzgren1': ring[3]! });
    expect(resolve(apart, 'resolve ground-combat attackers=su-47gtd-tr1 defenders=ge-pz2,ge-pzgren1').warnings?.[0]!.message).toMatch(/one hex attacked/);
    const own = placed({ 'su-47gtd-tr1': ring[0]!, 'su-47gtd-tr2': centre });
    expect(resolve(own, 'resolve ground-combat attackers=su-47gtd-tr1 defenders=su-47gtd-tr2').warnings?.[0]!.message).toMatch(/the other's/);
    const ok = placed({ 'su-47gtd-tr1': ring[0]!, 'ge-pz2': centre });
    expect(resolve(ok, 'resolve ground-combat attackers=su-47gtd-tr1 defenders=ge-pz2').warnings).toBeUndefined();
  });
});

describe('Cold War 15.7 results in attrition points', () => {
  const result = (s: GameState, bound: Record<string, string>, text: string) => outcomeEvents(game, s, {
    type: 'resolved', counter: 1, procedure: 'ground-combat', dice: '1d10', faces: [5], modifiers: [], modifier: 0, total: 5, index: 5, result: text, bound,
  } as ResolvedEvent);

  test('15.7.1 "右侧数字适用于每一支防御单位"; 15.7.2 "所有施加给指挥部单位的地面战斗结果，均按双倍计算"', () => {
    const s = placed({ 'su-47gtd-tr1': ring[0]!, 'ge-pz2': centre, 'ge-1pzd-hq': centre }, (x) => { x.pieces['ge-pz2']!.values.attrition = 1; });
    const ev = result(s, { attackers: 'su-47gtd-tr1', defenders: 'ge-pz2,ge-1pzd-hq' }, 'A1 D2');
    expect(ev).toEqual([
      { type: 'value-set', piece: 'su-47gtd-tr1', prop: 'attrition', from: 0, to: 1, by: '#1' },
      { type: 'value-set', piece: 'ge-pz2', prop: 'attrition', from: 1, to: 3, by: '#1' },
      { type: 'value-set', piece: 'ge-1pzd-hq', prop: 'attrition', from: 0, to: 4, by: '#1' },
    ]);
    // "s" results are the same points (the engineers' loss is the WP player's, 15.6.12.3)
    expect(result(s, { attackers: 'su-47gtd-tr1', defenders: 'ge-pz2' }, 'A3s D0')).toEqual([
      { type: 'value-set', piece: 'su-47gtd-tr1', prop: 'attrition', from: 0, to: 3, by: '#1' }]);
  });

  test('15.7.1 "左侧数字适用于进攻单位": several attackers share the points, their owner choosing (lose <piece> <n>)', () => {
    let s = placed({ 'su-47gtd-tr1': ring[0]!, 'su-47gtd-tr2': ring[0]!, 'ge-pz2': centre });
    const ev = result(s, { attackers: 'su-47gtd-tr1,su-47gtd-tr2', defenders: 'ge-pz2' }, 'A2 D0');
    expect(ev).toEqual([expect.objectContaining({ type: 'obliged', kind: 'loss', side: 'wp', pieces: ['su-47gtd-tr1', 'su-47gtd-tr2'], count: 2, value: 'attrition', rule: '15.7.1, 15.7.2' })]);
    s = foldEvents(s, ev);
    // until the points are placed, WP's other commands are obligation warnings
    expect(run(s, 'note "x"')[0]!.warnings).toBeUndefined();
    expect(run(s, `move su-47gtd-tr2 ${centre}`)[0]!.warnings?.some((w) => w.code === 'obligation')).toBe(true);
    expect(() => run(s, 'lose su-47gtd-tr1 3')).toThrow(/2 points are owed/);
    const one = run(s, 'lose su-47gtd-tr1 1') as GameEvent[];
    expect(one).toEqual([expect.objectContaining({ type: 'value-set', piece: 'su-47gtd-tr1', prop: 'attrition', from: 0, to: 1, points: 1 })]);
    s = foldEvents(s, one);
    // (the weather rolls the phase owes, 29.1.2, are obligations too)
    const losses = (x: GameState) => (x.obligations ?? []).filter((o) => o.kind === 'loss');
    expect(losses(s).map((o) => o.count)).toEqual([1]);
    s = foldEvents(s, run(s, 'lose su-47gtd-tr2'));
    expect(losses(s)).toEqual([]);
    expect([s.pieces['su-47gtd-tr1']!.values.attrition, s.pieces['su-47gtd-tr2']!.values.attrition]).toEqual([1, 1]);
    // no points owed: a count is refused, and `lose <piece>` stays a step loss
    expect(() => run(s, 'lose su-47gtd-tr1 1')).toThrow(/owes no points/);
  });
});

describe('Cold War 29 weather, rolled and applied', () => {
  const inWeather = (change?: (s: GameState) => void) => { const s = initialState(game); change?.(s); return s; };

  test('29.1.2 "若结果为F，当前回合为大雾天气" / "若结果为P，当前回合为降水天气": the results set the weather tracks', () => {
    const s = inWeather();
    expect(s.phase).toBe('weather');
    const fog = outcomeEvents(game, s, { type: 'resolved', counter: 1, procedure: 'fog', dice: '1d10', faces: [1], modifiers: [], modifier: 0, total: 1, index: 1, result: 'F' } as ResolvedEvent);
    expect(fog).toEqual([{ type: 'track-set', track: 'fog', from: 0, to: 1 }]);
    const rain = outcomeEvents(game, s, { type: 'resolved', counter: 2, procedure: 'precipitation', dice: '1d10', faces: [9], modifiers: [], modifier: 0, total: 9, index: 9, result: 'P' } as ResolvedEvent);
    expect(rain).toEqual([{ type: 'track-set', track: 'precipitation', from: 0, to: 1 }]);
    // the season comes from the month (August: summer), never typed
    expect(resolve(s, 'resolve fog').inputs).toEqual([{ id: 'season', value: 2 }]);
    expect(() => run(s, 'resolve fog season=1')).toThrow(/computed from the board/);
  });

  test('29.1.2.1-2 fog is rolled only where the turn record says it is possible; 29.1.2.4 "降水判定的掷骰需施加+2修正值" in fog', () => {
    const day = inWeather((s) => { s.turnType = 'day'; });
    expect(resolve(day, 'resolve fog').warnings?.[0]).toMatchObject({ code: 'prohibited' });
    const morning = inWeather((s) => { s.turnType = 'morning'; });
    expect(resolve(morning, 'resolve fog').warnings).toBeUndefined();
    const foggy = inWeather((s) => { s.tracks.fog = 1; });
    expect(resolve(foggy, 'resolve precipitation').modifiers).toEqual([{ id: 'fog', value: 2 }]);
    expect(resolve(inWeather(), 'resolve precipitation').modifiers).toEqual([]);
    // the weather alone decides: a player may not name it (15.6.16 in ground combat too)
    expect(() => run(inWeather(), 'resolve precipitation fog')).toThrow(/applies by itself/);
    const s = placed({ 'su-47gtd-tr1': ring[0]!, 'ge-pz2': centre });
    expect(() => run(s, 'resolve ground-combat attackers=su-47gtd-tr1 defenders=ge-pz2 fog')).toThrow(/applies by itself/);
  });

  test('29.1.2 the weather is the turn\'s: fog and precipitation are clear again as the next weather phase begins', () => {
    const s = inWeather((x) => { x.phase = 'end'; x.active = 'none'; x.tracks.fog = 1; x.tracks.precipitation = 1; });
    const ev = run(s, 'next', 'wp');
    expect(ev).toEqual(expect.arrayContaining([{ type: 'track-set', track: 'fog', from: 1, to: 0 }, { type: 'track-set', track: 'precipitation', from: 1, to: 0 }]));
  });

  const toAir = (change: (s: GameState) => void) => {
    const s = initialState(game);
    s.phase = 'event'; s.segment = 'nato-event-roll'; s.active = 'all';
    s.passed = ['wp']; // 34.3 "双方各自掷骰": WP said next after its roll, NATO's next ends the phase
    change(s);
    return foldEvents(s, run(s, 'next', 'nato'));
  };

  test('29.4.3 "北约…按空中点数上限的1/3判定停飞点数 … 华约…1/2", in a night, fog or precipitation turn (29.4.1)', () => {
    const s = toAir((x) => { x.tracks.fog = 1; });
    expect(s.phase).toBe('air');
    expect([s.tracks['nato-air-grounded'], s.tracks['wp-air-grounded']]).toEqual([Math.floor(10 / 3), 14 / 2]);
    // 29.4.5 "若某一回合无夜间、大雾或降水天气 … 移除双方所有的空中点数停飞标记"
    const clear = toAir((x) => { x.tracks['nato-air-grounded'] = 3; x.tracks['wp-air-grounded'] = 7; });
    expect([clear.tracks['nato-air-grounded'], clear.tracks['wp-air-grounded']]).toEqual([0, 0]);
    // 29.4.2 "若某空中区域的空中点数在上一回合已被判定为停飞，本回合无额外影响"
    const night = toAir((x) => { x.turnType = 'night-summer'; x.tracks['nato-air-grounded'] = 2; });
    expect(night.tracks['nato-air-grounded']).toBe(2);
  });

  test('29.4.3c "若…当前可用空中点数低于停飞点数，将…当前空中点数标记放置在停飞点数+当前空中点数的1/2对应的槽位"', () => {
    const s = toAir((x) => { x.tracks.precipitation = 1; x.tracks['wp-air-current'] = 3; x.tracks['nato-air-current'] = 8; });
    expect(s.tracks['wp-air-grounded']).toBe(7);
    expect(s.tracks['wp-air-current']).toBe(7 + Math.floor(3 / 2));
    expect(s.tracks['nato-air-current']).toBe(8); // above its grounded 3: unchanged
  });

  test('19.2.1 "按掷骰结果为对应区域补充当前可用空中点数"; 29.4.4 the weather modifiers apply themselves', () => {
    const s = initialState(game);
    s.phase = 'air'; s.active = 'all'; s.turnType = 'night-summer'; s.tracks.fog = 1;
    s.tracks['nato-air-current'] = 2;
    const e = resolve(s, 'resolve nato-air-points', 'nato');
    expect(e.modifiers).toEqual([{ id: 'night', value: -2 }, { id: 'fog', value: -1 }]);
    expect(resolve(s, 'resolve wp-air-points').derived).toEqual(['night', 'fog', 'wp']);
    const regain = (result: string) => outcomeEvents(game, s, { type: 'resolved', counter: 1, procedure: 'nato-air-points', dice: '1d10', faces: [5], modifiers: [], modifier: 0, total: 5, index: 5, result } as ResolvedEvent);
    // 8 points used of the maximum 10
    expect(regain('regain 1/4 of the air points used (round down)')).toEqual([{ type: 'track-set', track: 'nato-air-current', from: 2, to: 4 }]);
    expect(regain('regain 3/4 of the air points used (round down)')).toEqual([{ type: 'track-set', track: 'nato-air-current', from: 2, to: 8 }]);
    expect(regain('current air points back to the maximum')).toEqual([{ type: 'track-set', track: 'nato-air-current', from: 2, to: 10 }]);
  });
});

describe('Cold War 34.3-34.4 the event check', () => {
  test('34.3 "掷出10点时…抽取"; 34.4 "每增加一张棋盘，触发点数要求降低1点": the board\'s two sheets give +1', () => {
    const t = m.tables.find((x) => x.id === 'event-check')!;
    expect(t.rows).toEqual([{ max: 9, result: 'no event' }, { min: 10, result: 'draw an event card' }]);
    expect(m.boards[0]!.kind === 'hex' && m.boards[0]!.sections.length).toBe(2);
    const s = initialState(game);
    s.phase = 'event'; s.active = 'all';
    const e = resolve(s, 'resolve event-check');
    expect(e.modifiers).toEqual([{ id: 'map-sheets', value: 1 }]);
    // a 9 draws on two sheets
    expect(e.total === e.faces[0]! + 1 && (e.total >= 10) === (e.result === 'draw an event card')).toBe(true);
    expect(() => run(s, 'resolve event-check map-sheets=2')).toThrow(/computed from the board/);
  });
});

describe('Cold War 35 action cards', () => {
  test('35.1 "将牌组置于一旁，\'行动\'面朝上"; 35 "玩家可完全自主控制行动卡的使用时机": the deck is the owner\'s open hand', () => {
    let s = initialState(game);
    expect(s.hands.wp!.cards).toEqual(['wa-omg', 'wa-deep-air', 'wa-bridge-seizure', 'wa-artillery-offensive']);
    expect(s.decks['wp-actions']!.order).toEqual([]);
    expect(() => run(s, 'draw wp-actions')).toThrow(/card\(s\) to draw|cannot draw/);
    expect(() => run(s, 'shuffle wp-actions')).toThrow(/open hand/);
    // 35.3 "单个回合内可使用的行动卡数量无上限"; 35.4 "行动卡使用完毕后，放入己方弃牌堆"
    for (const card of ['wa-artillery-offensive', 'wa-omg']) s = foldEvents(s, run(s, `play ${card}`));
    expect(s.decks['wp-actions']!.discard).toEqual(['wa-artillery-offensive', 'wa-omg']);
    expect(() => run(s, 'play na-barrier')).toThrow(/nato's|not in wp's hand/);
    // 35.2 "新卡需在事件阶段开始时加入己方行动牌组": a set added later joins the hand
    const added = run(s, 'add-cards wp-actions airborne');
    expect(added).toEqual([{ type: 'cards-added', deck: 'wp-actions', set: 'airborne', cards: ['wa-air-assault', 'wa-chemical-prep'], into: 'hand', side: 'wp' }]);
    s = foldEvents(s, added);
    expect(s.hands.wp!.cards).toEqual(['wa-deep-air', 'wa-bridge-seizure', 'wa-air-assault', 'wa-chemical-prep']);
  });
});

describe('Cold War 15.6.1 postures and 15.6.12 assault engineers, from the markers', () => {
  const withMarkers = (defenders: Record<string, string[]>, change?: (s: GameState) => void) => {
    const s = placed({ 'su-47gtd-tr1': ring[0]!, ...Object.fromEntries(Object.keys(defenders).map((id) => [id, centre])) }, (x) => {
      for (const [id, markers] of Object.entries(defenders)) x.pieces[id]!.markers = markers;
      change?.(x);
    });
    return (line = '') => resolve(s, `resolve ground-combat attackers=su-47gtd-tr1 defenders=${Object.keys(defenders).join(',')}${line}`);
  };

  test('15.6.1.1 "防御方单位的态势…可能提供战斗修正值"; 15.6.1.3 "若有多个单位参与防御，取对防御方最不利的战斗修正值"', () => {
    expect(amount(withMarkers({ 'ge-pzgren1': ['posture-defence'] })(), 'posture-defence')).toBe(-2);
    expect(amount(withMarkers({ 'ge-pzgren1': ['posture-strong-defence'] })(), 'posture-strong-defence')).toBe(-3);
    expect(amount(withMarkers({ 'ge-pzgren1': ['posture-refit'] })(), 'posture-refit')).toBe(2);
    // a unit in defence and one in tactical posture: the tactical one's 0 is worse for the defender
    const two = withMarkers({ 'ge-pzgren1': ['posture-defence'], 'ge-pz2': ['posture-tactical'] })();
    expect(two.dropped).toContain('posture-defence');
    expect(two.modifier).toBe(two.modifiers.filter((x) => !two.dropped!.includes(x.id)).reduce((a, x) => a + x.value, 0));
    expect(amount(two, 'posture-other')).toBe(0);
    // the marker's printed value is the chart's
    expect(m.markerTypes.find((x) => x.id === 'posture-defence')!.values).toEqual({ defenceMod: -2 });
  });

  test('15.6.1.2 "若任意防御单位处于态势过渡状态，其态势带来的所有战斗修正值均增加2（例：-2的战斗修正值将变为0）"', () => {
    const e = withMarkers({ 'ge-pzgren1': ['posture-defence', 'posture-transition'] })();
    expect([amount(e, 'posture-defence'), amount(e, 'posture-transition')]).toEqual([-2, 2]);
    // with several defenders the player names it (which unit is in transition is not told apart)
    const two = withMarkers({ 'ge-pzgren1': ['posture-defence', 'posture-transition'], 'ge-pz2': ['posture-defence'] });
    expect(amount(two(), 'posture-transition')).toBeUndefined();
    expect(amount(two(' posture-transition'), 'posture-transition')).toBe(2);
  });

  test('15.6.12.1-2 "华约玩家可选择投入该工兵力量 … 在华约发起攻击时提供+2 … 在华约执行防御时提供-1"', () => {
    const attack = withMarkers({ 'ge-pzgren1': ['posture-tactical'] }, (x) => { x.pieces['su-47gtd-tr1']!.markers = ['engineers-attached']; });
    expect(amount(attack(), 'wp-engineers-attack')).toBeUndefined();
    const committed = attack(' engineers=su-47gtd-tr1');
    expect([amount(committed, 'wp-engineers-attack'), committed.warnings]).toEqual([2, undefined]);
    expect(() => attack(' wp-engineers-attack')).toThrow(/applies by itself/);
    // engineers the unit does not have, or on a unit outside the combat: a prohibited warning
    const none = withMarkers({ 'ge-pzgren1': ['posture-tactical'] }, (x) => { x.pieces['su-47gtd-tr1']!.markers = []; })(' engineers=su-47gtd-tr1');
    expect(none.warnings?.map((w) => w.code)).toEqual(['prohibited']);
    // WP defending
    const s = placed({ 'ge-pz2': ring[0]!, 'su-47gtd-tr1': centre }, (x) => { x.pieces['su-47gtd-tr1']!.markers = ['engineers-attached', 'posture-tactical']; });
    expect(amount(resolve(s, 'resolve ground-combat attackers=ge-pz2 defenders=su-47gtd-tr1 engineers=su-47gtd-tr1', 'nato'), 'wp-engineers-defence')).toBe(-1);
  });

  test('15.6.12.3 "若工兵已投入战斗，且施加给华约的战斗结果中包含标识s，则移除该工兵标记"', () => {
    const s = placed({ 'su-47gtd-tr1': ring[0]!, 'ge-pz2': centre }, (x) => { x.pieces['su-47gtd-tr1']!.markers = ['engineers-attached']; });
    const result = (text: string, mods: string[], bound: Record<string, string>) => outcomeEvents(game, s, {
      type: 'resolved', counter: 1, procedure: 'ground-combat', dice: '1d10', faces: [5], modifiers: mods.map((id) => ({ id, value: 0 })),
      modifier: 0, total: 5, index: 5, result: text, bound,
    } as ResolvedEvent).filter((e) => e.type === 'unmarked');
    const attack = { attackers: 'su-47gtd-tr1', defenders: 'ge-pz2', engineers: 'su-47gtd-tr1' };
    expect(result('A3s D1', ['wp-engineers-attack'], attack)).toEqual([{ type: 'unmarked', target: 'su-47gtd-tr1', kind: 'piece', marker: 'engineers-attached' }]);
    // no "s" for WP, or engineers not committed: they stay
    expect(result('A2 D3s', ['wp-engineers-attack'], attack)).toEqual([]);
    expect(result('A3s D1', [], { attackers: 'su-47gtd-tr1', defenders: 'ge-pz2' })).toEqual([]);
    // WP defending: the "s" on the defenders' number
    const defence = { attackers: 'ge-pz2', defenders: 'su-47gtd-tr1', engineers: 'su-47gtd-tr1' };
    expect(result('A1 D3s', ['wp-engineers-defence'], defence)).toHaveLength(1);
  });

  test('37.3.3 "配属工兵力量的华约单位，可将敌方防御工事带来的…战斗修正值…降低1级…无需将工兵力量投入战斗"', () => {
    const s = placed({ 'su-47gtd-tr1': ring[0]!, 'ge-pz2': centre }, (x) => {
      x.pieces['su-47gtd-tr1']!.markers = ['engineers-attached']; x.markers[centre] = ['nato-fortification-3'];
    });
    const e = resolve(s, 'resolve ground-combat attackers=su-47gtd-tr1 defenders=ge-pz2');
    expect([amount(e, 'fort-3'), amount(e, 'fort-engineers')]).toEqual([-3, 1]);
    // 31.4.2d's engineer points as well: still one level, not two
    expect(resolve(s, 'resolve ground-combat attackers=su-47gtd-tr1 defenders=ge-pz2 fort-weakened').dropped).toContain('fort-engineers');
  });

  test('31.4.1 "若地面战斗中的防御方单位因战斗结果产生损耗点数…3级防御工事降至1级，1级防御工事则直接移除"', () => {
    const fort = (marker: string) => placed({ 'su-47gtd-tr1': ring[0]!, 'ge-pz2': centre }, (x) => { x.markers[centre] = [marker]; });
    const result = (s: GameState, text: string) => outcomeEvents(game, s, {
      type: 'resolved', counter: 1, procedure: 'ground-combat', dice: '1d10', faces: [5], modifiers: [], modifier: 0, total: 5, index: 5,
      result: text, bound: { attackers: 'su-47gtd-tr1', defenders: 'ge-pz2' },
    } as ResolvedEvent).filter((e) => e.type === 'marked' || e.type === 'unmarked');
    expect(result(fort('nato-fortification-3'), 'A1 D1')).toEqual([
      { type: 'marked', target: centre, kind: 'hex', marker: 'nato-fortification-1' },
      { type: 'unmarked', target: centre, kind: 'hex', marker: 'nato-fortification-3' }]);
    expect(result(fort('nato-fortification-1'), 'A1 D2')).toEqual([{ type: 'unmarked', target: centre, kind: 'hex', marker: 'nato-fortification-1' }]);
    // no points for the defenders, or a fortification still being built: nothing changes
    expect(result(fort('nato-fortification-1'), 'A2 D0')).toEqual([]);
    expect(result(fort('nato-fortification-1-building-2'), 'A1 D2')).toEqual([]);
  });
});
