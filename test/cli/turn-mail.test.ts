// hexpost send / receive: two players on two state folders pass a game by turn mails only.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/module-files.js';
import { twoPlayers, type Table } from '../helpers/cli.js';

let t: Table;

beforeAll(async () => {
  t = await twoPlayers();
});

async function turnAndSend(side: string, name: string, lines: string[]): Promise<string> {
  const turn = await t.run(side, 'turn', t.log(side), '--key', t.key(side), '--script', t.file(side, `${name}.txt`, lines), '--yes');
  expect(turn.code, turn.err).toBe(0);
  const mail = join(t.dir, side, `${name}.mail`);
  const sent = await t.run(side, 'send', t.log(side), '--key', t.key(side), '-o', mail);
  expect(sent.code, sent.err).toBe(0);
  return mail;
}

describe('turn mails between two copies', () => {
  it('carry each turn from one copy to the other, small, with a subject naming game, turn and phase', async () => {
    const m1 = await turnAndSend('red', 't1', ['move red-1 0302 0402', 'roll 2d6 "morale"', 'next', 'next']);
    const text = readFileSync(m1, 'utf8');
    expect(text).toMatch(/^Subject: Hexpost: Skirmish \(Hexpost conformance module\) [0-9a-f]{8} — turn 1, blue movement \(segment 1, Red\)\n/);
    expect(text).toContain('Segments: 1-1');
    expect(Buffer.byteLength(text)).toBeLessThan(3000);
    const got = await t.run('blue', 'receive', t.log('blue'), m1, '--key', t.key('blue'));
    expect(got.code, got.err).toBe(0);
    expect(got.out).toMatch(/^your move \(Blue, turn 1, blue movement\)\n/);
    expect(got.out).toMatch(/red commits roll 2d6 "morale" as roll #0 \(sealed: known with blue's reply\)/);
    expect(got.out).toMatch(/received segment 1, verified; wrote .*blue\/game\.hexlog/);

    const m2 = await turnAndSend('blue', 't2', ['move blue-1 0807', 'next', 'next']);
    expect(readFileSync(m2, 'utf8')).toContain('After: 1 ');
    // pasted as a reply: quoted, CRLF
    const quoted = join(t.dir, 'red', 'reply.txt');
    writeFileSync(quoted, `Your move.\r\n\r\n${readFileSync(m2, 'utf8').split('\n').map((l) => `> ${l}`).join('\r\n')}`);
    const got2 = await t.run('red', 'receive', t.log('red'), quoted, '--key', t.key('red'));
    expect(got2.code, got2.err).toBe(0);
    expect(got2.out).toMatch(/received segment 2/);
    // both copies are the same log
    expect(readFileSync(t.log('red')).equals(readFileSync(t.log('blue')))).toBe(true);
  });

  it('receiving the same mail twice adds nothing and writes nothing', async () => {
    const before = readFileSync(t.log('red'));
    const again = await t.run('red', 'receive', t.log('red'), join(t.dir, 'red', 'reply.txt'));
    expect(again.code, again.err).toBe(0);
    expect(again.out).toMatch(/nothing new/);
    expect(readFileSync(t.log('red')).equals(before)).toBe(true);
  });

  it('refuses a mail that skips a segment, and says how to get it', async () => {
    await turnAndSend('red', 't3', ['roll 1d6']);
    const m4 = await turnAndSend('red', 't4', ['roll 1d6']);
    // red's second mail, sent --since 3, lacks segment 3 for blue
    const skip = join(t.dir, 'red', 'skip.mail');
    expect((await t.run('red', 'send', t.log('red'), '--since', '3', '-o', skip)).code).toBe(0);
    const before = readFileSync(t.log('blue'));
    const r = await t.run('blue', 'receive', t.log('blue'), skip);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/continues after segment 3, but .* holds only 2 segments: segments 3-3 are missing; ask for them \(hexpost send --since 2\)/);
    expect(readFileSync(t.log('blue')).equals(before)).toBe(true);
    // the default mail holds both
    expect(readFileSync(m4, 'utf8')).toContain('Segments: 3-4');
    expect((await t.run('blue', 'receive', t.log('blue'), m4)).code).toBe(0);
  });

  it('a turn mail is not a log: other verbs say to receive it', async () => {
    const r = await t.run('blue', 'show', join(t.dir, 'red', 't4.mail'));
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/t4\.mail: this is a turn mail, which holds only the newest segments: receive it into your copy/);
  });

  it('a whole log is still accepted, and nothing is sent when the opponent has it all', async () => {
    const sent = await t.run('blue', 'send', t.log('blue'), '--key', t.key('blue'));
    expect(sent.code).toBe(1);
    expect(sent.err).toMatch(/nothing to send: the recipient's copy already holds all 4 segments/);
    const whole = join(t.dir, 'blue', 'whole.txt');
    writeFileSync(whole, (await t.run('red', 'armor', t.log('red'))).out);
    const r = await t.run('blue', 'receive', t.log('blue'), whole);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/nothing new/);
  });

  it('reads the mail from standard input', () => {
    if (!existsSync(join(ROOT, 'dist', 'src', 'cli', 'main.js'))) throw new Error('run `npm run build` first (npm test does)');
    const next = join(t.dir, 'red', 't5.txt');
    writeFileSync(next, 'roll 1d6\n');
    const env = (side: string) => ({ ...process.env, HEXPOST_HOME: join(t.dir, `home-${side}`) });
    const bin = join(ROOT, 'bin', 'hexpost.js');
    expect(spawnSync(process.execPath, [bin, 'turn', t.log('red'), '--key', t.key('red'), '--script', next, '--yes'], { env: env('red') }).status).toBe(0);
    const mail = spawnSync(process.execPath, [bin, 'send', t.log('red')], { env: env('red') });
    expect(mail.status, mail.stderr.toString()).toBe(0);
    const r = spawnSync(process.execPath, [bin, 'receive', t.log('blue')], { env: env('blue'), input: mail.stdout });
    expect(r.status, r.stderr.toString()).toBe(0);
    expect(r.stdout.toString()).toMatch(/received segment 5/);
  });
});

