// tools/spec-check against `hexpost verify` on a sealed roll whose procedure's `requires` do not hold:
// the basic rules' melee after a hit of interception fire (9.1 "如果命中，被命中的单位必须停止冲击": the
// result marks the charging unit `out-of-melee` and `fought`), rolled anyway. The engine records the
// breach as `prohibited` warnings on the `sealed` event; the second verifier, which does not evaluate
// `requires` (as it does not evaluate a modifier's `when`), refused them: it gave the sealed event
// without warnings. It now takes them from the log and checks that each is one of the procedure's
// requirements; a forged log that drops them is refused by hexpost verify, which executes the command again.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PrivateKey } from 'openpgp';
import { describe, expect, it } from 'vitest';
import { loadModule } from '../../src/export/load-module.js';
import { writeContainer } from '../../src/log/container.js';
import { loadPublicKey } from '../../src/log/keys.js';
import { logEntries, type LogFile } from '../../src/log/log-file.js';
import { acceptGame, proposeGame } from '../../src/log/setup.js';
import { TurnSession } from '../../src/log/turn-session.js';
import { verifyLog } from '../../src/log/verify.js';
import { players, roundtrip } from '../helpers/game.js';
import { canonicalBytes } from '../../src/core/canonical.js';
import { sha256Hex } from '../../src/core/hash.js';
import type { SegmentBody } from '../../src/core/protocol/bodies.js';
import { signDetached } from '../../src/log/signature.js';
import { ROOT } from '../helpers/module-files.js';

const CHECK = join(ROOT, 'tools', 'spec-check', 'check.mjs');
const dir = mkdtempSync(join(tmpdir(), 'hexpost-spec-requires-'));

function specCheck(file: string): { ok: boolean; message?: string; seq?: number } {
  let out: string;
  try { out = execFileSync(process.execPath, [CHECK, '--json', file], { encoding: 'utf8' }); } catch (e) { out = (e as { stdout: string }).stdout; }
  const r = JSON.parse(out.trim()) as { ok: boolean; error?: { seq: number; message: string } };
  return { ok: r.ok, message: r.error?.message, seq: r.error?.seq };
}

async function turn(log: LogFile, keys: Record<string, PrivateKey>, side: string, lines: string[]): Promise<LogFile> {
  const v = await verifyLog(log, { viewer: { side, key: keys[side]! } });
  const s = new TurnSession(v, side, keys[side]!);
  lines.forEach((line, i) => { const r = s.apply(line, i + 1); if (!r.ok) throw r.error; });
  return roundtrip((await s.seal('2026-11-29T12:00:00Z')).log);
}

/** A cheater's edit of segment `seq`, signed again with its author's real key. */
async function forge(log: LogFile, keys: Record<string, PrivateKey>, seq: number, edit: (b: SegmentBody) => void): Promise<LogFile> {
  const segments = await Promise.all(log.segments.map(async (x) => {
    if (x.body.seq !== seq) return x;
    const body = structuredClone(x.body);
    edit(body);
    const bytes = canonicalBytes(body);
    return { ...x, body, bytes, hash: sha256Hex(bytes), signature: await signDetached(bytes, keys[body.author]!) };
  }));
  return roundtrip({ ...log, segments });
}

describe('spec-check and the engine on a melee rolled after interception fire stopped the charge (9.1, 9.4, 7.2)', () => {
  it('both accept the sealed melee with its prohibited warnings; a copy without them or with an invented one is refused', async () => {
    const p = await players();
    const keys = { french: p.red, coalition: p.blue };
    const m = await loadModule(join(ROOT, 'modules', 'napoleon-basic'));
    let log = await proposeGame({
      module: { id: m.data.id, version: m.data.version, hash: m.hash, raw: m.raw, sides: m.data.sides.map((s) => s.id), scenarios: m.data.scenarios.map((s) => s.id) },
      scenario: 'austerlitz', side: 'french', key: p.red, opponents: [{ side: 'coalition', key: await loadPublicKey(p.bluePublic) }], time: '2026-11-29T10:00:00Z',
    });
    log = roundtrip(await acceptGame({ ...log, file: 'game.hexlog' }, 'coalition', p.blue, '2026-11-29T10:05:00Z'));
    // Legrand next to Kienmayer's cavalry (0714 beside 0814), which charges him (9.9: a note declares it)
    log = await turn(log, keys, 'french', ['move fr-legrand 0514 0614 0714']);
    const CAV = 'al-kienmayer-cav', INF = 'fr-legrand';
    let hit = false;
    for (let i = 0; i < 30 && !hit; i++) {
      log = await turn(log, keys, 'coalition', [`note "${CAV} charges ${INF}"`]);
      log = await turn(log, keys, 'french', [`resolve interception-fire firer=${INF} enemy=${CAV}`]);
      const last = log.segments.length;
      log = await turn(log, keys, 'coalition', [`resolve melee unit=${CAV} defender=${INF} charging=${CAV}`]);
      hit = (log.segments[last]!.body.resolutions ?? []).some((e) => e.type === 'marked' && e.target === CAV && e.marker === 'out-of-melee');
    }
    expect(hit).toBe(true);
    const seg = log.segments.at(-1)!.body;
    const sealed = seg.entries[0]!.events[0] as { type: string; warnings?: { code: string; message: string }[] };
    expect(sealed.type).toBe('sealed');
    expect(sealed.warnings?.map((w) => w.message).join(' | ')).toMatch(/^melee: this unit is out of the melee: stopped by interception fire \(9\.1\)/);
    log = await turn(log, keys, 'french', ['note "the charge was stopped"']);
    const file = join(dir, 'melee-after-interception.hexlog');
    writeFileSync(file, writeContainer(logEntries(log)));
    await verifyLog(log, {});
    const mine = specCheck(file);
    expect(mine.ok, mine.message).toBe(true);
    // a patched client drops the warnings from its signed segment: the engine, executing the command
    // again, gives them back and refuses the copy; the second verifier takes them from the log (its README)
    const dropped = await forge(log, keys, seg.seq, (b) => { delete (b.entries[0]!.events[0] as { warnings?: unknown }).warnings; });
    await expect(verifyLog(dropped, {})).rejects.toThrow(/events differ|gives|logged/);
    // one that invents a warning no requirement of the procedure gives is refused by both
    const invented = await forge(log, keys, seg.seq, (b) => {
      (b.entries[0]!.events[0] as { warnings: { code: string; message: string }[] }).warnings.push({ code: 'prohibited', message: 'melee: the moon is full' });
    });
    await expect(verifyLog(invented, {})).rejects.toThrow();
    const ffile = join(dir, 'melee-invented.hexlog');
    writeFileSync(ffile, writeContainer(logEntries(invented)));
    const mine2 = specCheck(ffile);
    expect(mine2.ok).toBe(false);
    expect(mine2.seq).toBe(seg.seq);
    expect(mine2.message).toMatch(/none the docs give a sealed resolve/);
  }, 240_000);
});
