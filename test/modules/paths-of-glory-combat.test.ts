// Paths of Glory's combat, sieges and trenches as the engine applies them (../shared/seeds/004,
// §4, §5, §9, §10, §11): the fire strength from the counters and a defending fort, the defender's
// benefits, the conditions of an attack, losses by loss factor, a siege that destroys its fort.
import { describe, expect, test } from 'vitest';
import { assembleModule } from '../../src/core/module/assemble.js';
import type { ModuleData } from '../../src/core/module/schema.js';
import { prepareGame } from '../../src/core/engine/game.js';
import { initialState } from '../../src/core/engine/initial-state.js';
import { executeCommand } from '../../src/core/engine/execute.js';
import { parseLine } from '../../src/core/engine/parse.js';
import { NotFairRandomness } from '../../src/core/engine/not-fair-randomness.js';
import { outcomeEvents } from '../../src/core/engine/outcomes.js';
import { applyEvent } from '../../src/core/engine/fold.js';
import type { GameEvent, LostEvent, PlayedEvent, ResolvedEvent } from '../../src/core/engine/events.js';
import { playEffects } from '../../src/core/engine/card-plays.js';
import type { GameState } from '../../src/core/engine/state.js';
import { moduleFiles } from '../helpers/module-files.js';

const m = assembleModule(moduleFiles('paths-of-glory')).data as ModuleData;
const game = prepareGame(m, '1914');

/** The 1914 set-up with markers on spaces and pieces moved where a test wants them. */
function board(markers: Record<string, string[]> = {}, moves: Record<string, string> = {}): GameState {
  const s = initialState(game);
  for (const [at, list] of Object.entries(markers)) s.markers[at] = [...(s.markers[at] ?? []), ...list];
  for (const [id, to] of Object.entries(moves)) {
    const from = s.pieces[id]!.location!;
    s.stacks[from] = s.stacks[from]!.filter((x) => x !== id);
    (s.stacks[to] ??= []).push(id);
    s.pieces[id]!.location = to;
  }
  return s;
}
const run = (s: GameState, line: string, side = 'cp') => {
  const events = executeCommand(game, s, parseLine(line)!.command, { side }, new NotFairRandomness('pog'));
  return events;
};
const resolved = (s: GameState, line: string, side = 'cp') => run(s, line, side)[0] as ResolvedEvent;
const strength = (e: ResolvedEvent) => e.inputs?.find((i) => i.id === 'strength')?.value;
const warnings = (e: GameEvent) => (e.warnings ?? []).map((w) => w.message).join(' | ');
/** The events a result of `result` has, and the state they leave. */
function result(s: GameState, procedure: string, bound: Record<string, string>, res: string) {
  const e = { type: 'resolved', counter: 1, procedure, dice: '1d6', faces: [1], modifiers: [], modifier: 0, total: 1, index: 1, result: res, bound } as unknown as ResolvedEvent;
  const events = outcomeEvents(game, s, e);
  for (const x of events) applyEvent(s, x);
  return events;
}

