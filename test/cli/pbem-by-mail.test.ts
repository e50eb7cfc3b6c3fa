// Issue 17's "done means": two players on two state folders (HEXPOST home dirs) play a Paths of
// Glory action round and a Cold War 1985 combat phase through turn mails only (send → file →
// receive), each with a take-back both sign and an out-of-turn attempt that is refused, and catch
// up with replay --since-mine before they play.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openLog } from '../../src/log/log-file.js';
import { ROOT } from '../helpers/module-files.js';
import { mailTurn, twoPlayers, type Run, type Table } from '../helpers/cli.js';

const ok = (r: Run): Run => { expect(r.code, `${r.out}${r.err}`).toBe(0); return r; };
let mails = 0;

/** A turn from a script on the player's own copy. */
const turn = (t: Table, side: string, lines: string[], ...extra: string[]) =>
  t.run(side, 'turn', t.log(side), '--key', t.key(side), '--script', t.file(side, `script-${++mails}.txt`, lines), ...extra);

/** send → a file in the sender's folder → receive on the other copy; returns receive's result. */
async function mail(t: Table, from: string, to: string): Promise<Run> {
  const got = await mailTurn(t, from, to);
  const file = got.mail;
  // small: about 2 KB a segment, however long the game (the figures are tools/bench's business)
  const text = readFileSync(file, 'utf8');
  const [, a, b] = /Segments: (\d+)-(\d+)/.exec(text)!;
  expect(Buffer.byteLength(text)).toBeLessThanOrEqual(3072 * (Number(b) - Number(a) + 1));
  return got;
}

const same = (t: Table, a: string, b: string) => expect(readFileSync(t.log(a)).equals(readFileSync(t.log(b)))).toBe(true);

