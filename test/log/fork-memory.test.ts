// Fork memory (src/log/fork-memory.ts): how a log compares with what was seen, and what is kept.
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeContainer } from '../../src/log/container.js';
import { headsName, readHeads } from '../../src/log/fork-heads.js';
import { compareWithSeen, copyName, findEquivocation, FORK_MEMORY_FORMAT, gameIdOfLog, indexName, rememberSeen, seenCopy } from '../../src/log/fork-memory.js';
import { writeState } from '../../src/log/home.js';
import { logEntries, type LogFile } from '../../src/log/log-file.js';
import { prefixDigest } from '../../src/log/prefix-digest.js';
import { newSkirmish, playTurn, players, type Players } from '../helpers/game.js';

let p: Players;
let start: LogFile;
let one: LogFile;
let two: LogFile;
let game: string;
const home = () => mkdtempSync(join(tmpdir(), 'hexpost-fm-'));

beforeAll(async () => {
  p = await players();
  start = await newSkirmish(p);
  one = await playTurn(start, p, 'red', ['roll 1d6']);
  two = await playTurn(one, p, 'blue', ['note "b"']);
  game = gameIdOfLog(start)!;
});

describe('fork memory', () => {
  it('tells unseen, same, newer, older and a conflict apart, by hashes alone', async () => {
    const h = home();
    expect(gameIdOfLog({ ...start, acceptances: [] })).toBeNull();
    expect(await compareWithSeen(one, game, h)).toEqual({ kind: 'unseen' });
    await rememberSeen(one, game, h);
    expect(await compareWithSeen(one, game, h)).toEqual({ kind: 'same', segments: 1, seen: 1 });
    expect(await compareWithSeen(two, game, h)).toEqual({ kind: 'newer', segments: 2, seen: 1 });
    expect(await compareWithSeen(start, game, h)).toEqual({ kind: 'older', segments: 0, seen: 1 });
    const other = await playTurn(start, p, 'red', ['note "another story"']);
    expect(await compareWithSeen(other, game, h)).toEqual({
      kind: 'conflict', seq: 1, seenHash: one.segments[0]!.hash, logHash: other.segments[0]!.hash, segments: 1, seen: 1,
    });
  });

  it('keeps the newest copy verified, never an older one, and the index lists what the copy holds', async () => {
    const h = home();
    await rememberSeen(two, game, h);
    await rememberSeen(one, game, h);
    const copy = (await seenCopy(game, h))!;
    expect(copy.segments.map((s) => s.hash)).toEqual(two.segments.map((s) => s.hash));
    expect(JSON.parse(readFileSync(join(h, indexName(game)), 'utf8'))).toEqual({
      format: FORK_MEMORY_FORMAT, game, seq: 2, prefix: { seq: 2, digest: prefixDigest(two, 2) },
    });
    expect(readFileSync(join(h, headsName(game)), 'latin1')).toBe(`000001 ${two.segments[0]!.hash}\n000002 ${two.segments[1]!.hash}\n`);
    expect(statSync(join(h, copyName(game))).mode & 0o777).toBe(0o600);
  });

  it('remembers a newer log by appending to the copy and the hashes (the copy as a whole write would make it)', async () => {
    const h = home();
    await rememberSeen(one, game, h);
    const copyBefore = statSync(join(h, copyName(game)));
    await rememberSeen(two, game, h);
    const copy = statSync(join(h, copyName(game)));
    // the same file, appended to in place (no temp file renamed over it)
    expect(copy.ino).toBe(copyBefore.ino);
    expect(Buffer.from(readFileSync(join(h, copyName(game)))).equals(Buffer.from(writeContainer(logEntries(two))))).toBe(true);
    expect(await readHeads(game, h)).toEqual(two.segments.map((s) => s.hash));
    expect(await compareWithSeen(two, game, h)).toEqual({ kind: 'same', segments: 2, seen: 2 });
  });

  it('a state folder of the previous format (every hash in the index) is read as it is and moved to the new one', async () => {
    const h = home();
    // as the previous Hexpost left it: the index with every hash and the digest, and the copy
    await writeState(indexName(game), { game, segments: { 1: one.segments[0]!.hash }, prefix: { seq: 1, digest: prefixDigest(one, 1)! } }, h);
    writeFileSync(join(h, copyName(game)), writeContainer(logEntries(one)));
    const other = await playTurn(start, p, 'red', ['note "another story"']);
    expect(await compareWithSeen(other, game, h)).toMatchObject({ kind: 'conflict', seq: 1, seenHash: one.segments[0]!.hash });
    expect(await compareWithSeen(two, game, h)).toEqual({ kind: 'newer', segments: 2, seen: 1 });
    await rememberSeen(two, game, h);
    expect(JSON.parse(readFileSync(join(h, indexName(game)), 'utf8'))).toMatchObject({ format: FORK_MEMORY_FORMAT, seq: 2 });
    expect(await readHeads(game, h)).toEqual(two.segments.map((s) => s.hash));
    expect((await seenCopy(game, h))!.segments.map((s) => s.hash)).toEqual(two.segments.map((s) => s.hash));
    // and it still tells a rewritten segment 1 from the one seen, by its hash alone
    expect(await compareWithSeen(other, game, h)).toMatchObject({ kind: 'conflict', seq: 1, seenHash: one.segments[0]!.hash });
  });

  it('a hash list cut in the middle of a line (a crash while appending) lists the whole lines, and the next append mends it', async () => {
    const h = home();
    await rememberSeen(one, game, h);
    const heads = join(h, headsName(game));
    writeFileSync(heads, `${readFileSync(heads, 'latin1')}000002 ${two.segments[1]!.hash.slice(0, 20)}`);
    expect(await readHeads(game, h)).toEqual([one.segments[0]!.hash]);
    expect(await compareWithSeen(two, game, h)).toEqual({ kind: 'newer', segments: 2, seen: 1 });
    await rememberSeen(two, game, h);
    expect(await readHeads(game, h)).toEqual(two.segments.map((s) => s.hash));
  });

  it('a legacy index (hashes, no copy) still finds conflicts, and the next newer log starts a copy', async () => {
    const h = home();
    await writeState(indexName(game), { game, segments: { 1: one.segments[0]!.hash } }, h);
    expect(await seenCopy(game, h)).toBeNull();
    await rememberSeen(one, game, h);
    expect((await seenCopy(game, h))!.segments).toHaveLength(1);
  });

  it('finds the first seq where one author signed two versions, skipping another author\'s', async () => {
    const other = await playTurn(start, p, 'red', ['note "another story"']);
    const found = await findEquivocation(one, other);
    expect(found?.verdict).toMatchObject({ kind: 'equivocation', seq: 1, author: 'red', game });
    expect(found?.versions.map((v) => v.hash)).toEqual([one.segments[0]!.hash, other.segments[0]!.hash]);
    const dropped = await playTurn(one, p, 'red', ['note "blue never played"']);
    expect(await findEquivocation(two, dropped)).toBeNull();
    expect(await findEquivocation(two, two)).toBeNull();
  });
});