describe('§9 combat strength: the counters and a defending fort', () => {
  test('§4.4 the firing strength is the firing units\' combat factors, read from their counters by face', () => {
    // Aachen: ge-a1 and ge-a2 (5 each, full) attack Liège, activated for combat (§4.1)
    const s = board({ aachen: ['activated-attack'] });
    expect(strength(resolved(s, 'resolve army-fire firing=ge-a1,ge-a2 enemy=be-c2'))).toBe(10);
    s.pieces['ge-a1']!.face = 'reduced';
    expect(strength(resolved(s, 'resolve army-fire firing=ge-a1,ge-a2 enemy=be-c2'))).toBe(3 + 5);
    expect(() => resolved(s, 'resolve army-fire strength=12 firing=ge-a1 enemy=be-c2')).toThrow(/computed from the board/);
  });

  test('§9 "堡垒具有自身的战斗能力，并为驻守其中的己方作战单位提供防御支持，但堡垒本身不能主动进攻"', () => {
    const s = board({ aachen: ['activated-attack'] });
    // the Belgian corps in Liège (fort 3) fires back: 1 + 3
    expect(strength(resolved(s, 'resolve corps-fire firing=be-c2 enemy=ge-a1,ge-a2', 'ap'))).toBe(1 + 3);
    // a fort never adds to an attack: the French in Verdun (fort 3) attacking Metz fire with 3
    const t = board({ verdun: ['activated-attack'] }, { 'ge-a5': 'metz' });
    expect(strength(resolved(t, 'resolve army-fire firing=fr-a3 enemy=ge-a5', 'ap'))).toBe(3);
    // a destroyed fort adds nothing
    const u = board({ aachen: ['activated-attack'], liege: ['fort-destroyed'] });
    expect(strength(resolved(u, 'resolve corps-fire firing=be-c2 enemy=ge-a1', 'ap'))).toBe(1);
    // a fort alone fires with its own strength
    const v = board({ aachen: ['activated-attack'] }, { 'be-c2': 'brussels' });
    const e = resolved(v, 'resolve fort-fire fort=liege enemy=ge-a1', 'ap');
    expect(strength(e)).toBe(3);
    expect(warnings(e)).toBe('');
  });
});

describe('§9 trenches and terrain: the defender\'s benefits', () => {
  test('§9 "驻守部队可以依据战壕等级获得相应防御优势": one trench level counts, against an attack only', () => {
    const s = board({ sarajevo: ['activated-attack'], valjevo: ['trench-1', 'trench-2'] });
    const e = resolved(s, 'resolve army-fire firing=ah-a6 enemy=sb-a2');
    expect(e.derived).toEqual(expect.arrayContaining(['trench-2', 'terrain']));
    expect(e.modifier).toBe(-2 - 1);
    expect(e.dropped).toContain('trench-1');
    // the defender's fire back: the attackers' space gives no trench or terrain modifier
    const t = board({ sarajevo: ['activated-attack', 'trench-1'] });
    expect(resolved(t, 'resolve army-fire firing=sb-a2 enemy=ah-a6', 'ap').modifier).toBe(0);
  });
});

describe('§4, §5, §10: who may attack whom', () => {
  test('§4.3 "从该空间参与攻击": an attack comes from a space activated for combat', () => {
    const e = resolved(board(), 'resolve army-fire firing=ah-a6 enemy=sb-a2');
    expect(warnings(e)).toMatch(/activated for combat/);
    expect(e.warnings![0]!.code).toBe('prohibited');
    const both = resolved(board({ sarajevo: ['activated-attack', 'activated-move'] }), 'resolve army-fire firing=ah-a6 enemy=sb-a2');
    expect(warnings(both)).toMatch(/一个空间不能在同一次激活中同时执行移动和攻击/);
  });

  test('§5.1 the enemy is in a space joined by a connection', () => {
    // Sarajevo – Belgrade are not joined
    const e = resolved(board({ sarajevo: ['activated-attack'] }), 'resolve army-fire firing=ah-a6 enemy=sb-a1');
    expect(warnings(e)).toMatch(/joined by a connection/);
    expect(warnings(resolved(board({ sarajevo: ['activated-attack'] }), 'resolve army-fire firing=ah-a6 enemy=sb-a2'))).toBe('');
  });

  test('§10 "缺乏补给的部队不能正常移动、攻击或进行战略调动": out of supply, no attack; a defence still fires', () => {
    // supply is computed (rules.supply): Banja Luka and Mostar held by the Allies cut Sarajevo off
    const s = board({ sarajevo: ['activated-attack'], 'banja-luka': ['control-ap'], mostar: ['control-ap'] });
    expect(warnings(resolved(s, 'resolve army-fire firing=ah-a6 enemy=sb-a2'))).toMatch(/out-of-supply units cannot attack/);
    expect(warnings(resolved(board({ sarajevo: ['activated-attack'] }), 'resolve army-fire firing=ah-a6 enemy=sb-a2'))).toBe('');
    const t = board({ sarajevo: ['activated-attack'], belgrade: ['control-cp'], kragujevac: ['control-cp'] });
    expect(warnings(resolved(t, 'resolve army-fire firing=sb-a2 enemy=ah-a6', 'ap'))).toBe('');
  });

  test('the army table is for a force with an army, the corps table for corps alone (ours)', () => {
    const s = board({ aachen: ['activated-attack'] });
    expect(warnings(resolved(s, 'resolve army-fire firing=be-c2 enemy=ge-a1', 'ap'))).toMatch(/use corps-fire/);
    expect(warnings(resolved(s, 'resolve corps-fire firing=ge-a1 enemy=be-c2'))).toMatch(/army fire table/);
  });

  test('§5.3 "不能进入有敌方作战单位占据的空间": a move into an enemy-held space is prohibited', () => {
    const s = board();
    const [e] = run(s, 'move ah-a6 valjevo');
    expect(e!.warnings?.map((w) => w.code)).toContain('prohibited');
    const [ok] = run(board({}, { 'sb-a2': 'kragujevac' }), 'move ah-a6 valjevo');
    expect(ok!.warnings ?? []).toEqual([]);
  });
});