describe('Paths of Glory by turn mail: an action round, a take-back, an out-of-turn attempt', () => {
  let t: Table;
  beforeAll(async () => { t = await twoPlayers('paths-of-glory', '1914', ['cp', 'ap'], ['Anna', 'Ben']); }, 60_000);

  it('plays the mandatory offensives and the first action round of both sides', async () => {
    // the mandatory offensive phase: both draw and roll, sealed; it ends when each has said next (§2 "双方各掷一次骰子")
    ok(await turn(t, 'cp', ['draw cp-strategy 7', 'resolve mandatory-offensive-cp', 'next']));
    ok(await mail(t, 'cp', 'ap'));
    ok(await turn(t, 'ap', ['draw ap-strategy 7', 'resolve mandatory-offensive-ap', 'next']));
    const toCp = await mail(t, 'ap', 'cp');
    expect(toCp.out.split('\n')[0]).toBe('your move (Central Powers, turn 1, action round 1: Central Powers)');

    // out of turn: the Allies' player tries to play on while the Central Powers are to move
    const before = readFileSync(t.log('ap'));
    const early = await turn(t, 'ap', ['note "Liège holds"']);
    expect(early.code).toBe(1);
    expect(early.out.split('\n')[0]).toBe('waiting for Anna (Central Powers, turn 1, action round 1: Central Powers)');
    expect(early.err).toMatch(/it is not your move \(Central Powers, turn 1, action round 1: Central Powers\) and nothing of yours is awaited: this segment would be played out of turn; nothing was written/);
    expect(readFileSync(t.log('ap')).equals(before)).toBe(true);

    // a slip: the attack marker on the wrong space; sent, then taken back by agreement
    ok(await turn(t, 'cp', ['mark liege activated-attack'], '--yes'));
    const proposed = ok(await t.run('cp', 'takeback', t.log('cp'), '--to', '2', '--key', t.key('cp')));
    expect(proposed.out).toContain('  segment 3 by cp: mark liege activated-attack');
    const asked = await mail(t, 'cp', 'ap');
    expect(asked.out.split('\n')[0]).toBe('your answer: Anna proposes to take back segment 3 (hexpost takeback --accept or --decline)');
    ok(await t.run('ap', 'takeback', t.log('ap'), '--accept', '--key', t.key('ap')));
    const agreed = await mail(t, 'ap', 'cp');
    expect(agreed.out).toContain('take-back agreed: segment 3 voided');
    expect(agreed.out.split('\n')[0]).toBe('your move (Central Powers, turn 1, action round 1: Central Powers)');
    const shown = JSON.parse(ok(await t.run('cp', 'show', t.log('cp'), '--key', t.key('cp'), '--json')).out);
    expect(shown.markers.liege ?? []).not.toContain('activated-attack');
    expect(shown.takebacks.voided).toEqual([3]);
    // the cards drawn stay drawn: the voided segment's resolutions (the reply's outcomes, the
    // commitment to the cards) stand, so the hand is the one the draw gave
    const card = shown.hand.cards.find((c: { card: string; sealed?: true }) => !c.sealed).card as string;

    // the action round again, right this time: a card as operations, the attack on Liège (the strength
    // comes from the counters: ge-a1's 5)
    ok(await turn(t, 'cp', [`play ${card} as ops`, 'mark aachen activated-attack', 'resolve army-fire firing=ge-a1 enemy=be-c2', 'resolve corps-fire firing=be-c2 enemy=ge-a1', 'next']));
    const attack = await mail(t, 'cp', 'ap');
    expect(attack.out).toMatch(/cp commits resolve army-fire strength=5 for [^\n]*firing=ge-a1[^\n]* as roll #\d+ \(sealed: known with ap's reply\)/);

    // the Allies catch up before they play: everything since their own last segment (the acceptance)
    const caught = ok(await t.run('ap', 'replay', t.log('ap'), '--since-mine', '--key', t.key('ap')));
    expect(caught.out).toMatch(/^your move \(Allied Powers, turn 1, action round 1: Allied Powers\)\nsince your last segment: segment 6, by Anna, in 3 steps\n/);
    expect(caught.out).toMatch(/— segment 6 of 6 by cp, moves \(1\/3\)/);
    expect(caught.out).toMatch(/— segment 6 of 6 by cp, combat \(2\/3\)[^\n]*\n {2}> resolve army-fire firing=ge-a1 enemy=be-c2/);

    // the Allied action round resolves the attack on receipt and plays on
    ok(await turn(t, 'ap', ['note "Liège: losses as the table says"', 'next']));
    const back = await mail(t, 'ap', 'cp');
    expect(back.out).toMatch(/· cp's roll #\d+ army-fire: 1d6 → \d/);
    const cpCatchUp = ok(await t.run('cp', 'replay', t.log('cp'), '--since-mine', '--side', 'cp'));
    expect(cpCatchUp.out).toMatch(/— segment 7 of 7 by ap, what this reply resolved \(1\/2\)[\s\S]*rolls: #\d+ army-fire: 1d6 \d+ = \d+, col [^→]+→ [^ ]+ \(cp's, sealed\)/);
    same(t, 'cp', 'ap');

    // the history keeps the voided segment and the agreement
    const history = ok(await t.run('ap', 'history', t.log('ap'))).out;
    expect(history).toMatch(/— segment 3 by cp .* — voided by the take-back agreed in segment 5/);
    expect(history).toMatch(/— segment 5 by ap .* — accepts the take-back of segment 4/);
  });
});

describe('Cold War 1985 by turn mail: a combat phase, a take-back, an out-of-turn attempt', () => {
  let t: Table;
  const sample = openLog(new Uint8Array(readFileSync(join(ROOT, 'logs', 'cold-war-1985-sample.hexlog'))), 'sample');
  beforeAll(async () => { t = await twoPlayers('cold-war-1985', sample.genesis.body.scenario, ['wp', 'nato'], ['Anna', 'Ben']); }, 60_000);

  it('replays the sample up to its first ground combat and the reply, with the manoeuvre taken back once', async () => {
    const combat = sample.segments.findIndex((s) => s.body.entries.some((e) => e.command.startsWith('resolve ground-combat')));
    const bodies = sample.segments.slice(0, combat + 2).map((s) => s.body);
    for (const [i, b] of bodies.entries()) {
      const me = b.author, you = me === 'wp' ? 'nato' : 'wp';
      let lines = b.entries.filter((e) => !e.void && e.command !== 'undo').map((e) => e.command)
        // a hidden event card the sample drew is another in this game (other keys draw it): its play is left out
        .filter((l) => !/^play \S+ as event/.test(l));
      if (i === combat) {
        // the manoeuvre: its first commands (the card draw among them) go out as they should; then a
        // slip (a move the player did not mean), which the Pact's player proposes to take back and
        // NATO accepts; the draw before it stays drawn
        const k = lines.findIndex((l) => l.startsWith('move '));
        expect(k).toBeGreaterThan(0);
        ok(await turn(t, me, lines.slice(0, k), '--yes'));
        const kept = JSON.parse(ok(await t.run(me, 'show', t.log(me), '--json')).out).segments as number;
        const slip = lines.slice(k).filter((l) => l.startsWith('move ')).at(-1)!;
        ok(await turn(t, me, [slip], '--yes'));
        ok(await t.run(me, 'takeback', t.log(me), '--to', String(kept), '--key', t.key(me)));
        ok(await mail(t, me, you));
        ok(await t.run(you, 'takeback', t.log(you), '--accept', '--key', t.key(you)));
        const agreed = await mail(t, you, me);
        expect(agreed.out).toContain(`take-back agreed: segment ${kept + 1} voided`);
        lines = lines.slice(k);
      }
      ok(await turn(t, me, lines, '--yes'));
      const got = await mail(t, me, you);
      if (i === combat) {
        expect(got.out).toMatch(/commits resolve ground-combat .* \(sealed: known with/);
        // out of turn: the Pact's player, his combat sent, tries to play on before NATO's reply
        const early = await turn(t, me, ['note "advance after combat"']);
        expect(early.code).toBe(1);
        expect(early.err).toMatch(/it is not your move .* and nothing of yours is awaited: this segment would be played out of turn; nothing was written/);
        // NATO catches up combat by combat before replying
        const caught = ok(await t.run(you, 'replay', t.log(you), '--since-mine', '--key', t.key(you)));
        expect(caught.out).toMatch(/by wp, combat \(\d+\/\d+\)[^\n]*\n {2}> resolve ground-combat/);
      }
      if (i === combat + 1) expect(got.out).toMatch(/· wp's roll #\d+ ground-combat: 1d10 → /);
    }
    same(t, 'wp', 'nato');
    const v = ok(await t.run('nato', 'verify', t.log('nato')));
    expect(v.out).not.toMatch(/fork|equivocation/);
  });
});
