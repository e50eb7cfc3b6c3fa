// The log benchmark's game: a real signed skirmish-style log of 2,000 segments and about 100,000
// events, written by two players alternating through TurnSession with real keys (moves,
// rotations, flips, markers, rolls, resolves, phases, and now and then an undo), on skirmish's
// board with 400 pieces. Generating it takes a minute or so; it is cached under the system's
// temp folder (with both players' keys) and reused by later runs.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { PrivateKey } from 'openpgp';
import { assembleModule, moduleHash, validateModuleData } from '../../src/core/module/assemble.js';
import type { ModuleData } from '../../src/core/module/schema.js';
import { writeContainer } from '../../src/log/container.js';
import { loadPrivateKey, loadPublicKey, newKey } from '../../src/log/keys.js';
import { logEntries, openLog, type LogFile } from '../../src/log/log-file.js';
import { acceptGame, proposeGame } from '../../src/log/setup.js';
import { TurnSession } from '../../src/log/turn-session.js';
import { continueVerification, verifyLog, type VerifiedLog } from '../../src/log/verify.js';

export const PIECES = 400;
const FORMAT = 'v1';

export interface Fixture {
  path: string;
  bytes: Uint8Array;
  keys: { red: PrivateKey; blue: PrivateKey };
  generated: boolean;
}

function moduleFiles(root: string, dir = root, out = new Map<string, string>()): Map<string, string> {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) moduleFiles(root, p, out);
    else out.set(relative(root, p).split('\\').join('/'), readFileSync(p, 'utf8'));
  }
  return out;
}

/** skirmish's data with 400 pieces spread over its board, markers allowed on hexes, and no end. */
export function benchModule(): { raw: Record<string, unknown>; data: ModuleData; hash: string } {
  const a = assembleModule(moduleFiles(join(process.cwd(), 'modules/skirmish')));
  if (!a.data) throw new Error('modules/skirmish does not load (run from the repository root)');
  const raw = structuredClone(a.raw) as Record<string, unknown> & {
    pieces: unknown[]; scenarios: { setup: unknown[] }[]; markerTypes: { on: string[] }[]; sequence: { lastTurn: number }; id: string; version: string;
  };
  const labels: string[] = [];
  for (let c = 1; c <= 10; c++) for (let r = 1; r <= 10; r++) labels.push(`${String(c).padStart(2, '0')}${String(r).padStart(2, '0')}`);
  raw.pieces = [];
  raw.scenarios[0]!.setup = [];
  for (let i = 0; i < PIECES; i++) {
    const side = i % 2 ? 'blue' : 'red';
    const id = `${side}-${i}`;
    raw.pieces.push({ id, type: 'infantry', side });
    raw.scenarios[0]!.setup.push({ piece: id, at: labels[(i * 37) % labels.length]!, face: 'line', facing: 0 });
  }
  raw.markerTypes[0]!.on = ['piece', 'hex'];
  raw.sequence.lastTurn = 1_000_000;
  raw.version = '1.0.0-bench';
  const v = validateModuleData(raw);
  if (!v.data) throw new Error(`the bench module is invalid: ${v.issues.map((i) => i.message).slice(0, 3).join('; ')}`);
  return { raw: v.raw, data: v.data, hash: moduleHash(v.raw) };
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
