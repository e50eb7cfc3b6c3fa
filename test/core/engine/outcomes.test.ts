// Procedures bound to pieces, modifier groups, and results that apply themselves (skirmish's
// assault, S.8–S.10): the board gives the differential and the modifiers, groups keep the best
// single terrain and cap the shock, the result's effects are events and its choices obligations.
import { describe, expect, it } from 'vitest';
import type { GameEvent, ResolvedEvent } from '../../../src/core/engine/events.js';
import { executeCommand } from '../../../src/core/engine/execute.js';
import { foldEvents } from '../../../src/core/engine/fold.js';
import { NotFairRandomness } from '../../../src/core/engine/not-fair-randomness.js';
import { outcomeEvents } from '../../../src/core/engine/outcomes.js';
import { parseLine } from '../../../src/core/engine/parse.js';
import { procedureInputs } from '../../../src/core/engine/procedure-inputs.js';
import { Turn } from '../../../src/core/engine/turn.js';
import type { HexBoardDef } from '../../../src/core/module/schema.js';
import { placed } from '../../helpers/alone.js';
import { skirmishGame } from './helpers.js';

const cmd = (text: string) => parseLine(text)!.command;
const resolveArgs = (text: string) => cmd(text) as Parameters<typeof procedureInputs>[2];

/** skirmish with woods also in 0304, behind the stream 0303|0304 */
const game = skirmishGame((m) => { (m.boards[0] as HexBoardDef).terrain.hexes['woods']!.push('0304'); });

function resolved(result: string, bound: Record<string, string>): ResolvedEvent {
  return {
    type: 'resolved', counter: 7, procedure: 'assault', dice: '1d10', faces: [5], modifiers: [], modifier: 0, total: 5, index: 5,
    result, bound,
  };
}

describe('procedures bound to pieces (S.8, S.9)', () => {
  it('reads the strengths, the terrain, the hexside and the markers of the pieces named', () => {
    const s = placed(game, { 'red-1': '0303', 'red-2': '0204', 'blue-1': '0304' }, (x) => {
      x.pieces['blue-1']!.markers.push('disordered');
      x.pieces['blue-1']!.face = 'column';
    });
    const r = procedureInputs(game, s, resolveArgs('resolve assault attackers=red-1,red-2 defender=blue-1 support=-1'));
    expect(r.bound).toEqual({ attackers: 'red-1,red-2', defender: 'blue-1' });
    // 6 + 6 − 6; woods and the stream (terrain), disordered and column (shock)
    expect(r.derived).toEqual(['differential', 'woods', 'stream', 'disordered', 'column']);
    const e = executeCommand(game, s, cmd('resolve assault attackers=red-1,red-2 defender=blue-1 support=-1'), { side: 'red' }, new NotFairRandomness('a'))[0] as ResolvedEvent;
    expect(e.inputs).toEqual([{ id: 'differential', value: 6 }]);
    // support=-1 is clamped to its minimum 0; the best single terrain for the defender is woods −2
    // (stream dropped); shock 1 + 1 capped at +1: 6 − 2 + 1 = 5 → column +2
    expect(e.modifiers).toContainEqual({ id: 'support', value: 0 });
    expect(e.dropped).toEqual(['stream']);
    expect(e.capped).toEqual([{ group: 'shock', from: 2, to: 1 }]);
    expect(e).toMatchObject({ modifier: -1, column: '+2', bound: { attackers: 'red-1,red-2', defender: 'blue-1' } });
  });

  it('refuses what cannot be bound or computed, and two modifiers of an exclusive group', () => {
    const s = placed(game, { 'red-1': '0303', 'blue-1': '0304' });
    const run = (text: string) => executeCommand(game, s, cmd(text), { side: 'red' }, new NotFairRandomness('b'));
    expect(() => run('resolve assault defender=blue-1')).toThrow(/The attacking units: give attackers=/);
    expect(() => run('resolve assault attackers=red-1,nobody defender=blue-1')).toThrow(/unknown piece "nobody"/);
    expect(() => run('resolve assault attackers=red-1 defender=blue-1,blue-2')).toThrow(/takes one piece/);
    expect(() => run('resolve assault attackers=red-1 defender=blue-1 differential=3')).toThrow(/computed from the board/);
    expect(() => run('resolve assault attackers=red-1 defender=blue-1 feint ruse')).toThrow(/feint and ruse are exclusive/);
    expect(run('resolve assault attackers=red-1 defender=blue-1 feint')[0]).toMatchObject({ type: 'resolved', modifiers: expect.arrayContaining([{ id: 'feint', value: 1 }]) });
  });
});

