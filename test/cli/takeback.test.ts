// hexpost takeback: a take-back both players sign, carried by turn mails; and the attacks of a
// patched client on it (test/helpers/patched-client.ts), each refused by the stock tool of the
// victim. A take-back never re-rolls: a segment that rolled cannot be taken back.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PrivateKey } from 'openpgp';
import { beforeAll, describe, expect, it } from 'vitest';
import { stateHash } from '../../src/core/engine/state-hash.js';
import { loadPrivateKey } from '../../src/log/keys.js';
import { openLog, type LogFile } from '../../src/log/log-file.js';
import { twoPlayers, type Table } from '../helpers/cli.js';
import { cheat, forge, writeLog } from '../helpers/patched-client.js';

const read = (path: string): LogFile => openLog(new Uint8Array(readFileSync(path)), path);
const keyOf = async (t: Table, side: string): Promise<PrivateKey> => loadPrivateKey(readFileSync(t.key(side), 'utf8'));

async function turn(t: Table, side: string, name: string, lines: string[]): Promise<void> {
  const r = await t.run(side, 'turn', t.log(side), '--key', t.key(side), '--script', t.file(side, `${name}.txt`, lines), '--yes');
  expect(r.code, `${r.out}${r.err}`).toBe(0);
}

/** `send` from one copy, `receive` into the other; returns receive's result. */
async function pass(t: Table, from: string, to: string, name: string) {
  const mail = join(t.dir, from, `${name}.mail`);
  const sent = await t.run(from, 'send', t.log(from), '--key', t.key(from), '-o', mail);
  expect(sent.code, sent.err).toBe(0);
  return t.run(to, 'receive', t.log(to), mail, '--key', t.key(to));
}

/** The victim receives the cheater's whole log (as a file): his copy must stay as it was. */
async function victimReceives(t: Table, victim: string, log: LogFile, name: string) {
  const file = join(t.dir, victim, `${name}.hexlog`);
  writeLog(file, log);
  const before = readFileSync(t.log(victim));
  const r = await t.run(victim, 'receive', t.log(victim), file, '--key', t.key(victim));
  expect(readFileSync(t.log(victim)).equals(before)).toBe(true);
  return r;
}

