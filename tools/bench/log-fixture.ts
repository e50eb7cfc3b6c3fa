// The log benchmark's game: a real signed skirmish-style log of 2,000 segments and about 100,000
// events, written by two players alternating through TurnSession with real keys (moves,
// rotations, flips, markers, rolls, resolves, phases, and now and then an undo), on skirmish's
// board with 400 pieces. Generating it takes a minute or so; it is cached under the system's
// temp folder (with both players' keys) and reused by later runs.
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PrivateKey } from 'openpgp';
import { writeContainer } from '../../src/log/container.js';
import { benchModule, PIECES } from './bench-module.js';
export { benchModule, PIECES };
import { loadPrivateKey, loadPublicKey, newKey } from '../../src/log/keys.js';
import { logEntries, openLog, type LogFile } from '../../src/log/log-file.js';
import { acceptGame, proposeGame } from '../../src/log/setup.js';
import { TurnSession } from '../../src/log/turn-session.js';
import { continueVerification, verifyLog, type VerifiedLog } from '../../src/log/verify.js';

// the fixture's protocol: a new one (v2: sealed randomness) makes a new fixture
const FORMAT = 'v3';

export interface Fixture {
  path: string;
  bytes: Uint8Array;
  keys: { red: PrivateKey; blue: PrivateKey };
  generated: boolean;
}

/** One segment's command lines for `side`, from a deterministic generator, about `events` events. */
function commandsFor(v: VerifiedLog, side: string, session: TurnSession, next: (n: number) => number, events: number): void {
  const hex = v.game.board.hex!;
  const own = Object.keys(v.state.pieces).filter((id) => id.startsWith(`${side}-`));
  let count = 0;
  let guard = 0;
  while (count < events && guard++ < events * 20) {
    const state = session.turn.workingState; // read only (session.state would copy it)
    const piece = own[next(own.length)]!;
    const p = state.pieces[piece]!;
    const kind = next(100);
    let line: string;
    if (kind < 38) {
      const path: string[] = [];
      let at = p.location!;
      for (let k = 1 + next(3); k > 0; k--) { const ns = hex.neighbours(at); at = ns[next(ns.length)]!; path.push(at); }
      if (path.includes(p.location!)) continue;
      line = `move ${piece} ${path.join(' ')}`;
    } else if (kind < 56) line = `rotate ${piece} ${next(2) ? '+1' : '-1'}`;
    else if (kind < 64) line = `flip ${piece}`;
    else if (kind < 74) line = p.markers.length ? `unmark ${piece} disordered` : `mark ${piece} disordered`;
    else if (kind < 82) line = `roll 2d6 "morale"`;
    else if (kind < 92) line = `resolve fire range=-${1 + next(3)}${next(2) ? ' woods' : ''}`;
    else if (kind < 94) line = `undo`;
    else if (kind < 95) line = 'next';
    else line = `mark ${hex.neighbours(p.location!)[0]!} disordered`;
    const r = session.apply(line);
    if (r.ok) count += r.events.length;
  }
}

async function generate(segments: number, events: number, path: string, keysPath: string, progress: (n: number) => void): Promise<void> {
  const r = await newKey({ name: 'Red Bench', email: 'red@example.org' });
  const b = await newKey({ name: 'Blue Bench', email: 'blue@example.org' });
  const keys = { red: await loadPrivateKey(r.privateKey), blue: await loadPrivateKey(b.privateKey) };
  const m = benchModule();
  let log: LogFile = await proposeGame({
    module: { id: m.data.id, version: m.data.version, hash: m.hash, raw: m.raw, sides: m.data.sides.map((s) => s.id), scenarios: m.data.scenarios.map((s) => s.id) },
    scenario: m.data.scenarios[0]!.id, side: 'red', key: keys.red,
    opponents: [{ side: 'blue', key: await loadPublicKey(b.publicKey) }], time: '2026-11-29T10:00:00Z',
  });
  log = await acceptGame({ ...log, file: path }, 'blue', keys.blue, '2026-11-29T10:05:00Z');
  log = openLog(writeContainer(logEntries(log)), path);
  const views: Record<string, VerifiedLog> = {
    red: await verifyLog(log, { viewer: { side: 'red', key: keys.red } }),
    blue: await verifyLog(log, { viewer: { side: 'blue', key: keys.blue } }),
  };
  let x = 12345;
  const next = (n: number) => { x = (Math.imul(x, 1103515245) + 12345) >>> 0; return (x >>> 8) % n; };
  const perSegment = Math.round(events / segments);
  for (let seq = 1; seq <= segments; seq++) {
    const side = seq % 2 ? 'red' : 'blue';
    const session = new TurnSession(views[side]!, side, keys[side as 'red' | 'blue']);
    commandsFor(views[side]!, side, session, next, perSegment);
    const minute = String(seq % 60).padStart(2, '0');
    log = (await session.seal(`2026-11-29T12:${minute}:00Z`)).log;
    for (const s of ['red', 'blue']) views[s] = await continueVerification(views[s]!, log);
    if (seq % 100 === 0) progress(seq);
  }
  await writeFile(path, writeContainer(logEntries(log)));
  await writeFile(keysPath, JSON.stringify({ red: r.privateKey, blue: b.privateKey }));
}

/** The cached fixture, generated on first use. */
export async function benchLog(segments: number, events: number, progress: (n: number) => void = () => {}): Promise<Fixture> {
  const dir = join(tmpdir(), 'hexpost-bench-log');
  await mkdir(dir, { recursive: true });
  const base = join(dir, `skirmish${PIECES}-${segments}x${events}-${FORMAT}`);
  const path = `${base}.hexlog`, keysPath = `${base}.keys.json`;
  let generated = false;
  if (!existsSync(path) || !existsSync(keysPath)) {
    await generate(segments, events, `${path}.tmp`, `${keysPath}.tmp`, progress);
    const { rename } = await import('node:fs/promises');
    await rename(`${keysPath}.tmp`, keysPath);
    await rename(`${path}.tmp`, path);
    generated = true;
  }
  const k = JSON.parse(await readFile(keysPath, 'utf8')) as { red: string; blue: string };
  return { path, bytes: new Uint8Array(await readFile(path)), keys: { red: await loadPrivateKey(k.red), blue: await loadPrivateKey(k.blue) }, generated };
}
