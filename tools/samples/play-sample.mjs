#!/usr/bin/env node
// Plays a sample game of a module through the real command-line tool and writes it under logs/.
//
//   node tools/samples/play-sample.mjs <name> [--build]
//
// <name> is a module id (skirmish, eylau-1807, napoleon-basic, cold-war-1985, paths-of-glory),
// which plays tools/samples/<name>.turns.mjs into logs/<name>-sample.hexlog, or `skirmish-golden`
// (tools/samples/skirmish-golden.turns.mjs → logs/skirmish-golden.hexlog), or `all`.
//
// Every step runs `node bin/hexpost.js …` in a child process, exactly as two players would: each
// player has his own HEXPOST_HOME (so the fork memory of each is exercised), the creator proposes
// with `game new`, the other joins with `game join`, then they alternate `turn` and end with
// `reveal --final`. The keys are TEST-ONLY keys kept in logs/keys/ (made once with `key new`, then
// reused). Beside each log the script writes <log>.expect.json (segments, head, final state hash,
// rolls, draws, audits and a few facts the test checks) and <log>.history.txt (`hexpost history`).
//
// A turns file exports default { module, scenario, out, creator, other, steps, facts }. A step is
// { side, title, script } where script is a string of commands or an async function
// (ctx) => string; ctx.hand() lists the side's hidden hand (`show --key --json`: cards become known
// to their owner once the opponent's reply has resolved his sealed draw), ctx.state() the public
// state, and ctx.dry(text) runs `turn --dry-run --json` and returns the events of the commands
// (a sealed roll, procedure, shuffle or draw shows as a `sealed` event with no outcome; only an
// `immediate` procedure shows its result, which its roller can foresee). Sealed randomness is read
// the way a PBEM pair reads it (docs/sample-games.md): ctx.outcomes(side = ctx.side) returns the
// outcomes (`rolled`, `resolved`, `shuffled`) of `side`'s sealed commitments that were resolved
// since `side` last wrote, this step's own reveal included (the dry run's `resolutions`), in the
// order they were committed; each carries `line`, the commitment's line as its author wrote it
// (with its comment). The opponent's step reads the roller's outcomes (ctx.outcomes(roller)) and
// applies what is his to apply; the roller's following step reads them too (ctx.outcomes()).
// { side, reveal: 'final' } appends `reveal --final`. `steps` may also be an (async) generator
// function (game) => steps, for games whose course depends on the dice: game.last holds the events
// of the last turn written (its resolutions first), game.outcomes(side) the outcomes of side's
// commitments resolved since side last wrote, game.state() the public state.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const CLI = join(ROOT, 'bin', 'hexpost.js');
const SAMPLES = ['skirmish', 'skirmish-golden', 'napoleon-basic', 'eylau-1807', 'cold-war-1985', 'paths-of-glory'];

const args = process.argv.slice(2);
if (!args.length || args.includes('--help')) {
  console.log(`usage: node tools/samples/play-sample.mjs <${SAMPLES.join('|')}|all> [--build]`);
  process.exit(args.length ? 0 : 2);
}
if (args.includes('--build') || !existsSync(join(ROOT, 'dist', 'src', 'cli', 'main.js'))) {
  console.log('building: npx tsc -p .');
  execFileSync('npx', ['tsc', '-p', '.'], { cwd: ROOT, stdio: 'inherit' });
}
const names = args.filter((a) => !a.startsWith('--'));
for (const name of names[0] === 'all' ? SAMPLES : names) {
  if (!SAMPLES.includes(name)) { console.error(`unknown sample "${name}"; one of ${SAMPLES.join(', ')}`); process.exit(2); }
  await playSample(name);
}

function hexpost(argv, { home, input, allowFail = false } = {}) {
  try {
    return execFileSync(process.execPath, [CLI, ...argv], {
      cwd: ROOT, encoding: 'utf8', input, env: { ...process.env, HEXPOST_HOME: home ?? process.env.HEXPOST_HOME }, stdio: ['pipe', 'pipe', 'pipe'],
    });
  } catch (e) {
    if (allowFail) return null;
    throw new Error(`hexpost ${argv.join(' ')} failed (exit ${e.status}):\n${e.stderr}${e.stdout}`);
  }
}

function ensureKey(module, side) {
  const key = join(ROOT, 'logs', 'keys', `${module}-${side}.key`);
  if (!existsSync(key)) {
    mkdirSync(dirname(key), { recursive: true });
    hexpost(['key', 'new', '--name', `${module} ${side} (TEST ONLY, do not use)`, '--email', `${side}@${module}.hexpost.invalid`, '-o', key]);
  }
  return key;
}

