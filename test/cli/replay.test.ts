import { PassThrough } from 'node:stream';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { interactiveReplay, replaySteps, verifySteps } from '../../src/cli/replay.js';
import { writeContainer } from '../../src/log/container.js';
import { logEntries } from '../../src/log/log-file.js';
import { sampleGame } from '../export/archive/sample-game.js';

const quiet = { out: () => {}, err: () => {}, tty: false };

async function run(...args: string[]) {
  let out = '', err = '';
  const code = await main(['node', 'hexpost', ...args], { out: (t) => { out += `${t}\n`; }, err: (t) => { err += t; }, tty: false });
  return { code, out, err };
}

describe('hexpost replay', () => {
  it('prints every step as plain lines when piped: commands, rolls, warnings, changed pieces', async () => {
    const { log } = await sampleGame();
    const dir = mkdtempSync(join(tmpdir(), 'hexpost-replay-'));
    const file = join(dir, 'game.hexlog');
    writeFileSync(file, writeContainer(logEntries(log)));
    const r = await run('replay', file);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^— start of the game \(3 segments\)/);
    expect(r.out).toMatch(/— segment 1 of 3 by red at .* — turn 1/);
    expect(r.out).toContain('  > roll 1d10 "test"');
    expect(r.out).toContain('  > undo');
    // segment 1 commits them sealed; blue's segment 2 resolves the one not undone
    expect(r.out).toMatch(/rolls: #0 roll 1d10 "test": sealed \(undone\) · #1 resolve fire range=-2: sealed/);
    expect(r.out).toMatch(/rolls: #1 fire: 1d10 \d+ − 2 = -?\d+ → .* \(red's, sealed\)/);
    expect(r.out).toContain('    red-1: 0202 → 0502');
    expect(r.out).toContain('    red-2: 0203 → 0404, face line → column');
    expect(r.out).toContain('    blue-2: 0809 → 0707, facing 0 → 2');
    expect(r.out).toMatch(/red-1: \+disordered, strength — → 4/);
    expect(r.out).toContain('    red-2: 0404 → red-eliminated');
    const one = await run('replay', file, '--at', '2');
    expect(one.out).toMatch(/^— segment 2 of 3 by blue/);
    expect(one.out).not.toContain('segment 1 of 3');
    const json = JSON.parse((await run('replay', file, '--json')).out);
    expect(json.steps).toHaveLength(4);
    expect(json.steps[3]).toMatchObject({ seq: 3, author: 'red' });
    expect((await run('replay', file, '--at', '7')).code).toBe(2);
  });

  it('steps with the keys on a terminal: next, previous, go to, quit', async () => {
    const { log } = await sampleGame();
    const steps = replaySteps(await verifySteps(quiet, log));
    const keys = new PassThrough();
    const screens: string[] = [];
    const done = interactiveReplay(steps, keys, (t) => screens.push(t));
    const press = async (k: string) => { keys.write(k); await new Promise((r) => setImmediate(r)); };
    expect(screens.at(-1)).toContain('— start of the game');
    await press('\x1b[C');
    expect(screens.at(-1)).toContain('— segment 1 of 3 by red');
    expect(screens.at(-1)).toContain('[1/3]');
    await press('n');
    expect(screens.at(-1)).toContain('— segment 2 of 3 by blue');
    await press('\x1b[D');
    expect(screens.at(-1)).toContain('— segment 1 of 3');
    await press('g');
    expect(screens.at(-1)).toContain('go to segment: _');
    await press('3');
    await press('\r');
    expect(screens.at(-1)).toContain('— segment 3 of 3 by red');
    await press('n'); // already at the end
    expect(screens.at(-1)).toContain('[3/3]');
    await press('q');
    await expect(done).resolves.toBeUndefined();
  });
});
