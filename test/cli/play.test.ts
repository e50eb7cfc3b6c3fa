// `hexpost play` at a prompt: commands from standard input, results at once, `seal` writes.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeContainer } from '../../src/log/container.js';
import { logEntries } from '../../src/log/log-file.js';
import { newSkirmish, players } from '../helpers/game.js';
import { ROOT } from '../helpers/module-files.js';

describe('hexpost play', () => {
  it('takes commands, shows each result, undoes, and seals', async () => {
    if (!existsSync(join(ROOT, 'dist', 'src', 'cli', 'main.js'))) throw new Error('run `npm run build` first (npm test does)');
    const p = await players();
    const dir = mkdtempSync(join(tmpdir(), 'hexpost-play-'));
    const log = join(dir, 'g.hexlog');
    writeFileSync(log, writeContainer(logEntries(await newSkirmish(p))));
    writeFileSync(join(dir, 'red.key'), p.redPrivate);
    const env = { ...process.env, HEXPOST_HOME: join(dir, 'home') };
    const run = (input: string) => spawnSync(process.execPath, [join(ROOT, 'bin', 'hexpost.js'), 'play', log, '--key', join(dir, 'red.key')], { input, env, encoding: 'utf8' });

    const quit = run('roll 1d6\nquit\n');
    expect(quit.status, quit.stderr).toBe(0);
    // sealed: no outcome shown, and quitting and starting again shows none either
    expect(quit.stdout).toMatch(/red commits roll 1d6 as roll #0 \(sealed: known with blue's reply\)/);
    expect(quit.stdout).not.toMatch(/→/);
    expect(quit.stdout).toMatch(/left without writing anything/);

    const r = run('move red-1 0302\nmove red-1 0909\nroll 2d6 "morale"\nundo\nroll 1d6\nhelp\nshow\nseal\n');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/red-1 moves 0202 → 0302: 1 MP/);
    expect(r.stdout).toMatch(/refused: line 2: "move red-1 0909": .*not adjacent/);
    expect(r.stdout).toMatch(/red commits roll 2d6 "morale" as roll #0/);
    expect(r.stdout).toMatch(/undo of command 2/);
    expect(r.stdout).toMatch(/red commits roll 1d6 as roll #1/);
    expect(r.stdout).toMatch(/commands \(one per line\)/);
    expect(r.stdout).toMatch(/red-1\s+0302/);
    expect(r.stdout).toMatch(/sealed segment 1/);
    const v = spawnSync(process.execPath, [join(ROOT, 'bin', 'hexpost.js'), 'history', log, '--json'], { env, encoding: 'utf8' });
    const h = JSON.parse(v.stdout);
    expect(h.segments[0].commands).toEqual(['move red-1 0302', 'roll 2d6 "morale"  # undone', 'undo', 'roll 1d6']);
    expect(h.segments[0].sealed.map((x: { void: boolean }) => x.void)).toEqual([true, false]);
  });
});
