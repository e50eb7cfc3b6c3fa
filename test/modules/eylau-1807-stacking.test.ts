// Eylau stacking and rally (../shared/seeds/000, v1.5): 6.12's stacking limit (the figures of 9.1 are
// cut from our text and ours), 6.64's road column outside it, and 4.1 8A's French disorder that goes
// without a roll as the French rally phase begins. Each test quotes the rule.
import { describe, expect, test } from 'vitest';
import { assembleModule } from '../../src/core/module/assemble.js';
import type { ModuleData } from '../../src/core/module/schema.js';
import { prepareGame } from '../../src/core/engine/game.js';
import { initialState } from '../../src/core/engine/initial-state.js';
import { place, type Placement } from '../helpers/alone.js';
import { executeCommand } from '../../src/core/engine/execute.js';
import { parseLine } from '../../src/core/engine/parse.js';
import { NotFairRandomness } from '../../src/core/engine/not-fair-randomness.js';
import { applyEvent } from '../../src/core/engine/fold.js';
import type { GameState } from '../../src/core/engine/state.js';
import type { GameEvent } from '../../src/core/engine/events.js';
import { moduleFiles } from '../helpers/module-files.js';

const m = assembleModule(moduleFiles('eylau-1807')).data as ModuleData;
const game = prepareGame(m, '20-3-eylau-8-february');
const hex = game.board.hex!;
const idx = game.costs!.index;
const open = (l: string) => idx.hexTerrain(l).every((t) => t === 'clear');
const bare = (a: string, b: string) => idx.hexsideFeatures(a, b).length === 0 && idx.roadsBetween(a, b).length === 0;

function board(where: Record<string, Placement>, phase = 'french-movement'): GameState {
  const s = initialState(game);
  s.phase = phase;
  s.active = 'french';
  return place(s, where);
}
const run = (s: GameState, line: string, side = 'french'): GameEvent[] =>
  executeCommand(game, s, parseLine(line)!.command, { side }, new NotFairRandomness('eylau'));
const frenchOf = (type: string, n: number) => m.pieces.filter((p) => p.type === type && p.side === 'french').slice(0, n).map((p) => p.id);

/** two clear hexes a → b across nothing, both empty in the setup */
function plainStep(): [string, string] {
  const s = initialState(game);
  for (const a of hex.labels()) {
    if (!open(a) || s.stacks[a]?.length) continue;
    const b = hex.neighbours(a).find((x) => open(x) && bare(a, x) && !s.stacks[x]?.length);
    if (b) return [a, b];
  }
  throw new Error('no plain step');
}

describe('Eylau 6.12 stacking limits', () => {
  test('6.12 "全程必须遵守堆叠上限规则" (9.1, cut: two battalions a hex is ours): a third battalion entering is a stacking warning', () => {
    const [a, b] = plainStep();
    const [x, y, z] = frenchOf('infantry', 3) as [string, string, string];
    const d = hex.direction(a, b)!;
    const s = board({ [x]: { at: b, face: 'column', facing: d }, [y]: { at: b, face: 'column', facing: d }, [z]: { at: a, face: 'column', facing: d } });
    const e = run(s, `move ${z} ${b}`)[0]!;
    expect(e.warnings?.map((w) => [w.code, w.message])).toEqual([['stacking', `${b} would hold 3 infantry of french; the limit is 2 (6.12): "一旦超限，移动单位与格子内原有单位全部陷入混乱": the mover and every unit there are disordered (mark each)`]]);
    // a battery joining a battalion: each arm counts apart (the same-arm rule is another warning, below)
    const [g] = frenchOf('foot-artillery', 1) as [string];
    const t = board({ [x]: { at: b, face: 'column', facing: d }, [g]: { at: a, face: 'limbered' } });
    expect((run(t, `move ${g} ${b}`)[0]!.warnings ?? []).filter((w) => w.code === 'stacking')).toEqual([]);
  });

  test('6.64 "道路纵队单位不受常规堆叠数量限制": a battalion in road column is neither counted nor checked', () => {
    const [a, b] = plainStep();
    const [x, y, z] = frenchOf('infantry', 3) as [string, string, string];
    const d = hex.direction(a, b)!;
    const s = board({ [x]: { at: b, face: 'column', facing: d }, [y]: { at: b, face: 'road-column' }, [z]: { at: a, face: 'column', facing: d } });
    expect((run(s, `move ${z} ${b}`)[0]!.warnings ?? []).filter((w) => w.code === 'stacking')).toEqual([]);
  });
});

