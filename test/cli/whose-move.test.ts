// Whose move it is: the first line of show, turn, play, board and verify; sealing while still the
// only active side is asked about (refused with no one to ask, unless --yes).
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { twoPlayers, type Table } from '../helpers/cli.js';

let t: Table;

beforeAll(async () => {
  t = await twoPlayers('paths-of-glory', '1914', ['cp', 'ap'], ['Anna', 'Ben']);
});

const AR1_CP = 'turn 1, action round 1: Central Powers';

describe('the whose-move line', () => {
  it('show and verify start with it, for each player (a phase where both act, first)', async () => {
    const cp = await t.run('cp', 'show', t.log('cp'), '--key', t.key('cp'));
    expect(cp.code, cp.err).toBe(0);
    expect(cp.out.split('\n')[0]).toMatch(/^your move \(Central Powers and Allied Powers all act: turn 1, mandatory offensive phase \(both roll/);
    const anyone = await t.run('ap', 'verify', t.log('ap'));
    expect(anyone.out.split('\n')[0]).toMatch(/^Anna and Ben to move \(Central Powers and Allied Powers, turn 1, mandatory offensive phase/);
  });

  it('sealing while still the only active side is refused with no one to ask, and nothing is written', async () => {
    const before = readFileSync(t.log('cp'));
    const r = await t.run('cp', 'turn', t.log('cp'), '--key', t.key('cp'), '--script', t.file('cp', 'mo.txt', ['next']));
    expect(r.code).toBe(1);
    expect(r.out.split('\n')[0]).toMatch(/^your move \(Central Powers and Allied Powers all act/);
    expect(r.err).toContain(`you are still the active side (Central Powers, ${AR1_CP}): your opponent cannot move until you pass the move on with \`next\`; nothing was written. End with \`next\`, or give --yes to seal anyway`);
    expect(readFileSync(t.log('cp')).equals(before)).toBe(true);
  });

  it('--yes seals anyway, with a note; a turn that passes the move on needs nothing', async () => {
    const yes = await t.run('cp', 'turn', t.log('cp'), '--key', t.key('cp'), '--script', t.file('cp', 'a.txt', ['next']), '--yes');
    expect(yes.code, yes.err).toBe(0);
    expect(yes.err).toMatch(/note: you are still the active side .*\(sealed anyway: --yes\)/);
    const turn = await t.run('cp', 'turn', t.log('cp'), '--key', t.key('cp'), '--script', t.file('cp', 'b.txt', ['note "Liège first"', 'next']));
    expect(turn.code, turn.err).toBe(0);
    expect(turn.out.split('\n')[0]).toBe(`your move (Central Powers, ${AR1_CP})`);
    expect(turn.err).toBe('');
    const mail = t.file('cp', 'mail.txt', []);
    expect((await t.run('cp', 'send', t.log('cp'), '--key', t.key('cp'), '-o', mail)).code).toBe(0);
    expect(readFileSync(mail, 'utf8')).toMatch(/^Subject: Hexpost: Paths of Glory \(Hexpost module\) [0-9a-f]{8} — turn 1, action round 1: Allied Powers \(segments 1-2, Central Powers\)\n/);
    const got = await t.run('ap', 'receive', t.log('ap'), mail, '--key', t.key('ap'));
    expect(got.code, got.err).toBe(0);
    expect(got.out.split('\n')[0]).toBe('your move (Allied Powers, turn 1, action round 1: Allied Powers)');
    const cp = await t.run('cp', 'show', t.log('cp'), '--key', t.key('cp'), '--json');
    expect(JSON.parse(cp.out).whoseMove).toBe('waiting for Ben (Allied Powers, turn 1, action round 1: Allied Powers)');
  });
});
