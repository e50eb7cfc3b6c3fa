// `hexpost play` at a prompt: commands from standard input, results at once, `seal` writes.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeContainer } from '../../src/log/container.js';
import { logEntries } from '../../src/log/log-file.js';
import { newSkirmish, players } from '../helpers/game.js';
import { ROOT } from '../helpers/module-files.js';

/**
 * `hexpost play` on a pseudo-terminal (util-linux `script`), driven by what it prints: each step
 * waits until the output since the last step shows `after`, then types `keys`. No fixed sleeps: as
 * fast as the program answers, and as patient as a loaded machine needs. The output, CR removed.
 */
async function onTerminal(args: string[], env: NodeJS.ProcessEnv, steps: { after: string | RegExp; keys: string }[]): Promise<string> {
  if (spawnSync('script', ['--version']).status !== 0) throw new Error('script (util-linux) is missing');
  const command = [process.execPath, join(ROOT, 'bin', 'hexpost.js'), ...args].join(' ');
  const child = spawn('script', ['-qfec', command, '/dev/null'], { env });
  let out = '';
  let from = 0;
  let step = 0;
  const done = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => { child.kill(); reject(new Error(`no "${steps[step]?.after}" after step ${step}; output:\n${out}`)); }, 45_000);
    const go = () => {
      while (step < steps.length) {
        const { after, keys } = steps[step]!;
        const seen = out.slice(from);
        const at = typeof after === 'string' ? seen.indexOf(after) : seen.search(after);
        if (at < 0) return;
        from += at + 1;
        step++;
        child.stdin.write(keys);
      }
    };
    child.stdout.on('data', (d: Buffer) => { out += d.toString('utf8').replace(/\r/g, ''); go(); });
    child.on('close', () => { clearTimeout(timer); resolve(); });
  });
  await done;
  child.stdin.end();
  return out;
}

/** A new skirmish game in a folder of its own, with red's key and state folder (HEXPOST_HOME). */
async function redAtTable() {
  const p = await players();
  const dir = mkdtempSync(join(tmpdir(), 'hexpost-play-'));
  const log = join(dir, 'g.hexlog');
  writeFileSync(log, writeContainer(logEntries(await newSkirmish(p))));
  writeFileSync(join(dir, 'red.key'), p.redPrivate);
  return { dir, log, env: { ...process.env, HEXPOST_HOME: join(dir, 'home') } };
}

describe('hexpost play', () => {
  it('takes commands, shows each result, undoes, and seals', async () => {
    if (!existsSync(join(ROOT, 'dist', 'src', 'cli', 'main.js'))) throw new Error('run `npm run build` first (npm test does)');
    const { dir, log, env } = await redAtTable();
    const run = (input: string) => spawnSync(process.execPath, [join(ROOT, 'bin', 'hexpost.js'), 'play', log, '--key', join(dir, 'red.key')], { input, env, encoding: 'utf8' });

    const quit = run('roll 1d6\nquit\n');
    expect(quit.status, quit.stderr).toBe(0);
    expect(quit.stdout).toMatch(/^your move \(Red, turn 1, red movement\)\n/);
    // sealed: no outcome shown, and quitting and starting again shows none either
    expect(quit.stdout).toMatch(/red commits roll 1d6 as roll #0 \(sealed: known with blue's reply\)/);
    expect(quit.stdout).not.toMatch(/→/);
    expect(quit.stdout).toMatch(/quit discards this turn \(1 command not sealed\)\. Quit anyway\? \[y\/N\]/);
    expect(quit.stdout).toMatch(/input ended before `seal`: nothing was written/);
    const no = run('roll 1d6\nquit\nn\nquit\ny\n');
    expect(no.stdout).toMatch(/not quitting: go on/);
    expect(no.stdout).toMatch(/left without writing anything/);
    expect(run('quit\n').stdout).toMatch(/left without writing anything/);

    const r = run('move red-1 0302\nmove red-1 0909\nroll 2d6 "morale"\nundo\nroll 1d6\nhelp\nshow\nseal\nn\nseal\ny\n');
    expect(r.stdout).toMatch(/you are still the active side \(Red, turn 1, red movement\): your opponent cannot move until you pass the move on with `next`\. Seal anyway\? \[y\/N\]/);
    expect(r.stdout).toMatch(/not sealed: nothing was written; go on, or seal again/);
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

  it('keeps a command history across sessions (↑ recalls the last command, on a terminal)', async () => {
    const { dir, log, env } = await redAtTable();
    const bin = join(ROOT, 'bin', 'hexpost.js');
    const piped = spawnSync(process.execPath, [bin, 'play', log, '--key', join(dir, 'red.key')], { input: 'rotate red-1 +1\nquit\ny\n', env, encoding: 'utf8' });
    expect(piped.status, piped.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'home', 'play-history.json'), 'utf8'))).toEqual({ lines: ['rotate red-1 +1'] });
    // a terminal (script gives the program a pseudo-terminal): ↑ and Enter run the remembered command
    const out = await onTerminal(['play', log, '--key', join(dir, 'red.key')], env, [
      { after: 'red · turn 1 red-move> ', keys: '\x1b[A\r' },
      { after: 'red-1 turns from facing 0 to 1', keys: 'quit\r' },
      { after: 'Quit anyway? [y/N]', keys: 'y\r' },
    ]);
    expect(out).toMatch(/red-1 turns from facing 0 to 1/);
  });

  it('on a terminal, Ctrl-C and Ctrl-D with a turn in progress do not discard it without asking', async () => {
    const { dir, log, env } = await redAtTable();
    // a command, Ctrl-C (a hint, the turn stays), Ctrl-D (asked: no), show, Ctrl-D (asked: yes)
    const prompt = 'red · turn 1 red-move> ';
    const out = await onTerminal(['play', log, '--key', join(dir, 'red.key')], env, [
      { after: prompt, keys: 'rotate red-1 +1\r' },
      { after: 'red-1 turns from facing 0 to 1', keys: '\x03' },
      { after: '(Ctrl-C) type quit', keys: '\x04' },
      { after: 'Quit anyway? [y/N]', keys: 'n\r' },
      { after: prompt, keys: 'show\r' },
      { after: /red-1\s+0202\s+\S+ facing 1[\s\S]*red · turn 1 red-move> /, keys: '\x04' },
      { after: 'Quit anyway? [y/N]', keys: 'y\r' },
    ]);
    expect(out).toContain('(Ctrl-C) type quit to leave (it asks before discarding this turn), or seal to sign it');
    expect(out).toContain('input ended (Ctrl-D): leaving discards this turn (1 command not sealed). Quit anyway? [y/N]');
    expect(out).toMatch(/not quitting: go on[\s\S]*red-1\s+0202\s+\S+ facing 1[\s\S]*Quit anyway\? \[y\/N\][\s\S]*left without writing anything/);
  }, 60_000);
});
