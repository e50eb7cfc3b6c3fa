// The "Checking a log with GnuPG alone" recipe of docs/log-format.md, run as written (the shell
// block is read from the page): it passes for a segment signed by the author whose key is given,
// and fails when the key given is the other player's, or the body was changed.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readContainer, writeContainer } from '../../src/log/container.js';
import { ROOT } from '../helpers/module-files.js';
import { hasGpg } from './gpg-helper.js';

const canRun = hasGpg() && spawnSync('gpgv', ['--version']).status === 0 && spawnSync('unzip', ['-v']).status === 0;
const work = mkdtempSync(join(tmpdir(), 'hexpost-recipe-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function recipe(): string {
  const page = readFileSync(join(ROOT, 'docs', 'log-format.md'), 'utf8');
  const section = page.slice(page.indexOf('### Checking a log with GnuPG alone'));
  const block = /```sh\n([\s\S]*?)```/.exec(section);
  if (!block) throw new Error('docs/log-format.md: no sh block under "Checking a log with GnuPG alone"');
  return block[1]!;
}

/** Runs the recipe in a fresh folder holding game.hexlog and anna.asc; returns gpgv's exit status. */
function runRecipe(log: Uint8Array, annaKey: string): { status: number | null; output: string } {
  const at = mkdtempSync(join(work, 'run-'));
  writeFileSync(join(at, 'game.hexlog'), log);
  copyFileSync(annaKey, join(at, 'anna.asc'));
  const home = join(at, 'gnupg');
  mkdirSync(home, { mode: 0o700 });
  // -e: any failing command fails the recipe; GNUPGHOME so nothing of this machine's keyrings counts.
  const r = spawnSync('bash', ['-e', '-c', recipe()], { cwd: at, env: { ...process.env, GNUPGHOME: home }, encoding: 'utf8' });
  return { status: r.status, output: r.stdout + r.stderr };
}

describe.runIf(canRun)('the gpg recipe of docs/log-format.md', () => {
  const logBytes = new Uint8Array(readFileSync(join(ROOT, 'logs', 'skirmish-sample.hexlog')));
  const entries = readContainer(logBytes);
  const author = JSON.parse(new TextDecoder().decode(entries.find((e) => e.name === '000003.json')!.data)).author as string;
  const other = author === 'red' ? 'blue' : 'red';
  const keyOf = (side: string) => join(ROOT, 'logs', 'keys', `skirmish-${side}.key.pub`);

  it('passes for segment 3 checked against its author\'s key', () => {
    const r = runRecipe(logBytes, keyOf(author));
    expect(r.status, r.output).toBe(0);
    expect(r.output).toContain('Good signature');
  });

  it('fails when the key given is the other player\'s (plain gpg --verify with both keys would say "Good")', () => {
    const r = runRecipe(logBytes, keyOf(other));
    expect(r.status, r.output).not.toBe(0);
    expect(r.output).not.toContain('Good signature');
  });

  it('fails for a changed body', () => {
    const changed = writeContainer(entries.map((e) => e.name === '000003.json'
      ? { name: e.name, data: new TextEncoder().encode(new TextDecoder().decode(e.data).replace('"seq":3', '"seq":3 ')) }
      : e));
    const r = runRecipe(changed, keyOf(author));
    expect(r.status, r.output).not.toBe(0);
    expect(r.output).toContain('BAD signature');
  });
});
