// `hexpost demo` (what `npm start` runs): a complete scripted exchange on the skirmish module in a
// temporary folder, through the real CLI verbs — two keys, a proposal, a join, turns with moves,
// rolls, a `resolve fire`, secret draws and played cards, an undo, the final reveals — verifying
// after every step, then the dice audit.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { moduleHash } from '../core/module/assemble.js';
import { formatIssue } from '../core/module/issue.js';
import { moduleSummary } from '../core/module/summary.js';
import { readModule } from '../export/load-module.js';
import { CliError } from './exit.js';
import type { Output } from './output.js';

/** The repository's modules/ folder, found from this file (dist/src/cli or src/cli). */
export function bundledModulesDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    dir = dirname(dir);
    if (dir.endsWith('dist')) continue;
    if (dir.endsWith('src')) continue;
    return join(dir, 'modules');
  }
  return join(process.cwd(), 'modules');
}

export function registerDemo(program: Command, o: Output): void {
  program.command('demo')
    .description('the quick-start demo: two players exchange a game of skirmish, verifying every step')
    .option('--keep', 'keep the temporary folder and print where it is')
    .option('--modules-only', 'only check and describe the bundled modules')
    .action(async (opts: { keep?: boolean; modulesOnly?: boolean }) => {
      await describeModules(o);
      if (opts.modulesOnly) return;
      const dir = await mkdtemp(join(tmpdir(), 'hexpost-demo-'));
      try {
        await exchange(o, dir);
      } finally {
        if (opts.keep) o.out(`\nthe game's files are in ${dir}`);
        else await rm(dir, { recursive: true, force: true });
      }
    });
}

