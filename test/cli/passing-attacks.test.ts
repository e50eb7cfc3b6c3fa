// Attacks of a patched client on phases every side plays (`ends: "each"`, src/core/engine/passing.ts)
// and on the roll such a phase owes (procedure `owed`, owed-rolls.ts). The cheater signs whatever
// he likes with his own pinned key (test/helpers/patched-client.ts); the victim runs the stock
// command-line tool (`verify`, `receive`, `turn`) and the board page. Each test fails if the
// attack works: the victim's tool must refuse the segment and keep his copy as it was.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PrivateKey } from 'openpgp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GameEvent } from '../../src/core/engine/events.js';
import { NO_RANDOMNESS } from '../../src/core/engine/randomness.js';
import { copyState } from '../../src/core/engine/state.js';
import { Turn } from '../../src/core/engine/turn.js';
import { loadPrivateKey } from '../../src/log/keys.js';
import { openLog, type LogFile } from '../../src/log/log-file.js';
import type { VerifiedLog } from '../../src/log/verify.js';
import { pageHost } from '../../src/cli/board.js';
import { readLogFile } from '../../src/cli/log-io.js';
import { PageSession } from '../../src/web/page-session.js';
import { mailTurn, twoPlayers, type Table } from '../helpers/cli.js';
import { ROOT } from '../helpers/module-files.js';
import type { Output } from '../../src/cli/output.js';
import { cheat, expectRefused, forge } from '../helpers/patched-client.js';

/**
 * Skirmish with an orders phase first that both sides play and that ends when each has said next
 * (ours), in which red owes a fire roll; `strict`: the module's strict categories.
 */
function ordersModule(strict: string[] = []): string {
  const dir = mkdtempSync(join(tmpdir(), 'hexpost-orders-'));
  cpSync(join(ROOT, 'modules', 'skirmish'), dir, { recursive: true });
  const edit = (file: string, change: (json: any) => void) => {
    const json = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    change(json);
    writeFileSync(join(dir, file), JSON.stringify(json, null, 2));
  };
  edit('sequence.json', (s) => s.phases.unshift({ id: 'orders', name: 'Orders (both sides)', active: 'all', ends: 'each' }));
  edit('scenarios/meeting.json', (s) => { s.startPhase = 'orders'; });
  edit('tables.json', (t) => { t.procedures.find((p: { id: string }) => p.id === 'fire').owed = [{ phase: 'orders', side: 'red', rule: 'ours' }]; });
  edit('module.json', (m) => { m.rules.strict = strict; });
  return dir;
}

/** The events a tool with no side in its context (a referee's) gives for `line` here: what ends the phase at once. */
function sideless(v: VerifiedLog, line: string): GameEvent[] {
  const r = new Turn(v.game, copyState(v.state), {}, NO_RANDOMNESS).apply(line);
  if (!r.ok) throw r.error;
  return r.events;
}

const quiet: Output = { out: () => {}, err: () => {}, tty: false };
const read = (path: string): LogFile => openLog(new Uint8Array(readFileSync(path)), path);

