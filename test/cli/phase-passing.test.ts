// Phases several sides play end only when each has said next (src/core/engine/passing.ts, the
// module's `ends`), played by two players on two state folders: the Napoleonic basic rules'
// initiative contest (4.1 "1．双方争夺主动权") and Eylau's interphase (4.1 1A "双方玩家核查己方集团军、
// 军级士气值"). The first side's next is his pass and the phase goes on; his second is refused; the
// other side's next ends it. (Paths of Glory's mandatory offensive: test/cli/whose-move.test.ts.)
import { beforeAll, describe, expect, it } from 'vitest';
import { mailTurn, twoPlayers, type Table } from '../helpers/cli.js';

/** Passes a side's copy to the other as a turn mail; the receiver's whose-move line. */
const mail = async (t: Table, from: string, to: string) => (await mailTurn(t, from, to)).out.split('\n')[0]!;

async function place(t: Table, side: string): Promise<{ phase: string; segment: string | null; whoseMove: string }> {
  const r = await t.run(side, 'show', t.log(side), '--key', t.key(side), '--json');
  expect(r.code, r.err).toBe(0);
  return JSON.parse(r.out);
}

describe.each([
  { module: 'napoleon-basic', scenario: 'austerlitz', sides: ['french', 'coalition'] as [string, string], names: ['French', 'Coalition \\(Russia and Austria\\)'],
    // the corps-move segment is the winner's alone (ends "any")
    phase: 'initiative', from: 'contest', to: 'corps-move', then: 'all act' },
  { module: 'eylau-1807', scenario: '20-1-eylau-7-february', sides: ['french', 'allies'] as [string, string], names: ['French \\(Grande Armee\\)', 'Allies \\(Russia and Prussia\\)'],
    phase: 'interphase', from: 'a-army-morale', to: 'b-snow-visibility', then: 'still to say next' },
])('$module: a phase both sides play', ({ module, scenario, sides, names, phase, from, to, then }) => {
  let t: Table;
  const [a, b] = sides;
  beforeAll(async () => { t = await twoPlayers(module, scenario, sides, ['Anna', 'Ben']); }, 60_000);

  it(`${a}'s next is a pass, his second is refused, ${b}'s ends it`, async () => {
    expect(await place(t, a)).toMatchObject({ phase, segment: from });
    const twice = await t.run(a, 'turn', t.log(a), '--key', t.key(a), '--script', t.file(a, 'twice.txt', ['next', 'next']));
    expect(twice.code).toBe(1);
    expect(twice.err).toMatch(new RegExp(`${a} has said next in this phase already; waiting for ${b} to say next`));
    const once = await t.run(a, 'turn', t.log(a), '--key', t.key(a), '--script', t.file(a, 'once.txt', ['note "done here"', 'next']));
    expect(once.code, once.err).toBe(0);
    expect(once.err).toBe(''); // he has passed: not "still the active side"
    const after = await place(t, a);
    expect(after).toMatchObject({ phase, segment: from });
    const shown = await t.run(a, 'show', t.log(a), '--key', t.key(a));
    expect(shown.out.split('\n')[0]).toMatch(new RegExp(`^waiting for Ben \\(${names[1]} still to say next, ${names[0]} said it: turn \\d+, `));
    expect(await mail(t, a, b)).toMatch(new RegExp(`^your move \\(${names[1]} still to say next, ${names[0]} said it: `));
    const ends = await t.run(b, 'turn', t.log(b), '--key', t.key(b), '--script', t.file(b, 'next.txt', ['next']));
    expect(ends.code, ends.err).toBe(0);
    const now = await place(t, b);
    expect(now).toMatchObject({ phase, segment: to });
    // the passes are cleared: both sides are to move in the new segment
    expect(now.whoseMove).toMatch(new RegExp(`^your move \\(${names[0]} and ${names[1]} ${then}: `));
  });
});
