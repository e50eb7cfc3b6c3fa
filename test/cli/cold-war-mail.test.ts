// A Cold War 1985 game through turn mails only: the sample game's first segments (weather, events,
// air, the Warsaw Pact's manoeuvre with its ground combat, NATO's reply) played again by two
// players on two state folders, each turn sent with `send` and appended with `receive`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openLog } from '../../src/log/log-file.js';
import { ROOT } from '../helpers/module-files.js';
import { twoPlayers, type Table } from '../helpers/cli.js';

let t: Table;
const sample = openLog(new Uint8Array(readFileSync(join(ROOT, 'logs', 'cold-war-1985-sample.hexlog'))), 'sample');

beforeAll(async () => {
  t = await twoPlayers('cold-war-1985', sample.genesis.body.scenario, ['wp', 'nato'], ['Anna', 'Ben']);
}, 60_000);

describe('Cold War 1985 by turn mail', () => {
  it('plays the sample\'s segments up to its first ground combat and the reply that resolves it, every one carried by a small turn mail', async () => {
    // the combat is committed sealed in one segment and resolved by the opponent's reply
    const combat = sample.segments.findIndex((s) => s.body.entries.some((e) => e.command.startsWith('resolve ground-combat')));
    expect(combat).toBeGreaterThan(0);
    const segments = sample.segments.slice(0, combat + 2).map((s) => s.body);
    expect(segments.map((b) => b.author)).toEqual(segments.map((_, i) => (i % 2 ? 'nato' : 'wp')));
    for (const [i, b] of segments.entries()) {
      const me = b.author, you = me === 'wp' ? 'nato' : 'wp';
      const lines = b.entries.filter((e) => !e.void && e.command !== 'undo').map((e) => e.command)
        // a hidden event card the sample drew is another in this game (other keys draw it): its play is left out
        .filter((l) => !/^play \S+ as event/.test(l));
      const turn = await t.run(me, 'turn', t.log(me), '--key', t.key(me), '--script', t.file(me, `s${i + 1}.txt`, lines), '--yes');
      expect(turn.code, `${turn.out}${turn.err}`).toBe(0);
      const mail = join(t.dir, me, `s${i + 1}.mail`);
      expect((await t.run(me, 'send', t.log(me), '--key', t.key(me), '-o', mail)).code).toBe(0);
      const text = readFileSync(mail, 'utf8');
      expect(text).toContain(`Segments: ${i + 1}-${i + 1}`);
      expect(Buffer.byteLength(text)).toBeLessThanOrEqual(3072); // ≤ 3 KB (the sample's turns: 2.0–2.4 KB)
      const got = await t.run(you, 'receive', t.log(you), mail, '--key', t.key(you));
      expect(got.code, got.err).toBe(0);
      expect(got.out).toContain(`received segment ${i + 1}, verified`);
      if (lines.some((l) => l.startsWith('resolve ground-combat'))) expect(got.out).toMatch(/commits resolve ground-combat .* \(sealed: known with/);
      if (i === combat + 1) expect(got.out).toMatch(/· wp's roll #\d+ ground-combat: 1d10 → /);
    }
    expect(readFileSync(t.log('wp')).equals(readFileSync(t.log('nato')))).toBe(true);
  });
});
