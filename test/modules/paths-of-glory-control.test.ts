// Paths of Glory's control of spaces, supply and attrition as the engine computes them
// (../shared/seeds/004, §5.6, §8, §10, §11; module rules.control and rules.supply).
import { describe, expect, test } from 'vitest';
import { assembleModule } from '../../src/core/module/assemble.js';
import type { ModuleData } from '../../src/core/module/schema.js';
import { prepareGame } from '../../src/core/engine/game.js';
import { initialState } from '../../src/core/engine/initial-state.js';
import { executeCommand } from '../../src/core/engine/execute.js';
import { parseLine } from '../../src/core/engine/parse.js';
import { NotFairRandomness } from '../../src/core/engine/not-fair-randomness.js';
import { applyEvent } from '../../src/core/engine/fold.js';
import { controllerOf, controlView } from '../../src/core/engine/control.js';
import { isSupplied, supplyReports } from '../../src/core/engine/supply.js';
import type { GameEvent, PlayedEvent } from '../../src/core/engine/events.js';
import { playEffects } from '../../src/core/engine/card-plays.js';
import type { GameState } from '../../src/core/engine/state.js';
import { place } from '../helpers/alone.js';
import { moduleFiles } from '../helpers/module-files.js';

const m = assembleModule(moduleFiles('paths-of-glory')).data as ModuleData;
const game = prepareGame(m, '1914');
const view = controlView(game)!;
const holder = (s: GameState, space: string) => controllerOf(view, s, space);

/** Runs a command and folds its events; returns the events of the kinds a test looks at. */
function run(s: GameState, line: string, side: string, types = ['marked', 'unmarked', 'lost']): GameEvent[] {
  const events = executeCommand(game, s, parseLine(line)!.command, { side }, new NotFairRandomness('pog'));
  for (const e of events) applyEvent(s, e);
  return events.filter((e) => types.includes(e.type)).map((e) => { const { warnings: _w, ...rest } = e; return rest as GameEvent; });
}

describe('who holds a space (rules.control)', () => {
  test('at the start a space is its nation\'s side\'s; a neutral nation\'s is nobody\'s until it joins (§8)', () => {
    const s = initialState(game);
    expect([holder(s, 'paris'), holder(s, 'berlin'), holder(s, 'liege'), holder(s, 'belgrade')]).toEqual(['ap', 'cp', 'ap', 'ap']);
    // §8 "中立国家参战事件生效后…开始遵守相应国家的行动、补给和特殊限制": Italy, Turkey … neutral in 1914
    expect([holder(s, 'rome'), holder(s, 'constantinople'), holder(s, 'sofia'), holder(s, 'luxembourg')]).toEqual([null, null, null, null]);
    run(s, 'track at-war-it 1', 'ap', []);
    expect(holder(s, 'rome')).toBe('ap');
  });

  test('§5.6 "进入敌方控制的普通空间后，控制权通常转交给进入该空间的玩家": entering takes the space, leaving keeps it', () => {
    const s = initialState(game);
    s.phase = 'ar1-cp'; s.active = 'cp';
    // the German 8th Army (Insterburg) enters Szawli, a Russian space without units
    expect(run(s, 'move ge-a8 shavli', 'cp')).toEqual([{ type: 'marked', target: 'shavli', kind: 'space', marker: 'control-cp', rule: '§5.6' }]);
    expect(holder(s, 'shavli')).toBe('cp');
    run(s, 'move ge-a8 insterburg', 'cp');
    expect(holder(s, 'shavli')).toBe('cp');
    // a Russian corps walks back in: the space is Russia's own again, so the marker only comes off
    s.phase = 'ar1-ap'; s.active = 'ap';
    expect(run(s, 'move ru-c1 shavli', 'ap')).toEqual([{ type: 'unmarked', target: 'shavli', kind: 'space', marker: 'control-cp', rule: '§5.6' }]);
    expect(holder(s, 'shavli')).toBe('ap');
  });

  test('§5.6 every space of the path is entered, a nobody\'s space included', () => {
    const s = initialState(game);
    s.phase = 'ar1-cp'; s.active = 'cp';
    // Koblenz → Luxembourg (nobody's) → Sedan (French; its army sent away first)
    const t = place(s, { 'fr-a5': 'ap-reserve' });
    expect(run(t, 'move ge-a4 luxembourg sedan', 'cp')).toEqual([
      { type: 'marked', target: 'luxembourg', kind: 'space', marker: 'control-cp', rule: '§5.6' },
      { type: 'marked', target: 'sedan', kind: 'space', marker: 'control-cp', rule: '§5.6' }]);
    expect(holder(s, 'luxembourg')).toBe('cp');
  });

  test('§5.6 "仍存在未被摧毁的敌方堡垒时，则不能仅凭进入空间改变控制权": an intact fort keeps its space', () => {
    const s = place(initialState(game), { 'be-c2': 'brussels' });
    s.phase = 'ar1-cp'; s.active = 'cp';
    expect(run(s, 'move ge-a1 liege', 'cp')).toEqual([]);
    expect(holder(s, 'liege')).toBe('ap');
    // §11 "被摧毁的堡垒通常不能重新建造": once destroyed, entering takes it
    const t = place(initialState(game), { 'be-c2': 'brussels' });
    t.phase = 'ar1-cp'; t.active = 'cp';
    t.markers['liege'] = ['fort-destroyed'];
    expect(run(t, 'move ge-a1 liege', 'cp')).toEqual([{ type: 'marked', target: 'liege', kind: 'space', marker: 'control-cp', rule: '§5.6' }]);
  });
});

