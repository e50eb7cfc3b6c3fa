import { describe, expect, it } from 'vitest';
import { foldEntries } from '../../../src/core/engine/turn.js';
import { stateHash } from '../../../src/core/engine/state-hash.js';
import { newTurn } from './helpers.js';

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
