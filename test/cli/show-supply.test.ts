// `hexpost show` names the units that trace no supply line (Cold War 1985 30.1, module rules.supplyLines):
// a real game of the module, a segment that interdicts a brigade's hex (30.1.4d "火力封锁格"), then `show`.
import { describe, expect, it } from 'vitest';
import { scriptedTurn, twoPlayers } from '../helpers/cli.js';

describe('show: out of supply', () => {
  it('marks the unit whose hex no line may enter, in the text and in --json', async () => {
    const t = await twoPlayers('cold-war-1985', 'hannover-breakthrough', ['wp', 'nato']);
    const before = await t.run('wp', 'show', t.log('wp'), '--json');
    expect(before.code, before.err).toBe(0);
    expect(Object.entries(JSON.parse(before.out).pieces).filter(([, p]) => (p as { unsupplied?: true }).unsupplied)).toEqual([]);
    await scriptedTurn(t.dir, 'wp', t.log('wp'), t.key('wp'), ['mark 2813 interdiction   # 30.1.4d: the hex of Panzergrenadierbrigade 1']);
    const text = await t.run('wp', 'show', t.log('wp'));
    expect(text.code, text.err).toBe(0);
    expect(text.out).toMatch(/ge-pzgren1 +2813 .*out of supply \(30\.1\)/);
    expect(text.out.match(/out of supply/g)).toHaveLength(1);
    const json = JSON.parse((await t.run('wp', 'show', t.log('wp'), '--json')).out);
    expect(json.pieces['ge-pzgren1']).toMatchObject({ at: '2813', unsupplied: true });
    expect(json.pieces['ge-pz2'].unsupplied).toBeUndefined();
  }, 120_000);
});
