// Step rules skipped where their `when` cannot hold (step-skips.ts): an error a rule raises before
// its fixed test is still raised, one after a false fixed test never is (as `and` evaluates), and
// the answers kept per game follow the command's fixed values (here the declared mode).
import { describe, expect, it } from 'vitest';
import { prepareGame } from '../../../src/core/engine/game.js';
import { initialState } from '../../../src/core/engine/initial-state.js';
import { pieceView } from '../../../src/core/engine/piece-values.js';
import { reachOf } from '../../../src/core/engine/reach.js';
import type { ModuleData } from '../../../src/core/module/schema.js';
import { compare, formatRational } from '../../../src/core/rational.js';
import { skirmish } from './helpers.js';
import { referenceReach } from './step-reference.js';

type Steps = NonNullable<ModuleData['movement']>['steps'];

function game(extra: Steps) {
  const m = skirmish();
  m.movement!.effects = m.movement!.effects?.filter((e) => !('flip' in e));
  m.movement!.steps = [...m.movement!.steps!, ...extra!] as Steps;
  const g = prepareGame(m, 'meeting');
  return { g, s: initialState(g) };
}

const text = (x: { location: string; cost: { num: number; den: number }; path: readonly string[] }) => `${x.location} ${formatRational(x.cost)} ${x.path.join(' ')}`;

describe('step rules skipped where they cannot apply', () => {
  it('raises an error of a test before the fixed one, and none after a false fixed test', () => {
    // red-1's strength is 6: 1 / (piece.strength - 6) divides by zero
    const before = game([{ rule: 'X.1', when: "1 / (piece.strength - 6) > 0 and mode == 'forced-march'", cost: 'total + 1' }]);
    expect(() => reachOf(before.g, before.s, 'red-1')).toThrow(/module rule X\.1: division by zero/);
    const after = game([{ rule: 'X.2', when: "mode == 'forced-march' and 1 / (piece.strength - 6) > 0", cost: 'total + 1' }]);
    expect(reachOf(after.g, after.s, 'red-1').reachable.length).toBeGreaterThan(5);
    expect(() => reachOf(after.g, after.s, 'red-1', 'forced-march')).toThrow(/module rule X\.2: division by zero/);
  });

  it('keeps the answers by the fixed values: moves with and without a mode, in turn on one game, as the interpreter', () => {
    const { g, s } = game([
      { rule: 'X.3', when: "mode == 'forced-march' and not along-road and to.markers has 'mud'", cost: 'total + 1/2' },
      { rule: 'X.4', when: "to.terrain has 'woods' and class == 'infantry'", hex: 'hex + 1/3' },
    ]);
    s.pieces['red-1']!.values = { movement: 7 };
    for (const hex of ['0303', '0404', '0504', '0604']) s.markers[hex] = ['mud'];
    const seen = new Map<string, string[]>();
    for (const mode of [undefined, 'forced-march', undefined, 'forced-march']) {
      const fast = reachOf(g, s, 'red-1', mode);
      const mv = { game: g, state: s, piece: pieceView(g, s, 'red-1'), mode: mode ?? '' };
      const slow = referenceReach(mv, s.pieces['red-1']!.location!, fast.left)
        .sort((a, b) => compare(a.cost, b.cost) || (a.location < b.location ? -1 : 1));
      expect(fast.reachable.map(text), mode ?? 'no mode').toEqual(slow.map(text));
      seen.set(mode ?? '', fast.reachable.map(text));
    }
    // X.3 charges the mud only in a forced march: the two answers differ
    expect(seen.get('forced-march')).not.toEqual(seen.get(''));
  });
});
