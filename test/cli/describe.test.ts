import { describe, expect, it } from 'vitest';
import { describeEvent } from '../../src/cli/describe.js';

describe('describeEvent', () => {
  it('says where a moving piece went in its stack', () => {
    expect(describeEvent({ type: 'moved', piece: 'fr-18-1', from: 'C0140', path: ['C0239'], mp: '1/2', spent: '1/2', allowance: '6' }))
      .toBe('fr-18-1 moves C0140 → C0239: 1/2 MP (1/2 of 6 this phase)');
    expect(describeEvent({ type: 'moved', piece: 'fr-18-2', from: 'C0140', path: ['C0239'], stack: 'bottom' }))
      .toBe('fr-18-2 moves C0140 → C0239, under the pieces there (entered through their flank or rear)');
  });
});