describe('losses by loss factor (outcome loss-points)', () => {
  test('one unit: each full loss factor turns it over, full → reduced → eliminated', () => {
    const s = board();
    // a German army (loss factor 3) takes 4 loss points: turned to reduced (3), then eliminated (3 more)
    const events = result(s, 'army-fire', { firing: 'fr-a3', enemy: 'ge-a5' }, '4') as LostEvent[];
    expect(events.map((e) => [e.type, e.to, e.points])).toEqual([['lost', 'reduced', 3], ['lost', null, 3]]);
    expect(s.pieces['ge-a5']!.location).toBe('cp-eliminated');
    // 3 points: one step; 2 points on a fresh army of loss factor 3: still one step (at least N)
    const t = board();
    expect(result(t, 'army-fire', { firing: 'fr-a3', enemy: 'ge-a5' }, '3').length).toBe(1);
    expect(t.pieces['ge-a5']!.face).toBe('reduced');
  });

  test('several units: the owner chooses, and each step counts its unit\'s loss factor', () => {
    const s = board({}, { 'ge-c1': 'aachen' });
    const [o] = result(s, 'army-fire', { firing: 'be-c2', enemy: 'ge-a1,ge-a2,ge-c1' }, '4');
    expect(o).toMatchObject({ type: 'obliged', kind: 'loss', side: 'cp', count: 4, points: 'loss', pieces: ['ge-a1', 'ge-a2', 'ge-c1'] });
    // the army's step takes 3 of the 4 points, the corps the last one
    const [a] = run(s, 'lose ge-a1') as LostEvent[];
    expect(a).toMatchObject({ piece: 'ge-a1', to: 'reduced', points: 3 });
    applyEvent(s, a!);
    expect(s.obligations![0]!.count).toBe(1);
    const [c] = run(s, 'lose ge-c1') as LostEvent[];
    applyEvent(s, c!);
    expect(s.obligations).toBeUndefined();
    // every unit's steps together absorb no more than the result: no choice, all go
    const t = board({}, { 'ge-c1': 'aachen', 'ge-c2': 'aachen' });
    t.pieces['ge-c1']!.face = 'reduced'; t.pieces['ge-c2']!.face = 'reduced';
    const all = result(t, 'corps-fire', { firing: 'be-c2', enemy: 'ge-c1,ge-c2' }, '2');
    expect(all.map((e) => e.type)).toEqual(['lost', 'lost']);
  });
});

