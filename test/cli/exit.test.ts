// How the real program ends when the unforeseen happens: a closed pipe ends it quietly, a crash in
// a verb or in an event callback prints one line naming the verb and the file (no stack trace),
// and HEXPOST_DEBUG=1 adds the stack. Run as a user runs it: node bin/hexpost.js, in a shell.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/module-files.js';

const bin = join(ROOT, 'bin', 'hexpost.js');
const fixture = (name: string) => join(ROOT, 'test', 'cli', 'fixtures', name);

function hexpost(args: string[], env: Record<string, string> = {}, preload?: string) {
  const r = spawnSync(process.execPath, [...(preload ? ['--import', preload] : []), bin, ...args], {
    cwd: ROOT, encoding: 'utf8', env: { ...process.env, HEXPOST_NO_CACHE: '1', ...env },
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const stackLine = /^\s+at /m;

describe('hexpost into a closed pipe', () => {
  it('`hexpost armor log | head -c 10` exits 0 and says nothing', () => {
    // 112 KB of armor: far more than a pipe holds, so writes go on after head has gone.
    const r = spawnSync('bash', ['-c', `set -o pipefail; "${process.execPath}" "${bin}" armor logs/paths-of-glory-sample.hexlog | head -c 10 >/dev/null; echo "status \${PIPESTATUS[0]}"`],
      { cwd: ROOT, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('status 0\n');
  });
});

describe('a crash', () => {
  it('inside a verb: one line naming the verb, the file and what failed', () => {
    const r = hexpost(['history', 'logs/skirmish-sample.hexlog'], {}, fixture('crash-in-verb.mjs'));
    expect(r.status).toBe(1);
    expect(r.stderr).toBe("hexpost: history logs/skirmish-sample.hexlog: internal error: Cannot read properties of undefined (reading 'update') (a bug: please report it; HEXPOST_DEBUG=1 shows where)\n");
  });

  it('in an event callback, outside every verb: one line too', () => {
    const r = hexpost(['verify', 'logs/skirmish-sample.hexlog'], {}, fixture('crash-in-event.mjs'));
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split('\n')).toEqual([
      "hexpost: verify logs/skirmish-sample.hexlog: internal error: Cannot read properties of undefined (reading 'late') (a bug: please report it; HEXPOST_DEBUG=1 shows where)",
    ]);
  });

  it('HEXPOST_DEBUG=1 shows the stack', () => {
    const r = hexpost(['history', 'logs/skirmish-sample.hexlog'], { HEXPOST_DEBUG: '1' }, fixture('crash-in-verb.mjs'));
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/internal error: .*\nTypeError: Cannot read properties of undefined/);
    expect(r.stderr).toMatch(stackLine);
    expect(r.stderr).toContain('sha256Hex');
  });

  it('a refusal stays as Hexpost words it (file and place), with no "internal error"', () => {
    const r = hexpost(['verify', 'README.md']);
    expect(r.status).toBe(1);
    expect(r.stderr).not.toMatch(/internal error|^\s+at /m);
    expect(r.stderr).toContain('README.md');
  });
});
