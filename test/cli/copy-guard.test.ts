// Copies that cannot hurt: no verb writes a log over a newer copy, another game's log or e-mail text.
import { spawnSync } from 'node:child_process';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { twoPlayers, type Table } from '../helpers/cli.js';
import { ROOT } from '../helpers/module-files.js';

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

  it('takeback and play refuse an older copy, saying how old it is, and write nothing', async () => {
    const before = readFileSync(older);
    const tb = await t.run('red', 'takeback', older, '--to', '0', '--key', t.key('red'));
    expect(tb.code).toBe(1);
    expect(tb.err).toMatch(/older\.hexlog: older than the copy you have \(segment 0 of 1\): a segment written on it would fork the game, so nothing is written; play on the newest copy/);
    const env = { ...process.env, HEXPOST_HOME: join(t.dir, 'home-red') };
    const play = spawnSync(process.execPath, [join(ROOT, 'bin', 'hexpost.js'), 'play', older, '--key', t.key('red')], { input: 'quit\n', env, encoding: 'utf8' });
    expect(play.status).toBe(1);
    expect(play.stderr).toMatch(/older\.hexlog: older than the copy you have \(segment 0 of 1\)/);
    expect(readFileSync(older).equals(before)).toBe(true);
  });
});

describe('a verb that writes something else', () => {
  it('export-vlog and module export never write over a game log or e-mail text', async () => {
    const log = readFileSync(t.log('red'));
    const mail = join(t.dir, 'red', 'mail.txt');
    writeFileSync(mail, (await t.run('red', 'send', t.log('red'), '--key', t.key('red'))).out);
    const text = readFileSync(mail);
    const vlog = await t.run('red', 'export-vlog', t.log('red'), '-o', t.log('red'));
    expect(vlog.code).toBe(1);
    expect(vlog.err).toMatch(/game\.hexlog holds a Hexpost game log: a VASSAL log is never written over it; nothing was written/);
    const overMail = await t.run('red', 'export-vlog', t.log('red'), '-o', mail);
    expect(overMail.err).toMatch(/mail\.txt holds e-mail text \(a turn mail\): a VASSAL log is never written over it/);
    const vmod = await t.run('red', 'module', 'export', join(ROOT, 'modules', 'skirmish'), '--format', 'vassal', '-o', t.log('red'));
    expect(vmod.code).toBe(1);
    expect(vmod.err).toMatch(/game\.hexlog holds a Hexpost game log: a VASSAL module is never written over it/);
    expect(readFileSync(t.log('red')).equals(log)).toBe(true);
    expect(readFileSync(mail).equals(text)).toBe(true);
    // its own earlier output is replaced as before
    const file = join(t.dir, 'red', 'game.vlog');
    expect((await t.run('red', 'export-vlog', t.log('red'), '-o', file)).code).toBe(0);
    expect((await t.run('red', 'export-vlog', t.log('red'), '-o', file)).code).toBe(0);
  });
});