describe('a phase both sides play, attacked by a patched client', () => {
  let t: Table;
  const keys: Record<string, PrivateKey> = {};
  const refused = (victim: string, log: LogFile, why: RegExp) => expectRefused(t, victim, log, why);

  beforeAll(async () => {
    t = await twoPlayers(ordersModule());
    for (const s of ['red', 'blue']) keys[s] = await loadPrivateKey(readFileSync(t.key(s), 'utf8'));
  }, 60_000);

  it('(a) a lone next that ends the phase for both is refused', async () => {
    const ends = await cheat(read(t.log('blue')), 'blue', keys.blue!, ({ v }) => {
      const events = sideless(v, 'next');
      expect(events[0]).toMatchObject({ type: 'phase-began', phase: 'red-move' });
      return { entries: [{ command: 'next', events }] };
    });
    await refused('red', ends, /segment 1 by blue: command 1 "next": logged event 1 \{"active":"red","phase":"red-move".* differs from what the rules give: \{"side":"blue","type":"passed"\}/);
    // nor as `next phase`
    const phase = await cheat(read(t.log('blue')), 'blue', keys.blue!, ({ v }) => ({ entries: [{ command: 'next phase', events: sideless(v, 'next phase') }] }));
    await refused('red', phase, /command 1 "next phase": logged event 1 \{"active":"red","phase":"red-move".* differs from what the rules give: \{"side":"blue","type":"passed"\}/);
  });

  it('(b) a pass forged for the opponent is refused, in the cheater\'s segment or in a segment he signs as the other', async () => {
    const forPassed = await cheat(read(t.log('blue')), 'blue', keys.blue!, () => ({
      entries: [{ command: 'next', events: [{ type: 'passed', side: 'red' }] }],
    }));
    await refused('red', forPassed, /command 1 "next": logged event 1 \{"side":"red","type":"passed"\} differs from what the rules give: \{"side":"blue","type":"passed"\}/);
    // his own pass, then the next that ends the phase as if red had passed too
    const both = await cheat(read(t.log('blue')), 'blue', keys.blue!, ({ v }) => ({
      entries: [{ command: 'next', events: [{ type: 'passed', side: 'blue' }] }, { command: 'next', events: sideless(v, 'next') }],
    }));
    await refused('red', both, /command 2 "next" is refused by the rules: blue has said next in this phase already; waiting for red to say next/);
    // a segment in red's name, signed with blue's own key
    const asRed = await forge(read(t.log('blue')), {
      author: 'red', epoch: 1, entries: [{ command: 'next', events: [{ type: 'passed', side: 'red' }] }], state: 'a'.repeat(64),
    }, keys.blue!);
    await refused('red', asRed, /segment 1: not signed by red's pinned key/);
  });

  it('(c) a pass while the side owes a roll carries its warning: dropping it is refused', async () => {
    // red owes the fire roll of the orders phase; his stock tool warns, as the rules do
    const silent = await cheat(read(t.log('red')), 'red', keys.red!, () => ({ entries: [{ command: 'next', events: [{ type: 'passed', side: 'red' }] }] }));
    await refused('blue', silent, /command 1 "next": logged event 1 \{"side":"red","type":"passed"\} differs from what the rules give: .*"code":"obligation".*must roll fire/);
  });

  it('(e) a side that has said next acts no more in the phase: his stock tool warns, a patched one that hides it is refused', async () => {
    // blue passes with the stock tool; red receives it
    expect((await t.run('blue', 'turn', t.log('blue'), '--key', t.key('blue'), '--script', t.file('blue', 'pass.txt', ['next']), '--yes')).code).toBe(0);
    expect((await mailTurn(t, 'blue', 'red')).out.split('\n')[0]).toMatch(/^your move \(Red still to say next, Blue said it: /);
    // ...then, having seen nothing he should not have, moves after all
    const moved = await cheat(read(t.log('blue')), 'blue', keys.blue!, ({ v }) => {
      const events = new Turn(v.game, copyState(v.state), { side: 'blue' }, NO_RANDOMNESS).apply('move blue-1 0807');
      if (!events.ok) throw events.error;
      return { entries: [{ command: 'move blue-1 0807', events: events.events.map(({ warnings: _, ...e }) => e as GameEvent) }] };
    });
    await refused('red', moved, /command 1 "move blue-1 0807": logged event 1 .* differs from what the rules give: .*"code":"turn","message":"blue has said next in this phase/);
    // the stock tool warns and records it, for everyone to see
    const late = await t.run('blue', 'turn', t.log('blue'), '--key', t.key('blue'), '--script', t.file('blue', 'late.txt', ['move blue-1 0807']), '--dry-run');
    expect(late.code, late.err).toBe(0);
    expect(late.out).toMatch(/⚠ blue has said next in this phase \(Orders \(both sides\)\): he acts no more in it/);
  });

  it('(c) the last next while a roll is owed ends the phase with the warning; hiding it is refused', async () => {
    const silent = await cheat(read(t.log('red')), 'red', keys.red!, ({ v }) => ({
      entries: [{ command: 'next', events: sideless(v, 'next').map(({ warnings: _, ...e }) => e as GameEvent) }],
    }));
    await refused('blue', silent, /command 1 "next": logged event 1 .* differs from what the rules give: .*"code":"obligation","message":"the phase cannot end before what the results ask is done: red: must roll fir/);
  });

  it('(d) the board page gives the same: a pass, a second next refused, an act after it warned', async () => {
    const fresh = await twoPlayers(ordersModule(['obligation']));
    process.env.HEXPOST_HOME = join(fresh.dir, 'home-red');
    const key = await loadPrivateKey(readFileSync(fresh.key('red'), 'utf8'));
    const page = await PageSession.open(fresh.log('red'), await readLogFile(fresh.log('red')), 'red', key, pageHost(quiet, 'red', key));
    // with obligations strict, red cannot pass while he owes the fire roll
    const owing = page.command('next');
    expect(owing).toMatchObject({ ok: false });
    expect(owing.error).toMatch(/the phase cannot end before what the results ask is done: red: must roll fire .*obligation is strict/);
    expect(page.command('resolve fire')).toMatchObject({ ok: true });
    expect(page.command('next')).toMatchObject({ ok: true, lines: [expect.stringMatching(/red says next/)] });
    expect(page.command('next').error).toMatch(/red has said next in this phase already; waiting for blue to say next/);
    const late = page.command('move red-1 0302');
    expect(late.warnings.join('; ')).toMatch(/red has said next in this phase \(Orders \(both sides\)\): he acts no more in it/);
  });
});
