// Log benchmark (issue 5, "Speed"): a real signed log of 2,000 segments and ~100,000 events
// (tools/bench/log-fixture.ts; generated once, cached in the temp folder). Every figure is printed
// with its ratio to a baseline measured in the same process, on the same bytes (the machine is
// shared and noisy; ratios are what to compare):
//   (a) the floor: inflate + parse + SHA-256 + signature check of every entry (readContainer,
//       parseJson canonical, sha256, verifyDetached — concurrently, as verify does);
//   (b) full verification: openLog + verifyLog, with no viewer and as a player (his key);
//   (c) re-verification after one new segment, from the verified-prefix cache (verifyLogCached);
//   (d) the log's size against gzip -6 of the same events as NDJSON;
//   (e) a whole turn as `hexpost turn` makes it (open, resume, seal, verify, zip), against (a).
// Run: npm run build && node dist/tools/bench/log.js [segments] [events] [runs]
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import type { PublicKey } from 'openpgp';
import { canonicalize } from '../../src/core/canonical.js';
import { sha256Hex } from '../../src/core/hash.js';
import type { GenesisBody } from '../../src/core/protocol/bodies.js';
import { readContainer, writeContainer } from '../../src/log/container.js';
import { parseJson } from '../../src/log/json.js';
import { loadPublicKey } from '../../src/log/keys.js';
import { logEntries, openLog } from '../../src/log/log-file.js';
import { verifyDetached } from '../../src/log/signature.js';
import { TurnSession } from '../../src/log/turn-session.js';
import { verifyLogCached } from '../../src/log/verify-cache.js';
import { verifyLog } from '../../src/log/verify.js';
import { benchLog, PIECES } from './log-fixture.js';

const SEGMENTS = Number(process.argv[2] ?? 2000);
const EVENTS = Number(process.argv[3] ?? 100_000);
const RUNS = Number(process.argv[4] ?? 3);

/** The commands of the new segment in (c) and (e). */
const TURN = ['move red-0 0102', 'rotate red-0 +1', 'roll 2d6 "morale"', 'resolve fire woods', 'mark red-2 disordered'];

const ms = (t: number) => `${t.toFixed(t < 100 ? 1 : 0)} ms`.padStart(10);

async function best(runs: number, f: () => Promise<unknown>): Promise<number> {
  let b = Infinity;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await f();
    b = Math.min(b, performance.now() - t0);
  }
  return b;
}

/** The floor: what any verifier of these bytes must do — inflate, parse, hash, check every signature. */
async function floor(bytes: Uint8Array): Promise<void> {
  const entries = readContainer(bytes, { file: 'bench.hexlog' });
  const byName = new Map(entries.map((e) => [e.name, e]));
  const bodies = entries.filter((e) => !e.name.endsWith('.sig')).map((e) => {
    const body = parseJson(e.data, { canonical: true }) as Record<string, unknown>;
    return { e, body, hash: sha256Hex(e.data), sig: new TextDecoder().decode(byName.get(`${e.name}.sig`)!.data) };
  });
  const genesis = bodies.find((b) => b.e.name === 'genesis.json')!.body as unknown as GenesisBody;
  const keys = new Map<string, PublicKey>();
  for (const pl of genesis.players) keys.set(pl.side, await loadPublicKey(pl.publicKey));
  const signer = (b: Record<string, unknown>) => keys.get((b.author ?? b.side ?? b.creator) as string)!;
  await Promise.all(bodies.map((b) => verifyDetached(b.e.data, b.sig, signer(b.body))));
}

