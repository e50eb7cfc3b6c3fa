// Golden replay: a fixed script on skirmish with the not-fair test randomness. If this fails,
// determinism changed: events or state hashes differ from the stored ones. Only regenerate
// (UPDATE_GOLDEN=1 npx vitest run test/core/engine/golden.test.ts) for an intended format change.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalize } from '../../../src/core/canonical.js';
import { initialState } from '../../../src/core/engine/initial-state.js';
import { NotFairRandomness } from '../../../src/core/engine/not-fair-randomness.js';
import { stateHash } from '../../../src/core/engine/state-hash.js';
import { executeSegment, foldEntries, type TurnEntry } from '../../../src/core/engine/turn.js';
import { skirmishGame } from './helpers.js';

const DIR = join(import.meta.dirname, 'golden');

interface Golden { initialHash: string; segments: { side: string; entries: TurnEntry[]; stateHash: string }[]; finalHash: string }

function run(): Golden {
  const game = skirmishGame();
  const randomness = new NotFairRandomness('golden');
  const script = readFileSync(join(DIR, 'skirmish-meeting.txt'), 'utf8');
  const segments: { side: string; lines: string[] }[] = [];
  for (const line of script.split('\n')) {
    const m = /^@ (\S+)/.exec(line);
    if (m) segments.push({ side: m[1]!, lines: [] });
    else segments.at(-1)?.lines.push(line);
  }
  let state = initialState(game);
  const initialHash = stateHash(state);
  const out: Golden['segments'] = [];
  for (const seg of segments) {
    const r = executeSegment(game, state, seg.lines, { side: seg.side }, randomness);
    // Folding the sealed entries gives the same state as executing them.
    expect(stateHash(foldEntries(state, r.entries))).toBe(stateHash(r.state));
    state = r.state;
    out.push({ side: seg.side, entries: r.entries, stateHash: stateHash(state) });
  }
  return { initialHash, segments: out, finalHash: stateHash(state) };
}

describe('golden replay', () => {
  it('reproduces the stored events and state hashes exactly', () => {
    const actual = run();
    const file = join(DIR, 'skirmish-meeting.json');
    if (process.env['UPDATE_GOLDEN']) writeFileSync(file, JSON.stringify(actual, null, 1) + '\n');
    const expected = JSON.parse(readFileSync(file, 'utf8')) as Golden;
    expect(canonicalize(actual.segments)).toBe(canonicalize(expected.segments));
    expect(actual.initialHash).toBe(expected.initialHash);
    expect(actual.finalHash).toBe(expected.finalHash);
  });

  it('the road march in the golden script costs exactly 4 MP', () => {
    const expected = JSON.parse(readFileSync(join(DIR, 'skirmish-meeting.json'), 'utf8')) as Golden;
    expect(expected.segments[0]!.entries[0]!.events[0]).toMatchObject({ path: ['0302', '0402', '0502', '0503', '0504'], mp: '4', allowance: '4' });
  });
});
