// Stacking limits (stacking.ts): module.rules.stackLimit and per arm, module.rules.stacking.
import { describe, expect, it } from 'vitest';
import { executeCommand } from '../../../src/core/engine/execute.js';
import { initialState } from '../../../src/core/engine/initial-state.js';
import { NotFairRandomness } from '../../../src/core/engine/not-fair-randomness.js';
import { parseLine } from '../../../src/core/engine/parse.js';
import { skirmishGame } from './helpers.js';

const exec = (game: ReturnType<typeof skirmishGame>, s: ReturnType<typeof initialState>, line: string, side?: string) =>
  executeCommand(game, s, parseLine(line)!.command, side ? { side } : {}, new NotFairRandomness('t'));

describe('stacking per arm', () => {
  it('rules.stacking: at most n pieces of some types of one side in a hex; the other side does not count', () => {
    const game = skirmishGame((m) => { m.rules = { strict: [], anySideMoves: false, stacking: [{ rule: 'S.7', types: ['infantry'], limit: 1 }] }; });
    const s = initialState(game);
    const e = exec(game, s, 'move red-2 0202', 'red')[0]!;
    expect(e.warnings?.[0]!.message).toBe('0202 would hold 2 infantry of red; the limit is 1 (S.7)');
    const t = initialState(game);
    t.pieces['blue-1']!.location = '0302';
    t.stacks['0302'] = ['blue-1'];
    delete t.stacks['0808'];
    expect(exec(game, t, 'move red-1 0302', 'red')[0]!.warnings?.filter((w) => w.code === 'stacking')).toEqual([]);
  });
});
