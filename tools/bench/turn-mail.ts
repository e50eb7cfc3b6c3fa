// Turn mail benchmark (issue 17, "Small turn mails" and "A turn costs what the turn holds"): the
// same turn (tools/bench/log.ts's five commands) played on a 10-segment and on a 2,000-segment log
// (tools/bench/log-fixture.ts; the long one is generated once and cached), then sent as a turn mail
// and received by the opponent. Baselines in the same process: the whole log armored (what an
// e-mail carried before turn mails) and the 10-segment game (sizes and times should not grow).
//   size:   the turn mail's text as `hexpost send` prints it (subject, note, armored block)
//   times:  a whole turn (open, verify from the cache, commands, seal, verify, zip), making the
//           turn mail (open, verify from the cache, write the mail), receiving it (open the copy,
//           check the mail, verify from the cache, zip); each verification as `verifyForPlayer`
//           makes it: fork memory compared before, the log remembered after (its copy written)
// Run: npm run build && node dist/tools/bench/turn-mail.js [long segments] [long events] [runs]
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { PrivateKey } from 'openpgp';
import { turnMailOf } from '../../src/cli/send.js';
import { gameIdOf } from '../../src/core/protocol/game-id.js';
import { armor } from '../../src/log/armor.js';
import { writeContainer } from '../../src/log/container.js';
import { logEntries, openLog, type LogFile } from '../../src/log/log-file.js';
import { compareWithSeen, rememberSeen } from '../../src/log/fork-memory.js';
import { applyTurnMail, readTurnMail } from '../../src/log/turn-mail.js';
import { TurnSession } from '../../src/log/turn-session.js';
import { verifyLogCached } from '../../src/log/verify-cache.js';
import { benchLog } from './log-fixture.js';

const LONG = Number(process.argv[2] ?? 2000);
const LONG_EVENTS = Number(process.argv[3] ?? 100_000);
const RUNS = Number(process.argv[4] ?? 5);
const TURN = ['move red-0 0102', 'rotate red-0 +1', 'roll 2d6 "morale"', 'resolve fire woods', 'mark red-2 disordered'];
/** as `turn`, `send` and `receive` open the log (entries inflated when read) */
const LAZY = { lazy: true };
const idOf = (l: LogFile) => gameIdOf(l.genesis.hash, Object.fromEntries(l.acceptances.map((a) => [a.body.side, a.hash])));

interface Figures {
  segments: number; mail: number; whole: number; turn: number; send: number; receive: number;
  /** the same without fork memory's writes to the state folder (its copy of the log: the whole file, fsynced) */
  turnNoWrite: number; sendNoWrite: number; receiveNoWrite: number;
  /** CPU time (user + system, all threads) of the same: the work done, less disturbed by a loaded machine */
  turnCpu: number; sendCpu: number; receiveCpu: number;
}

/** Time spent in rememberSeen (writing fork memory's copy and index) in the current run. */
let writing = 0;
async function remember(log: LogFile, id: string, home: string): Promise<void> {
  const t0 = performance.now();
  await rememberSeen(log, id, home);
  writing += performance.now() - t0;
}

/** Best time of `runs`, with the state folder (cache, fork memory) put back as it was before each run. */
async function best(runs: number, home: string, f: () => Promise<unknown>): Promise<[number, number, number]> {
  const cached = (await readdir(join(home, 'cache'))).map((n) => join('cache', n));
  const files = [...(await readdir(home)).filter((n) => n !== 'cache'), ...cached];
  const saved = await Promise.all(files.map(async (n) => [n, await readFile(join(home, n))] as const));
  let b = Infinity, noWrite = Infinity, cpu = Infinity;
  for (let i = 0; i < runs; i++) {
    for (const [n, data] of saved) await writeFile(join(home, n), data);
    writing = 0;
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await f();
    const t = performance.now() - t0;
    const c = process.cpuUsage(c0);
    b = Math.min(b, t);
    noWrite = Math.min(noWrite, t - writing);
    cpu = Math.min(cpu, (c.user + c.system) / 1000);
  }
  return [b, noWrite, cpu];
}

