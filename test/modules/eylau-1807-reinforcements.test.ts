// Eylau reinforcements (../shared/seeds/000, v1.5, 6.7–6.72): they enter along their road as their
// side's movement segment begins, in road column only clear of the enemy (6.7), one after another,
// each paying the road hexes of the column ahead (6.71), and the owner may delay a blocked group
// 1–3 turns and move its entry up to 4 hexes a turn of delay (6.72). Each test quotes the rule.
import { describe, expect, test } from 'vitest';
import { assembleModule } from '../../src/core/module/assemble.js';
import type { ModuleData } from '../../src/core/module/schema.js';
import { prepareGame } from '../../src/core/engine/game.js';
import { initialState } from '../../src/core/engine/initial-state.js';
import { executeCommand } from '../../src/core/engine/execute.js';
import { parseLine } from '../../src/core/engine/parse.js';
import { formatCommand } from '../../src/core/engine/format.js';
import { NotFairRandomness } from '../../src/core/engine/not-fair-randomness.js';
import { applyEvent } from '../../src/core/engine/fold.js';
import type { ArrivedEvent, GameEvent } from '../../src/core/engine/events.js';
import type { GameState } from '../../src/core/engine/state.js';
import { moduleFiles } from '../helpers/module-files.js';

const m = assembleModule(moduleFiles('eylau-1807')).data as ModuleData;
const game = prepareGame(m, '20-1-eylau-7-february');
const hex = game.board.hex!;

const run = (s: GameState, line: string, side?: string): GameEvent[] => {
  const events = executeCommand(game, s, parseLine(line)!.command, side ? { side } : {}, new NotFairRandomness('eylau'));
  for (const e of events) applyEvent(s, e);
  return events;
};
/** `next` (a referee) until the events of one `next` hold the French movement segment of `turn` */
function toFrenchMovement(s: GameState, turn: number): GameEvent[] {
  const all: GameEvent[] = [];
  for (let i = 0; i < 400; i++) {
    const ev = run(s, 'next');
    all.push(...ev);
    if (ev.some((e) => e.type === 'phase-began' && e.turn === turn && e.phase === 'french-movement' && e.segment === 'b-movement')) return all;
  }
  throw new Error(`never reached turn ${turn}'s French movement`);
}
const arrivedIn = (ev: GameEvent[]) => ev.filter((e): e is ArrivedEvent => e.type === 'arrived');
const due30 = game.scenario.reinforcements.filter((r) => r.turn === 30 && r.at === 'C0140').map((r) => r.piece);

