import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { writeContainer } from '../../src/log/container.js';
import { logEntries } from '../../src/log/log-file.js';
import { newSkirmish, playTurn, players } from '../helpers/game.js';

describe('hexpost reach', () => {
  it('lists what a piece can still reach, with exact MP, after MP spent this phase', async () => {
    const p = await players();
    const dir = mkdtempSync(join(tmpdir(), 'hexpost-reach-'));
    const log = join(dir, 'g.hexlog');
    writeFileSync(log, writeContainer(logEntries(await playTurn(await newSkirmish(p), p, 'red', ['move red-1 0302']))));
    process.env.HEXPOST_HOME = join(dir, 'home');
    let out = '';
    const code = await main(['node', 'hexpost', 'reach', log, 'red-1', '--json'], { out: (t) => { out += t; }, err: () => {}, tty: false });
    expect(code).toBe(0);
    const r = JSON.parse(out);
    expect(r.left).toBe('3');
    expect(r.reachable.find((x: { at: string }) => x.at === '0503')).toMatchObject({ mp: '2', path: ['0402', '0503'] });
    let err = '';
    expect(await main(['node', 'hexpost', 'reach', log, 'nobody'], { out: () => {}, err: (t) => { err += t; }, tty: false })).toBe(1);
    expect(err).toMatch(/g\.hexlog: .*nobody/);
  });
});
