// Immediate procedures (docs/dice-protocol.md, "Immediate randomness"): rolled at once with a key
// the roller could compute in advance, and marked so in every view.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runAs } from '../helpers/cli.js';
import { ROOT } from '../helpers/module-files.js';

const dir = mkdtempSync(join(tmpdir(), 'hexpost-immediate-'));
const log = join(dir, 'game.hexlog');
const key = (side: string) => join(dir, `${side}.key`);

const run = (who: string, ...args: string[]) => runAs(dir, who, args);
const script = (lines: string[]) => { const f = join(dir, `s${Math.random()}.txt`); writeFileSync(f, `${lines.join('\n')}\n`); return f; };

beforeAll(async () => {
  // skirmish, with its fire procedure marked immediate
  const mod = join(dir, 'skirmish');
  cpSync(join(ROOT, 'modules/skirmish'), mod, { recursive: true });
  const tables = JSON.parse(readFileSync(join(mod, 'tables.json'), 'utf8'));
  tables.procedures[0].immediate = true;
  writeFileSync(join(mod, 'tables.json'), JSON.stringify(tables));
  for (const s of ['red', 'blue']) expect((await run(s, 'key', 'new', '--name', s, '--email', `${s}@example.org`, '-o', key(s))).code).toBe(0);
  expect((await run('red', 'game', 'new', '--module', mod, '--scenario', 'meeting', '--side', 'red', '--key', key('red'),
    '--opponent', `blue=${key('blue')}.pub`, '-o', log)).code).toBe(0);
  expect((await run('blue', 'game', 'join', log, '--side', 'blue', '--key', key('blue'))).code).toBe(0);
});

describe('an immediate procedure', () => {
  it('waits, for a joiner, until the creator has revealed a first dice value', async () => {
    const t = await run('blue', 'turn', log, '--key', key('blue'), '--script', script(['resolve fire range=-1']), '--yes');
    expect(t.code).toBe(1);
    expect(t.err).toMatch(/cannot roll an immediate procedure yet: red must send a first segment/);
  });

  it('is rolled at once, and every view says its roller could foresee it', async () => {
    const t = await run('red', 'turn', log, '--key', key('red'), '--script', script(['resolve fire range=-1', 'roll 1d6 "free"']), '--yes');
    expect(t.code, t.err).toBe(0);
    expect(t.out).toMatch(/roll #0 fire: 1d10 → \d+ \(range −1\) = -?\d+ → .* — immediate: the roller could foresee it/);
    expect(t.out).toMatch(/red commits roll 1d6 "free" as roll #1 \(sealed/);
    const audit = await run('blue', 'audit', log);
    expect(audit.out).toMatch(/rolls: 0 sealed .*, 1 immediate, 0 free/);
    expect(audit.out).toMatch(/segment 1 red roll #0 resolve fire: \d+ — immediate: the roller could foresee it/);
    const history = JSON.parse((await run('blue', 'history', log, '--json')).out);
    expect(history.segments[0].rolls).toMatchObject([{ purpose: 'fire', how: 'immediate', by: 'red' }]);
    expect((await run('blue', 'history', log)).out).toMatch(/immediate: the roller could foresee it/);
  });
});
