import { describe, expect, it } from 'vitest';
import { parseDice } from '../../../src/core/engine/dice.js';
import { newTurn } from './helpers.js';

describe('roll and resolve', () => {
  it('parses NdS, NdS+K, NdS-K', () => {
    expect(parseDice('2d6')).toEqual({ count: 2, sides: 6, modifier: 0 });
    expect(parseDice('1d10+2')).toEqual({ count: 1, sides: 10, modifier: 2 });
    expect(parseDice('3d6-1')).toEqual({ count: 3, sides: 6, modifier: -1 });
    expect(() => parseDice('d6')).toThrow('"d6" is not a dice expression (NdS, NdS+K or NdS-K, e.g. 2d6+1)');
  });

  it('records counter, faces, modifier, total and purpose', () => {
    const { turn, randomness } = newTurn();
    const r = turn.apply('roll 2d6+1 "rally"');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const e = r.events[0]!;
    expect(e).toMatchObject({ type: 'rolled', counter: 0, dice: '2d6+1', modifier: 1, purpose: 'rally' });
    if (e.type !== 'rolled') return;
    expect(e.faces).toHaveLength(2);
    expect(e.total).toBe(e.faces[0]! + e.faces[1]! + 1);
    expect(randomness.counter).toBe(1);
  });

  it('resolves a procedure: dice, named modifiers, total, table result', () => {
    const { turn } = newTurn();
    const r = turn.apply('resolve fire range=-1 woods flank');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const e = r.events[0]!;
    if (e.type !== 'resolved') throw new Error('expected resolved');
    expect(e.modifiers).toEqual([{ id: 'range', value: -1 }, { id: 'woods', value: -2 }, { id: 'flank', value: 1 }]);
    expect(e.modifier).toBe(-2);
    expect(e.total).toBe(e.faces[0]! - 2);
    expect(e.index).toBe(e.total);
    expect(e.result).toBe(e.total <= 3 ? 'no effect' : e.total <= 7 ? '1 hit' : '2 hits');
  });

  it('refuses bad modifiers before rolling (no counter consumed)', () => {
    const { turn, randomness } = newTurn();
    const fail = (line: string) => { const r = turn.apply(line); return r.ok ? 'ok' : r.error.reason; };
    expect(fail('resolve fire range')).toBe('modifier range needs an amount: range=<n>');
    expect(fail('resolve fire woods=-3')).toBe('modifier woods is worth -2; write "woods" alone');
    expect(fail('resolve fire height=1')).toBe('procedure fire has no modifier or input "height" (it has: range, woods, stream, flank)');
    expect(fail('resolve barrage')).toBe('unknown procedure "barrage" (procedures: fire, assault, ford, bombard, screen, rally, scout, morale)');
    expect(randomness.counter).toBe(0);
  });
});

describe('modifiers that shift a column (procedure.modifiersTo "column")', () => {
  it('cold-war ground combat: the differential is shifted by the modifiers, the d10 is not', async () => {
    const { assembleModule } = await import('../../../src/core/module/assemble.js');
    const { prepareGame } = await import('../../../src/core/engine/game.js');
    const { moduleFiles } = await import('../../helpers/module-files.js');
    const data = assembleModule(moduleFiles('cold-war-1985')).data!;
    const game = prepareGame(data);
    const { turn } = newTurn(game, {});
    // su-47gtd-tr1 (attack 5) against ge-pzgren1 (defence 8, in a defence posture, on a level-1 fortification):
    // the differential is computed from the counters (15.1.4), −3
    const r = turn.apply('resolve ground-combat attackers=su-47gtd-tr1 defenders=ge-pzgren1 hasty');
    expect(r.ok, !r.ok ? r.error.message : '').toBe(true);
    if (!r.ok) return;
    const e = r.events[0]!;
    if (e.type !== 'resolved') throw new Error('expected a resolved event');
    expect(e.inputs).toEqual([{ id: 'differential', value: -3 }]);
    // −3 − 2 (hasty) − 1 (fortification) + 1 (the regiment's attached engineers, 37.3.3) − 2 (cadre 2 − 4, 15.6.3)
    // − 2 (the brigade's defence posture, 15.6.1) = −9: column "<=-8"; the total is the die alone.
    expect(e.column).toBe('<=-8');
    expect(e.modifier).toBe(-6);
    expect(e.total).toBe(e.faces[0]);
    const table = data.tables.find((t) => t.id === 'ground-combat')!;
    const row = table.rows.find((x) => (x.min ?? -99) <= e.total && e.total <= (x.max ?? 99))!;
    expect(e.result).toBe((row.result as string[])[0]);
    // border troops (attack 1) against the same brigade: −7 − 3 = −10, off the table's left edge
    const off = newTurn(game, {}).turn.apply('resolve ground-combat attackers=gdr-gr1 defenders=ge-pzgren1 hasty');
    expect(off.ok).toBe(true);
    if (off.ok && off.events[0]!.type === 'resolved') expect(off.events[0]!.column).toBe('<=-8');
  });
});
