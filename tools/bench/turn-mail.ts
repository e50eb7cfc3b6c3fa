// Turn mail benchmark (issue 17, "Small turn mails" and "A turn costs what the turn holds"): the
// same turn (tools/bench/log.ts's five commands) played on a 10-segment and on a 2,000-segment log
// (tools/bench/log-fixture.ts; the long one is generated once and cached), then sent as a turn mail
// and received by the opponent. Baselines in the same process: the whole log armored (what an
// e-mail carried before turn mails) and the 10-segment game (sizes and times should not grow).
//   size:   the turn mail's text as `hexpost send` prints it (subject, note, armored block)
//   times:  the verbs themselves, run in this process as bin/hexpost.js runs them (src/cli/main.ts:
//           `turn … --yes`, `send … -o`, `receive …`), each player with his own state folder
//           (HEXPOST_HOME) and his own copy of the log on disk — everything a verb does but starting
//           node and loading the modules. Before each timed run the log file and the state folder
//           are put back as they were, and one untimed `turn --dry-run` then reads the file as the verb
//           before it would have left it (the state folder then knows the file as written).
// Run: npm run build && node --expose-gc dist/tools/bench/turn-mail.js [long segments] [long events] [runs]
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Session } from 'node:inspector/promises';
import { performance } from 'node:perf_hooks';
import { main } from '../../src/cli/main.js';
import type { Output } from '../../src/cli/output.js';
import { armor } from '../../src/log/armor.js';
import { gameIdOf } from '../../src/core/protocol/game-id.js';
import { openLog, type LogFile } from '../../src/log/log-file.js';
import { benchLog } from './log-fixture.js';

const LONG = Number(process.argv[2] ?? 2000);
const LONG_EVENTS = Number(process.argv[3] ?? 100_000);
const RUNS = Number(process.argv[4] ?? 7);
const TURN = ['rotate red-0 +1', 'roll 2d6 "morale"', 'resolve fire woods', 'flip red-2', 'note "bench"'];
const idOf = (l: LogFile) => gameIdOf(l.genesis.hash, Object.fromEntries(l.acceptances.map((a) => [a.body.side, a.hash])));
const gc = (globalThis as { gc?: () => void }).gc;

interface Figures {
  segments: number; mail: number; whole: number;
  turn: number; send: number; receive: number;
  /** CPU time (user + system, all threads) of the same: the work done, less disturbed by a loaded machine */
  turnCpu: number; sendCpu: number; receiveCpu: number;
}

/** Runs a verb as bin/hexpost.js would, with `home` as the state folder; throws on a non-zero exit. */
async function hexpost(home: string, ...args: string[]): Promise<string> {
  let out = '', err = '';
  const o: Output = { out: (t) => { out += `${t}\n`; }, err: (t) => { err += `${t}\n`; }, tty: false };
  process.env['HEXPOST_HOME'] = home;
  const code = await main(['node', 'hexpost', ...args], o);
  if (code !== 0) throw new Error(`hexpost ${args.join(' ')}: exit ${code}\n${err}`);
  return out;
}

/** Every file of a folder, recursively, with its bytes. */
async function snapshot(dir: string): Promise<[string, Buffer][]> {
  const out: [string, Buffer][] = [];
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) { const p = join(e.parentPath, e.name); out.push([p, await readFile(p)]); }
  }
  return out;
}

async function restore(home: string, saved: [string, Buffer][]): Promise<void> {
  await rm(home, { recursive: true, force: true });
  for (const [p, data] of saved) {
    await import('node:fs/promises').then((fs) => fs.mkdir(join(p, '..'), { recursive: true, mode: 0o700 }));
    await writeFile(p, data, { mode: 0o600 });
  }
}

/** HEXPOST_BENCH_PROFILE=<folder>: a CPU profile of each timed run is written there (<segments>-<verb>-<run>.cpuprofile). */
const PROFILE = process.env['HEXPOST_BENCH_PROFILE'];

