import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hexpostHome, readState, readStateBytes, writeState, writeStateBytes } from '../../src/log/home.js';

describe('player state folder', () => {
  it('honours HEXPOST_HOME, else ~/.hexpost', () => {
    expect(hexpostHome({ HEXPOST_HOME: '/x/y' })).toBe('/x/y');
    expect(hexpostHome({})).toBe(join(homedir(), '.hexpost'));
  });

  it('reads and writes JSON state atomically', async () => {
    const home = join(mkdtempSync(join(tmpdir(), 'hexpost-home-')), 'state');
    expect(await readState('heads.json', home)).toBeUndefined();
    await writeState('heads.json', { g1: { seq: 3, hash: 'ab' } }, home);
    expect(await readState('heads.json', home)).toEqual({ g1: { seq: 3, hash: 'ab' } });
    expect(readFileSync(join(home, 'heads.json'), 'utf8')).toBe('{"g1":{"hash":"ab","seq":3}}\n');
    expect(statSync(home).mode & 0o777).toBe(0o700);
    expect(statSync(join(home, 'heads.json')).mode & 0o777).toBe(0o600);
    await expect(writeState('../evil.json', {}, home)).rejects.toThrow(/must match/);
    writeFileSync(join(home, 'broken.json'), '{"a":');
    await expect(readState('broken.json', home)).rejects.toThrow(/broken\.json: \$.*truncated/);
  });

  it('reads and writes a kept log copy as bytes, atomically, under the same name rules', async () => {
    const home = join(mkdtempSync(join(tmpdir(), 'hexpost-home-')), 'state');
    expect(await readStateBytes('seen-ab.hexlog', home)).toBeUndefined();
    await writeStateBytes('seen-ab.hexlog', new Uint8Array([0x50, 0x4b, 1, 2]), home);
    expect(await readStateBytes('seen-ab.hexlog', home)).toEqual(new Uint8Array([0x50, 0x4b, 1, 2]));
    expect(statSync(join(home, 'seen-ab.hexlog')).mode & 0o777).toBe(0o600);
    await expect(writeStateBytes('seen-ab.exe', 'x', home)).rejects.toThrow(/must match/);
  });
});