async function playSample(name) {
  const turnsFile = join(ROOT, 'tools', 'samples', `${name}.turns.mjs`);
  const plan = (await import(pathToFileURL(turnsFile).href)).default;
  const out = join(ROOT, plan.out);
  const work = mkdtempSync(join(tmpdir(), `hexpost-sample-${name}-`));
  const log = join(work, 'game.hexlog');
  const sides = [plan.creator, plan.other];
  const keys = Object.fromEntries(sides.map((s) => [s, ensureKey(plan.module, s)]));
  const homes = Object.fromEntries(sides.map((s) => [s, join(work, `home-${s}`)]));
  console.log(`${name}: ${plan.module} / ${plan.scenario} → ${plan.out}`);

  hexpost(['game', 'new', '--module', join(ROOT, 'modules', plan.module), '--scenario', plan.scenario, '--side', plan.creator,
    '--key', keys[plan.creator], '--opponent', `${plan.other}=${keys[plan.other]}.pub`, '-o', log], { home: homes[plan.creator] });
  hexpost(['game', 'join', log, '--side', plan.other, '--key', keys[plan.other]], { home: homes[plan.other] });

  let n = 0;
  const written = [];                               // { side, resolutions, events } per segment written
  const lines = new Map();                          // sealed id → the commitment's line as written
  const record = (side, body) => {
    const resolutions = body.resolutions ?? [];
    const events = body.commands.flatMap((c) => c.events.map((e) => (e.type === 'sealed' && !e.void ? (lines.set(e.id, c.command), e) : e)));
    written.push({ side, resolutions, events });
    return [...resolutions, ...events];
  };
  /** outcomes of `side`'s sealed commitments resolved since `side` last wrote, with `extra` (a reveal not yet written) */
  const outcomesOf = (side, extra = []) => {
    const last = written.map((w) => w.side).lastIndexOf(side);
    return [...written.slice(last + 1).flatMap((w) => w.resolutions), ...extra]
      .filter((e) => e.sealed !== undefined && e.side === side && ['rolled', 'resolved', 'shuffled'].includes(e.type))
      .map((e) => ({ ...e, line: lines.get(e.sealed) ?? '' }));
  };
  const game = {
    last: [],
    outcomes: (side) => outcomesOf(side),
    state: () => JSON.parse(hexpost(['show', log, '--json'], { home: homes[plan.creator] })),
  };
  const steps = typeof plan.steps === 'function' ? plan.steps(game) : plan.steps;
  for await (const step of steps) {
    n++;
    const side = step.side;
    const opts = { home: homes[side] };
    if (step.reveal) {
      hexpost(['reveal', log, '--key', keys[side], ...(step.reveal === 'final' ? ['--final'] : [])], opts);
      written.push({ side, resolutions: [], events: [] });
      console.log(`  ${String(n).padStart(2)} ${side}: reveal ${step.reveal === 'final' ? '--final' : ''}`);
      continue;
    }
    const dryRun = (text) => JSON.parse(hexpost(['turn', log, '--key', keys[side], '--script', '-', '--dry-run', '--json'], { ...opts, input: text }));
    let reveal;                                     // what this step's reveal resolves (before any command)
    const ctx = {
      side,
      hand: () => JSON.parse(hexpost(['show', log, '--key', keys[side], '--json'], opts)).hand?.cards ?? [],
      state: () => JSON.parse(hexpost(['show', log, '--json'], opts)),
      dry: (text) => dryRun(text).commands.flatMap((c) => c.events),
      resolutions: () => (reveal ??= dryRun('').resolutions),
      outcomes: (of = side) => outcomesOf(of, of === side ? [] : ctx.resolutions()),
    };
    const script = typeof step.script === 'function' ? await step.script(ctx) : step.script;
    const text = `# ${step.title ?? `step ${n}`}\n${script.replace(/^\n+/, '')}`;
    writeFileSync(join(work, `step-${n}.txt`), text);
    const done = JSON.parse(hexpost(['turn', log, '--key', keys[side], '--script', join(work, `step-${n}.txt`), '--json', '--yes'], opts)); // --yes: a step may leave its side to move on (its next step does)
    game.last = record(side, done);
    console.log(`  ${String(n).padStart(2)} ${side}: ${step.title ?? ''}`);
  }

  // Both players check the finished log, each with his own key.
  for (const s of sides) hexpost(['verify', log], { home: homes[s] });
  const verify = JSON.parse(hexpost(['verify', log, '--json'], { home: homes[plan.creator] }));
  if (!verify.ok) throw new Error(`${name}: the finished log does not verify: ${JSON.stringify(verify.error)}`);
  const audit = JSON.parse(hexpost(['audit', log, '--json'], { home: homes[plan.creator] }));
  const shown = JSON.parse(hexpost(['show', log, '--json'], { home: homes[plan.creator] }));
  const historyText = hexpost(['history', log], { home: homes[plan.creator] });

  // The final state hash, as the test computes it (verifyLog on the file bytes).
  const { openLog } = await import(pathToFileURL(join(ROOT, 'dist', 'src', 'log', 'log-file.js')).href);
  const { verifyLog } = await import(pathToFileURL(join(ROOT, 'dist', 'src', 'log', 'verify.js')).href);
  const { stateHash } = await import(pathToFileURL(join(ROOT, 'dist', 'src', 'core', 'engine', 'state-hash.js')).href);
  const v = await verifyLog(openLog(new Uint8Array(readFileSync(log)), log));

  const bodies = v.log.segments.map((x) => x.body);
  const entryEvents = bodies.flatMap((b) => b.entries.flatMap((e) => e.events.map((x) => (e.void ? { ...x, void: true } : x))));
  const allEvents = [...bodies.flatMap((b) => b.resolutions ?? []), ...entryEvents];
  const sealed = (kind) => entryEvents.filter((e) => e.type === 'sealed' && e.kind === kind && !e.void).length;
  const expect = {
    $comment: `written by node tools/samples/play-sample.mjs ${name}; checked by test/logs/sample-logs.test.ts`,
    module: plan.module,
    scenario: plan.scenario,
    sides: { creator: plan.creator, other: plan.other },
    keys: Object.fromEntries(sides.map((s) => [s, `logs/keys/${plan.module}-${s}.key`])),
    game: verify.game,
    segments: verify.segments,
    head: verify.head,
    status: verify.status,
    stateHash: stateHash(v.state),
    figures: {
      commands: bodies.reduce((a, b) => a + b.entries.length, 0),
      // every roll and procedure outcome (v.rolls), by how it was keyed
      rolls: v.rolls.length,
      sealedRolls: v.rolls.filter((r) => r.how === 'sealed').length,
      immediateRolls: v.rolls.filter((r) => r.how === 'immediate').length,
      voidRolls: v.rolls.filter((r) => r.void).length,
      // commitments in the entries (undone ones left out): their outcomes are in a later segment's resolutions
      sealed: { roll: sealed('roll'), resolve: sealed('resolve'), shuffle: sealed('shuffle'), draw: sealed('draw') },
      voidSealed: entryEvents.filter((e) => e.type === 'sealed' && e.void).length,
      shuffles: allEvents.filter((e) => e.type === 'shuffled' && !e.void).length,
      draws: allEvents.filter((e) => e.type === 'drew' && !e.void).reduce((a, e) => a + (e.cards?.length ?? e.draws?.length ?? 0), 0),
      hiddenDraws: allEvents.filter((e) => e.type === 'drew' && !e.void && !e.cards).reduce((a, e) => a + e.draws.length, 0),
      plays: entryEvents.filter((e) => e.type === 'played' && !e.void).length,
      periodsAudited: audit.draws.filter((d) => d.status === 'passed').length,
    },
    audits: audit.draws.map((d) => ({ side: d.side, deck: d.deck, period: d.period, draws: d.draws, status: d.status })),
    facts: {
      turn: shown.turn,
      phase: shown.phase,
      pieces: Object.fromEntries((plan.facts?.pieces ?? []).map((p) => [p, shown.pieces[p]])),
      tracks: Object.fromEntries((plan.facts?.tracks ?? []).map((t) => [t, shown.tracks[t]])),
      decks: shown.decks,
      hands: shown.hands,
    },
  };
  const bad = expect.audits.filter((a) => a.status !== 'passed');
  if (bad.length) throw new Error(`${name}: audits not passed: ${JSON.stringify(bad)}`);

  mkdirSync(dirname(out), { recursive: true });
  const stem = out.replace(/\.hexlog$/, '');
  writeFileSync(`${stem}.expect.json`, JSON.stringify(expect, null, 2) + '\n');
  writeFileSync(`${stem}.history.txt`, historyText);
  copyFileSync(log, out);
  rmSync(work, { recursive: true, force: true });
  console.log(`  wrote ${plan.out}: ${expect.segments} segments, ${expect.figures.rolls} rolls, ${expect.figures.draws} cards drawn (${expect.figures.hiddenDraws} hidden), ${expect.figures.periodsAudited} deck periods audited`);
}