describe('Eylau 6.7 and 6.71: entry along the road, in single file', () => {
  test('6.7 "作战单位可以道路纵队阵型从道路格子驶入战场地图": Legrand\'s second brigade comes in road column as the French movement segment begins, not as the turn does', () => {
    const s = initialState(game);
    const ev = toFrenchMovement(s, 30);
    const began = ev.findIndex((e) => e.type === 'turn-began' && e.turn === 30);
    const movement = ev.findIndex((e) => e.type === 'phase-began' && e.turn === 30 && e.segment === 'b-movement');
    const a = arrivedIn(ev);
    expect(a.map((e) => e.piece)).toEqual(due30);
    for (const e of a) expect(ev.indexOf(e)).toBeGreaterThan(Math.max(began, movement));
    expect(a.filter((e) => e.face === 'road-column').map((e) => e.piece)).toEqual(due30.filter((p) => !p.endsWith('-cdr')));
    // nothing French is within 6 hexes of C0140 at that time: no warning
    expect(a.flatMap((e) => e.warnings ?? [])).toEqual([]);
  });

  test('6.71 "后方入场的单位，其可用移动点数会根据前方已入场单位的数量相应扣减": each pays ½ MP a road hex of the column ahead (6.65: a battalion fills ceil(strength / 8) hexes)', () => {
    const s = initialState(game);
    const a = arrivedIn(toFrenchMovement(s, 30));
    // the Landsberg road is a primary road: ½ MP a hex in road column (6.6), the leaders' too
    let hexes = 0;
    for (const e of a) {
      const def = game.pieces.get(e.piece)!;
      const strength = Number(def.values?.strength ?? game.pieceTypes.get(def.type)!.faces[0]!.values.strength ?? 0);
      expect(e.mp).toBe('1/2');
      const ahead = hexes / 2;
      expect(e.spent).toBe(String(formatHalf(ahead + 1 / 2)));
      expect(s.spent[e.piece]).toBe(e.spent);
      if (ahead > 0) expect(e.column).toBe(formatHalf(ahead));
      else expect(e.column).toBeUndefined();
      hexes += def.type === 'infantry' ? Math.ceil(strength / 8) : 0;
    }
    expect(hexes).toBeGreaterThan(4);
  });

  test('6.71: a unit the column ahead leaves too few MP to enter waits off the map for the next turn', () => {
    const s = initialState(game);
    // make Legrand's battalions long: 6 road hexes each (strength 48), so the fourth finds 9 MP ahead
    for (const id of due30) if (game.pieces.get(id)!.type === 'infantry') s.pieces[id]!.values.strength = 48;
    const ev = toFrenchMovement(s, 30);
    const delayed = ev.filter((e) => e.type === 'delayed');
    expect(delayed.length).toBeGreaterThan(0);
    expect(delayed[0]).toMatchObject({ rule: '6.71', at: 'C0140' });
    expect((delayed[0] as { reason: string }).reason).toMatch(/the column ahead fills 6 road hexes \(3 MP\) and entering C0140 costs 1\/2: past its 6 MP|past its/);
    const waiting = (delayed[0] as { piece: string }).piece;
    expect(s.pieces[waiting]!.location).toBeNull();
    const next = toFrenchMovement(s, 31);
    expect(arrivedIn(next).some((e) => e.piece === waiting)).toBe(true);
  });

  test('6.7 "若入场格子周边6格范围内没有敌方单位": with an enemy within 6 hexes, road column is a warning', () => {
    const s = initialState(game);
    const enemy = m.pieces.find((p) => p.side === 'allies' && s.pieces[p.id]!.location && game.board.has(s.pieces[p.id]!.location!))!.id;
    const from = s.pieces[enemy]!.location!;
    const near = hex.labels().find((l) => hex.distance('C0140', l) === 5)!;
    s.stacks[from] = s.stacks[from]!.filter((x) => x !== enemy);
    if (!s.stacks[from]!.length) delete s.stacks[from];
    s.pieces[enemy]!.location = near;
    (s.stacks[near] ??= []).push(enemy);
    const a = arrivedIn(toFrenchMovement(s, 30));
    const w = a.find((e) => e.face === 'road-column')!.warnings ?? [];
    expect(w.map((x) => x.message)).toEqual([expect.stringMatching(/may not enter in road-column: an enemy unit is within 6 hexes of C0140 \(6\.7\)/)]);
  });
});