describe('§10 supply traced from the sources', () => {
  test('"补给路线通常只能经过己方控制的空间，不能穿过敌方作战单位": every unit of the 1914 set-up is supplied', () => {
    const s = initialState(game);
    const cut = m.pieces.filter((p) => !isSupplied(game, s, p.id)).map((p) => p.id);
    expect(cut).toEqual([]);
  });

  test('a line stops at a space with enemy units and at a space the enemy holds', () => {
    // Sarajevo's one way into Austria-Hungary is Banja Luka (Mostar leads only to Montenegro's Cetinje,
    // the Drina ford to Valjevo is a restricted connection: it carries no supply, ours)
    expect(isSupplied(game, initialState(game), 'ah-a6')).toBe(true);
    const s = place(initialState(game), { 'sb-c1': 'banja-luka' });
    expect(isSupplied(game, s, 'ah-a6')).toBe(false);
    // the Serbian corps itself is encircled in Austria-Hungary
    expect(isSupplied(game, s, 'sb-c1')).toBe(false);
    const t = initialState(game);
    t.markers['banja-luka'] = ['control-ap'];
    expect(isSupplied(game, t, 'ah-a6')).toBe(false);
    expect(isSupplied(game, t, 'ah-a5')).toBe(true);
  });

  test('a source supplies only the side of its own nation that holds it', () => {
    // a German corps alone in Paris, every way around it French: Paris is no source of the Central Powers
    const s = place(initialState(game), { 'ge-c1': 'paris', 'fr-c2': 'ap-reserve' });
    s.markers['paris'] = ['control-cp'];
    expect(isSupplied(game, s, 'ge-c1')).toBe(false);
  });
});

