// Cold War 1985 (../shared/seeds/002) 26.2.2.9: the end phase owes a removal roll for each chemical
// contamination marker, so the phase cannot end while one is still to roll; the result takes the
// marker off the hex it was rolled for.
import { describe, expect, test } from 'vitest';
import { assembleModule } from '../../src/core/module/assemble.js';
import type { ModuleData } from '../../src/core/module/schema.js';
import { prepareGame } from '../../src/core/engine/game.js';
import { initialState } from '../../src/core/engine/initial-state.js';
import { executeCommand } from '../../src/core/engine/execute.js';
import { foldEvents } from '../../src/core/engine/fold.js';
import { parseLine } from '../../src/core/engine/parse.js';
import { NotFairRandomness } from '../../src/core/engine/not-fair-randomness.js';
import { outcomeEvents } from '../../src/core/engine/outcomes.js';
import { checkProcedureReferences } from '../../src/core/module/procedure-references.js';
import type { GameState } from '../../src/core/engine/state.js';
import type { GameEvent, ResolvedEvent } from '../../src/core/engine/events.js';
import { moduleFiles } from '../helpers/module-files.js';

const m = assembleModule(moduleFiles('cold-war-1985')).data as ModuleData;
const game = prepareGame(m, 'hannover-breakthrough');
const run = (s: GameState, line: string, side: string) => executeCommand(game, s, parseLine(line)!.command, { side }, new NotFairRandomness('cw-chem'));
const codes = (ev: GameEvent[]) => ev.flatMap((e) => e.warnings ?? []).map((w) => w.code);
const owed = (s: GameState) => (s.obligations ?? []).map((o) => `${o.side} ${o.reply} ${o.to ?? ''}`.trim());

/** the cleanup phase with chemical contamination on two hexes (one of them by the rules' order second) */
function beforeEnd(): GameState {
  let s = initialState(game);
  delete s.obligations;
  s.phase = 'cleanup'; s.active = 'none';
  s = foldEvents(s, run(s, 'mark 3013 chemical-contamination', 'wp'));
  s = foldEvents(s, run(s, 'mark 2914 chemical-contamination', 'wp'));
  return s;
}

describe('Cold War 26.2.2.9 the contamination removal rolls', () => {
  test('26.2.2.9 "每个回合的结束阶段，需按以下表格掷骰，判定是否移除各化学污染标记": one roll owed for each marker', () => {
    const s = foldEvents(beforeEnd(), run(beforeEnd(), 'next', 'nato'));
    expect(s.phase).toBe('end');
    expect(owed(s)).toEqual(['wp chemical-removal 2914', 'wp chemical-removal 3013']);
    // the phase cannot end (and the turn not go on) while a roll is owed
    const early = run(s, 'next', 'nato');
    expect(codes(early)).toEqual(['obligation']);
    expect(early[0]!.warnings![0]!.message).toMatch(/must roll chemical-removal for 2914 .*chemical-removal for 3013/);
    // each roll names its hex and discharges that hex's obligation only
    const one = run(s, 'resolve chemical-removal hex=3013', 'wp');
    expect(codes(one)).toEqual([]);
    expect(one[0]).toMatchObject({ procedure: 'chemical-removal', obligation: 'end/chemical-removal/wp/3013' });
    const after = foldEvents(s, one);
    expect(owed(after)).toEqual(['wp chemical-removal 2914']);
    expect(codes(run(after, 'next', 'nato'))).toEqual(['obligation']);
    const both = foldEvents(after, run(after, 'resolve chemical-removal hex=2914', 'wp'));
    expect(both.obligations).toBeUndefined();
    expect(codes(run(both, 'next', 'nato'))).toEqual([]);
  });

  test('no marker, no roll owed; a hex without contamination is not a roll of it', () => {
    let s = initialState(game);
    delete s.obligations;
    s.phase = 'cleanup'; s.active = 'none';
    s = foldEvents(s, run(s, 'next', 'nato'));
    expect(s.phase).toBe('end');
    expect(s.obligations).toBeUndefined();
    const wrong = run(s, 'resolve chemical-removal hex=3013', 'wp');
    expect(wrong.flatMap((e) => e.warnings ?? []).map((w) => w.message).join()).toMatch(/carries no chemical contamination/);
  });

  test('the removal result takes the marker off the hex rolled for; precipitation gives its +2 by itself', () => {
    const s = foldEvents(beforeEnd(), run(beforeEnd(), 'next', 'nato'));
    const r = { type: 'resolved', counter: 1, procedure: 'chemical-removal', dice: '1d10', faces: [7], modifiers: [], modifier: 0, total: 7,
      index: 7, result: 'remove the chemical contamination marker', sealed: 'wp/2/0', side: 'wp', bound: { hex: '3013' } } as unknown as ResolvedEvent;
    const fx = outcomeEvents(game, s, r);
    expect(fx).toMatchObject([{ type: 'unmarked', target: '3013', marker: 'chemical-contamination' }]);
    const gone = foldEvents(s, fx);
    expect(gone.markers['3013'] ?? []).not.toContain('chemical-contamination');
    expect(gone.markers['2914']).toContain('chemical-contamination');
    const wet = structuredClone(s); wet.tracks.precipitation = 1;
    const rolled = run(wet, 'resolve chemical-removal hex=2914', 'wp')[0] as ResolvedEvent;
    expect(rolled.modifiers).toEqual([{ id: 'precipitation', value: 2 }]);
  });

  test('`each` needs a marker and a location bind of its procedure', () => {
    const bad = structuredClone(m);
    const p = bad.procedures.find((x) => x.id === 'chemical-removal')!;
    p.owed = [{ phase: 'end', side: 'wp', each: 'no-such-marker', bind: 'nowhere' }];
    const issues = checkProcedureReferences(bad).map((i) => i.message);
    expect(issues).toEqual(expect.arrayContaining(['unknown marker "no-such-marker"', expect.stringMatching(/`each` needs `bind`, a location bind/)]));
  });
});
