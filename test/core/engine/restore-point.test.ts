import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../../src/core/engine/events.js';
import { applyEvent } from '../../../src/core/engine/fold.js';
import { initialState } from '../../../src/core/engine/initial-state.js';
import { restorePoint } from '../../../src/core/engine/restore-point.js';
import { stateHash } from '../../../src/core/engine/state-hash.js';
import { skirmishGame } from './helpers.js';

describe('restore points', () => {
  it('put back what known events changed, into the same state object', () => {
    const s = initialState(skirmishGame());
    const before = stateHash(s);
    const events: GameEvent[] = [
      { type: 'moved', piece: 'red-1', from: '0202', path: ['0302'], spent: '1' },
      { type: 'marked', target: '0303', kind: 'hex', marker: 'disordered' },
      { type: 'phase-began', turn: 1, phase: 'red-fire', segment: null, active: 'red' },
    ];
    const restore = restorePoint(s, events);
    for (const e of events) applyEvent(s, e);
    expect(stateHash(s)).not.toBe(before);
    restore();
    expect(stateHash(s)).toBe(before);
  });

  it('save the whole state for an event type they do not know', () => {
    const s = initialState(skirmishGame());
    const before = stateHash(s);
    const restore = restorePoint(s, [{ type: 'some-new-event' } as unknown as GameEvent]);
    s.pieces['red-1']!.location = '0909';
    s.turn = 4;
    restore();
    expect(stateHash(s)).toBe(before);
  });
});
