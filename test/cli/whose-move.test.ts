// Whose move it is: the first line of show, turn, play, board and verify; in a phase both sides play
// (Paths of Glory's mandatory offensive, §2 "双方各掷一次骰子") each says next and the line names who
// still has to; sealing while still the only active side is asked about (refused with no one to ask,
// unless --yes), and a side that has said next is not active.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailTurn, twoPlayers, type Table } from '../helpers/cli.js';

let t: Table;

beforeAll(async () => {
  t = await twoPlayers('paths-of-glory', '1914', ['cp', 'ap'], ['Anna', 'Ben']);
});

const AR1_CP = 'turn 1, action round 1: Central Powers';
const MO = 'turn 1, mandatory offensive phase (both roll';

/** Passes cp's copy to ap (or back) as a turn mail. */
const mail = async (from: string, to: string) => (await mailTurn(t, from, to)).out.split('\n')[0]!;

describe('the whose-move line', () => {
  it('show and verify start with it, for each player (a phase where both act, first)', async () => {
    const cp = await t.run('cp', 'show', t.log('cp'), '--key', t.key('cp'));
    expect(cp.code, cp.err).toBe(0);
    expect(cp.out.split('\n')[0]).toMatch(/^your move \(Central Powers and Allied Powers still to say next: turn 1, mandatory offensive phase \(both roll/);
    const anyone = await t.run('ap', 'verify', t.log('ap'));
    expect(anyone.out.split('\n')[0]).toMatch(/^Anna and Ben to move \(Central Powers and Allied Powers still to say next: turn 1, mandatory offensive phase/);
  });

  it('in a phase both play, one side\'s next does not end it, his second is refused, the other\'s ends it', async () => {
    const before = readFileSync(t.log('cp'));
    const twice = await t.run('cp', 'turn', t.log('cp'), '--key', t.key('cp'), '--script', t.file('cp', 'twice.txt', ['next', 'next']));
    expect(twice.code).toBe(1);
    expect(twice.err).toMatch(/cp has said next in this phase already; waiting for ap to say next/);
    expect(readFileSync(t.log('cp')).equals(before)).toBe(true);
    // the Central Powers say next: no "still the active side" question, the phase goes on
    const once = await t.run('cp', 'turn', t.log('cp'), '--key', t.key('cp'), '--script', t.file('cp', 'once.txt', ['next']));
    expect(once.code, once.err).toBe(0);
    expect(once.err).toBe('');
    const shown = await t.run('cp', 'show', t.log('cp'), '--key', t.key('cp'), '--json');
    expect(JSON.parse(shown.out).whoseMove).toBe(`waiting for Ben (Allied Powers still to say next, Central Powers said it: ${MO.replace(' (both roll', '')} (both roll; unmet: CP -1 VP, AP +1 VP))`);
    // having said next, he is not to move: another segment now would be out of turn
    const again = await t.run('cp', 'turn', t.log('cp'), '--key', t.key('cp'), '--script', t.file('cp', 'again.txt', ['note "more"']));
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/it is not your move \(Allied Powers, turn 1, mandatory offensive phase/);
    expect(await mail('cp', 'ap')).toMatch(/^your move \(Allied Powers still to say next, Central Powers said it: turn 1, mandatory offensive phase/);
    const ap = await t.run('ap', 'turn', t.log('ap'), '--key', t.key('ap'), '--script', t.file('ap', 'mo.txt', ['next']));
    expect(ap.code, ap.err).toBe(0);
    expect(ap.err).toBe('');
    expect(await mail('ap', 'cp')).toBe(`your move (Central Powers, ${AR1_CP})`);
  });

  it('sealing while still the only active side is refused with no one to ask, and nothing is written', async () => {
    const before = readFileSync(t.log('cp'));
    const r = await t.run('cp', 'turn', t.log('cp'), '--key', t.key('cp'), '--script', t.file('cp', 'ar.txt', ['note "Liège first"']));
    expect(r.code).toBe(1);
    expect(r.out.split('\n')[0]).toBe(`your move (Central Powers, ${AR1_CP})`);
    expect(r.err).toContain(`you are still the active side (Central Powers, ${AR1_CP}): your opponent cannot move until you pass the move on with \`next\`; nothing was written. End with \`next\`, or give --yes to seal anyway`);
    expect(readFileSync(t.log('cp')).equals(before)).toBe(true);
  });

  it('--yes seals anyway, with a note; a turn that passes the move on needs nothing', async () => {
    const yes = await t.run('cp', 'turn', t.log('cp'), '--key', t.key('cp'), '--script', t.file('cp', 'a.txt', ['note "Liège first"']), '--yes');
    expect(yes.code, yes.err).toBe(0);
    expect(yes.err).toMatch(/note: you are still the active side .*\(sealed anyway: --yes\)/);
    const turn = await t.run('cp', 'turn', t.log('cp'), '--key', t.key('cp'), '--script', t.file('cp', 'b.txt', ['note "then Namur"', 'next']));
    expect(turn.code, turn.err).toBe(0);
    expect(turn.out.split('\n')[0]).toBe(`your move (Central Powers, ${AR1_CP})`);
    expect(turn.err).toBe('');
    const file = t.file('cp', 'mail.txt', []);
    expect((await t.run('cp', 'send', t.log('cp'), '--key', t.key('cp'), '-o', file)).code).toBe(0);
    expect(readFileSync(file, 'utf8')).toMatch(/^Subject: Hexpost: Paths of Glory \(Hexpost module\) [0-9a-f]{8} — turn 1, action round 1: Allied Powers \(segments 3-4, Central Powers\)\n/);
    const got = await t.run('ap', 'receive', t.log('ap'), file, '--key', t.key('ap'));
    expect(got.code, got.err).toBe(0);
    expect(got.out.split('\n')[0]).toBe('your move (Allied Powers, turn 1, action round 1: Allied Powers)');
    const cp = await t.run('cp', 'show', t.log('cp'), '--key', t.key('cp'), '--json');
    expect(JSON.parse(cp.out).whoseMove).toBe('waiting for Ben (Allied Powers, turn 1, action round 1: Allied Powers)');
  });
});
