// Copies that cannot hurt: no verb writes a log over a newer copy, another game's log or e-mail text.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { twoPlayers, type Table } from '../helpers/cli.js';

let t: Table;
let older: string;
let otherGame: string;

beforeAll(async () => {
  t = await twoPlayers();
  older = join(t.dir, 'red', 'older.hexlog');
  copyFileSync(t.log('red'), older);
  const turn = await t.run('red', 'turn', t.log('red'), '--key', t.key('red'), '--script', t.file('red', 't1.txt', ['roll 1d6', 'next', 'next']));
  expect(turn.code, turn.err).toBe(0);
  const other = await twoPlayers();
  otherGame = other.log('red');
});

const armored = async (log: string) => {
  const path = `${log}.txt`;
  writeFileSync(path, (await t.run('red', 'armor', log)).out);
  return path;
};

describe('a verb that writes a log', () => {
  it('dearmor refuses to write an older copy over a newer one', async () => {
    const before = readFileSync(t.log('red'));
    const r = await t.run('red', 'dearmor', await armored(older), '-o', t.log('red'));
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/game\.hexlog holds a newer copy of this game: the log to be written is older than the copy you have \(segment 0 of 1\); nothing was written/);
    expect(readFileSync(t.log('red')).equals(before)).toBe(true);
  });

  it('dearmor refuses to write over another game\'s log, or over e-mail text', async () => {
    const before = readFileSync(t.log('red'));
    const r = await t.run('red', 'dearmor', await armored(otherGame), '-o', t.log('red'));
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/holds another game's log \(skirmish, scenario meeting, proposal [0-9a-f]{12}…\), not this one/);
    expect(readFileSync(t.log('red')).equals(before)).toBe(true);
    const mail = await armored(t.log('red'));
    const text = readFileSync(mail);
    const r2 = await t.run('red', 'dearmor', mail, '-o', mail);
    expect(r2.code).toBe(1);
    expect(r2.err).toMatch(/holds e-mail text \(an armored log\): the binary log is never written over it/);
    expect(readFileSync(mail).equals(text)).toBe(true);
  });

  it('receive refuses an older whole log', async () => {
    const r = await t.run('red', 'receive', t.log('red'), older);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/older than the copy you have \(segment 0 of 1\)/);
  });

  it('turn on pasted e-mail text writes the log beside it, never over it', async () => {
    const pasted = join(t.dir, 'blue', 'from-anna.txt');
    writeFileSync(pasted, `Hi Ben,\n\n${(await t.run('red', 'armor', t.log('red'))).out}\nAnna\n`);
    const text = readFileSync(pasted);
    const r = await t.run('blue', 'turn', pasted, '--key', t.key('blue'), '--script', t.file('blue', 't2.txt', ['roll 1d6']), '--yes');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/wrote .*blue\/from-anna\.hexlog \(.*from-anna\.txt holds e-mail text and is left as it was\)/);
    expect(readFileSync(pasted).equals(text)).toBe(true);
    // the same old text again: the log beside it is newer now, and stays
    const beside = readFileSync(join(t.dir, 'blue', 'from-anna.hexlog'));
    const again = await t.run('blue', 'turn', pasted, '--key', t.key('blue'), '--script', t.file('blue', 't3.txt', ['roll 1d6']), '--yes');
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/from-anna\.hexlog holds a (newer copy|copy of this game that differs)/);
    expect(readFileSync(join(t.dir, 'blue', 'from-anna.hexlog')).equals(beside)).toBe(true);
  });
});
