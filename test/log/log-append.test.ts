// Appending to a zip file in place (src/log/log-append.ts): the result is the file a whole write
// makes, and a crash at any point of an append leaves a file the tool completes, or the old file.
import { existsSync, mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { writeContainer } from '../../src/log/container.js';
import { identityOf } from '../../src/log/file-stamp.js';
import { appendBytes, appendInPlace, finishInterruptedAppend, journalBytes, journalPath, zipTail } from '../../src/log/log-append.js';
import { bodyEntries, logEntries, openLog, type LogFile } from '../../src/log/log-file.js';
import { newSkirmish, playTurn, players } from '../helpers/game.js';

let one: Uint8Array;
let two: Uint8Array;
let twoLog: LogFile;
let otherStory: Uint8Array;
const dir = mkdtempSync(join(tmpdir(), 'hexpost-append-'));
let files = 0;

beforeAll(async () => {
  const p = await players();
  const start = await newSkirmish(p);
  const first = await playTurn(start, p, 'red', ['roll 1d6']);
  twoLog = await playTurn(first, p, 'blue', ['note "b"']);
  one = writeContainer(logEntries(first));
  two = writeContainer(logEntries(twoLog));
  otherStory = writeContainer(logEntries(await playTurn(start, p, 'red', ['note "another story"'])));
}, 60_000);

/** A file holding the one-segment log, and what appending segment 2 writes at its old directory. */
function staged(): { file: string; base: number; payload: Uint8Array; journal: Uint8Array } {
  const file = join(dir, `game-${++files}.hexlog`);
  writeFileSync(file, one);
  const tail = zipTail(one)!;
  const payload = appendBytes(tail, bodyEntries(twoLog.segments.slice(1)));
  return { file, base: tail.cdOffset, payload, journal: journalBytes(identityOf(statSync(file, { bigint: true })), tail, payload) };
}

const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));

describe('appending in place', () => {
  it('writes what a whole write of the longer log writes, byte for byte, into the same file', async () => {
    const file = join(dir, 'whole.hexlog');
    writeFileSync(file, one);
    const before = statSync(file);
    const r = await appendInPlace(file, identityOf(statSync(file, { bigint: true })), zipTail(one)!, bodyEntries(twoLog.segments.slice(1)));
    expect(same(readFileSync(file), two)).toBe(true);
    expect(statSync(file).ino).toBe(before.ino);
    expect(existsSync(journalPath(file))).toBe(false);
    expect(r.tail.cdOffset).toBe(zipTail(two)!.cdOffset);
    expect(r.identity).toEqual(identityOf(statSync(file, { bigint: true })));
  });

  it('refuses a file changed since it was read, writing nothing', async () => {
    const file = join(dir, 'changed.hexlog');
    writeFileSync(file, one);
    const identity = identityOf(statSync(file, { bigint: true }));
    writeFileSync(file, otherStory);
    await expect(appendInPlace(file, identity, zipTail(one)!, bodyEntries(twoLog.segments.slice(1)))).rejects.toThrow(/changed since it was read; nothing was written/);
    expect(same(readFileSync(file), otherStory)).toBe(true);
  });
});

describe('a crash in the middle of an append', () => {
  it('while the journal was written: the log is as it was, the partial journal is dropped', async () => {
    const { journal } = staged();
    for (const cut of [0, 1, 17, 60, Math.floor(journal.byteLength / 2), journal.byteLength - 1]) {
      const { file } = staged();
      writeFileSync(journalPath(file), journal.subarray(0, cut));
      // a moment after: it may be another tool's append still writing it, which is left alone
      await expect(finishInterruptedAppend(file)).rejects.toThrow(/another append to this file is under way .*nothing was changed/);
      expect(existsSync(journalPath(file))).toBe(true);
      // later: the crash came while it was written, before the log was touched
      const past = new Date(Date.now() - 60_000);
      utimesSync(journalPath(file), past, past);
      expect(await finishInterruptedAppend(file)).toBe('dropped');
      expect(existsSync(journalPath(file))).toBe(false);
      expect(same(readFileSync(file), one)).toBe(true);
      expect(openLog(new Uint8Array(readFileSync(file)), file).segments).toHaveLength(1);
    }
  });

  it('while the log was written (any number of its new bytes written): completed from the journal', async () => {
    const { payload } = staged();
    for (const cut of [0, 1, 30, Math.floor(payload.byteLength / 3), payload.byteLength - 22, payload.byteLength - 1, payload.byteLength]) {
      const { file, base, journal } = staged();
      writeFileSync(journalPath(file), journal);
      // the old file with the first `cut` new bytes written over its directory
      const torn = new Uint8Array(Math.max(one.byteLength, base + cut));
      torn.set(one);
      torn.set(payload.subarray(0, cut), base);
      writeFileSync(file, torn);
      // the entries already there are never touched
      expect(same(torn.subarray(0, base), one.subarray(0, base))).toBe(true);
      expect(await finishInterruptedAppend(file)).toBe('completed');
      expect(same(readFileSync(file), two)).toBe(true);
      expect(existsSync(journalPath(file))).toBe(false);
    }
  });

  it('a journal beside a file replaced since: refused, naming both, nothing changed', async () => {
    const { file, journal } = staged();
    writeFileSync(journalPath(file), journal);
    writeFileSync(file, otherStory);
    await expect(finishInterruptedAppend(file)).rejects.toThrow(/completes an interrupted append to another version of this file .*nothing was changed: move that journal away/);
    expect(same(readFileSync(file), otherStory)).toBe(true);
    expect(existsSync(journalPath(file))).toBe(true);
  });

  it('the next hexpost verb completes it and verifies the log', async () => {
    const { file, base, payload, journal } = staged();
    writeFileSync(journalPath(file), journal);
    const torn = new Uint8Array(one);
    torn.set(payload.subarray(0, 40), base);
    writeFileSync(file, torn);
    let out = '', err = '';
    process.env.HEXPOST_HOME = join(dir, 'home');
    const code = await main(['node', 'hexpost', 'verify', file], { out: (t) => { out += t; }, err: (t) => { err += t; }, tty: false });
    expect(code, err).toBe(0);
    expect(out).toMatch(/ok — .*2 segments/);
    expect(same(readFileSync(file), two)).toBe(true);
  });
});