describe('Eylau 4.1 8A rallying from disorder', () => {
  test('8A "法军所有混乱单位可直接重整，无需掷骰判定": as the French rally phase begins, every French disordered unit loses the marker', () => {
    const [x, y] = frenchOf('infantry', 2) as [string, string];
    const allied = m.pieces.find((p) => p.type === 'infantry' && p.side === 'allies')!.id;
    const s = initialState(game);
    // the phase before the French rally phase (4.1: 7. French command phase), at its last segment
    const phases = m.sequence.phases.map((p) => p.id);
    const before = m.sequence.phases[phases.indexOf('french-rally') - 1]!;
    s.phase = before.id;
    s.segment = before.segments?.at(-1)?.id ?? null;
    s.active = 'french';
    s.pieces[x]!.markers = ['disordered'];
    s.pieces[y]!.markers = ['disordered', 'routed'];
    s.pieces[allied]!.markers = ['disordered'];
    const events = run(s, 'next');
    expect(events[0]).toMatchObject({ type: 'phase-began', phase: 'french-rally' });
    expect(events.filter((e) => e.type === 'unmarked')).toEqual([
      { type: 'unmarked', target: x, kind: 'piece', marker: 'disordered' },
      { type: 'unmarked', target: y, kind: 'piece', marker: 'disordered' },
    ]);
    for (const e of events) applyEvent(s, e);
    // routed stays (13.4, a roll); the Allies' disorder stays to their own rally check (3A "执行重整检定")
    expect(s.pieces[y]!.markers).toEqual(['routed']);
    expect(s.pieces[allied]!.markers).toEqual(['disordered']);
  });
});

/** clear hexes a → b → c in a straight line, each step across nothing, all empty in the setup */
function plainRun(): [string, string, string] {
  const s = initialState(game);
  for (const a of hex.labels()) {
    if (!open(a) || s.stacks[a]?.length) continue;
    for (const b of hex.neighbours(a)) {
      const d = hex.direction(a, b)!;
      const c = hex.neighbours(b).find((x) => hex.direction(b, x) === d);
      if (c && [b, c].every((x) => open(x) && !s.stacks[x]?.length) && bare(a, b) && bare(b, c)) return [a, b, c];
    }
  }
  throw new Error('no plain run');
}

describe('Eylau 6.13 passing through friends', () => {
  test('6.13 "列阵骑兵：进入列阵友军所在格子需额外消耗1点移动力": formed cavalry passing a battalion pays +1; ending there is free (6.12)', () => {
    const [a, b, c] = plainRun();
    const d = hex.direction(a, b)!;
    const [x] = frenchOf('infantry', 1) as [string];
    const hus = m.pieces.find((p) => p.type === 'light-cavalry' && p.side === 'french')!.id;
    const s = board({ [x]: { at: b, face: 'column', facing: d }, [hus]: { at: a, face: 'fresh', facing: d } });
    expect(run(s, `move ${hus} ${b} ${c}`)[0]).toMatchObject({ mp: '3', rules: ['6.13'] });
    expect(run(s, `move ${hus} ${b}`)[0]).toMatchObject({ mp: '1' });
    // in grand-tactical movement no penalty (6.13 备注 "执行大战术机动的单位途经友军格子不受上述惩罚约束")
    expect(run(s, `move ${hus} ${b} ${c} --mode grand-tactical`)[0]).toMatchObject({ mp: '2' });
  });

  test('6.13 "横队步兵：途经任意列阵友军所在格子，离开该格时需额外消耗1点移动力": a line passing a battery; a column passes free', () => {
    const [a, b, c] = plainRun();
    const d = hex.direction(a, b)!;
    const [x] = frenchOf('infantry', 1) as [string];
    const [g] = frenchOf('foot-artillery', 1) as [string];
    const line = board({ [g]: { at: b, face: 'limbered' }, [x]: { at: a, face: 'line', facing: d } });
    expect(run(line, `move ${x} ${b} ${c}`)[0]).toMatchObject({ mp: '3', rules: ['6.13'] });
    const column = board({ [g]: { at: b, face: 'limbered' }, [x]: { at: a, face: 'column', facing: d } });
    expect(run(column, `move ${x} ${b} ${c}`)[0]).toMatchObject({ mp: '2' });
  });

  test('6.12 "列阵单位移动结束后若与其他列阵友军同格堆叠，必须为同兵种": a battalion ending on a battery is warned', () => {
    const [a, b] = plainStep();
    const d = hex.direction(a, b)!;
    const [x] = frenchOf('infantry', 1) as [string];
    const [g] = frenchOf('foot-artillery', 1) as [string];
    const s = board({ [g]: { at: b, face: 'unlimbered', facing: d }, [x]: { at: a, face: 'column', facing: d } });
    const e = run(s, `move ${x} ${b}`)[0]!;
    expect(e.warnings?.map((w) => w.message)).toEqual([`${x}: 6.12 "列阵单位移动结束后若与其他列阵友军同格堆叠，必须为同兵种": formed units of another arm are there (6.12)`]);
    // in open order it is not formed (2.4 "常规散阵…属于主动非列阵阵型")
    const oo = board({ [g]: { at: b, face: 'unlimbered', facing: d }, [x]: { at: a, face: 'open-order' } });
    expect(run(oo, `move ${x} ${b}`)[0]!.warnings ?? []).toEqual([]);
  });
});
