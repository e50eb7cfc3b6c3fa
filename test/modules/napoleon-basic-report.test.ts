// The basic rules' battle reports and obligations (../shared/seeds/001, v1.1; each test quotes its
// section): who fought whom is read from the pieces' sides, not from the order of the binds, and a
// return fire at a unit that has left the map is void (an eliminated unit can take nothing more).
import { describe, expect, test } from 'vitest';
import { battleReport } from '../../src/core/engine/battle-report.js';
import { board, codes, nbGame as game, resolved, rollUntil, run } from '../helpers/napoleon-basic.js';

const ST = 'fr-st-hilaire', MIL = 'al-miloradovich', VAN = 'fr-vandamme', CAV = 'al-bagration-cav';

describe('battle reports name attacker and defender by their sides', () => {
  test('9.2 melee "双方按照各自单位的近战等级…对每一个丢一个骰子": the charging unit against the defender, though `defender` is bound first', () => {
    const s = board({ [VAN]: { at: '0908' }, [CAV]: { at: '1007' } });
    const events = run(s, 'coalition', `resolve melee unit=${CAV} defender=${VAN} charging=${CAV}`);
    const r = resolved(events);
    const text = battleReport(game, r, events.slice(events.indexOf(r) + 1))!;
    expect(text).toMatch(/^[^—]*, Bagration cavalry \(Bagration\) against Vandamme \(IV\)/);
  });

  test('8.4, 8.5 fire with a supporter and a battery: "Saint-Hilaire, Vandamme and the battery against Miloradovich"', () => {
    const s = board({ [ST]: { at: '0810' }, [VAN]: { at: '0808' }, 'fr-iv-art': { at: '0609' }, [MIL]: { at: '0909' } });
    const r = resolved(run(s, 'french', `resolve fire firer=${ST} enemy=${MIL} supporters=${VAN} artillery=fr-iv-art`));
    expect(battleReport(game, r)).toMatch(/, Saint-Hilaire \(IV\), Vandamme \(IV\) and IV Corps artillery \(IV\) against 4th Column, Russian \(Miloradovich\) \(4th Column\) —/);
  });

  test('8.1 return fire: the unit fired on against its attacker', () => {
    const s = board({ [ST]: { at: '0810' }, [MIL]: { at: '0909' } });
    const r = resolved(run(s, 'coalition', `resolve return-fire firer=${MIL} enemy=${ST}`));
    expect(battleReport(game, r)).toMatch(/, 4th Column, Russian \(Miloradovich\) \(4th Column\) against Saint-Hilaire \(IV\) —/);
  });
});

describe('an eliminated unit owes nothing and nothing is owed at it', () => {
  const owed = { id: 'french/1/0/1', kind: 'reply' as const, side: 'coalition', pieces: [MIL], count: 3, to: ST, reply: 'return-fire', procedure: 'fire' };
  test('8.7 "计入伤害后如守方未撤退或未被消灭则重复第一步": return fire that eliminates its target voids the rolls still owed at it', () => {
    const place = { [ST]: { at: '0810', face: 'routed' }, [MIL]: { at: '0909' } };
    const { s, events } = rollUntil(place, 'coalition', `resolve return-fire firer=${MIL} enemy=${ST}`, (r) => r.index >= 0, undefined, (t) => { t.obligations = [{ ...owed }]; });
    const lost = events.find((e) => e.type === 'lost');
    expect(lost).toMatchObject({ piece: ST, to: null, box: 'french-eliminated', voids: [owed.id] });
    expect(s.obligations).toBeUndefined();
    expect(codes(run(s, 'french', 'next'))).not.toContain('obligation');
    // a miss leaves the two rolls still owed
    const miss = rollUntil(place, 'coalition', `resolve return-fire firer=${MIL} enemy=${ST}`, (r) => r.index < 0, undefined, (t) => { t.obligations = [{ ...owed }]; });
    expect(miss.s.obligations).toEqual([expect.objectContaining({ id: owed.id, count: 2 })]);
  });

  test('8.1: no return fire is owed at an attacker already gone from the map', () => {
    const s = board({ [ST]: { at: 'french-eliminated' }, [MIL]: { at: '0909' } });
    run(s, 'french', `resolve fire firer=${ST} enemy=${MIL}`);
    expect(s.obligations?.filter((o) => o.kind === 'reply') ?? []).toEqual([]);
  });
});