/** One timed run of `f` after `prepare` (untimed): wall and CPU time in ms. */
async function timed(prepare: () => Promise<unknown>, f: () => Promise<unknown>, name: string): Promise<[number, number]> {
  await prepare();
  gc?.();
  const profiler = PROFILE ? new Session() : null;
  if (profiler) {
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.setSamplingInterval', { interval: 100 });
    await profiler.post('Profiler.start');
  }
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  await f();
  const t = performance.now() - t0;
  const c = process.cpuUsage(c0);
  if (profiler) {
    const { profile } = await profiler.post('Profiler.stop');
    await mkdir(PROFILE!, { recursive: true });
    await writeFile(join(PROFILE!, `${name}-${performance.now().toFixed(0)}.cpuprofile`), JSON.stringify(profile));
    profiler.disconnect();
  }
  return [t, (c.user + c.system) / 1000];
}

/**
 * Best wall and CPU time of `runs` runs on each game, the games' runs taking turns (short, long,
 * short, …): a machine whose load changes during the benchmark then weighs on both alike.
 */
async function bestOfEach(runs: number, games: readonly Game[], verb: Verb): Promise<void> {
  for (let i = 0; i < runs; i++) {
    for (const g of games) {
      const [wall, cpu] = await timed(g.stage[verb], g.run[verb], `${g.segments}-${verb}`);
      g.figures[verb] = Math.min(g.figures[verb], wall);
      g.figures[`${verb}Cpu`] = Math.min(g.figures[`${verb}Cpu`], cpu);
    }
  }
  for (const g of games) await g.after[verb]();
}

type Verb = 'turn' | 'send' | 'receive';

interface Game {
  segments: number;
  figures: Figures;
  /** puts the files and state folder back as the verb finds them (untimed) */
  stage: Record<Verb, () => Promise<void>>;
  run: Record<Verb, () => Promise<unknown>>;
  /** what the next verb starts from, taken once every run of this one is done */
  after: Record<Verb, () => Promise<void>>;
  cleanup: () => Promise<void>;
}

