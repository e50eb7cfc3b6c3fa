// `hexpost history` shows what each segment's reveal resolved: the outcomes of the opponent's
// sealed commitments come in the replying segment, before its own commands.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { writeContainer } from '../../src/log/container.js';
import { logEntries } from '../../src/log/log-file.js';
import { newSkirmish, players, playTurn } from '../helpers/game.js';

describe('history', () => {
  it('lists a segment\'s resolutions (the sealed outcomes its reveal brings) before its commands', async () => {
    const p = await players();
    let log = await newSkirmish(p);
    log = await playTurn(log, p, 'red', ['roll 2d6 "morale"', 'resolve fire range=-1']);
    log = await playTurn(log, p, 'blue', ['note "reply"']);
    const file = join(mkdtempSync(join(tmpdir(), 'hexpost-history-')), 'game.hexlog');
    writeFileSync(file, writeContainer(logEntries(log)));
    let out = '';
    process.env.HEXPOST_HOME = join(file, '..', 'home');
    const code = await main(['node', 'hexpost', 'history', file], { out: (t) => { out += `${t}\n`; }, err: () => {}, tty: false });
    expect(code).toBe(0);
    const second = out.slice(out.indexOf('— segment 2 by blue'));
    expect(second).toMatch(/^— segment 2 by blue[^\n]*\n {2}· {2}blue's dice value answers sealed red\/1\/0\n {2}· {2}red's free roll #0 \(morale\): 2d6 → \d+ \+ \d+ = \d+ \[sealed red\/1\/0\]/);
    expect(second).toMatch(/red's roll #1 fire: 1d10 → \d+ \(range −1\) = -?\d+ → [^\n]*\[sealed red\/1\/1\][^\n]*\n {2}> note "reply"/);
  });
});