describe('§9, §11 sieges and trenches', () => {
  test('§11 "如果结果要求堡垒投降或被摧毁，则移除堡垒的有效标记": the siege reads the fort and destroys it', () => {
    const s = board({ liege: ['besieged'] }, { 'be-c2': 'brussels', 'ge-a2': 'liege' });
    s.phase = 'siege';
    const e = resolved(s, 'resolve siege fort=liege besiegers=ge-a2');
    expect(e.inputs).toEqual([{ id: 'fort', value: 3 }]);
    expect(warnings(e)).toBe('');
    expect(result(s, 'siege', { fort: 'liege', besiegers: 'ge-a2' }, 'fort falls')).toEqual([{ type: 'marked', target: 'liege', kind: 'space', marker: 'fort-destroyed' },
      // §11 "并按照规则调整该空间的控制权": the besiegers' side takes the Belgian space (rules.control)
      { type: 'marked', target: 'liege', kind: 'space', marker: 'control-cp', rule: '§11' },
      // "则移除堡垒的有效标记": the siege marker goes with the fort, by the result
      { type: 'unmarked', target: 'liege', kind: 'space', marker: 'besieged' }]);
    expect(s.markers['liege']).toEqual(['fort-destroyed', 'control-cp']);
    // a fort not besieged, or out of the siege phase: no siege roll
    const t = board();
    expect(warnings(resolved(t, 'resolve siege fort=verdun'))).toMatch(/围城阶段.*\|.*处于围城状态/);
    // §9 "如果没有集团军，则需要足够数量的军团达到该堡垒的损失承受值": one corps of loss 1 cannot besiege a fort of 3
    const u = board({ liege: ['besieged'] }, { 'be-c2': 'brussels', 'ge-c1': 'liege' });
    u.phase = 'siege';
    expect(warnings(resolved(u, 'resolve siege fort=liege besiegers=ge-c1'))).toMatch(/损失承受值/);
  });

  test('§9 "结果不高于该集团军的损失承受值时，成功建立或升级战壕": the entrench roll reads the army', () => {
    const s = board();
    const e = resolved(s, 'resolve entrench army=ge-a5');
    expect(e.inputs).toEqual([{ id: 'loss', value: 3 }]);
    expect(warnings(resolved(s, 'resolve entrench army=ge-c1'))).toMatch(/only an army/);
    // Metz cut off: Mannheim held by the Allies (its corps gone), Luxembourg nobody's
    const cut = board({ mannheim: ['control-ap'] }, { 'ge-c2': 'cp-reserve' });
    expect(warnings(resolved(cut, 'resolve entrench army=ge-a5'))).toMatch(/也不能修筑战壕/);
  });

  test('§9 "成功建立或升级战壕…战壕最高为2级": a success places level 1, or level 2 over a level 1', () => {
    const won = 'trench built or raised one level (maximum 2)';
    const s = board();
    expect(result(s, 'entrench', { army: 'ge-a5' }, won)).toEqual([{ type: 'marked', target: 'metz', kind: 'space', marker: 'trench-1' }]);
    expect(result(s, 'entrench', { army: 'ge-a5' }, won)).toEqual([{ type: 'marked', target: 'metz', kind: 'space', marker: 'trench-2' }]);
    expect(result(s, 'entrench', { army: 'ge-a5' }, 'no trench')).toEqual([]);
  });
});

describe('§12 war status: an event played adds the war status printed on its card', () => {
  test('§8 "部分事件可以改变战争投入等级": the card\'s ws moves its side\'s and the combined war status', () => {
    const truce = m.decks.flatMap((d) => d.cards).find((c) => c.name === 'Reichstag Truce')!;
    const s = board();
    const played = (use: string) => ({ type: 'played', deck: 'cp-strategy', side: 'cp', card: truce.id, to: 'discard', use }) as PlayedEvent;
    expect(truce.values!['ws']).toBe(1);
    expect(playEffects(game, s, played('event'))).toEqual([
      { type: 'track-set', track: 'cp-war-status', from: 0, to: 1 }, { type: 'track-set', track: 'combined-war-status', from: 0, to: 1 }]);
    // played for its operations, the card adds no war status: it gives its ops (§4 "玩家获得等于该卡行动点数的激活点数")
    expect(playEffects(game, s, played('ops'))).toEqual([{ type: 'track-set', track: 'cp-ops', from: 0, to: truce.values!['ops'] }]);
  });
});
