// docs/cli.md documents every `--json` field: each verb runs with --json on a real game (two
// players, two state folders, turn mails), and every top-level key of its output — and of the
// items of its main lists (history's segments, replay's steps) — must be named in that verb's
// entry of docs/cli.md (as "key" or `key`). A key added to a verb without its doc fails here.
// Not run here: proof and verify-proof (they need an equivocation: test/cli/equivocation.test.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { twoPlayers, type Run, type Table } from '../helpers/cli.js';
import { ROOT } from '../helpers/module-files.js';

const DOC = readFileSync(join(ROOT, 'docs', 'cli.md'), 'utf8');

/** Every bullet of docs/cli.md that starts with `hexpost <verb>` (a verb may have several), joined. */
export function docEntry(verb: string): string {
  const bullets = DOC.split(/\n(?=- |## |\*\*)/);
  const first = (b: string) => b.split('\n')[0]!;
  return bullets.filter((b) => b.startsWith('- `hexpost ') && (first(b).includes(`\`hexpost ${verb} `) || first(b).includes(`\`hexpost ${verb}\``))).join('\n');
}

const named = (text: string, key: string) => text.includes(`"${key}"`) || text.includes(`\`${key}\``);

describe('docs/cli.md names every --json key', () => {
  let t: Table;
  const seen: { verb: string; where: string; keys: string[] }[] = [];
  const json = (r: Run): Record<string, unknown> => {
    expect(r.code, `${r.out}${r.err}`).toBe(0);
    return JSON.parse(r.out) as Record<string, unknown>;
  };
  const record = (verb: string, value: Record<string, unknown>, where = 'top level') => { seen.push({ verb, where, keys: Object.keys(value) }); return value; };
  const items = (verb: string, list: unknown, where: string) => {
    const keys = new Set<string>();
    for (const x of list as Record<string, unknown>[]) for (const k of Object.keys(x)) keys.add(k);
    seen.push({ verb, where, keys: [...keys] });
  };

  beforeAll(async () => {
    // mail setup --no-check stores the settings without a server; its password comes from here
    process.env.HEXPOST_TEST_NO_PASSWORD = 'not-a-password';
    t = await twoPlayers();
    const mail = (from: string, name: string) => join(t.dir, from, `${name}.mail`);
    const script = (side: string, name: string, lines: string[]) => t.file(side, `${name}.txt`, lines);
    const dir = t.dir;
    record('key new', json(await t.run('red', 'key', 'new', '--name', 'C', '--email', 'c@example.org', '-o', join(dir, 'c.key'), '--json')));
    record('turn', json(await t.run('red', 'turn', t.log('red'), '--key', t.key('red'), '--script', script('red', 'dry', ['move red-1 0302']), '--dry-run', '--json')), 'dry run');
    record('turn', json(await t.run('red', 'turn', t.log('red'), '--key', t.key('red'), '--json', '--yes',
      '--script', script('red', 't1', ['move red-1 0302', 'roll 1d6 "morale"', 'next', 'next']))));
    record('send', json(await t.run('red', 'send', t.log('red'), '--key', t.key('red'), '-o', mail('red', 't1'), '--json')));
    record('send', json(await t.run('red', 'send', t.log('red'), '--key', t.key('red'), '--json')), 'to standard output');
    record('receive', json(await t.run('blue', 'receive', t.log('blue'), mail('red', 't1'), '--key', t.key('blue'), '--json')));
    json(await t.run('blue', 'turn', t.log('blue'), '--key', t.key('blue'), '--yes', '--json', '--script', script('blue', 't2', ['move blue-1 0807'])));
    record('takeback', json(await t.run('blue', 'takeback', t.log('blue'), '--to', '1', '--key', t.key('blue'), '--json')), 'proposal');
    json(await t.run('blue', 'send', t.log('blue'), '--key', t.key('blue'), '-o', mail('blue', 't3'), '--json'));
    json(await t.run('red', 'receive', t.log('red'), mail('blue', 't3'), '--key', t.key('red'), '--json'));
    record('takeback', json(await t.run('red', 'takeback', t.log('red'), '--accept', '--key', t.key('red'), '--json')), 'answer');
    json(await t.run('red', 'send', t.log('red'), '--key', t.key('red'), '-o', mail('red', 't4'), '--json'));
    json(await t.run('blue', 'receive', t.log('blue'), mail('red', 't4'), '--key', t.key('blue'), '--json'));
    record('takeback', json(await t.run('blue', 'takeback', t.log('blue'), '--json')), 'what is open');
    const h = record('history', json(await t.run('blue', 'history', t.log('blue'), '--json')));
    items('history', h.segments, 'segments[]');
    record('show', json(await t.run('blue', 'show', t.log('blue'), '--key', t.key('blue'), '--json')));
    record('verify', json(await t.run('blue', 'verify', t.log('blue'), '--json')));
    record('audit', json(await t.run('blue', 'audit', t.log('blue'), '--json')));
    record('reach', json(await t.run('blue', 'reach', t.log('blue'), 'blue-1', '--json')));
    const r = record('replay', json(await t.run('blue', 'replay', t.log('blue'), '--json')));
    items('replay', r.steps, 'steps[]');
    const m = record('replay', json(await t.run('blue', 'replay', t.log('blue'), '--since-mine', '--key', t.key('blue'), '--json')), '--since-mine');
    items('replay', m.steps, '--since-mine steps[]');
    record('reveal', json(await t.run('blue', 'reveal', t.log('blue'), '--key', t.key('blue'), '--final', '--json')));
    // a game of its own for game new and game join
    record('key new', json(await t.run('blue', 'key', 'new', '--name', 'D', '--email', 'd@example.org', '-o', join(dir, 'd.key'), '--json')));
    const g = join(dir, 'cd.hexlog');
    record('game new', json(await t.run('red', 'game', 'new', '--module', join(ROOT, 'modules', 'skirmish'), '--scenario', 'meeting', '--side', 'red',
      '--key', join(dir, 'c.key'), '--opponent', `blue=${join(dir, 'd.key')}.pub`, '-o', g, '--json')));
    record('game join', json(await t.run('blue', 'game', 'join', g, '--side', 'blue', '--key', join(dir, 'd.key'), '--json')));
    // module verbs
    const mod = join(ROOT, 'modules', 'skirmish');
    record('module validate', json(await t.run('red', 'module', 'validate', mod, '--json')));
    record('module info', json(await t.run('red', 'module', 'info', mod, '--json')));
    record('module bundle', json(await t.run('red', 'module', 'bundle', mod, '-o', join(dir, 's.hexmod'), '--json')));
    record('module export', json(await t.run('red', 'module', 'export', mod, '--format', 'vassal', '-o', join(dir, 's.vmod'), '--json')));
    record('module import', json(await t.run('red', 'module', 'import', join(dir, 's.vmod'), '-o', join(dir, 'imported'), '--json')));
    record('export-vlog', json(await t.run('red', 'export-vlog', t.log('red'), '-o', join(dir, 's.vlog'), '--json')));
    record('mail setup', json(await t.run('red', 'mail', 'setup', '--address', 'a@example.org', '--smtp', '127.0.0.1:1', '--imap', '127.0.0.1:2',
      '--security', 'none', '--password-env', 'HEXPOST_TEST_NO_PASSWORD', '--no-check', '--json')));
  }, 240_000);

  it('every key of every verb', () => {
    const missing = seen.flatMap(({ verb, where, keys }) => {
      const entry = docEntry(verb);
      if (!entry) return [`${verb}: no entry in docs/cli.md`];
      return keys.filter((k) => !named(entry, k)).map((k) => `${verb} (${where}): "${k}"`);
    });
    expect(missing).toEqual([]);
  });
});