describe('send -o never writes over what it must not', () => {
  let u: Table;
  let otherMail: string;
  beforeAll(async () => {
    u = await twoPlayers();
    const other = await twoPlayers();
    const turn = await other.run('red', 'turn', other.log('red'), '--key', other.key('red'), '--script', other.file('red', 'o.txt', ['roll 1d6']), '--yes');
    expect(turn.code, turn.err).toBe(0);
    otherMail = join(u.dir, 'red', 'other-game.mail');
    writeFileSync(otherMail, (await other.run('red', 'send', other.log('red'), '--key', other.key('red'))).out);
  });

  const send = (side: string, out: string) => u.run(side, 'send', u.log(side), '--key', u.key(side), '-o', out);
  /** `send -o file` refuses, naming the file and saying why; the file is left as it was */
  const refused = async (side: string, file: string, why: RegExp) => {
    const before = readFileSync(file);
    const r = await send(side, file);
    expect(r.code, r.out).toBe(1);
    expect(r.err).toMatch(why);
    expect(r.err).toContain(`${file} `);
    expect(r.err).toMatch(/the turn mail is not written over it; nothing was written/);
    expect(readFileSync(file).equals(before)).toBe(true);
  };

  it('writes over its own earlier mail, not over a received one, a log, e-mail text, another game\'s mail or any other file', async () => {
    expect((await u.run('red', 'turn', u.log('red'), '--key', u.key('red'), '--script', u.file('red', 'a.txt', ['roll 1d6', 'next', 'next']), '--yes')).code).toBe(0);
    const mine = join(u.dir, 'red', 'turn.mail');
    expect((await send('red', mine)).code).toBe(0);
    // the same mail again (sent twice): its own mail is replaced
    const again = await send('red', mine);
    expect(again.code, again.err).toBe(0);
    // blue receives it, plays, and must not write his mail over red's, nor over his log
    expect((await u.run('blue', 'receive', u.log('blue'), mine, '--key', u.key('blue'))).code).toBe(0);
    expect((await u.run('blue', 'turn', u.log('blue'), '--key', u.key('blue'), '--script', u.file('blue', 'b.txt', ['roll 1d6']), '--yes')).code).toBe(0);
    await refused('blue', mine, /holds a turn mail from Red \(segment 1\), not one you sent/);
    await refused('blue', u.log('blue'), /holds a Hexpost game log/);
    const armored = join(u.dir, 'blue', 'whole.txt');
    writeFileSync(armored, `Ben, here is the game:\n\n${(await u.run('blue', 'armor', u.log('blue'))).out}`);
    await refused('blue', armored, /holds e-mail text \(an armored log\)/);
    await refused('red', otherMail, /holds a turn mail of another game \([0-9a-f]{16}…\), not of this one/);
    const notes = join(u.dir, 'blue', 'notes.txt');
    writeFileSync(notes, 'my plans for turn 3\n');
    await refused('blue', notes, /exists and is not a turn mail \(no HEXPOST TURN block\)/);
  });

  it('refuses to write an older copy\'s mail over a newer one', async () => {
    // red keeps a copy of his log, plays on, and sends; then sends from the old copy over the new mail
    const old = join(u.dir, 'red', 'old.hexlog');
    writeFileSync(old, readFileSync(u.log('red')));
    expect((await u.run('red', 'turn', u.log('red'), '--key', u.key('red'), '--script', u.file('red', 'c.txt', ['roll 1d6']), '--yes')).code).toBe(0);
    const mail = join(u.dir, 'red', 'newer.mail');
    expect((await send('red', mail)).code).toBe(0);
    const before = readFileSync(mail);
    const r = await u.run('red', 'send', old, '--key', u.key('red'), '--since', '0', '-o', mail);
    expect(r.code, r.out).toBe(1);
    expect(r.err).toMatch(/newer\.mail holds a newer turn mail of this game \(segments 1-2\) than this one \(segment 1\): your log is older than the copy that sent it \(segment 1 of 2\)/);
    expect(readFileSync(mail).equals(before)).toBe(true);
  });
});
