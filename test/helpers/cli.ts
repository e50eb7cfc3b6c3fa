// Two players on two machines, as the CLI sees them: each with his own folder (his copy of the log)
// and his own state folder (HEXPOST_HOME), passing the game between them as files.
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect } from 'vitest';
import { main } from '../../src/cli/main.js';
import { ROOT } from './module-files.js';

export interface Run { code: number; out: string; err: string }

export interface Table {
  dir: string;
  /** each side's copy of the log */
  log: (side: string) => string;
  key: (side: string) => string;
  run: (side: string, ...args: string[]) => Promise<Run>;
  /** a file in the side's folder with these lines */
  file: (side: string, name: string, lines: string[]) => string;
}

/** The CLI in-process, as player `side` (his own state folder). */
export async function runAs(dir: string, side: string, args: string[]): Promise<Run> {
  let out = '';
  let err = '';
  process.env.HEXPOST_HOME = join(dir, `home-${side}`);
  const code = await main(['node', 'hexpost', ...args], { out: (t) => { out += t.endsWith('\n') ? t : `${t}\n`; }, err: (t) => { err += t.endsWith('\n') ? t : `${t}\n`; }, tty: false });
  return { code, out, err };
}

/**
 * Red proposes, blue joins on his own copy and sends the whole log back, red receives it: both
 * copies hold the started game. Names are the keys' user ids (`names`); `module` is a seed
 * module's id or a module folder's absolute path.
 */
export async function twoPlayers(module = 'skirmish', scenario = 'meeting', sides: [string, string] = ['red', 'blue'], names: [string, string] = ['Anna', 'Ben'], emails: [string, string] = ['a@example.org', 'b@example.org']): Promise<Table> {
  const dir = mkdtempSync(join(tmpdir(), 'hexpost-table-'));
  const [a, b] = sides;
  for (const s of sides) mkdirSync(join(dir, s));
  const t: Table = {
    dir,
    log: (s) => join(dir, s, 'game.hexlog'),
    key: (s) => join(dir, `${s}.key`),
    run: (s, ...args) => runAs(dir, s, args),
    file: (s, name, lines) => { const p = join(dir, s, name); writeFileSync(p, `${lines.join('\n')}\n`); return p; },
  };
  const ok = (r: Run) => { expect(r.code, `${r.out}${r.err}`).toBe(0); return r; };
  ok(await t.run(a, 'key', 'new', '--name', names[0], '--email', emails[0], '-o', t.key(a)));
  ok(await t.run(b, 'key', 'new', '--name', names[1], '--email', emails[1], '-o', t.key(b)));
  ok(await t.run(a, 'game', 'new', '--module', resolve(ROOT, 'modules', module), '--scenario', scenario, '--side', a,
    '--key', t.key(a), '--opponent', `${b}=${t.key(b)}.pub`, '-o', t.log(a)));
  copyFileSync(t.log(a), t.log(b));
  ok(await t.run(b, 'game', 'join', t.log(b), '--side', b, '--key', t.key(b)));
  const back = join(dir, b, 'joined.txt');
  writeFileSync(back, ok(await t.run(b, 'armor', t.log(b))).out);
  ok(await t.run(a, 'receive', t.log(a), back, '--key', t.key(a)));
  return t;
}

/** Player `who` plays one turn from these script lines (sealing with `--yes`); the turn must be taken. */
export async function scriptedTurn(dir: string, who: string, log: string, key: string, lines: string[],
  ...extra: string[]): Promise<Run> {
  const file = join(dir, `script-${who}.txt`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  const r = await runAs(dir, who, ['turn', log, '--key', key, '--script', file, '--yes', ...extra]);
  expect(r.code, r.err).toBe(0);
  return r;
}

/** What `mailTurn` gives: the receiver's run, and the turn mail's file. */
export interface Mailed extends Run { mail: string }

let mails = 0;
/**
 * A turn mail from `from`'s copy to `to`'s: `send` into a file in the sender's folder, `receive` on
 * the other copy. Both must succeed; the receiver's run (its first line is his whose-move line).
 */
export async function mailTurn(t: Table, from: string, to: string): Promise<Mailed> {
  const file = join(t.dir, from, `mail-${from}-${++mails}.txt`);
  const sent = await t.run(from, 'send', t.log(from), '--key', t.key(from), '-o', file);
  expect(sent.code, sent.err).toBe(0);
  const got = await t.run(to, 'receive', t.log(to), file, '--key', t.key(to));
  expect(got.code, got.err).toBe(0);
  return { ...got, mail: file };
}