describe('§10 attrition: "在损耗阶段仍缺乏补给的军团和集团军通常会被消灭"', () => {
  test('as the attrition phase begins the engine eliminates every unsupplied unit: corps replaceable, armies removed', () => {
    const s = place(initialState(game), { 'ah-c1': 'sarajevo' });
    s.markers['banja-luka'] = ['control-ap'];
    s.phase = 'ar6-ap'; s.active = 'ap';
    expect(run(s, 'next', 'ap')).toEqual([
      // "被消灭的缺乏补给军团进入可替换区域；集团军则可能被永久移出游戏"
      { type: 'lost', piece: 'ah-a6', from: 'full', to: null, at: 'sarajevo', box: 'cp-removed', rule: '§10 (armies removed: our reading of 可能)' },
      { type: 'lost', piece: 'ah-c1', from: 'full', to: null, at: 'sarajevo', box: 'cp-eliminated', rule: '§10' },
    ]);
    expect([s.phase, s.pieces['ah-a6']!.location, s.pieces['ah-c1']!.location]).toEqual(['attrition', 'cp-removed', 'cp-eliminated']);
  });

  test('no attrition when every unit is supplied, and none outside the attrition phase', () => {
    const s = initialState(game);
    s.phase = 'ar6-ap'; s.active = 'ap';
    expect(run(s, 'next', 'ap')).toEqual([]);
    const t = initialState(game);
    t.markers['banja-luka'] = ['control-ap'];
    t.phase = 'ar5-ap'; t.active = 'ap';
    expect(run(t, 'next', 'ap')).toEqual([]);
  });
});

describe('§10 "处于敌后且失去补给的空间可能发生控制权变化": what the engine can say of isolated spaces', () => {
  const report = (s: GameState, side: string) => supplyReports(game, s)!.find((r) => r.side === side)!;

  test('the 1914 set-up: nothing cut off, nothing isolated', () => {
    expect(supplyReports(game, initialState(game))!.map((r) => [r.side, r.unsupplied, r.isolated])).toEqual([['cp', [], []], ['ap', [], []]]);
  });

  test('the units cut off are listed before the attrition phase eliminates them', () => {
    const s = place(initialState(game), { 'sb-c1': 'banja-luka' });
    expect(report(s, 'cp').unsupplied).toEqual([{ piece: 'ah-a6', at: 'sarajevo' }]);
    expect(report(s, 'ap').unsupplied).toEqual([{ piece: 'sb-c1', at: 'banja-luka' }]);
  });

  test('a space taken behind the enemy\'s lines, off the taker\'s lines and empty of his units, is isolated: it "may" change hands', () => {
    // the Austro-Hungarian 6th Army crossed the Drina ford into Valjevo (the Serbs had left it) and
    // took it (§5.6); the ford carries no supply and Serbian units stand in Belgrade and Kragujevac
    const s = place(initialState(game), { 'sb-a2': 'ap-reserve' });
    s.phase = 'ar1-cp'; s.active = 'cp';
    run(s, 'move ah-a6 valjevo', 'cp');
    expect(holder(s, 'valjevo')).toBe('cp');
    expect(report(s, 'cp')).toEqual({ side: 'cp', unsupplied: [{ piece: 'ah-a6', at: 'valjevo' }], isolated: [] });
    // the attrition phase eliminates the army (§10); Valjevo stays the Central Powers' by the engine:
    // "可能" — whether it changes hands is the players' (MANUAL), the engine names it
    s.phase = 'ar6-ap'; s.active = 'ap';
    expect(run(s, 'next', 'ap', ['lost']).map((e) => (e as { piece: string }).piece)).toEqual(['ah-a6']);
    expect(holder(s, 'valjevo')).toBe('cp');
    expect(report(s, 'cp')).toEqual({ side: 'cp', unsupplied: [], isolated: ['valjevo'] });
    // a space of the side's own nations is not behind enemy lines, and one its units stand in is not isolated
    expect(report(s, 'ap').isolated).toEqual([]);
  });
});