async function describeModules(o: Output): Promise<void> {
  const root = bundledModulesDir();
  const ids = (await readdir(root, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name).sort();
  o.out('Bundled modules:');
  let bad = 0;
  for (const id of ids) {
    const m = await readModule(join(root, id));
    if (!m.assembled.data) {
      bad++;
      o.out(`  ✗ ${id}: ${m.issues.length} problems`);
      for (const i of m.issues.slice(0, 5)) o.out(`      ${formatIssue(i)}`);
      continue;
    }
    const s = moduleSummary(m.assembled.data, moduleHash(m.assembled.raw));
    const n = (k: number, what: string) => `${k} ${what}${k === 1 ? '' : 's'}`;
    o.out(`  ✓ ${s.id} ${s.version} — ${s.title}: ${n(s.counts.hexes + s.counts.spaces, 'location')}, ${n(s.counts.pieces, 'piece')}, ${n(s.counts.cards, 'card')}, ${n(s.counts.procedures, 'procedure')}`);
  }
  if (bad) throw new CliError(`${bad} bundled module(s) invalid`);
}

/** Runs one verb in-process as `who` (each player has his own state folder), echoing it. */
async function step(o: Output, dir: string, who: string, args: string[], show: (out: string) => string[] = (x) => x.trimEnd().split('\n')): Promise<string> {
  const { main } = await import('./main.js');
  let out = '';
  let err = '';
  const previous = process.env.HEXPOST_HOME;
  process.env.HEXPOST_HOME = join(dir, `home-${who}`);
  const code = await main(['node', 'hexpost', ...args], { out: (t) => { out += t.endsWith('\n') ? t : `${t}\n`; }, err: (t) => { err += t; }, tty: false })
    .finally(() => { if (previous === undefined) delete process.env.HEXPOST_HOME; else process.env.HEXPOST_HOME = previous; });
  // Shown as a player would type them, in the game's folder: relative names.
  const shorten = (text: string) => text.split(`${dir}/`).join('').split(bundledModulesDir()).join('modules');
  o.out(`\n${who}$ hexpost ${args.map((a) => shorten(/[\s"]/.test(a) ? JSON.stringify(a) : a)).join(' ')}`);
  for (const line of show(out)) if (line) o.out(`  ${shorten(line)}`);
  if (code !== 0) throw new CliError(`demo step failed (exit ${code}): ${err.trim() || out.trim()}`);
  return out;
}

async function exchange(o: Output, dir: string): Promise<void> {
  const skirmish = join(bundledModulesDir(), 'skirmish');
  const log = join(dir, 'meeting.hexlog');
  const script = async (name: string, lines: string[]) => {
    const path = join(dir, name);
    await writeFile(path, `${lines.join('\n')}\n`);
    return path;
  };
  const verify = (who: string) => step(o, dir, who, ['verify', log]);
  const handOf = async (who: string): Promise<string[]> => {
    const j = JSON.parse(await step(o, dir, who, ['show', log, '--key', join(dir, `${who}.key`), '--json'], () => [])) as { hand?: { cards: { card: string }[] } };
    return (j.hand?.cards ?? []).map((c) => c.card);
  };

  o.out('\nA game of skirmish by e-mail between Red and Blue. Each step is a real hexpost command.');
  await step(o, dir, 'red', ['key', 'new', '--name', 'Red Player', '--email', 'red@example.org', '-o', join(dir, 'red.key')]);
  await step(o, dir, 'blue', ['key', 'new', '--name', 'Blue Player', '--email', 'blue@example.org', '-o', join(dir, 'blue.key')]);
  await step(o, dir, 'red', ['game', 'new', '--module', skirmish, '--scenario', 'meeting', '--side', 'red', '--key', join(dir, 'red.key'),
    '--opponent', `blue=${join(dir, 'blue.key.pub')}`, '-o', log]);
  await step(o, dir, 'blue', ['game', 'join', log, '--side', 'blue', '--key', join(dir, 'blue.key')]);
  await step(o, dir, 'red', ['show', log], (x) => x.split('\n').filter((l) => l.startsWith('safety code')).map((l) => `${l}  (red sees the same code as blue)`));

  await step(o, dir, 'red', ['turn', log, '--key', join(dir, 'red.key'), '--script', await script('red-1.txt', [
    '# Red moves up the road and fires',
    'move red-1 0302 0402 0502 0503 0504',
    'rotate red-1 1',
    'draw red-cards 2',
    'next',
    'resolve fire range=-1',
    'next',
  ])]);
  await verify('blue');
  await step(o, dir, 'blue', ['turn', log, '--key', join(dir, 'blue.key'), '--script', await script('blue-1.txt', [
    'move blue-1 0807 0806',
    'flip blue-2 column',
    'draw blue-cards 2',
    'next',
    'roll 1d10 "a hasty shot"',
    'undo',
    'resolve fire woods',
    'next',
  ])]);
  await verify('red');
  const redHand = await handOf('red');
  await step(o, dir, 'red', ['turn', log, '--key', join(dir, 'red.key'), '--script', await script('red-2.txt', [
    `play ${redHand[0]}`,
    'move red-2 0303 0304',
    'mark red-2 disordered',
    'next',
    'roll 2d6 "morale"',
    'next',
  ])]);
  await verify('blue');
  const blueHand = await handOf('blue');
  await step(o, dir, 'blue', ['turn', log, '--key', join(dir, 'blue.key'), '--script', await script('blue-2.txt', [
    `play ${blueHand[0]}`,
    `discard ${blueHand[1]}`,
    'set blue-1 strength=5',
    'next',
    'resolve fire flank',
    'next',
  ])]);
  await step(o, dir, 'red', ['reveal', log, '--key', join(dir, 'red.key'), '--final']);
  await step(o, dir, 'blue', ['reveal', log, '--key', join(dir, 'blue.key'), '--final']);
  await step(o, dir, 'red', ['verify', log]);
  await step(o, dir, 'red', ['history', log], (x) => x.trimEnd().split('\n').filter((l) => /^— segment|roll #|draws|plays/.test(l.trim())).map((l) => l.trim()));
  await step(o, dir, 'red', ['audit', log]);
}