describe('Eylau 6.72: the owner delays a blocked group', () => {
  const first = due30[0]!;

  test('"玩家可选择将该批增援延迟1、2或3个回合入场": `delay` moves the whole group to a later turn', () => {
    const s = initialState(game);
    const ev = run(s, `delay ${first} 2`, 'french');
    expect(ev).toEqual([{ type: 'entry-delayed', pieces: due30, turn: 32, at: 'C0140', rule: '6.72' }]);
    expect(arrivedIn(toFrenchMovement(s, 30)).filter((e) => due30.includes(e.piece))).toEqual([]);
    expect(arrivedIn(toFrenchMovement(s, 31)).filter((e) => due30.includes(e.piece))).toEqual([]);
    expect(arrivedIn(toFrenchMovement(s, 32)).map((e) => e.piece).filter((p) => due30.includes(p))).toEqual(due30);
    expect(s.pieces[first]!.location).toBe('C0140');
  });

  test('"每延迟1个回合，这批单位的可选入场位置可在原入场格子周边最多4格范围内选取": the shifted entry is checked, 4 hexes a turn of delay', () => {
    const s = initialState(game);
    const four = hex.labels().find((l) => hex.distance('C0140', l) === 4 && !s.stacks[l])!;
    const five = hex.labels().find((l) => hex.distance('C0140', l) === 5 && !s.stacks[l])!;
    expect(() => run(s, `delay ${first} 1 ${five}`, 'french')).toThrow(/is 5 hexes from fr-18-1's entry hex C0140; delayed 1 turn, 6\.72 allows at most 4/);
    expect(run(s, `delay ${first} 1 ${four}`, 'french')[0]).toMatchObject({ turn: 31, at: four });
    // a second delay counts from the scenario's turn: 2 in all, 8 hexes
    expect(run(s, `delay ${first} 1 ${five}`, 'french')[0]).toMatchObject({ turn: 32, at: five });
    const a = arrivedIn(toFrenchMovement(s, 32)).filter((e) => due30.includes(e.piece));
    expect(a.map((e) => e.at)).toEqual(due30.map(() => five));
  });

  test('the delay is 1, 2 or 3 turns in all, and the owner\'s choice', () => {
    const s = initialState(game);
    expect(() => run(s, `delay ${first} 4`, 'french')).toThrow(/would delay it 4 turns, and 6\.72 allows at most 3/);
    run(s, `delay ${first} 2`, 'french');
    expect(() => run(s, `delay ${first} 2`, 'french')).toThrow(/would delay it 4/);
    expect(() => run(s, `delay ${first} 1`, 'allies')).toThrow(/belongs to french: delaying it is french's choice/);
    expect(() => run(s, 'delay ru-1jg 1', 'allies')).toThrow(/is not a reinforcement of scenario/);
    expect(() => parseLine('delay x 0')).toThrow(/the turns are a whole number, at least 1/);
    const c = parseLine(`delay ${first} 3 C0141`)!.command;
    expect(c).toEqual({ verb: 'delay', piece: first, turns: 3, at: 'C0141' });
    expect(formatCommand(c)).toBe(`delay ${first} 3 C0141`);
  });

  test('"增援单位可选用除方阵阵型以外的任意阵型入场": off the road the owner names the faces it enters on, any but square', () => {
    const s = initialState(game);
    const off = hex.labels().find((l) => hex.distance('C0140', l) === 2 && !s.stacks[l] && game.costs!.index.roadsAt(l).length === 0
      && game.costs!.index.hexTerrain(l).every((t) => t === 'clear'))!;
    expect(() => run(s, `delay ${first} 1 ${off} --faces square`, 'french')).toThrow(/any face but square \(6\.72\): not square/);
    expect(() => run(s, `delay ${first} 1 ${off} --faces column,fresh`, 'french')).toThrow(/has a face "fresh"/);
    const ev = run(s, `delay ${first} 1 ${off} --faces column`, 'french');
    expect((ev[0] as { faces?: Record<string, string> }).faces).toEqual(Object.fromEntries(due30.filter((p) => !p.endsWith('-cdr')).map((p) => [p, 'column'])));
    const a = arrivedIn(toFrenchMovement(s, 31)).filter((e) => due30.includes(e.piece));
    const battalions = a.filter((e) => !e.piece.endsWith('-cdr'));
    expect(battalions.map((e) => e.face)).toEqual(battalions.map(() => 'column'));
    // off the road each hex of the column ahead costs what the clear entry hex does, 1 MP (6.71): the
    // fourth battalion, behind six hexes of column, finds its 5 MP gone and waits for turn 32
    expect(a[0]).toMatchObject({ at: off, mp: '1', spent: '1' });
    expect(battalions.length).toBe(3);
    expect(a.flatMap((e) => e.warnings ?? [])).toEqual([]);
    expect(formatCommand(parseLine(`delay ${first} 1 ${off} --faces column,limbered`)!.command)).toBe(`delay ${first} 1 ${off} --faces column,limbered`);
  });

  test('a group already in play may not be delayed', () => {
    const s = initialState(game);
    toFrenchMovement(s, 30);
    expect(() => run(s, `delay ${first} 1`, 'french')).toThrow(/is in play already/);
  });
});

function formatHalf(x: number): string {
  return Number.isInteger(x) ? String(x) : `${Math.round(x * 2)}/2`;
}
