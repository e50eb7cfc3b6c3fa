// The board page's token does not leak to other local users (issue 14, item 4). `hexpost board`
// runs as the player (root here) and opens a "browser" ($BROWSER: a stand-in that keeps its
// arguments on its command line, as a real browser does); then user nobody (runuser) reads every
// command line and environment he can, every file named there, and tries every token-like string
// on the page. He must not be able to act. The control: the same attacker run as the player acts,
// so the test would fail if the token were on a command line again.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSkirmish, players } from '../helpers/game.js';
import { ROOT } from '../helpers/module-files.js';
import { writeLaunchPage } from '../../src/web/launch-page.js';
import { collectErrors, openBrowser, skipBrowser } from './browser.js';
import { onDisk, servePage } from './page-fixtures.js';

const canSwitchUser = process.getuid?.() === 0 && spawnSync('runuser', ['-u', 'nobody', '--', process.execPath, '-e', '0']).status === 0;

async function until(what: string, ok: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface Report { acted: boolean; candidates: number; paths: string[]; files: Record<string, string>; statuses: Record<string, number> }

describe.runIf(canSwitchUser)('hexpost board, seen by another local user', () => {
  const work = mkdtempSync(join(tmpdir(), 'hexpost-launch-'));
  const open = join(work, 'open'); // world-readable: the attacker script and the stand-in browser
  const home = join(work, 'home');
  let board: ChildProcess;
  let out = '';
  let port = 0;
  let browserPid = 0;

  const attack = (asNobody: boolean): Report => {
    const cmd = asNobody ? ['runuser', '-u', 'nobody', '--', process.execPath] : [process.execPath];
    const r = spawnSync(cmd[0]!, [...cmd.slice(1), join(open, 'attacker.mjs'), String(port)], { encoding: 'utf8', cwd: open });
    if (r.status !== 0) throw new Error(`attacker failed: ${r.stderr}`);
    return JSON.parse(r.stdout) as Report;
  };

  beforeAll(async () => {
    mkdirSync(open, { mode: 0o755 });
    chmodSync(work, 0o755);
    copyFileSync(join(ROOT, 'test', 'web', 'fixtures', 'local-attacker.mjs'), join(open, 'attacker.mjs'));
    chmodSync(join(open, 'attacker.mjs'), 0o644);
    const browser = join(open, 'browser.sh');
    writeFileSync(browser, `#!/bin/sh\necho $$ > "${join(work, 'browser.pid')}"\necho "$1" > "${join(work, 'browser.arg')}"\n`
      + `exec "${process.execPath}" -e 'setTimeout(() => {}, 120000)' "$1"\n`, { mode: 0o755 });
    const p = await players();
    const files = await onDisk(p, await newSkirmish(p), 'red');
    board = spawn(process.execPath, [join(ROOT, 'bin', 'hexpost.js'), 'board', files.logPath, '--key', files.keyPath], {
      env: { ...process.env, BROWSER: browser, HEXPOST_HOME: home, HEXPOST_NO_CACHE: '1' }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    board.stdout!.on('data', (d: Buffer) => { out += d.toString(); });
    await until('the board address', () => /http:\/\/127\.0\.0\.1:(\d+)\//.test(out), 30_000);
    port = Number(/http:\/\/127\.0\.0\.1:(\d+)\//.exec(out)![1]);
    await until('the browser', () => existsSync(join(work, 'browser.arg')) && existsSync(join(work, 'browser.pid')), 10_000);
    browserPid = Number(readFileSync(join(work, 'browser.pid'), 'utf8'));
  }, 60_000);

  afterAll(async () => {
    if (browserPid) { try { process.kill(browserPid); } catch { /* gone */ } }
    if (board && board.exitCode === null) {
      const exited = new Promise((resolve) => board.once('exit', resolve));
      board.kill('SIGTERM');
      await exited;
    }
    rmSync(work, { recursive: true, force: true });
  });

  it('the browser\'s command line holds the launch page\'s path, no token', () => {
    const arg = readFileSync(join(work, 'browser.arg'), 'utf8').trim();
    expect(arg).toMatch(/^file:\/\/.*\/board\/open-[0-9a-f]{16}\.html$/);
    const token = /\/t\/([A-Za-z0-9_-]{43})\//.exec(out)![1]!;
    expect(arg).not.toContain(token);
    expect(readFileSync(`/proc/${browserPid}/cmdline`, 'latin1')).not.toContain(token);
  });

  it('user nobody sees that path but cannot read the page it names, and cannot act on the board', () => {
    const r = attack(true);
    const launch = readFileSync(join(work, 'browser.arg'), 'utf8').trim().replace(/^file:\/\//, '');
    expect(r.paths).toContain(launch); // he did read the browser's command line
    expect(r.files[launch]).toBe('(EACCES)');
    expect(r.candidates).toBeGreaterThan(0);
    expect(r.acted, JSON.stringify(r.statuses)).toBe(false);
  });

  it('control: the player himself, with the same script, reads the launch page and can act', () => {
    expect(attack(false).acted).toBe(true);
  });

  it('the launch page is gone when the board stops', async () => {
    const launch = readFileSync(join(work, 'browser.arg'), 'utf8').trim().replace(/^file:\/\//, '');
    expect(existsSync(launch)).toBe(true);
    const exited = new Promise((resolve) => board.once('exit', resolve));
    board.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(existsSync(launch)).toBe(false);
  });
});

describe.skipIf(skipBrowser)('the launch page in a real browser', () => {
  it('forwards Chromium from file:// to the board page, which opens without an error', async () => {
    const p = await players();
    const files = await onDisk(p, await newSkirmish(p), 'red');
    const { server } = await servePage(files.logPath, p, 'red');
    const launch = await writeLaunchPage(mkdtempSync(join(tmpdir(), 'hexpost-home-')), server.url);
    const browser = await openBrowser();
    try {
      const page = await browser.newPage();
      const errors = collectErrors(page);
      await page.goto(launch.href);
      await page.waitForURL(server.url, { timeout: 20_000 });
      await page.waitForSelector('body[data-ready]', { timeout: 20_000 });
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
      await server.close();
      await launch.remove();
    }
  }, 60_000);
});
