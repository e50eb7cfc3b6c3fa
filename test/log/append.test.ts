// Appending to a log writes the entries read from the file as they were stored there, and
// compresses only what is new or changed.
import { beforeAll, describe, expect, it } from 'vitest';
import { readContainer, writeContainer } from '../../src/log/container.js';
import { logEntries, openLog, type LogFile } from '../../src/log/log-file.js';
import { crc32 } from '../../src/core/zip.js';
import { newSkirmish, players, playTurn, verifyAs, type Players } from '../helpers/game.js';

let p: Players;
let log: LogFile;

beforeAll(async () => {
  p = await players();
  log = await newSkirmish(p);
  log = await playTurn(log, p, 'red', ['move red-1 0302', 'roll 2d6 "morale"']);
  log = await playTurn(log, p, 'blue', ['move blue-1 0807']);
});

const stored = (zip: Uint8Array) => new Map(readContainer(zip).map((e) => [e.name, e.stored!]));

describe('appending a segment', () => {
  it('copies every entry already in the file byte for byte', async () => {
    const before = stored(writeContainer(logEntries(log)));
    const next = writeContainer(logEntries(await playTurn(log, p, 'red', ['rotate red-1 +1'])));
    const after = stored(next);
    expect(after.size).toBe(before.size + 2);
    for (const [name, s] of before) expect(Buffer.from(after.get(name)!.raw).equals(Buffer.from(s.raw)), name).toBe(true);
    expect(after.get('000003.json')!.method).toBe(8);
  });

  it('keeps the compression another tool chose, and the result verifies', async () => {
    // "another tool": every entry stored uncompressed (method 0)
    const repacked = writeContainer(readContainer(writeContainer(logEntries(log))).map(({ name, data }) => ({ name, data, stored: { method: 0 as const, raw: data, crc: crc32(data) } })));
    const opened = openLog(repacked, 'repacked.hexlog');
    const next = writeContainer(logEntries(await playTurn(opened, p, 'red', ['rotate red-1 +1'])));
    const methods = [...stored(next)].map(([name, s]) => `${name}:${s.method}`);
    expect(methods.filter((m) => m.endsWith(':8'))).toEqual(['000003.json:8', '000003.json.sig:8']);
    expect((await verifyAs(openLog(next, 'next.hexlog'), p)).segments).toBe(3);
  });

  it('compresses an entry again when its bytes changed since it was read', () => {
    const opened = openLog(writeContainer(logEntries(log)), 'game.hexlog');
    const s = opened.segments[0]!;
    const changed = new Uint8Array(s.bytes);
    changed[changed.length - 2] = changed[changed.length - 2]! ^ 1;
    const entries = logEntries({ ...opened, segments: [{ ...s, bytes: changed }, opened.segments[1]!] });
    const back = readContainer(writeContainer(entries)).find((e) => e.name === s.name)!;
    expect(Buffer.from(back.data).equals(Buffer.from(changed))).toBe(true);
  });
});
