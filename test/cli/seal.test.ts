// `turn` with a full state folder: the log is written, and the message says so (it used to say
// "the previous version is untouched"). The folder is a real full file system: a small tmpfs,
// filled up (needs root to mount, as CI has).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { readContainer, writeContainer } from '../../src/log/container.js';
import { logEntries } from '../../src/log/log-file.js';
import { newSkirmish, players } from '../helpers/game.js';

const dir = mkdtempSync(join(tmpdir(), 'hexpost-seal-'));
const mnt = join(dir, 'full');
const canMount = process.getuid?.() === 0 && (() => {
  mkdirSync(mnt);
  return spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=128k', 'tmpfs', mnt]).status === 0;
})();

afterAll(() => {
  if (canMount) spawnSync('umount', [mnt]);
  rmSync(dir, { recursive: true, force: true });
});

async function run(home: string, ...args: string[]) {
  let out = '', err = '';
  process.env.HEXPOST_HOME = home;
  const code = await main(['node', 'hexpost', ...args], { out: (t) => { out += `${t}\n`; }, err: (t) => { err += `${t}\n`; }, tty: false });
  return { code, out, err };
}

describe.runIf(canMount)('turn with a full state folder', () => {
  const log = join(dir, 'game.hexlog');
  const home = join(mnt, 'home');

  beforeAll(async () => {
    const p = await players();
    writeFileSync(log, writeContainer(logEntries(await newSkirmish(p))));
    writeFileSync(join(dir, 'red.key'), p.redPrivate);
    writeFileSync(join(dir, 'turn.txt'), 'roll 2d6 "morale"\n');
    mkdirSync(home, { mode: 0o700 });
    // fill the file system to the last byte
    spawnSync('dd', ['if=/dev/zero', `of=${join(mnt, 'filler')}`, 'bs=4k'], { stdio: 'ignore' });
    expect(spawnSync('sh', ['-c', `echo x > ${join(mnt, 'probe')}`]).status).not.toBe(0);
  });

  it('says the segment is sealed and the log written, not that nothing changed', async () => {
    const r = await run(home, 'turn', log, '--key', join(dir, 'red.key'), '--script', join(dir, 'turn.txt'), '--yes');
    expect(r.code).toBe(1);
    expect(r.err).toContain(`${log}: segment 1 is sealed and the log is written (send it); but the state folder ${home} could not record it (ENOSPC)`);
    expect(r.err).not.toContain('untouched');
    // and it is so: the log on disk holds the new segment
    expect(readContainer(new Uint8Array(readFileSync(log))).map((e) => e.name)).toContain('000001.json');
  });

  it('the next verb records it once there is room', async () => {
    execFileSync('rm', [join(mnt, 'filler')]);
    const r = await run(home, 'verify', log);
    expect(r.code, r.err).toBe(0);
    const named = (prefix: string) => join(home, spawnSync('ls', [home], { encoding: 'utf8' }).stdout.split('\n').find((n) => n.startsWith(prefix)) ?? 'none');
    expect(JSON.parse(readFileSync(named('game-'), 'utf8'))).toMatchObject({ seq: 1 });
    expect(readFileSync(named('heads-'), 'utf8')).toMatch(/^000001 [0-9a-f]{64}\n$/);
  });
});
