import { describe, expect, it } from 'vitest';
import { canonicalize } from '../../../src/core/canonical.js';
import { initialState } from '../../../src/core/engine/initial-state.js';
import { NotFairRandomness } from '../../../src/core/engine/not-fair-randomness.js';
import { foldEntries, Turn } from '../../../src/core/engine/turn.js';
import { stateHash } from '../../../src/core/engine/state-hash.js';
import { newTurn } from './helpers.js';
import { rng } from '../../helpers/rng.js';

describe('undo', () => {
  it('voids the latest command, keeps its roll visible, and never rewinds the counter', () => {
    const { turn, randomness } = newTurn();
    const start = stateHash(turn.state);
    turn.apply('move red-1 0302');
    const afterMove = stateHash(turn.state);
    turn.apply('roll 1d10 "morale"');
    const u = turn.apply('undo');
    expect(u.ok && u.events).toEqual([{ type: 'undone', entry: 1 }]);
    expect(stateHash(turn.state)).toBe(afterMove);
    turn.apply('roll 1d10 "morale"');
    const sealed = turn.seal();
    expect(sealed.map((e) => [e.command, !!e.void])).toEqual([
      ['move red-1 0302', false], ['roll 1d10 "morale"', true], ['undo', false], ['roll 1d10 "morale"', false],
    ]);
    expect(sealed[1]!.events[0]).toMatchObject({ type: 'rolled', counter: 0, void: true });
    expect(sealed[3]!.events[0]).toMatchObject({ type: 'rolled', counter: 1 });
    expect(randomness.counter).toBe(2);
    turn.apply('undo'); turn.apply('undo');
    expect(stateHash(turn.state)).toBe(start);
    const none = turn.apply('undo', 12);
    expect(!none.ok && none.error.message).toBe('line 12: "undo": nothing to undo in this turn');
    expect(stateHash(foldEntries(turn.start, turn.seal()))).toBe(start);
  });

  it('a refused command leaves the turn untouched', () => {
    const { turn } = newTurn();
    turn.apply('move red-1 0302');
    const before = turn.seal();
    expect(turn.apply('move red-1 0909').ok).toBe(false);
    expect(turn.seal()).toEqual(before);
  });
});

describe('undo in an in-place replay (restore points)', () => {
  const HEXES = ['0202', '0203', '0302', '0303']; // few, so that both pieces often share a hex (restacks matter)

  it('replaying a turn in place, with the void entries known, ends where the copying turn ended', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const r = rng(seed);
      const { game, turn } = newTurn(undefined, { side: 'red' }, `seed-${seed}`);
      for (let i = 0; i < 30; i++) {
        const piece = r(2) ? 'red-1' : 'red-2';
        const pick = [
          () => `move ${piece} ${HEXES[r(HEXES.length)]}`, () => `rotate ${piece} ${r(2) ? '+1' : '-1'}`, () => `flip ${piece}`,
          () => `mark ${piece} disordered`, () => `unmark ${piece} disordered`, () => `stack ${piece} ${r(2) ? 'top' : 'bottom'}`,
          () => 'roll 1d10 "morale"', () => 'draw red-cards', () => 'undo', () => 'undo', () => 'next',
        ];
        turn.apply(pick[r(pick.length)]!());
      }
      const sealed = turn.seal();
      const voided = new Set(sealed.flatMap((e, n) => (e.void ? [n] : [])));
      const replay = new Turn(game, initialState(game), { side: 'red' }, new NotFairRandomness(`seed-${seed}`), { inPlace: true, voided });
      for (const e of sealed) expect(replay.apply(e.command).ok, `seed ${seed}: ${e.command}`).toBe(true);
      expect(canonicalize(replay.entries), `seed ${seed}`).toBe(canonicalize(sealed));
      expect(stateHash(replay.workingState), `seed ${seed}`).toBe(stateHash(turn.state));
    }
  });
});
