// Turn mails: only the segments the recipient lacks, checked against his copy on receipt.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { gameIdOf } from '../../src/core/protocol/game-id.js';
import { ArmorError } from '../../src/log/armor.js';
import { openLog, type LogFile } from '../../src/log/log-file.js';
import { applyTurnMail, readTurnMail, recipientsHold, TurnMailError, writeTurnMail } from '../../src/log/turn-mail.js';
import { newSkirmish, players, playTurn, verifyAs, type Players } from '../helpers/game.js';

let p: Players;
let log: LogFile;
let gameId: string;
const idOf = (l: LogFile) => gameIdOf(l.genesis.hash, Object.fromEntries(l.acceptances.map((a) => [a.body.side, a.hash])));

beforeAll(async () => {
  p = await players();
  log = await newSkirmish(p);
  log = await playTurn(log, p, 'red', ['move red-1 0302', 'roll 2d6 "morale"', 'next']);
  log = await playTurn(log, p, 'blue', ['move blue-1 0807']);
  log = await playTurn(log, p, 'blue', ['rotate blue-1 +1']);
  gameId = idOf(log);
});

const upTo = (l: LogFile, n: number): LogFile => ({ ...l, segments: l.segments.slice(0, n) });

describe('writing a turn mail', () => {
  it('holds the segments after the recipient\'s own last one', () => {
    expect(recipientsHold(log, 'blue', ['red', 'blue'])).toBe(1);
    expect(recipientsHold(log, 'red', ['red', 'blue'])).toBe(3);
    expect(recipientsHold(upTo(log, 1), 'red', ['red', 'blue'])).toBe(0);
    const m = writeTurnMail(log, gameId, 1);
    expect([m.from, m.to]).toEqual([2, 3]);
    const mail = readTurnMail(`Hi,\n\n${m.text}\nBen\n`, 'mail.txt');
    expect(mail.game).toBe(gameId);
    expect(mail.after).toEqual({ seq: 1, hash: log.segments[0]!.hash });
    expect(mail.segments.map((s) => s.hash)).toEqual(log.segments.slice(1).map((s) => s.hash));
  });

  it('refuses to send nothing, or from a segment the log lacks', () => {
    expect(() => writeTurnMail(log, gameId, 3)).toThrow(/nothing to send/);
    expect(() => writeTurnMail(log, gameId, 7)).toThrow(/the log has segments 1 to 3/);
  });
});

describe('receiving a turn mail', () => {
  it('appends to the copy it continues, and the result verifies', async () => {
    const mail = readTurnMail(writeTurnMail(log, gameId, 1).text, 'mail.txt');
    const r = applyTurnMail(upTo(log, 1), gameId, mail);
    expect(r.added).toEqual([2, 3]);
    expect((await verifyAs(r.log, p, 'red')).head).toBe(log.segments[2]!.hash);
  });

  it('adds nothing to a copy that holds it already, and keeps a copy\'s later segments', () => {
    const mail = readTurnMail(writeTurnMail(upTo(log, 2), gameId, 1).text, 'mail.txt');
    const r = applyTurnMail(log, gameId, mail);
    expect(r.added).toEqual([]);
    expect(r.log.segments.length).toBe(3);
  });

  it('survives quoting, CRLF and re-wrapping', () => {
    const text = writeTurnMail(log, gameId, 1).text;
    const quoted = text.split('\n').map((l) => `> > ${l}`).join('\r\n');
    expect(readTurnMail(quoted, 'q.txt').segments.length).toBe(2);
  });

  it('refuses another game, a gap, and a copy that differs', async () => {
    const mail = readTurnMail(writeTurnMail(log, gameId, 2).text, 'mail.txt');
    expect(() => applyTurnMail(upTo(log, 2), 'f'.repeat(64), mail)).toThrow(/this turn mail is for game .* nothing was written/);
    expect(() => applyTurnMail(upTo(log, 1), gameId, mail)).toThrow(/holds only 1 segment: segments 2-2 are missing; ask for them \(hexpost send --since 1\)/);
    const other = await playTurn(upTo(log, 1), p, 'blue', ['rotate blue-1 -1']);
    expect(() => applyTurnMail(other, gameId, mail)).toThrow(TurnMailError);
    expect(() => applyTurnMail(other, gameId, mail)).toThrow(/segment 2 has [0-9a-f]{64}: the copies differ/);
  });

  it('refuses damaged mail, naming the check', () => {
    const text = writeTurnMail(log, gameId, 1).text;
    expect(() => readTurnMail(text.replace(/\nSegments: 2-3\n/, '\nSegments: 2-4\n'), 'm.txt')).toThrow(/headers say segments 2-4 after 1, but the mail holds 2, 3/);
    expect(() => readTurnMail(text.replace(/\nAfter: .*\n/, '\n'), 'm.txt')).toThrow(/m\.txt: turn mail headers: missing or malformed "After:"/);
    expect(() => readTurnMail(text.split('\n').slice(0, -4).join('\n'), 'm.txt')).toThrow(ArmorError);
    expect(() => readTurnMail('no mail here', 'm.txt')).toThrow(/no "-----BEGIN HEXPOST TURN-----" line found/);
  });
});

describe('the test vector in docs/turn-mail.md', () => {
  const dir = join(import.meta.dirname, 'vectors');
  const base = openLog(new Uint8Array(readFileSync(join(dir, 'turn-mail-base.hexlog'))), 'turn-mail-base.hexlog');
  const text = readFileSync(join(dir, 'turn-mail-2.txt'), 'utf8');

  it('reads as documented', () => {
    const mail = readTurnMail(text, 'turn-mail-2.txt');
    expect(mail.game).toBe('742dec7e5dc9708733df44e507fe1cdeffa4b4f2f6484945cd4dbc6e9373b2b2');
    expect(mail.after).toEqual({ seq: 1, hash: '31f93be6d440264169b1a5ed4ef2e29ebba431da951817fe7128b096e5bbbfb9' });
    expect(mail.headers['SHA256']).toBe('1aa2d25836fedc7303240a0a31ce174927fbac08ad7ec93d9a7c9f57aeed0b19');
    expect(mail.segments.map((s) => s.name)).toEqual(['000002.json']);
    expect(mail.segments[0]!.hash).toBe(base.segments[1]!.hash);
  });

  it('is what writing the turn mail of the base log after segment 1 gives, byte for byte', () => {
    const block = text.slice(text.indexOf('-----BEGIN HEXPOST TURN-----'));
    expect(writeTurnMail(base, idOf(base), 1).text).toBe(block);
  });
});
