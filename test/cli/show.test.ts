// `hexpost show` on supply (Paths of Glory §10, rules.supply): the units each side has cut off, and the
// spaces it holds behind enemy lines that trace no line ("处于敌后且失去补给的空间可能发生控制权变化": "可能",
// so the engine names them and the players decide), in the text and in --json.
import { beforeAll, describe, expect, it } from 'vitest';
import { twoPlayers, type Table } from '../helpers/cli.js';

let t: Table;

/** Passes one player's copy to the other as a turn mail. */
async function mail(from: string, to: string): Promise<void> {
  const file = t.file(from, `mail-${from}.txt`, []);
  expect((await t.run(from, 'send', t.log(from), '--key', t.key(from), '-o', file)).code).toBe(0);
  const got = await t.run(to, 'receive', t.log(to), file, '--key', t.key(to));
  expect(got.code, got.err).toBe(0);
}
const turn = async (side: string, name: string, lines: string[]) => {
  const r = await t.run(side, 'turn', t.log(side), '--key', t.key(side), '--script', t.file(side, name, lines), '--yes');
  expect(r.code, r.err).toBe(0);
};

beforeAll(async () => {
  t = await twoPlayers('paths-of-glory', '1914', ['cp', 'ap'], ['Anna', 'Ben']);
});

describe('show: supply', () => {
  it('at the start every unit traces a supply line', async () => {
    const r = await t.run('cp', 'show', t.log('cp'));
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^supply \(§10\): every unit traces a supply line$/m);
    const j = JSON.parse((await t.run('cp', 'show', t.log('cp'), '--json')).out);
    expect(j.supply).toEqual([{ side: 'cp', unsupplied: [], isolated: [] }, { side: 'ap', unsupplied: [], isolated: [] }]);
  });

  it('names the army cut off over the Drina ford, and the space it holds once the army is gone', async () => {
    // the Serbian 2nd Army leaves Valjevo; the Austro-Hungarian 6th Army crosses the Drina ford into it
    // (a restricted connection: no supply, ours), Serbs in Belgrade and Kragujevac behind it
    await turn('cp', 'mo-cp.txt', ['next']);
    await mail('cp', 'ap');
    await turn('ap', 'mo-ap.txt', ['move sb-a2 ap-reserve', 'next']);
    await mail('ap', 'cp');
    await turn('cp', 'drina.txt', ['move ah-a6 valjevo']);
    const shown = await t.run('cp', 'show', t.log('cp'));
    expect(shown.out).toMatch(/^out of supply \(cp, §10\): ah-a6 at valjevo — eliminated as the attrition phase begins$/m);
    expect(shown.out).not.toMatch(/^isolated/m);
    const j = JSON.parse((await t.run('cp', 'show', t.log('cp'), '--json')).out);
    expect(j.supply[0]).toEqual({ side: 'cp', unsupplied: [{ piece: 'ah-a6', at: 'valjevo' }], isolated: [] });
    // the army leaves by the ford: Valjevo stays the Central Powers' (§5.6), behind the Serbs and cut off
    await turn('cp', 'back.txt', ['move ah-a6 sarajevo']);
    const after = await t.run('cp', 'show', t.log('cp'));
    expect(after.out).toMatch(/^isolated \(cp, §10\): valjevo — held behind enemy lines and cut off: may change hands \(the players decide\)$/m);
  });
});
