// The test vectors of docs/log-format.md, so the document cannot drift from the code.
import { describe, expect, it } from 'vitest';
import { canonicalize } from '../../../src/core/canonical.js';
import { sha256Hex } from '../../../src/core/hash.js';
import { gameIdOf, safetyCode } from '../../../src/core/protocol/game-id.js';

describe('log-format test vectors', () => {
  const id = gameIdOf('aa'.repeat(32), { blue: 'bb'.repeat(32) });
  it('game id and safety code', () => {
    expect(id).toBe('d7911673aea02a3c2dcb71691a0de100ce887c7b57a639cce2ca654aed34cb54');
    expect(safetyCode(id, ['2'.repeat(40), '1'.repeat(40)])).toBe('0179-2544-6711-0160-7032');
    expect(safetyCode(id, ['1'.repeat(40), '2'.repeat(40)])).toBe('0179-2544-6711-0160-7032');
  });
  it('a segment body hash', () => {
    const body = {
      type: 'hexpost/segment', version: 2, game: id, seq: 1, author: 'red', prev: id, time: '2026-11-29T10:00:00+00:00', epoch: 1,
      reveal: 'cc'.repeat(32),
      entries: [{ command: 'roll 1d6', events: [{
        type: 'sealed', id: 'red/1/0', kind: 'roll', side: 'red', epoch: 1, counter: 0, own: 'cc'.repeat(32), awaiting: ['blue'], command: 'roll 1d6',
      }] }],
      state: 'dd'.repeat(32),
    };
    expect(sha256Hex(canonicalize(body))).toBe('d4305ba10c25c341fb0bb83c71e845c2afd3464efbc173a251ccb753d0abb814');
  });
});
