// The basic rules (../shared/seeds/001, v1.1) as the engine applies them: each test quotes the
// section it checks. The old sample broke four of them unnoticed — fire at ranges 3 and 4, a
// disordered unit attacking, no return fire, contests that did not follow the corps moves — and
// the engine now catches each (procedure `requires` and `reply` outcomes in tables.json).
import { describe, expect, test } from 'vitest';
import { assembleModule } from '../../src/core/module/assemble.js';
import { initialState } from '../../src/core/engine/initial-state.js';
import type { GameEvent, ResolvedEvent } from '../../src/core/engine/events.js';
import type { GameState } from '../../src/core/engine/state.js';
import { moduleFiles, withEdit } from '../helpers/module-files.js';
import { board, codes, messages, nbGame as game, nbModule as m, resolved, run } from '../helpers/napoleon-basic.js';

// St-Hilaire (fire points 3, modifier +1, morale 9) and Miloradovich (3, 0, morale 8), the IV Corps
// battery (support range 3, value 2)
const ST = 'fr-st-hilaire', MIL = 'al-miloradovich', ART = 'fr-iv-art';

describe('basic rules: combat (7, 8)', () => {
  test('7.1 "当一方单位移动到对方单位邻格的时候可以选择进行火力战或者冲击战": fire at range 3 is refused as a warning, at range 1 it stands', () => {
    const far = board({ [ST]: { at: '0810' }, [MIL]: { at: '1008' } });
    expect(messages(run(far, 'french', `resolve fire firer=${ST} enemy=${MIL}`))).toMatch(/adjacent enemy only \(7\.1/);
    const near = board({ [ST]: { at: '0810' }, [MIL]: { at: '0909' } });
    expect(codes(run(near, 'french', `resolve fire firer=${ST} enemy=${MIL}`))).toEqual([]);
  });

  test('8.2 "丢出两个骰子，加上火力修正后如果大于或等于对方士气值则对方单位+1伤害": the morale and the printed modifier come from the counters', () => {
    const s = board({ [ST]: { at: '0810' }, [MIL]: { at: '0909' } });
    const r = resolved(run(s, 'french', `resolve fire firer=${ST} enemy=${MIL}`));
    expect(r.derived).toEqual(expect.arrayContaining(['morale', 'fire-modifier-1']));
    expect(r.index).toBe(r.total - 8);
  });

  test('8.2 "注意混乱的单位的不允许进攻的，但可以防守": a disordered unit may not fire first, but fires back', () => {
    const s = board({ [ST]: { at: '0810', face: 'disordered' }, [MIL]: { at: '0909' } });
    expect(messages(run(s, 'french', `resolve fire firer=${ST} enemy=${MIL}`))).toMatch(/disordered unit may not attack \(8\.2/);
    const t = board({ [ST]: { at: '0810', face: 'disordered' }, [MIL]: { at: '0909' } });
    expect(codes(run(t, 'french', `resolve return-fire firer=${ST} enemy=${MIL}`))).toEqual([]);
  });

  test('a hit applies itself: normal to disordered, disordered to routed ("正常状态变为混乱，混乱则溃退")', () => {
    for (const [from, to] of [['normal', 'disordered'], ['disordered', 'routed']]) {
      let s: GameState, r: ResolvedEvent;
      do { // roll until a hit: the dice are a test's deterministic stream
        s = board({ [ST]: { at: '0810' }, [MIL]: { at: '0909', face: from } });
        r = resolved(run(s, 'french', `resolve fire firer=${ST} enemy=${MIL}`));
      } while (r.index < 0);
      expect(s.pieces[MIL]!.face).toBe(to);
    }
  });

  test('8.1 "火力战中，双方的战斗是同步的 … 双方都需作出射击判定": the unit fired on owes its return fire; nothing else first', () => {
    const s = board({ [ST]: { at: '0810' }, [MIL]: { at: '0909' } });
    run(s, 'french', `resolve fire firer=${ST} enemy=${MIL}`);
    run(s, 'french', `resolve fire firer=${ST} enemy=${MIL}`);
    const owed = s.obligations!.filter((o) => o.kind === 'reply');
    expect(owed).toEqual([expect.objectContaining({ side: 'coalition', pieces: [MIL], to: ST, count: 3, reply: 'return-fire' })]); // once, its 3 fire points
    expect(codes(run(s, 'coalition', 'mark al-kollowrat fought'))).toContain('obligation');
    // the phase cannot end before it: the last next is warned; a pass (4.1 "双方争夺主动权": the contest ends
    // when each side has said next) by the French, who owe nothing, is not
    expect(codes(run(structuredClone(s), 'coalition', 'next'))).toContain('obligation');
    expect(codes(run(structuredClone({ ...s, passed: ['coalition'] }), 'french', 'next'))).toContain('obligation');
    expect(codes(run(structuredClone(s), 'french', 'next'))).toEqual([]);
    for (let i = 0; i < 3; i++) expect(codes(run(s, 'coalition', `resolve return-fire firer=${MIL} enemy=${ST}`))).toEqual([]);
    expect(s.obligations?.filter((o) => o.kind === 'reply') ?? []).toEqual([]);
  });

  test('7.3 "也能接受火力战（视作1火力点的加上修正的火力：葡萄弹）": a battery fired on fires back once; "炮兵只能火力支援": it never fires first', () => {
    const s = board({ [MIL]: { at: '0609' }, [ART]: { at: '0509' } });
    expect(messages(run(s, 'coalition', `resolve fire firer=${MIL} enemy=${ART}`))).toBe('');
    expect(s.obligations!.find((o) => o.kind === 'reply')).toMatchObject({ pieces: [ART], count: 1 });
    const t = board({ [MIL]: { at: '0609' }, [ART]: { at: '0509' } });
    expect(messages(run(t, 'french', `resolve fire firer=${ART} enemy=${MIL}`))).toMatch(/artillery only supports.*\(7\.3/);
  });

  test('8.5 "攻守双方皆可进行炮兵支援，支援点数为…支援值": a battery within its fire points adds its value to its own side; out of range it is refused', () => {
    const s = board({ [ST]: { at: '0810' }, [MIL]: { at: '0909' }, [ART]: { at: '0609' } });
    const r = resolved(run(s, 'french', `resolve fire firer=${ST} enemy=${MIL} artillery=${ART}`));
    expect(r.derived).toContain('artillery-support-2');
    const far = board({ [ST]: { at: '0810' }, [MIL]: { at: '0909' }, [ART]: { at: '0305' } });
    expect(messages(run(far, 'french', `resolve fire firer=${ST} enemy=${MIL} artillery=${ART}`))).toMatch(/support distance/);
    expect(m.procedures.find((p) => p.id === 'fire')!.modifiers.every((x) => x.min === undefined || x.min >= -2)).toBe(true);
  });

  test('8.4 "每多一个单位支援主攻单位则+1火力修正": supporters next to the target add 1 each', () => {
    const s = board({ [ST]: { at: '0810' }, 'fr-vandamme': { at: '0808' }, [MIL]: { at: '0909' } });
    expect(resolved(run(s, 'french', `resolve fire firer=${ST} enemy=${MIL} supporters=fr-vandamme`)).derived).toContain('fire-support-1');
  });

  test('8.7 "计入伤害后如守方未撤退或未被消灭则重复第一步", 8.5 "炮兵可以在这次进攻中支援任意次": the next round of the same fire stands; another combat does not', () => {
    const s = board({ [ST]: { at: '0810' }, 'fr-vandamme': { at: '0808' }, [ART]: { at: '0609' }, [MIL]: { at: '0909' }, 'al-kollowrat': { at: '0911' } });
    run(s, 'french', `resolve fire firer=${ST} enemy=${MIL} supporters=fr-vandamme artillery=${ART}`);
    expect(s.pieces[ST]!.markers).toEqual(expect.arrayContaining(['fought', 'in-fire']));
    expect(s.pieces[MIL]!.markers).toContain('in-fire');
    // round 2 (the return fire owed is the coalition's: it does not hold the French back)
    expect(messages(run(s, 'french', `resolve fire firer=${ST} enemy=${MIL} supporters=fr-vandamme artillery=${ART}`))).toBe('');
    // 7.2 "不可以在当回合发起或者支援另一次战斗": the firer, its supporter and the battery are done for any other target
    expect(messages(run(s, 'french', `resolve fire firer=${ST} enemy=al-kollowrat artillery=${ART}`))).toMatch(/may not start another combat.*support distance/s);
  });

  test('10.3 "组成方阵后火力修正-2…士气+1，近战等级+1": the square marker gives the modifiers by itself', () => {
    const s = board({ [ST]: { at: '0810', markers: ['square'] }, [MIL]: { at: '0909', markers: ['square'] } });
    expect(resolved(run(s, 'french', `resolve fire firer=${ST} enemy=${MIL}`)).derived).toEqual(expect.arrayContaining(['firer-in-square', 'target-in-square']));
    const melee = resolved(run(s, 'coalition', `resolve melee-defence unit=${ST} against=${MIL}`));
    expect(melee.derived).toEqual(expect.arrayContaining(['grade', 'in-square']));
    expect(melee.index).toBe(melee.total - 3); // grade B = 3, the square's -1 already in the total
  });

  test('9.1 "混乱单位不能阻截射击" and 10.4 "方阵不能发起冲击战": interception fire checks both units', () => {
    const s = board({ [ST]: { at: '0810', face: 'disordered' }, [MIL]: { at: '0909' } });
    expect(messages(run(s, 'french', `resolve interception-fire firer=${ST} enemy=${MIL}`))).toMatch(/no interception fire/);
    const t = board({ [ST]: { at: '0810' }, [MIL]: { at: '0909', face: 'disordered' } });
    expect(messages(run(t, 'french', `resolve interception-fire firer=${ST} enemy=${MIL}`))).toMatch(/disordered unit may not charge/);
  });
});

describe('basic rules: the initiative (4.1, 5)', () => {
  /** a contest: first roll by the French, second by the coalition against it */
  function contest(s: GameState): GameEvent[] {
    const first = resolved(run(s, 'french', 'resolve initiative-first initiative=1'));
    return run(s, 'coalition', `resolve initiative-second opponent=${first.total}`);
  }

  test('4.1 "争夺胜出的一方移动一个军团的算子（如无一方操作完所有算子则重复第一步）": a new contest before the winner has moved its corps is refused as a warning', () => {
    const s = initialState(game);
    let e: GameEvent[];
    do e = contest(s); while (resolved(e).index === 0 && s.tracks['ties']! < 3);
    if (s.tracks['ties']! < 3) {
      expect(s.tracks['contests']).toBe(1);
      expect(messages(run(s, 'french', 'resolve initiative-first initiative=1'))).toMatch(/has not moved its corps/);
      run(s, 'french', 'mark fr-st-hilaire corps-moved');
      expect(codes(run(s, 'french', 'resolve initiative-first initiative=1'))).toEqual([]);
    }
  });

  test('5.3 "平局，则再做一次判定" and 5.4 "如果连续三次平局，则这回合直接跳过": ties count by themselves; after three no contest', () => {
    const s = initialState(game);
    s.tracks['ties'] = 2;
    const second = m.procedures.find((p) => p.id === 'initiative-second')!;
    expect(second.outcomes!.find((o) => o.result.startsWith('tie'))!.effects).toEqual([expect.objectContaining({ track: 'ties', by: 1 })]);
    s.tracks['ties'] = 3;
    expect(messages(run(s, 'french', 'resolve initiative-first initiative=1'))).toMatch(/three ties in a row/);
    expect(m.tracks.find((t) => t.id === 'ties')!.reset).toMatchObject({ phase: 'initiative', to: 0 });
  });
});

describe('the rules layer constructs these rules use', () => {
  test('a `requires` and a `reply` are checked at validation, with the file and JSON path', () => {
    const bad = withEdit(moduleFiles('napoleon-basic'), 'tables.json', (t) => {
      const fire = t.procedures.find((p: { id: string }) => p.id === 'fire');
      fire.requires[0].when = 'distance([firer.location], nobody.location) == 1';
      fire.outcomes[0].effects[0].reply = 'no-such-roll';
    });
    const issues = assembleModule(bad).issues.map((i) => `${i.file} ${i.path}: ${i.message}`);
    expect(issues.some((x) => /tables\.json procedures\[\d+\]\.requires\[0\]\.when/.test(x))).toBe(true);
    expect(issues.some((x) => /effects\[0\]\.reply: unknown procedure "no-such-roll"/.test(x))).toBe(true);
  });
});
