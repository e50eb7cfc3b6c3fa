// Comparing two copies of a log before one is written over the other.
import { beforeAll, describe, expect, it } from 'vitest';
import { compareCopies, overwriteRefusal } from '../../src/log/copy-guard.js';
import type { LogFile } from '../../src/log/log-file.js';
import { newSkirmish, players, playTurn, type Players } from '../helpers/game.js';

let p: Players;
let one: LogFile, two: LogFile, fork: LogFile, other: LogFile;

beforeAll(async () => {
  p = await players();
  const base = await newSkirmish(p);
  one = await playTurn(base, p, 'red', ['roll 1d6']);
  two = await playTurn(one, p, 'blue', ['roll 1d6']);
  fork = await playTurn(one, p, 'blue', ['roll 2d6']);
  other = await newSkirmish(p);
});

describe('compareCopies', () => {
  it('names every relation', () => {
    expect(compareCopies(two, two).kind).toBe('same');
    expect(compareCopies(one, two).kind).toBe('extends');
    expect(compareCopies(two, one)).toEqual({ kind: 'older', incoming: 1, existing: 2 });
    expect(compareCopies(two, fork)).toEqual({ kind: 'differs', at: 'segment 2' });
    expect(compareCopies(two, other).kind).toBe('other-game');
    // a proposal, then the joined log: more acceptances extend it
    expect(compareCopies({ ...one, acceptances: [], segments: [] }, one).kind).toBe('extends');
    expect(compareCopies(one, { ...one, acceptances: [], segments: [] }).kind).toBe('older');
  });

  it('refuses with the words the user reads', () => {
    expect(overwriteRefusal('g.hexlog', one, two)).toBeNull();
    expect(overwriteRefusal('g.hexlog', two, one)).toMatch(/^g\.hexlog holds a newer copy of this game: the log to be written is older than the copy you have \(segment 1 of 2\); nothing was written$/);
    expect(overwriteRefusal('g.hexlog', two, fork)).toMatch(/differs from the log to be written at segment 2/);
    expect(overwriteRefusal('g.hexlog', two, other)).toMatch(/holds another game's log \(skirmish, scenario meeting, proposal [0-9a-f]{12}…\)/);
  });
});
