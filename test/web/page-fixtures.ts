// Games, keys on disk, and a board page served for them: what the page tests share.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pageHost } from '../../src/cli/board.js';
import { loadModule } from '../../src/export/load-module.js';
import { loadPublicKey } from '../../src/log/keys.js';
import { acceptGame, proposeGame } from '../../src/log/setup.js';
import { readLogFile, sideOfKey, writeLogFile } from '../../src/cli/log-io.js';
import type { Output } from '../../src/cli/output.js';
import { TurnSession } from '../../src/log/turn-session.js';
import { verifyLog } from '../../src/log/verify.js';
import { PageSession } from '../../src/web/page-session.js';
import { startBoardServer, type BoardServer } from '../../src/web/server.js';
import { keyOf, players, roundtrip, type Players } from '../helpers/game.js';
import { ROOT } from '../helpers/module-files.js';
import type { LogFile } from '../../src/log/log-file.js';

/** A fresh state folder (fork memory), as on another machine; tests never touch ~/.hexpost. */
export function freshHome(): string {
  return (process.env.HEXPOST_HOME = mkdtempSync(join(tmpdir(), 'hexpost-home-')));
}
freshHome();

export const quiet: Output = { out: () => {}, err: () => {}, tty: false };

/** A started game of any module folder: its first side plays the red test key, the second the blue one. */
export async function newGame(p: Players, moduleDir: string): Promise<{ log: LogFile; sides: [string, string] }> {
  const m = await loadModule(moduleDir);
  const [a, b] = m.data.sides.map((s) => s.id) as [string, string];
  let log = await proposeGame({
    module: { id: m.data.id, version: m.data.version, hash: m.hash, raw: m.raw, sides: m.data.sides.map((s) => s.id), scenarios: m.data.scenarios.map((s) => s.id) },
    scenario: m.data.scenarios[0]!.id, side: a, key: p.red,
    opponents: [{ side: b, key: await loadPublicKey(p.bluePublic) }], time: '2026-11-29T10:00:00Z',
  });
  log = await acceptGame({ ...log, file: 'game.hexlog' }, b, p.blue, '2026-11-29T10:05:00Z');
  return { log: roundtrip(log), sides: [a, b] };
}

/** Writes the log and the player's key into a fresh folder, as a player would have them. */
export async function onDisk(p: Players, log: LogFile, keySide: 'red' | 'blue'): Promise<{ dir: string; logPath: string; keyPath: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'hexpost-board-'));
  const logPath = join(dir, 'game.hexlog');
  const keyPath = join(dir, `${keySide}.key`);
  await writeLogFile(logPath, log);
  writeFileSync(keyPath, keySide === 'red' ? p.redPrivate : p.bluePrivate);
  return { dir, logPath, keyPath };
}

/** The page for a log on disk, as `hexpost board` serves it. */
export async function servePage(logPath: string, p: Players, keySide: 'red' | 'blue'): Promise<{ server: BoardServer; session: PageSession }> {
  const key = keyOf(p, keySide);
  const log = await readLogFile(logPath);
  const side = sideOfKey(log, key);
  const session = await PageSession.open(logPath, log, side, key, pageHost(quiet, side, key));
  const server = await startBoardServer(session);
  return { server, session };
}

/** A copy of skirmish grown to `columns`×`rows` hexes with `count` counters spread over it. */
export function bigSkirmish(columns: number, rows: number, count: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'hexpost-big-'));
  cpSync(join(ROOT, 'modules', 'skirmish'), dir, { recursive: true });
  const label = (c: number, r: number) => `${String(c).padStart(3, '0')}${String(r).padStart(3, '0')}`;
  writeFileSync(join(dir, 'boards', 'field.json'), JSON.stringify({
    id: 'field', name: 'A large field', kind: 'hex', orientation: 'flat', shifted: 'even',
    sections: [{ id: 'main', origin: [0, 0], columns, rows, label: { pattern: '{c:3}{r:3}' } }],
    terrain: { default: 'clear', hexes: { woods: Array.from({ length: rows }, (_, r) => label(7 + (r % 5), r + 1)) } },
    hexsides: { stream: [`${label(3, 3)}|${label(3, 4)}`] },
    roads: [{ type: 'road', path: Array.from({ length: rows }, (_, r) => label(5, r + 1)) }],
  }));
  const pieces = Array.from({ length: count }, (_, i) => ({ id: `p${i}`, type: 'infantry', side: i % 2 ? 'blue' : 'red', name: `Unit ${i}` }));
  // skirmish's own piece and marker types: its rules name them (guns, hits, ammo, faced-about, smoke…)
  const own = JSON.parse(readFileSync(join(ROOT, 'modules', 'skirmish', 'pieces.json'), 'utf8'));
  const types = { pieceTypes: own.pieceTypes, markerTypes: own.markerTypes };
  writeFileSync(join(dir, 'pieces.json'), JSON.stringify({ ...types, pieces }));
  // Every 7th hex holds a counter; every 5th counter joins the one before it in a stack.
  let hex = 0;
  const setup = pieces.map((piece, i) => {
    if (i % 5 !== 4) hex += 7;
    const c = (hex % columns) + 1, r = Math.floor(hex / columns) % rows + 1;
    return { piece: piece.id, at: label(c, r), face: i % 3 ? 'line' : 'column', facing: i % 6 };
  });
  writeFileSync(join(dir, 'scenarios', 'meeting.json'), JSON.stringify({ id: 'meeting', name: 'Meeting engagement', board: 'field', firstTurn: 1, startPhase: 'red-move', setup }));
  // the village scenario's pieces are gone: keep it (its board carries skirmish's control rules), empty
  writeFileSync(join(dir, 'scenarios', 'village.json'), JSON.stringify({ id: 'village', name: 'The village', board: 'village' }));
  return dir;
}

export { players };

/** One sealed turn of a Paths of Glory game: cp plays the red test key, ap the blue one. */
export async function pogTurn(log: LogFile, p: Players, side: 'cp' | 'ap', lines: string[]): Promise<LogFile> {
  const key = side === 'cp' ? p.red : p.blue;
  const s = new TurnSession(await verifyLog(log, { viewer: { side, key } }), side, key);
  lines.forEach((line, i) => { const r = s.apply(line, i + 1); if (!r.ok) throw r.error; });
  return roundtrip((await s.seal('2026-11-29T12:00:00Z')).log);
}
