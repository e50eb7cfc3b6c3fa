// The rules of outcomes (docs/module-format.md, "Conditions on effects, counts kept on pieces, the
// advance's length, adjacency and cover"), on skirmish's assault edited for the test: an effect's
// `when` read on the state the earlier effects left, a `value` count on a piece, an advance with a
// `length`, a reply whose `rolls` is an expression, and the functions `adjacent` and `friends-apart`.
import { describe, expect, it } from 'vitest';
import type { GameEvent, ResolvedEvent } from '../../../src/core/engine/events.js';
import { foldEvents } from '../../../src/core/engine/fold.js';
import type { Game } from '../../../src/core/engine/game.js';
import { NotFairRandomness } from '../../../src/core/engine/not-fair-randomness.js';
import { outcomeEvents } from '../../../src/core/engine/outcomes.js';
import { parseLine } from '../../../src/core/engine/parse.js';
import { friendsApart } from '../../../src/core/engine/procedure-binds.js';
import { procedureInputs } from '../../../src/core/engine/procedure-inputs.js';
import { Turn } from '../../../src/core/engine/turn.js';
import { assembleModule } from '../../../src/core/module/assemble.js';
import type { ProcedureDef } from '../../../src/core/module/schema.js';
import { moduleFiles, withEdit } from '../../helpers/module-files.js';
import { placed } from '../../helpers/alone.js';
import { skirmishGame } from './helpers.js';

/** skirmish's assault with the constructs under test */
const edit = (m: Parameters<NonNullable<Parameters<typeof skirmishGame>[0]>>[0]) => {
  const a = m.procedures.find((p) => p.id === 'assault')! as ProcedureDef;
  a.requires = [{ rule: 'S.8', when: 'adjacent(attackers.locations, [defender.location])', message: 'attackers next to the defender' }];
  a.modifiers.push({ id: 'press', name: 'Press on (a declaration)', value: 0 });
  a.outcomes = [
    { result: 'D1', effects: [
      { value: 'strength', on: 'defender', by: -2, rule: 'T.1' },
      // read after the value above: 6 - 2 = 4 is not below 4, so no mark; a second D1 marks
      { mark: 'disordered', on: 'defender', rule: 'T.2', when: 'defender.strength < 4' },
      { track: 'casualties', by: 1, when: "modifiers has 'press' and result == 'D1'" },
    ] },
    { result: 'DR', effects: [{ retreat: 1, of: 'defender' }, { advance: 'attackers', into: 'defender', length: 1, rule: 'T.3' }] },
    { result: 'A1', effects: [{ reply: 'assault', by: 'defender', at: 'attackers', rolls: 'defender.strength - 4' }] },
  ];
};
const game = skirmishGame(edit);
const resolved = (result: string, bound: Record<string, string>, modifiers: ResolvedEvent['modifiers'] = []): ResolvedEvent => ({
  type: 'resolved', counter: 7, procedure: 'assault', dice: '1d10', faces: [5], modifiers, modifier: 0, total: 5, index: 5, result, bound,
});