async function main(): Promise<void> {
  console.log(`Hexpost log benchmark: ${SEGMENTS.toLocaleString('en-US')} segments, ~${EVENTS.toLocaleString('en-US')} events, ${PIECES} pieces (best of ${RUNS})`);
  const t0 = performance.now();
  const fx = await benchLog(SEGMENTS, EVENTS, (n) => process.stdout.write(`\r  generating the log: ${n}/${SEGMENTS} segments`));
  if (fx.generated) console.log(`\n  generated in ${((performance.now() - t0) / 1000).toFixed(0)} s and cached at ${fx.path}`);
  else console.log(`  log: ${fx.path} (cached)`);
  const bytes = fx.bytes;
  const log0 = openLog(bytes, fx.path);
  const events = log0.segments.flatMap((s) => s.body.entries.flatMap((e) => e.events));
  console.log(`  ${log0.segments.length} segments, ${events.length.toLocaleString('en-US')} events, ${(bytes.byteLength / 2 ** 20).toFixed(2)} MB`);
  const blue = { side: 'blue', key: fx.keys.blue };

  // (a) and (b), interleaved so that both see the same machine.
  let tFloor = Infinity, tFull = Infinity, tFullViewer = Infinity, tOpen = Infinity;
  for (let i = 0; i < RUNS; i++) {
    tFloor = Math.min(tFloor, await best(1, () => floor(bytes)));
    tOpen = Math.min(tOpen, await best(1, async () => openLog(bytes, fx.path)));
    tFull = Math.min(tFull, await best(1, async () => verifyLog(openLog(bytes, fx.path))));
    tFullViewer = Math.min(tFullViewer, await best(1, async () => verifyLog(openLog(bytes, fx.path), { viewer: blue })));
  }
  console.log('');
  console.log(`(a) floor: inflate + parse + hash + signatures  ${ms(tFloor)}`);
  console.log(`    openLog alone (inflate + hash; no body parse)${ms(tOpen)}`);
  console.log(`(b) full verification (open + verify)           ${ms(tFull)}   ${(tFull / tFloor).toFixed(2)}× the floor (target: within 2×)`);
  console.log(`    as a player (blue's key: secrets, hand)     ${ms(tFullViewer)}   ${(tFullViewer / tFloor).toFixed(2)}× the floor`);

  // (c) Blue has verified the log (the cache is written); red sends one more segment.
  const home = await mkdtemp(join(tmpdir(), 'hexpost-bench-home-'));
  try {
    await verifyLogCached(log0, { viewer: blue, home });
    const red = await verifyLog(log0, { viewer: { side: 'red', key: fx.keys.red } });
    const session = new TurnSession(red, 'red', fx.keys.red);
    for (const line of TURN) session.apply(line);
    const next = writeContainer(logEntries((await session.seal('2026-11-30T09:00:00Z')).log));
    // the cache as it is after verifying the 2,000 segments, put back before each run
    const cacheDir = join(home, 'cache');
    const saved = await Promise.all((await readdir(cacheDir)).map(async (f) => [f, await readFile(join(cacheDir, f))] as const));
    let tResume = Infinity, tOpenNext = Infinity, resumedFrom: number | null = null;
    for (let i = 0; i < Math.max(RUNS, 5); i++) {
      for (const [f, data] of saved) await writeFile(join(cacheDir, f), data);
      const t1 = performance.now();
      const log = openLog(next, fx.path);
      const t2 = performance.now();
      const r = await verifyLogCached(log, { viewer: blue, home });
      const t3 = performance.now();
      resumedFrom = r.resumedFrom;
      tOpenNext = Math.min(tOpenNext, t2 - t1);
      tResume = Math.min(tResume, t3 - t2);
    }
    const tResumeOpen = tResume + tOpenNext;
    console.log(`(c) re-verification after one new segment      ${ms(tResume)}   (target: ≤ 50 ms; resumed after segment ${resumedFrom}; ${(tResume / tFull).toFixed(3)}× a full verification)`);
    console.log(`    with openLog of the new file first          ${ms(tResumeOpen)}   (openLog alone ${ms(tOpenNext).trim()}: inflating and hashing every entry, parsing the setup)`);

    // (e) A whole turn as `hexpost turn` does it, for red, whose tool verified the log before:
    // open the file, resume from his cache, apply commands, seal and sign, verify the new log in
    // memory as the opponent will, and make the bytes to write (the writing itself is left out).
    const redViewer = { side: 'red', key: fx.keys.red };
    await verifyLogCached(log0, { viewer: redViewer, home });
    const savedRed = await Promise.all((await readdir(cacheDir)).map(async (f) => [f, await readFile(join(cacheDir, f))] as const));
    let tTurn = Infinity, written = 0;
    for (let i = 0; i < Math.max(RUNS, 5); i++) {
      for (const [f, data] of savedRed) await writeFile(join(cacheDir, f), data);
      const t1 = performance.now();
      const { verified: v } = await verifyLogCached(openLog(bytes, fx.path), { viewer: redViewer, home });
      const turn = new TurnSession(v, 'red', fx.keys.red);
      for (const line of TURN) turn.apply(line);
      const { log } = await turn.seal('2026-11-30T09:00:00Z');
      await verifyLogCached(log, { viewer: redViewer, home });
      written = writeContainer(logEntries(log)).byteLength;
      tTurn = Math.min(tTurn, performance.now() - t1);
    }
    console.log(`(e) a whole turn, as \`hexpost turn\` makes it     ${ms(tTurn)}   (${(tTurn / tFloor).toFixed(2)}× the floor: open, resume, ${TURN.length} commands, seal, verify, ${(written / 1e6).toFixed(1)} MB of zip)`);
  } finally {
    await rm(home, { recursive: true, force: true });
  }

  // (d) Size: the .hexlog against gzip -6 of the same events, one canonical JSON event per line.
  const ndjson = events.map((e) => canonicalize(e)).join('\n') + '\n';
  const gz = gzipSync(Buffer.from(ndjson, 'utf8'), { level: 6 });
  const sigBytes = log0.segments.reduce((n, s) => n + s.signature.length, 0);
  console.log(`(d) log size ${(bytes.byteLength / 1024).toFixed(0)} KiB vs gzip -6 NDJSON of the events ${(gz.byteLength / 1024).toFixed(0)} KiB (plain NDJSON ${(ndjson.length / 1024).toFixed(0)} KiB): ${(bytes.byteLength / gz.byteLength).toFixed(2)}× (target: ≤ 1.0×)`);
  console.log(`    armored signatures alone: ${(sigBytes / 1024).toFixed(0)} KiB`);
}

await main();
