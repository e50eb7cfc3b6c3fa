#!/usr/bin/env node
// Makes the worked example of an equivocation proof, docs/examples/equivocation.hexproof, through
// the real command-line tool (docs/log-format.md, "Equivocation proofs"):
//
//   node tools/samples/equivocation-proof.mjs [--build]
//
// Red and blue (the TEST-ONLY skirmish keys of logs/keys/) set up a game; red writes segment 1 and
// blue's tool sees it; then red's "patched client" — here the stock tool with an empty state folder,
// which therefore does not know what it signed before — writes another segment 1 on the same setup
// and sends that. Blue's tool refuses it (an equivocation) and `hexpost proof` writes the proof.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const CLI = join(ROOT, 'bin', 'hexpost.js');
const OUT = join(ROOT, 'docs', 'examples', 'equivocation.hexproof');
if (process.argv.includes('--build') || !existsSync(join(ROOT, 'dist', 'src', 'cli', 'main.js'))) {
  execFileSync('npx', ['tsc', '-p', '.'], { cwd: ROOT, stdio: 'inherit' });
}
const dir = mkdtempSync(join(tmpdir(), 'hexpost-proof-example-'));
const key = (side) => join(ROOT, 'logs', 'keys', `skirmish-${side}.key`);
const run = (home, args, ok = true) => {
  const r = spawnSync(process.execPath, [CLI, ...args], { env: { ...process.env, HEXPOST_HOME: join(dir, home) }, encoding: 'utf8' });
  if (ok && r.status !== 0) throw new Error(`hexpost ${args.join(' ')} failed:\n${r.stderr}`);
  process.stdout.write(`$ hexpost ${args.join(' ')}   (exit ${r.status})\n${r.stdout}${r.stderr}`);
  return r;
};
const log = join(dir, 'game.hexlog');
run('red', ['game', 'new', '--module', join(ROOT, 'modules', 'skirmish'), '--scenario', 'meeting', '--side', 'red',
  '--key', key('red'), '--opponent', `blue=${key('blue')}.pub`, '-o', log]);
run('blue', ['game', 'join', log, '--side', 'blue', '--key', key('blue')]);
const setup = join(dir, 'setup.hexlog');
copyFileSync(log, setup);
writeFileSync(join(dir, 'one.txt'), 'roll 1d6 "attack"\n');
run('red', ['turn', log, '--key', key('red'), '--script', join(dir, 'one.txt')]);
run('blue', ['verify', log]);
writeFileSync(join(dir, 'two.txt'), 'move red-1 0302\nroll 1d6 "attack"\n');
run('red-patched', ['turn', setup, '--key', key('red'), '--script', join(dir, 'two.txt')]);
if (run('blue', ['verify', setup], false).status !== 1) throw new Error('blue\'s tool did not refuse the second version');
rmSync(OUT, { force: true });
run('blue', ['proof', setup, '-o', OUT]);
run('anyone', ['verify-proof', OUT]);
rmSync(dir, { recursive: true, force: true });
