// The log verbs from the command line, as two players use them.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { runAs } from '../helpers/cli.js';
import { armor } from '../../src/log/armor.js';
import { readContainer, writeContainer } from '../../src/log/container.js';
import { ROOT } from '../helpers/module-files.js';

const dir = mkdtempSync(join(tmpdir(), 'hexpost-cli-'));
const log = join(dir, 'game.hexlog');
const key = (side: string) => join(dir, `${side}.key`);

const run = (who: string, ...args: string[]) => runAs(dir, who, args);

function script(name: string, lines: string[]): string {
  const path = join(dir, name);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

beforeAll(async () => {
  expect((await run('red', 'key', 'new', '--name', 'Red', '--email', 'red@example.org', '-o', key('red'))).code).toBe(0);
  expect((await run('blue', 'key', 'new', '--name', 'Blue', '--email', 'blue@example.org', '-o', key('blue'))).code).toBe(0);
  const made = await run('red', 'game', 'new', '--module', join(ROOT, 'modules/skirmish'), '--scenario', 'meeting', '--side', 'red',
    '--key', key('red'), '--opponent', `blue=${key('blue')}.pub`, '-o', log);
  expect(made.code, made.err).toBe(0);
  const joined = await run('blue', 'game', 'join', log, '--side', 'blue', '--key', key('blue'));
  expect(joined.code, joined.err).toBe(0);
  expect(joined.out).toMatch(/safety code \d{4}-\d{4}-\d{4}-\d{4}-\d{4}/);
  const t1 = await run('red', 'turn', log, '--key', key('red'), '--script', script('t1.txt', [
    'move red-1 0302 0402 0502 0503 0504', 'roll 2d6 "morale"', 'resolve fire woods range=-1', 'draw red-cards 2', 'next', 'next',
  ]), '--yes');
  expect(t1.code, t1.err).toBe(0);
});

describe('turn', () => {
  it('reports every roll with purpose, dice, modifiers and result, and seals', async () => {
    const t = await run('blue', 'turn', log, '--key', key('blue'), '--script', script('t2.txt', ['move blue-1 0807 0806 0805 0804 0704', 'roll 1d10 "fire"']), '--yes');
    expect(t.code, t.err).toBe(0);
    expect(t.out).toMatch(/blue-1 moves 0808 → 0807 → 0806 → 0805 → 0804 → 0704: 5 MP \(5 of 4 this phase\)\s+⚠/);
    // Blue's reveal resolves red's sealed rolls first; his own roll is sealed till red replies.
    expect(t.out).toMatch(/red's free roll #0 \(morale\): 2d6 → \d+ \+ \d+ = \d+ \[sealed red\/1\/0\]/);
    expect(t.out).toMatch(/red's roll #1 fire: 1d10 → \d+ \(woods −2, range −1\) = -?\d+/);
    expect(t.out).toMatch(/blue commits roll 1d10 "fire" as roll #0 \(sealed: known with red's reply\)/);
    expect(t.out).toMatch(/sealed segment 2 as blue/);
    expect(t.out).toMatch(/1 warning/);
  });

  it('refuses a bad script naming the line, and writes nothing', async () => {
    const before = readFileSync(log);
    const t = await run('red', 'turn', log, '--key', key('red'), '--script', script('bad.txt', ['roll 1d6', 'move red-2 0909']));
    expect(t.code).toBe(1);
    expect(t.err).toMatch(/bad\.txt: line 2: "move red-2 0909": .*not adjacent/);
    expect(readFileSync(log).equals(before)).toBe(true);
  });

  it('--dry-run writes nothing', async () => {
    const before = readFileSync(log);
    const t = await run('red', 'turn', log, '--key', key('red'), '--script', script('dry.txt', ['roll 1d6']), '--dry-run');
    expect(t.code, t.err).toBe(0);
    expect(t.out).toMatch(/dry run: nothing written/);
    expect(readFileSync(log).equals(before)).toBe(true);
  });
});

describe('show, history, verify', () => {
  it('show --json has the documented keys, and the hand only with the key', async () => {
    const anon = JSON.parse((await run('blue', 'show', log, '--json')).out);
    expect(anon).toMatchObject({ turn: 1, phase: 'blue-move', active: 'blue', toMove: { sides: ['blue'], label: 'turn 1, Blue movement: blue' } });
    expect((await run('blue', 'show', log)).out).toMatch(/^to move: turn 1, Blue movement: blue$/m);
    expect(anon.pieces['red-1']).toEqual({ at: '0504', face: 'line', facing: 0, markers: [], values: {} });
    expect(anon.hand).toBeUndefined();
    const red = JSON.parse((await run('red', 'show', log, '--key', key('red'), '--json')).out);
    expect(red.hand.side).toBe('red');
    expect(red.hand.cards).toHaveLength(2);
    expect(red.hand.cards[0].card).toMatch(/^r\d\d$/);
    const at1 = JSON.parse((await run('blue', 'show', log, '--at', '1', '--json')).out);
    expect(at1.pieces['blue-1'].at).toBe('0808');
  });

  it('history --json lists segments, commands, rolls and hidden draws as counts', async () => {
    const h = JSON.parse((await run('blue', 'history', log, '--json')).out);
    expect(h.segments[0]).toMatchObject({ seq: 1, author: 'red', commands: expect.arrayContaining(['roll 2d6 "morale"']) });
    expect(h.segments[0].sealed.map((x: { kind: string }) => x.kind)).toEqual(['roll', 'resolve', 'draw']);
    expect(h.segments[1].rolls[0]).toMatchObject({ purpose: 'morale', dice: '2d6', void: false, by: 'red', how: 'sealed', free: true });
    expect(h.segments[1].rolls[1]).toMatchObject({ purpose: 'fire', dice: '1d10', by: 'red', modifiers: [{ id: 'woods', value: -2 }, { id: 'range', value: -1 }] });
    expect(h.segments[0].draws).toEqual([{ deck: 'red-cards', count: 2, hidden: true, void: false }]);
  });

  it('verify --json: ok, and a tampered log names the segment (exit 1)', async () => {
    const ok = await run('blue', 'verify', log, '--json');
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.out)).toMatchObject({ ok: true, segments: 2, head: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const entries = unzipSync(readFileSync(log));
    const body = new TextDecoder().decode(entries['000002.json']);
    entries['000002.json'] = new TextEncoder().encode(body.replace('"0704"', '"0705"'));
    const { zipSync } = await import('fflate');
    const bad = join(dir, 'tampered.hexlog');
    writeFileSync(bad, zipSync(entries));
    const r = await run('blue', 'verify', bad, '--json');
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out)).toEqual({ ok: false, error: { seq: 2, message: expect.stringMatching(/000002\.json\.sig: segment 2: not signed by blue's pinned key/) } });
  });

  it('hostile or broken files are refused with a clear message', async () => {
    const truncated = join(dir, 'truncated.hexlog');
    writeFileSync(truncated, readFileSync(log).subarray(0, 500));
    const r = await run('blue', 'verify', truncated);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/truncated\.hexlog/);
    const text = join(dir, 'notes.txt');
    writeFileSync(text, 'just some notes');
    expect((await run('blue', 'verify', text)).code).toBe(1);
    expect((await run('blue', 'verify', join(dir, 'missing.hexlog'))).err).toMatch(/missing\.hexlog: cannot read/);
  });
});

describe('armor and dearmor', () => {
  it('survives quoting and re-wrapped lines in an e-mail', async () => {
    const a = await run('blue', 'armor', log);
    expect(a.code, a.err).toBe(0);
    expect(a.out).toMatch(/-----BEGIN HEXPOST LOG-----/);
    const b64 = a.out.split('\n');
    const start = b64.findIndex((l) => l === '') + 1;
    const body = b64.slice(start).filter((l) => /^[A-Za-z0-9+/=]+$/.test(l)).join('');
    const rewrapped = body.match(/.{1,50}/g)!.join('\n');
    const header = b64.slice(0, start).join('\n');
    const email = `Hi,\nmy turn:\n\n${`${header}\n${rewrapped}\n-----END HEXPOST LOG-----`.split('\n').map((l) => `> ${l}`).join('\n')}\n\ncheers\n`;
    writeFileSync(join(dir, 'mail.txt'), email);
    const back = join(dir, 'back.hexlog');
    const d = await run('red', 'dearmor', join(dir, 'mail.txt'), '-o', back);
    expect(d.code, d.err).toBe(0);
    expect(readFileSync(back).equals(readFileSync(log))).toBe(true);
    // verify also reads the pasted text directly
    expect((await run('red', 'verify', join(dir, 'mail.txt'))).code).toBe(0);
    writeFileSync(join(dir, 'cut.txt'), email.slice(0, email.length - 200));
    const cut = await run('red', 'dearmor', join(dir, 'cut.txt'), '-o', join(dir, 'cut.hexlog'));
    expect(cut.code).toBe(1);
    expect(existsSync(join(dir, 'cut.hexlog'))).toBe(false);
  });

  it('refuses a pasted log whose segment body is not JSON, naming the entry, and writes nothing', async () => {
    const entries = readContainer(new Uint8Array(readFileSync(log))).map(({ name, data }) => ({ name, data: name === '000001.json' ? new TextEncoder().encode('{"seq": oops') : data }));
    writeFileSync(join(dir, 'broken.txt'), armor(writeContainer(entries)));
    const d = await run('red', 'dearmor', join(dir, 'broken.txt'), '-o', join(dir, 'broken.hexlog'));
    expect(d.code).toBe(1);
    expect(d.err).toMatch(/000001\.json/);
    expect(existsSync(join(dir, 'broken.hexlog'))).toBe(false);
  });
});

describe('fork detection', () => {
  it('a log that rewrites a segment the tool has seen is refused with both hashes', async () => {
    const fork = join(dir, 'fork.hexlog');
    writeFileSync(fork, readFileSync(log));
    // Red's tool has seen segment 2 (blue's). Blue now rewrites his segment 2 differently.
    expect((await run('red', 'verify', log)).code).toBe(0);
    const base = join(dir, 'base.hexlog');
    const entries = unzipSync(readFileSync(log));
    delete entries['000002.json'];
    delete entries['000002.json.sig'];
    const { zipSync } = await import('fflate');
    writeFileSync(base, zipSync(entries, { level: 6 }));
    process.env.HEXPOST_HOME = join(dir, 'home-blue-2');
    expect((await run('blue-2', 'turn', base, '--key', key('blue'), '--script', script('alt.txt', ['move blue-2 0808']), '--yes')).code).toBe(0);
    const r = await run('red', 'verify', base);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/segment 2 of game [0-9a-f]{16}…: two different versions, both signed by blue \([0-9A-F ]{50}\): body hash [0-9a-f]{64} \(the one you have seen\) and [0-9a-f]{64} \(this log's\)/);
  });
});

describe('safety and keys', () => {
  it('passphrase-protected keys need their passphrase', async () => {
    process.env.HEXPOST_TEST_PASS = 'correct horse';
    expect((await run('x', 'key', 'new', '--name', 'P', '--email', 'p@example.org', '-o', join(dir, 'p.key'), '--passphrase-env', 'HEXPOST_TEST_PASS')).code).toBe(0);
    expect(readFileSync(join(dir, 'p.key'), 'utf8')).toMatch(/BEGIN PGP PRIVATE KEY BLOCK/);
    expect((await run('x', 'key', 'public', join(dir, 'p.key'))).out).toMatch(/BEGIN PGP PUBLIC KEY BLOCK/);
    const r = await run('x', 'game', 'new', '--module', join(ROOT, 'modules/skirmish'), '--scenario', 'meeting', '--side', 'red',
      '--key', join(dir, 'p.key'), '--opponent', `blue=${key('blue')}.pub`, '-o', join(dir, 'p.hexlog'));
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/protected by a passphrase/);
    expect((await run('x', 'key', 'new', '--name', 'P', '--email', 'p@example.org', '-o', join(dir, 'p.key'))).err).toMatch(/exists/);
  });

  it('usage errors exit 2', async () => {
    expect((await run('x', 'turn', log)).code).toBe(2);
    expect((await run('x', 'game', 'new')).code).toBe(2);
  });
});

describe('gpg checks a segment with no Hexpost at all', () => {
  it('gpg --verify 000001.json.sig 000001.json after importing the author\'s public key', () => {
    if (spawnSync('gpg', ['--version']).status !== 0) throw new Error('gpg is missing: .ci/run installs gnupg');
    const home = mkdtempSync(join(tmpdir(), 'hexpost-gpg-'));
    const out = mkdtempSync(join(tmpdir(), 'hexpost-unzip-'));
    const entries = unzipSync(readFileSync(log));
    for (const name of ['000001.json', '000001.json.sig']) writeFileSync(join(out, name), entries[name]!);
    const env = { ...process.env, GNUPGHOME: home };
    execFileSync('gpg', ['--batch', '--import', `${key('red')}.pub`], { env, stdio: 'pipe' });
    const good = spawnSync('gpg', ['--batch', '--verify', join(out, '000001.json.sig'), join(out, '000001.json')], { env });
    expect(good.status, good.stderr.toString()).toBe(0);
    expect(good.stderr.toString()).toMatch(/Good signature from "Red <red@example.org>"/);
    writeFileSync(join(out, '000001.json'), Buffer.concat([Buffer.from(entries['000001.json']!), Buffer.from(' ')]));
    expect(spawnSync('gpg', ['--batch', '--verify', join(out, '000001.json.sig'), join(out, '000001.json')], { env }).status).not.toBe(0);
    // gpg --import starts an agent for this throw-away home: stop it.
    spawnSync('gpgconf', ['--kill', 'gpg-agent'], { env });
  });
});

describe('a killed turn never damages the previous log', () => {
  it('SIGKILL at any moment of `hexpost turn` leaves the old log or the new one, both valid', async () => {
    const bin = join(ROOT, 'bin', 'hexpost.js');
    if (!existsSync(join(ROOT, 'dist', 'src', 'cli', 'main.js'))) throw new Error('run `npm run build` first (npm test does)');
    const victim = join(dir, 'victim.hexlog');
    writeFileSync(victim, readFileSync(log));
    const s = script('kill.txt', ['roll 1d6', 'note "x"']);
    const segmentsOf = async (path: string, who: string) => {
      const r = await run(who, 'verify', path, '--json');
      expect(r.code, `${r.out}${r.err}`).toBe(0);
      return JSON.parse(r.out).segments as number;
    };
    const baseSegments = await segmentsOf(victim, 'kill-base');
    let sawOld = 0;
    for (const delay of [50, 150, 300, 450, 600, 800, 1200]) {
      const before = readFileSync(victim);
      const child = spawn(process.execPath, [bin, 'turn', victim, '--key', key('red'), '--script', s, '--yes'], { env: { ...process.env, HEXPOST_HOME: join(dir, `home-kill-${delay}`) }, stdio: 'ignore' });
      // Listen before the kill: a fast machine may finish the turn before the delay is over.
      const exited = new Promise((r) => child.on('exit', r));
      await new Promise((r) => setTimeout(r, delay));
      child.kill('SIGKILL');
      await exited;
      const after = readFileSync(victim);
      // Each check uses a fresh state folder: every iteration writes its own segment 3.
      const n = await segmentsOf(victim, `kill-check-${delay}`);
      expect([baseSegments, baseSegments + 1]).toContain(n);
      if (n === baseSegments) { expect(after.equals(before)).toBe(true); sawOld++; }
      // Start again from the previous log for the next kill.
      writeFileSync(victim, before);
    }
    expect(sawOld).toBeGreaterThan(0);
  });
});

describe('reveal --final', () => {
  it('opens the hand and reveals the hidden values: every audit passes, nothing stays hidden', async () => {
    const copy = join(dir, 'final.hexlog');
    writeFileSync(copy, readFileSync(log));
    const r = await run('red-final', 'reveal', copy, '--key', key('red'), '--final');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/revealed hidden value #1; final/);
    const shown = JSON.parse((await run('anyone', 'show', copy, '--json')).out);
    expect(shown.hands.red.hidden).toBe(0);
    expect(shown.hands.red.cards).toHaveLength(2);
    const audit = JSON.parse((await run('anyone', 'audit', copy, '--json')).out);
    expect(audit.draws).toEqual([expect.objectContaining({ side: 'red', deck: 'red-cards', period: 0, draws: 2, status: 'passed' })]);
    const before = readFileSync(copy);
    const again = await run('red-final', 'turn', copy, '--key', key('red'), '--script', script('after.txt', ['note "too late"']));
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/red sent his final segment \(3\) and plays no further part/);
    expect(readFileSync(copy).equals(before)).toBe(true);
  });
});
