// Two players, keys and a skirmish game, for log and protocol tests.
import { join } from 'node:path';
import type { PrivateKey } from 'openpgp';
import { canonicalBytes } from '../../src/core/canonical.js';
import { sha256Hex } from '../../src/core/hash.js';
import type { SegmentBody } from '../../src/core/protocol/bodies.js';
import { loadModule } from '../../src/export/load-module.js';
import { writeContainer } from '../../src/log/container.js';
import { loadPrivateKey, loadPublicKey, newKey } from '../../src/log/keys.js';
import { logEntries, openLog, type LogFile } from '../../src/log/log-file.js';
import { acceptGame, proposeGame } from '../../src/log/setup.js';
import { signDetached } from '../../src/log/signature.js';
import { TurnSession } from '../../src/log/turn-session.js';
import { verifyLog, type VerifiedLog } from '../../src/log/verify.js';
import { ROOT } from './module-files.js';

export interface Players { red: PrivateKey; blue: PrivateKey; redPublic: string; bluePublic: string; redPrivate: string; bluePrivate: string }

let cached: Players | undefined;
export async function players(): Promise<Players> {
  if (cached) return cached;
  const r = await newKey({ name: 'Red Player', email: 'red@example.org' });
  const b = await newKey({ name: 'Blue Player', email: 'blue@example.org' });
  cached = {
    red: await loadPrivateKey(r.privateKey), blue: await loadPrivateKey(b.privateKey),
    redPublic: r.publicKey, bluePublic: b.publicKey, redPrivate: r.privateKey, bluePrivate: b.privateKey,
  };
  return cached;
}

export function keyOf(p: Players, side: string): PrivateKey {
  return side === 'red' ? p.red : p.blue;
}

/** Writes and re-opens a log, as a file round trip would. */
export function roundtrip(log: LogFile): LogFile {
  return openLog(writeContainer(logEntries(log)), 'game.hexlog');
}

export async function newSkirmish(p: Players, module = 'skirmish'): Promise<LogFile> {
  const m = await loadModule(join(ROOT, 'modules', module));
  let log = await proposeGame({
    module: { id: m.data.id, version: m.data.version, hash: m.hash, raw: m.raw, sides: m.data.sides.map((s) => s.id), scenarios: m.data.scenarios.map((s) => s.id) },
    scenario: m.data.scenarios[0]!.id, side: 'red', key: p.red,
    opponents: [{ side: 'blue', key: await loadPublicKey(p.bluePublic) }], time: '2026-11-29T10:00:00Z',
  });
  log = await acceptGame({ ...log, file: 'game.hexlog' }, 'blue', p.blue, '2026-11-29T10:05:00Z');
  return roundtrip(log);
}

export async function verifyAs(log: LogFile, p: Players, side?: string): Promise<VerifiedLog> {
  return verifyLog(log, side ? { viewer: { side, key: keyOf(p, side) } } : {});
}

/** One turn by `side`: verifies, applies the lines (throwing on a refusal), seals. */
export async function playTurn(log: LogFile, p: Players, side: string, lines: string[], final = false): Promise<LogFile> {
  const v = await verifyAs(log, p, side);
  const s = new TurnSession(v, side, keyOf(p, side));
  lines.forEach((line, i) => {
    const r = s.apply(line, i + 1);
    if (!r.ok) throw r.error;
  });
  return roundtrip((await s.seal('2026-11-29T12:00:00Z', { final })).log);
}

/** A cheater's edit: change segment `seq`'s body and sign it again with its author's real key. */
export async function forge(log: LogFile, p: Players, seq: number, edit: (body: SegmentBody) => void): Promise<LogFile> {
  const segments = await Promise.all(log.segments.map(async (s) => {
    if (s.body.seq !== seq) return s;
    const body = structuredClone(s.body);
    edit(body);
    const bytes = canonicalBytes(body);
    return { ...s, body, bytes, hash: sha256Hex(bytes), signature: await signDetached(bytes, keyOf(p, body.author)) };
  }));
  return roundtrip({ ...log, segments });
}