describe('§5.4 "部队只有在满足围城条件或堡垒已经处于被围城状态时，才能进入相应空间"', () => {
  const prohibited = (s: GameState, line: string, side: string) => executeCommand(game, s, parseLine(line)!.command, { side },
    new NotFairRandomness('pog'))[0]!.warnings?.filter((w) => w.code === 'prohibited').map((w) => w.message)
    // the move's activation (§5) is paths-of-glory-activation.test.ts's
    .filter((w) => !w.endsWith('(§5)')) ?? [];
  const start = () => { const s = place(initialState(game), { 'be-c2': 'brussels' }); s.phase = 'ar1-cp'; s.active = 'cp'; return s; };

  test('an army may enter an enemy fort\'s space: it meets the siege condition (§9 "至少有1个集团军进入敌方堡垒空间")', () => {
    expect(prohibited(start(), 'move ge-a1 liege', 'cp')).toEqual([]);
  });

  test('a corps alone, its loss factor below the fort\'s, may not; it may once the fort is besieged or friends stand there', () => {
    const s = place(start(), { 'ge-c1': 'aachen' });
    expect(prohibited(s, 'move ge-c1 liege', 'cp').join()).toMatch(/may not enter liege/);
    const t = place(start(), { 'ge-c1': 'aachen' });
    t.markers['liege'] = ['besieged'];
    expect(prohibited(t, 'move ge-c1 liege', 'cp')).toEqual([]);
    const u = place(start(), { 'ge-c1': 'aachen', 'ge-a2': 'liege' });
    expect(prohibited(u, 'move ge-c1 liege', 'cp')).toEqual([]);
  });

  test('a destroyed fort, or a fort of the mover\'s own side, is no obstacle', () => {
    const s = place(start(), { 'ge-c1': 'aachen' });
    s.markers['liege'] = ['fort-destroyed'];
    expect(prohibited(s, 'move ge-c1 liege', 'cp')).toEqual([]);
    const t = place(initialState(game), { 'fr-c3': 'nancy' });
    t.phase = 'ar1-ap'; t.active = 'ap';
    expect(prohibited(t, 'move fr-c3 toul', 'ap')).toEqual([]);
  });
});

describe('§4 operations: the card gives activation points, each space activated costs its nations (§4.2)', () => {
  test('"玩家获得等于该卡行动点数的激活点数": a card played as ops sets the side\'s ops track to its ops (§4.5: not added)', () => {
    const card = m.decks.find((d) => d.id === 'cp-strategy')!.cards.find((c) => c.values?.ops === 3)!;
    const s = initialState(game);
    s.tracks['cp-ops'] = 1;
    const played = { type: 'played', deck: 'cp-strategy', side: 'cp', card: card.id, to: 'discard', use: 'ops' } as PlayedEvent;
    expect(playEffects(game, s, played)).toEqual([{ type: 'track-set', track: 'cp-ops', from: 1, to: 3 }]);
    expect(playEffects(game, s, { ...played, use: 'sr' })).toEqual([]);
  });

  test('"激活空间的费用通常等于该空间内不同国家军队的数量；同一国家的多个单位一般按一个国家计算"', () => {
    const s = place(initialState(game), { 'ah-c1': 'aachen' });
    s.phase = 'ar1-cp'; s.active = 'cp';
    s.tracks['cp-ops'] = 3;
    // Aachen: two German armies and an Austro-Hungarian corps — two nations, two points
    expect(run(s, 'mark aachen activated-attack', 'cp', ['track-set'])).toEqual([{ type: 'track-set', track: 'cp-ops', from: 3, to: 1 }]);
    // Cologne: one German army — one point
    expect(run(s, 'mark cologne activated-move', 'cp', ['track-set'])).toEqual([{ type: 'track-set', track: 'cp-ops', from: 1, to: 0 }]);
    // no point left: a warning, the track stays at 0
    const e = executeCommand(game, s, parseLine('mark koblenz activated-move')!.command, { side: 'cp' }, new NotFairRandomness('pog'));
    expect(e[1]).toMatchObject({ type: 'track-set', track: 'cp-ops', from: 0, to: 0 });
    expect(e[1]!.warnings?.map((w) => w.message)).toEqual(['marker activated-move on koblenz costs 1 of track cp-ops (§4.2); 0 left']);
  });

  test('other markers cost nothing, and unused points are gone by the attrition phase (§4.5)', () => {
    const s = initialState(game);
    s.phase = 'ar6-ap'; s.active = 'ap';
    s.tracks['ap-ops'] = 2;
    expect(run(s, 'mark paris besieged', 'ap', ['track-set'])).toEqual([]);
    expect(run(s, 'next', 'ap', ['track-set'])).toEqual([{ type: 'track-set', track: 'ap-ops', from: 2, to: 0 }]);
  });
});
