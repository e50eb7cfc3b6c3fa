import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { ROOT } from '../helpers/module-files.js';

async function run(...args: string[]) {
  let out = '';
  let err = '';
  const code = await main(['node', 'hexpost', ...args], { out: (t) => { out += t; }, err: (t) => { err += t; }, tty: false });
  return { code, out, err };
}

const skirmish = join(ROOT, 'modules', 'skirmish');

describe('hexpost module validate', () => {
  it('exits 0 on skirmish', async () => {
    const r = await run('module', 'validate', skirmish);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/valid \(skirmish 1\.0\.0, hash [0-9a-f]{64}\)/);
  });

  it('exits 1 on a broken copy, naming each problem', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hexpost-'));
    cpSync(skirmish, dir, { recursive: true });
    const scen = JSON.parse(readFileSync(join(dir, 'scenarios/meeting.json'), 'utf8'));
    scen.setup[0].at = '9999';
    writeFileSync(join(dir, 'scenarios/meeting.json'), JSON.stringify(scen));
    const tables = JSON.parse(readFileSync(join(dir, 'tables.json'), 'utf8'));
    tables.tables[0].rows[1].min = 2;
    writeFileSync(join(dir, 'tables.json'), JSON.stringify(tables));
    writeFileSync(join(dir, 'sequence.json'), '{"lastTurn": 5, "phases": [');
    const r = await run('module', 'validate', dir);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`${join(dir, 'sequence.json')}: line 1 column`);
    // A file that does not parse stops the merge; fix it and the other problems show.
    writeFileSync(join(dir, 'sequence.json'), readFileSync(join(skirmish, 'sequence.json')));
    const r2 = await run('module', 'validate', dir);
    expect(r2.code).toBe(1);
    expect(r2.out).toContain(`${join(dir, 'scenarios/meeting.json')}: setup[0].at: unknown location "9999"`);
    expect(r2.out).toContain(`${join(dir, 'tables.json')}: tables[0].rows[1].min: rows overlap`);
  });

  it('exits 2 on usage errors and 1 on a missing folder', async () => {
    expect((await run('module', 'validate')).code).toBe(2);
    expect((await run('module', 'frobnicate')).code).toBe(2);
    expect((await run('module', 'validate', '/nonexistent/module')).code).toBe(1);
  });
});

describe('hexpost module info', () => {
  it('reports id, version, hash and counts as JSON', async () => {
    const r = await run('module', 'info', skirmish, '--json');
    expect(r.code).toBe(0);
    const info = JSON.parse(r.out);
    expect(info).toMatchObject({ id: 'skirmish', version: '1.0.0', counts: { boards: 2, hexes: 100, spaces: 6, pieces: 6, decks: 2, cards: 40, tables: 8, procedures: 8 } });
    expect(info.hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('published JSON Schema', () => {
  it('schema/ is up to date with the zod source of truth', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hexpost-schema-'));
    expect((await run('module', 'schema', '-o', dir)).code).toBe(0);
    for (const kind of ['module', 'pieces', 'tables', 'sequence', 'board', 'deck', 'scenario']) {
      expect(readFileSync(join(dir, `${kind}.schema.json`), 'utf8'), `${kind}: run \`hexpost module schema -o schema\``)
        .toBe(readFileSync(join(ROOT, 'schema', `${kind}.schema.json`), 'utf8'));
    }
  });
});