/** A game on disk for the benchmark: both players' copies, keys and state folders, each copy verified once. */
async function setUp(segments: number, events: number): Promise<Game> {
  const fx = await benchLog(segments, events, (n) => process.stdout.write(`\r  generating ${segments} segments: ${n}`));
  let log0: LogFile | null = openLog(fx.bytes, fx.path);
  // The turn is played by the side that did not write the last segment: its mail holds one segment.
  const side = log0.segments.at(-1)!.body.author === 'red' ? 'blue' : 'red';
  const other = side === 'red' ? 'blue' : 'red';
  const count = log0.segments.length, id = idOf(log0);
  log0 = null; // the bench holds no verified log of its own (its heap would slow every collection)
  const dir = await mkdtemp(join(tmpdir(), 'hexpost-bench-turn-'));
  const home = { me: join(dir, `home-${side}`), them: join(dir, `home-${other}`) };
  const file = { me: join(dir, `${side}.hexlog`), them: join(dir, `${other}.hexlog`) };
  const key = { me: join(dir, `${side}.key`), them: join(dir, `${other}.key`) };
  await writeFile(key.me, fx.keys[side as 'red' | 'blue'].armor());
  await writeFile(key.them, fx.keys[other as 'red' | 'blue'].armor());
  const script = join(dir, 'turn.txt'), mail = join(dir, 'mail.txt'), noop = join(dir, 'noop.txt');
  await writeFile(noop, '# reads the log as a verb does, writes nothing\n');
  await writeFile(script, TURN.map((l) => l.replace(/red-/g, `${side}-`)).join('\n') + '\n');
  await writeFile(file.me, fx.bytes);
  await writeFile(file.them, fx.bytes);
  // each player has verified his copy once (the cache and fork memory know it)
  const prime = (who: 'me' | 'them') => hexpost(home[who], 'turn', file[who], '--key', key[who], '--script', noop, '--dry-run');
  await prime('me');
  await prime('them');
  /** puts a player's file and state folder back, then reads the file once as the verb before would have left it */
  const stage = (who: 'me' | 'them', bytes: () => Uint8Array, saved: () => [string, Buffer][]) => async () => {
    await restore(home[who], saved());
    await writeFile(file[who], bytes());
    await prime(who);
  };
  const mine = await snapshot(home.me);
  let afterTurn: Uint8Array = fx.bytes, mineAfter = mine;
  const theirs = await snapshot(home.them);
  const figures: Figures = {
    segments: count, mail: 0, whole: 0,
    turn: Infinity, send: Infinity, receive: Infinity, turnCpu: Infinity, sendCpu: Infinity, receiveCpu: Infinity,
  };
  return {
    segments: count, figures,
    stage: {
      turn: stage('me', () => fx.bytes, () => mine),
      send: stage('me', () => afterTurn, () => mineAfter),
      receive: stage('them', () => fx.bytes, () => theirs),
    },
    run: {
      turn: () => hexpost(home.me, 'turn', file.me, '--key', key.me, '--script', script, '--yes'),
      // the mail of the run before is this player's own: send writes over it
      send: () => hexpost(home.me, 'send', file.me, '--key', key.me, '-o', mail),
      receive: () => hexpost(home.them, 'receive', file.them, mail, '--key', key.them),
    },
    after: {
      turn: async () => { afterTurn = await readFile(file.me); mineAfter = await snapshot(home.me); },
      send: async () => {
        figures.mail = Buffer.byteLength(await readFile(mail, 'utf8'));
        figures.whole = armor(afterTurn, { gameId: id }).length;
      },
      receive: async () => {
        const received = openLog(new Uint8Array(await readFile(file.them)), file.them);
        if (received.segments.length !== count + 1) throw new Error('the mail was not received');
      },
    },
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}

async function run(): Promise<void> {
  console.log(`Hexpost turn mail benchmark: one turn (${TURN.length} commands) on a 10-segment and a ${LONG.toLocaleString('en-US')}-segment log (best of ${RUNS})`);
  if (!gc) console.log('(run node with --expose-gc to collect garbage before each timed run)');
  const load0 = loadavg()[0]!.toFixed(2);
  const games = [await setUp(10, 500), await setUp(LONG, LONG_EVENTS)];
  try {
    for (const verb of ['turn', 'send', 'receive'] as const) await bestOfEach(RUNS, games, verb);
  } finally {
    for (const g of games) await g.cleanup();
  }
  const [short, long] = games.map((g) => g.figures) as [Figures, Figures];
  console.log('');
  const kb = (n: number) => `${(n / 1024).toFixed(2)} KiB`.padStart(11);
  const ms = (t: number) => `${t.toFixed(t < 100 ? 1 : 0)} ms`.padStart(10);
  for (const f of [short, long]) {
    console.log(`${String(f.segments).padStart(5)} segments: turn mail ${kb(f.mail)} (target ≤ 3 KB), whole log armored ${kb(f.whole)}: ${(f.mail / f.whole).toFixed(4)}× the whole log`);
  }
  console.log(`turn mail at ${long.segments} / at ${short.segments} segments: ${(long.mail / short.mail).toFixed(2)}× (target: the same size)`);
  console.log('');
  for (const [label, k] of [['a whole turn (hexpost turn)', 'turn'], ['making the turn mail (send)', 'send'], ['receiving it (receive)', 'receive']] as const) {
    console.log(`${label.padEnd(30)} ${ms(short[k])} at ${short.segments}, ${ms(long[k])} at ${long.segments}: ${(long[k] / short[k]).toFixed(2)}× (target: within 1.3×)`);
    const n = `${k}Cpu` as const;
    console.log(`${'  CPU time'.padEnd(30)} ${ms(short[n])} at ${short.segments}, ${ms(long[n])} at ${long.segments}: ${(long[n] / short[n]).toFixed(2)}×`);
  }
  console.log(`load average (1 min) at the start: ${load0}, at the end: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
}

await run();