describe('results that apply themselves (S.10)', () => {
  const s = placed(game, { 'red-1': '0305', 'red-2': '0204', 'blue-1': '0304', 'blue-guns': '0404' });

  it('a step loss with no choice is taken by the engine: eliminated into the box, or flipped to the stepLoss face', () => {
    const onInfantry = outcomeEvents(game, s, resolved('D1', { attackers: 'red-1', defender: 'blue-1' }));
    expect(onInfantry).toEqual([
      { type: 'lost', piece: 'blue-1', from: 'line', to: null, at: '0304', box: 'blue-eliminated', by: '#7' },
      { type: 'track-set', track: 'casualties', from: 0, to: 1 },
    ]);
    const after = foldEvents(s, onInfantry);
    expect(after.pieces['blue-1']!.location).toBe('blue-eliminated');
    expect(after.stacks['blue-eliminated']).toEqual(['blue-1']);
    const onGuns = outcomeEvents(game, s, resolved('D1', { attackers: 'red-1', defender: 'blue-guns' }));
    expect(onGuns.slice(0, 2)).toEqual([
      { type: 'lost', piece: 'blue-guns', from: 'full', to: 'reduced', at: '0404', by: '#7' },
      { type: 'marked', target: 'blue-guns', kind: 'piece', marker: 'disordered' },
    ]);
  });

  it('a loss among several attackers, a retreat and an advance are obligations their owners discharge', () => {
    const events = outcomeEvents(game, s, resolved('A1', { attackers: 'red-1,red-2', defender: 'blue-guns' }));
    expect(events).toEqual([{ type: 'obliged', id: '#7/1', kind: 'loss', side: 'red', pieces: ['red-1', 'red-2'], count: 1, procedure: 'assault', rule: 'S.10' }]);
    const dr = outcomeEvents(game, s, resolved('D1 DR', { attackers: 'red-1,red-2', defender: 'blue-guns' }));
    expect(dr.filter((e) => e.type === 'obliged')).toEqual([
      { type: 'obliged', id: '#7/1', kind: 'retreat', side: 'blue', pieces: ['blue-guns'], count: 1, procedure: 'assault', rule: 'S.10' },
      { type: 'obliged', id: '#7/2', kind: 'advance', side: 'red', pieces: ['red-1', 'red-2'], count: 2, to: '0404', optional: true, length: 1, procedure: 'assault', rule: 'S.10' },
    ]);
    // red's phase; blue retreats in it, then red advances
    let state = foldEvents(s, [...events, ...dr]);
    const apply = (side: string, text: string): GameEvent[] => {
      const turn = new Turn(game, state, { side }, new NotFairRandomness('c'));
      const r = turn.apply(text);
      if (!r.ok) throw r.error;
      state = turn.state;
      return r.events;
    };
    expect(apply('red', 'move red-1 0306')[0]!.warnings?.[0]).toMatchObject({ code: 'obligation', message: expect.stringMatching(/red must first do what the results ask: red: 1 step loss among red-1, red-2/) });
    expect(apply('red', 'next')[0]!.warnings?.[0]).toMatchObject({ code: 'obligation' });
    state = foldEvents(s, [...events, ...dr]);
    expect(apply('red', 'lose red-2')).toEqual([{ type: 'lost', piece: 'red-2', from: 'line', to: null, at: '0204', box: 'red-eliminated', obligation: '#7/1' }]);
    expect(() => apply('blue', 'retreat blue-guns 0405 0406')).toThrow(/retreats 1 hex: give a path of 1/);
    // blue is not the active side, but the retreat is his to make
    expect(apply('blue', 'retreat blue-guns 0405')).toEqual([{ type: 'moved', piece: 'blue-guns', from: '0404', path: ['0405'], obligation: '#7/1' }]);
    expect(() => apply('red', 'advance red-1 0306')).toThrow(/may advance into 0404/);
    expect(apply('red', 'advance red-1 0404')).toEqual([{ type: 'moved', piece: 'red-1', from: '0305', path: ['0404'], obligation: '#7/2' }]);
    expect(state.obligations).toBeUndefined();
  });

  it('the advance lapses when the phase ends; a retreat does not', () => {
    const dr = outcomeEvents(game, s, resolved('DR', { attackers: 'red-1', defender: 'blue-guns' }));
    const next = foldEvents(s, [...dr, { type: 'phase-began', turn: 1, phase: 'red-fire', segment: null, active: 'red' }]);
    expect(next.obligations?.map((o) => o.kind)).toEqual(['retreat']);
  });
});

describe('whose move, while a result is owed', () => {
  it('the side that owes a retreat has a move to make in the other side\'s phase; the label says what', async () => {
    const { whoseMove } = await import('../../../src/core/engine/whose-move.js');
    const s = placed(game, { 'red-1': '0305', 'blue-guns': '0404' });
    const owed = foldEvents(s, outcomeEvents(game, s, resolved('DR', { attackers: 'red-1', defender: 'blue-guns' })));
    const w = whoseMove(game, owed);
    expect(w).toMatchObject({ active: 'red', sides: ['red', 'blue'], owes: ['blue'] });
    expect(w.label).toBe('turn 1, Red movement: red, blue; blue: retreat blue-guns 1 hex (assault S.10)');
    expect(whoseMove(game, s).owes).toBeUndefined();
  });
});
