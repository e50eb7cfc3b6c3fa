import { describe, expect, it } from 'vitest';
import { firstSinceMine, segmentParts } from '../../../src/core/protocol/since-mine.js';

const moved = { type: 'moved', piece: 'a', from: '0101', path: ['0102'] };
const sealed = { type: 'sealed', id: 'red/1/0', kind: 'resolve', side: 'red', epoch: 1, counter: 0, own: 'x', awaiting: ['blue'] };
const rolled = { type: 'resolved', procedure: 'combat', dice: '1d6', faces: [4], counter: 0 };

describe('catching up', () => {
  it('starts after the side\'s own last segment, or at the first', () => {
    const bodies = [{ seq: 1, author: 'red' }, { seq: 2, author: 'blue' }, { seq: 3, author: 'blue' }, { seq: 4, author: 'red' }];
    expect(firstSinceMine(bodies, 'blue')).toBe(4);
    expect(firstSinceMine(bodies, 'red')).toBe(5);
    expect(firstSinceMine(bodies.slice(0, 1), 'blue')).toBe(1);
    expect(firstSinceMine([], 'red')).toBe(1);
  });

  it('cuts a segment into its resolutions, its moves, and one part per combat with what follows it', () => {
    const parts = segmentParts({
      resolutions: [rolled] as never,
      entries: [
        { command: 'move a 0102', events: [moved] }, { command: 'move b 0103', events: [moved] },
        { command: 'resolve combat', events: [sealed] }, { command: 'move a 0103', events: [moved] },
        { command: 'resolve combat', events: [sealed] },
      ] as never,
    });
    expect(parts.map((p) => [p.kind, p.entries])).toEqual([['resolutions', []], ['commands', [0, 1]], ['combat', [2, 3]], ['combat', [4]]]);
    expect(parts[0]!.events).toEqual([rolled]);
  });
});