describe('outcome rules', () => {
  const s = placed(game, { 'red-1': '0303', 'blue-1': '0304' });
  const bound = { attackers: 'red-1', defender: 'blue-1' };

  it('a value effect keeps a count on the piece; a `when` reads it as the earlier effects left it', () => {
    const first = outcomeEvents(game, s, resolved('D1', bound));
    expect(first).toEqual([{ type: 'value-set', piece: 'blue-1', prop: 'strength', from: 6, to: 4 }]);
    const after = foldEvents(s, first);
    const second = outcomeEvents(game, after, resolved('D1', bound, [{ id: 'press', value: 0 }]));
    expect(second).toEqual([
      { type: 'value-set', piece: 'blue-1', prop: 'strength', from: 4, to: 2 },
      { type: 'marked', target: 'blue-1', kind: 'piece', marker: 'disordered' },
      { type: 'track-set', track: 'casualties', from: 0, to: 1 },
    ]);
  });

  it('a value moved `by` never goes below 0 (Eylau 6.32: a battery loses strength points down to none)', () => {
    const weak = foldEvents(s, [{ type: 'value-set', piece: 'blue-1', prop: 'strength', from: 6, to: 1 }]);
    const first = outcomeEvents(game, weak, resolved('D1', bound)).filter((e) => e.type === 'value-set');
    expect(first).toEqual([{ type: 'value-set', piece: 'blue-1', prop: 'strength', from: 1, to: 0 }]);
    const none = foldEvents(weak, first);
    expect(outcomeEvents(game, none, resolved('D1', bound)).filter((e) => e.type === 'value-set')).toEqual([]);
  });

  it('a reply whose rolls is an expression owes its value, none at 0 or less', () => {
    expect(outcomeEvents(game, s, resolved('A1', bound))).toMatchObject([{ type: 'obliged', kind: 'reply', pieces: ['blue-1'], count: 2 }]);
    const weak = foldEvents(s, [{ type: 'value-set', piece: 'blue-1', prop: 'strength', from: 6, to: 3 }]);
    expect(outcomeEvents(game, weak, resolved('A1', bound))).toEqual([]);
  });

  it('an advance with a length: a longer path is an obligation warning, a refusal where strict', () => {
    const play = (g: Game) => {
      let state = foldEvents(s, outcomeEvents(g, s, resolved('DR', bound)));
      expect(state.obligations?.find((o) => o.kind === 'advance')).toMatchObject({ length: 1, to: '0304' });
      const apply = (side: string, text: string): GameEvent[] => {
        const turn = new Turn(g, state, { side }, new NotFairRandomness('o'));
        const r = turn.apply(text);
        if (!r.ok) throw r.error;
        state = turn.state;
        return r.events;
      };
      apply('blue', 'retreat blue-1 0305');
      return apply;
    };
    const apply = play(game);
    const long = apply('red', 'advance red-1 0403 0304');
    expect(long[0]!.warnings).toEqual([{ code: 'obligation', message: 'red-1 advances 2 hexes; the result allows at most 1 (T.3)' }]);
    expect(play(game)('red', 'advance red-1 0304')[0]!.warnings).toBeUndefined();
    const strict = skirmishGame((m) => { edit(m); m.rules = { ...m.rules!, strict: ['obligation'] }; });
    expect(() => play(strict)('red', 'advance red-1 0403 0304')).toThrow(/at most 1 \(T\.3\).*obligation is strict/);
  });

  it('adjacent(): every attacker next to the defender, on the board', () => {
    const cmd = (t: string) => parseLine(t)!.command as Parameters<typeof procedureInputs>[2];
    const near = placed(game, { 'red-1': '0303', 'red-2': '0208', 'blue-1': '0304' });
    expect(procedureInputs(game, near, cmd('resolve assault attackers=red-1 defender=blue-1')).unmet).toEqual([]);
    expect(procedureInputs(game, near, cmd('resolve assault attackers=red-1,red-2 defender=blue-1')).unmet).toHaveLength(1);
    const off = placed(game, { 'red-1': 'red-eliminated', 'blue-1': '0304' });
    expect(procedureInputs(game, off, cmd('resolve assault attackers=red-1 defender=blue-1')).unmet).toHaveLength(1);
  });

  it('friends-apart(): the most friendly-held neighbours no two of which are adjacent', () => {
    const nb = game.board.hex!.neighbours('0404');
    const two = placed(game, { 'red-1': nb[0]!, 'red-2': nb[3]!, 'blue-1': '0404' });
    expect(friendsApart(game, two, '0404', 'red')).toBe(2);
    const side = placed(game, { 'red-1': nb[0]!, 'red-2': nb[1]!, 'blue-1': '0404' });
    expect(friendsApart(game, side, '0404', 'red')).toBe(1);
    expect(friendsApart(game, side, '0404', 'blue')).toBe(0);
  });

  it('validation: a `when` or `rolls` that does not type-check, a value effect without a known value or amount', () => {
    const bad = withEdit(moduleFiles('skirmish'), 'tables.json', (t) => {
      const a = t.procedures.find((p: { id: string }) => p.id === 'assault');
      a.outcomes[0].effects[0].when = 'defender.nothing > 1';
      a.outcomes.push({ result: 'D1', effects: [{ value: 'no-such-value', on: 'defender', by: 1 }, { value: 'strength', on: 'defender' }] });
    });
    const issues = assembleModule(bad).issues.map((i) => `${i.file} ${i.path}: ${i.message}`);
    expect(issues.some((x) => /effects\[0\]\.when: .*defender\.nothing/.test(x))).toBe(true);
    expect(issues.some((x) => /effects\[0\]\.value: unknown value "no-such-value"/.test(x))).toBe(true);
    expect(issues.some((x) => /effects\[1\]\.value: say how/.test(x))).toBe(true);
  });
});