async function measure(segments: number, events: number): Promise<Figures> {
  const fx = await benchLog(segments, events, (n) => process.stdout.write(`\r  generating ${segments} segments: ${n}`));
  const bytes = fx.bytes;
  const log0 = openLog(bytes, fx.path);
  // The turn is played by the side that did not write the last segment: its mail holds one segment.
  const side = log0.segments.at(-1)!.body.author === 'red' ? 'blue' : 'red';
  const other = side === 'red' ? 'blue' : 'red';
  const key = (s: string): PrivateKey => (s === 'red' ? fx.keys.red : fx.keys.blue);
  const turnLines = TURN.map((l) => l.replace(/red-/g, `${side}-`));
  const homes = { [side]: await mkdtemp(join(tmpdir(), 'hexpost-bench-a-')), [other]: await mkdtemp(join(tmpdir(), 'hexpost-bench-b-')) };
  try {
    const me = { side, key: key(side) }, them = { side: other, key: key(other) };
    const id = idOf(log0);
    /** what verifyForPlayer does: fork memory, the cached verification, fork memory again (remembered) */
    const asPlayer = async (log: LogFile, viewer: typeof me, home: string, remembers = true) => {
      const cmp = await compareWithSeen(log, id, home);
      if (cmp.kind === 'conflict' || cmp.kind === 'older') throw new Error(`fork memory: ${cmp.kind}`);
      const { verified } = await verifyLogCached(log, { viewer, home });
      if (remembers) await remember(log, id, home);
      return verified;
    };
    await asPlayer(log0, me, homes[side]!);
    await asPlayer(log0, them, homes[other]!);
    let next: Uint8Array = new Uint8Array();
    const turn = await best(RUNS, homes[side]!, async () => {
      const v = await asPlayer(openLog(bytes, fx.path, LAZY), me, homes[side]!, false);
      const s = new TurnSession(v, side, me.key);
      for (const line of turnLines) s.apply(line);
      const { log } = await s.seal('2026-11-30T09:00:00Z');
      await asPlayer(log, me, homes[side]!, false);
      next = writeContainer(logEntries(log));
      await remember(log, id, homes[side]!);
    });
    // the sender's cache now holds the new segment (as after `hexpost turn`)
    await asPlayer(openLog(next, fx.path, LAZY), me, homes[side]!);
    let text = '';
    const send = await best(RUNS, homes[side]!, async () => {
      const v = await asPlayer(openLog(next, fx.path, LAZY), me, homes[side]!);
      text = turnMailOf(v, side).text;
    });
    const receive = await best(RUNS, homes[other]!, async () => {
      const local = openLog(bytes, fx.path, LAZY);
      const { log } = applyTurnMail(local, idOf(local), readTurnMail(text, 'mail.txt'));
      const verified = await asPlayer(log, them, homes[other]!);
      if (verified.segments !== log0.segments.length + 1) throw new Error('the mail was not received');
      writeContainer(logEntries(log));
    });
    const whole = armor(next, { gameId: idOf(log0) }).length;
    return {
      segments: log0.segments.length, mail: Buffer.byteLength(text), whole,
      turn: turn[0], send: send[0], receive: receive[0],
      turnNoWrite: turn[1], sendNoWrite: send[1], receiveNoWrite: receive[1],
      turnCpu: turn[2], sendCpu: send[2], receiveCpu: receive[2],
    };
  } finally {
    for (const h of Object.values(homes)) await rm(h!, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.log(`Hexpost turn mail benchmark: one turn (${TURN.length} commands) on a 10-segment and a ${LONG.toLocaleString('en-US')}-segment log (best of ${RUNS})`);
  const short = await measure(10, 500);
  const long = await measure(LONG, LONG_EVENTS);
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
    for (const [what, n] of [['without fork memory\'s writes', `${k}NoWrite`], ['CPU time', `${k}Cpu`]] as const) {
      const ratio = (long[n] / short[n]).toFixed(2);
      console.log(`${`  ${what}`.padEnd(30)} ${ms(short[n])} at ${short.segments}, ${ms(long[n])} at ${long.segments}: ${ratio}×`);
    }
  }
  const load = (await import('node:os')).loadavg().map((x) => x.toFixed(2)).join(' ');
  console.log(`load average at the end: ${load}`);
}

await main();