describe('a take-back both players sign, by turn mail', () => {
  let t: Table;
  beforeAll(async () => { t = await twoPlayers(); }, 60_000);

  it('is proposed, waits for the answer, takes effect when accepted, and stays visible as voided', async () => {
    await turn(t, 'red', 't1', ['move red-1 0302 0402', 'next', 'next']);
    expect((await pass(t, 'red', 'blue', 't1')).code).toBe(0);
    await turn(t, 'blue', 't2', ['move blue-1 0807']);
    expect((await pass(t, 'blue', 'red', 't2')).code).toBe(0);

    // a take-back past a segment that rolled nothing: proposed by red, voiding 1-2
    const proposed = await t.run('red', 'takeback', t.log('red'), '--to', '0', '--key', t.key('red'));
    expect(proposed.code, proposed.err).toBe(0);
    expect(proposed.out).toMatch(/^waiting for Ben to answer your take-back of segments 1-2\n/);
    expect(proposed.out).toContain('proposed in segment 3: take back segments 1-2, back to the position after segment 0:');
    expect(proposed.out).toContain('  segment 1 by red: move red-1 0302 0402; next; next');
    // the proposer waits: no turn until the answer
    const early = await t.run('red', 'turn', t.log('red'), '--key', t.key('red'), '--script', t.file('red', 'x.txt', ['next']), '--yes');
    expect(early.code).toBe(1);
    expect(early.err).toMatch(/the take-back proposed in segment 3 waits for blue's answer/);

    const got = await pass(t, 'red', 'blue', 't3');
    expect(got.code, got.err).toBe(0);
    expect(got.out).toMatch(/^your answer: Anna proposes to take back segments 1-2 \(hexpost takeback --accept or --decline\)\n/);
    expect(got.out).toContain('take-back proposed: segments 1-2, back to the position after segment 0');
    // the one who must answer cannot play on as if nothing were asked
    const ignore = await t.run('blue', 'turn', t.log('blue'), '--key', t.key('blue'), '--script', t.file('blue', 'y.txt', ['move blue-1 0806']), '--yes');
    expect(ignore.code).toBe(1);
    expect(ignore.err).toMatch(/red proposes to take back segments 1-2 \(segment 3\): answer first, with hexpost takeback --accept or --decline/);
    const shown = await t.run('blue', 'takeback', t.log('blue'), '--key', t.key('blue'));
    expect(shown.out).toContain('your answer: hexpost takeback <log> --accept, or --decline');

    const accepted = await t.run('blue', 'takeback', t.log('blue'), '--accept', '--key', t.key('blue'));
    expect(accepted.code, accepted.err).toBe(0);
    expect(accepted.out).toMatch(/^waiting for Anna \(Red, turn 1, red movement\)\n/);
    expect(accepted.out).toContain('accepted in segment 4: segments 1-2 voided for both of you; the game goes on from the position after segment 0');
    const back = await pass(t, 'blue', 'red', 't4');
    expect(back.code, back.err).toBe(0);
    expect(back.out).toMatch(/^your move \(Red, turn 1, red movement\)\n/);
    expect(back.out).toContain('take-back agreed: segments 1-2 voided');
    // red plays the move again; the pieces are where they started
    const shownRed = await t.run('red', 'show', t.log('red'), '--json');
    expect(JSON.parse(shownRed.out).pieces['red-1'].at).toBe('0202');
    await turn(t, 'red', 't5', ['move red-1 0302', 'next', 'next']);
    expect((await pass(t, 'red', 'blue', 't5')).code).toBe(0);
    expect(readFileSync(t.log('red')).equals(readFileSync(t.log('blue')))).toBe(true);

    // history keeps the voided segments, marked
    const history = await t.run('blue', 'history', t.log('blue'));
    expect(history.out).toContain('— segment 1 by red');
    expect(history.out).toMatch(/— segment 1 by red .* — voided by the take-back agreed in segment 4/);
    expect(history.out).toMatch(/— segment 3 by red .* — proposes a take-back to segment 0/);
    expect(history.out).toMatch(/— segment 4 by blue .* — accepts the take-back of segment 3/);
    const json = JSON.parse((await t.run('blue', 'history', t.log('blue'), '--json')).out);
    expect(json.segments.map((s: { voided?: number }) => s.voided ?? null)).toEqual([4, 4, null, null, null]);
    // an agreed take-back is no rewrite: verify and fork memory are content on both sides
    for (const side of ['red', 'blue']) {
      const v = await t.run(side, 'verify', t.log(side));
      expect(v.code, v.err).toBe(0);
    }
  });

  it('a declined take-back voids nothing', async () => {
    const proposed = await t.run('blue', 'takeback', t.log('blue'), '--to', '4', '--key', t.key('blue'));
    expect(proposed.code, proposed.err).toBe(0);
    expect((await pass(t, 'blue', 'red', 't6')).code).toBe(0);
    const declined = await t.run('red', 'takeback', t.log('red'), '--decline', '--key', t.key('red'));
    expect(declined.code, declined.err).toBe(0);
    expect(declined.out).toContain('declined in segment 7: the game goes on from the last segment');
    expect((await pass(t, 'red', 'blue', 't7')).code).toBe(0);
    const json = JSON.parse((await t.run('blue', 'takeback', t.log('blue'), '--json')).out);
    expect(json.voided).toEqual([1, 2]);
    expect(json.declined).toEqual([{ proposal: 6, by: 'red', at: 7 }]);
  });
});

describe('attacks on take-backs (patched client against the stock tool)', () => {
  let t: Table;
  let red: PrivateKey;
  let blue: PrivateKey;
  beforeAll(async () => {
    t = await twoPlayers();
    red = await keyOf(t, 'red');
    blue = await keyOf(t, 'blue');
    // red rolls (sealed), blue's reply resolves it
    await turn(t, 'red', 't1', ['move red-1 0302 0402', 'roll 2d6 "morale"', 'next', 'next']);
    expect((await pass(t, 'red', 'blue', 't1')).code).toBe(0);
    await turn(t, 'blue', 't2', ['move blue-1 0807', 'next', 'next']);
    expect((await pass(t, 'blue', 'red', 't2')).code).toBe(0);
  }, 60_000);

  it('a take-back to escape a bad roll is refused: the stock tool will not propose it, and the victim refuses a patched proposal', async () => {
    const stock = await t.run('red', 'takeback', t.log('red'), '--to', '0', '--key', t.key('red'));
    expect(stock.code).toBe(1);
    expect(stock.err).toMatch(/segment 1 command 2 "roll 2d6 "morale"" commits a sealed roll \(red\/1\/0\): a take-back never voids randomness or a card shown, so it cannot reach back past segment 1 \(take back to segment 1 or later\)/);
    const patched = await cheat(read(t.log('red')), 'red', red, () => ({ takeback: { kind: 'propose', to: 0 } }));
    const r = await victimReceives(t, 'blue', patched, 'escape');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/segment 3 by red: take-back: segment 1 command 2 "roll 2d6 "morale"" commits a sealed roll/);
  });

  it('an acceptance forged by the proposer is refused', async () => {
    const proposal = await cheat(read(t.log('red')), 'red', red, () => ({ takeback: { kind: 'propose', to: 1 } }));
    const hash = proposal.segments.at(-1)!.hash;
    // in blue's name, signed with red's key
    const forged = await forge(proposal, { author: 'blue', epoch: 2, entries: [], state: proposal.segments[0]!.body.state, takeback: { kind: 'accept', proposal: hash, to: 1 } }, red);
    const r1 = await victimReceives(t, 'blue', forged, 'forged');
    expect(r1.code).toBe(1);
    expect(r1.err).toMatch(/segment 4: not signed by blue's pinned key/);
    // in his own name
    const own = await cheat(proposal, 'red', red, () => ({ takeback: { kind: 'accept', proposal: hash, to: 1 } }));
    const r2 = await victimReceives(t, 'blue', own, 'own');
    expect(r2.code).toBe(1);
    expect(r2.err).toMatch(/segment 4 by red: take-back: the take-back proposed in segment 3 waits for blue's answer; red writes no further segment until then/);
  });

  it('an acceptance that voids more than was proposed is refused', async () => {
    // blue proposes to void red's... no: red proposes to void blue's segment 2 only; a patched blue
    // "accepts" a take-back to 0, which would also void red's roll
    const proposal = await cheat(read(t.log('red')), 'red', red, () => ({ takeback: { kind: 'propose', to: 1 } }));
    writeLog(join(t.dir, 'blue', 'proposal.hexlog'), proposal);
    const hash = proposal.segments.at(-1)!.hash;
    const more = await cheat(proposal, 'blue', blue, () => ({ takeback: { kind: 'accept', proposal: hash, to: 0 } }));
    const r = await victimReceives(t, 'red', more, 'more');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/segment 4 by blue: take-back: accepts a take-back to segment 0, but segment 3 proposed one to segment 1/);
    // an acceptance of another proposal (wrong hash)
    const other = await cheat(proposal, 'blue', blue, () => ({ takeback: { kind: 'accept', proposal: '0'.repeat(64), to: 1 } }));
    expect((await victimReceives(t, 'red', other, 'other')).err).toMatch(/accepts proposal 0{64}, but the open proposal \(segment 3\) hashes to/);
  });

  it('a take-back applied without the opponent\'s signature is refused; a rewrite is an equivocation', async () => {
    const proposal = await cheat(read(t.log('red')), 'red', red, () => ({ takeback: { kind: 'propose', to: 1 } }));
    // red plays on as if blue had accepted: the position after segment 1
    const applied = await cheat(proposal, 'red', red, ({ v }) => ({ entries: [], state: stateHash({ ...v.state }) }));
    const r = await victimReceives(t, 'blue', applied, 'applied');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/segment 4 by red: take-back: the take-back proposed in segment 3 waits for blue's answer/);
    // an acceptance with no proposal at all
    const unasked = await cheat(read(t.log('red')), 'red', red, () => ({ takeback: { kind: 'accept', proposal: '1'.repeat(64), to: 0 } }));
    expect((await victimReceives(t, 'blue', unasked, 'unasked')).err).toMatch(/segment 3 by red: take-back: accepts a take-back, but no proposal is open/);
    // rewriting the log instead (segment 2 dropped, a new one in its place) is not a take-back
    const full = read(t.log('red'));
    const rewritten = await cheat({ ...full, segments: full.segments.slice(0, 1) }, 'blue', blue, () => ({ entries: [] }));
    const f = await victimReceives(t, 'red', rewritten, 'rewrite');
    expect(f.code).toBe(1);
    expect(f.err).toMatch(/segment 2 of game [0-9a-f]{16}…: two different versions, both signed by blue/);
  });
});
