// The basic rules' combat arithmetic as the engine does it (../shared/seeds/001, v1.1; each test
// quotes its section): melee points against 1/4 and 1/3 of the defender's morale (9.5, 9.6), the
// cavalry's free point (9.7), the defender's points (9.4), cover read from the board (10.5), the
// square's lost fire point (10.3), no move after combat (6.3) or through the enemy (6.7), the
// advance after a forced withdrawal held to one hex, and the artillery declarations of 8.6.
import { describe, expect, test } from 'vitest';
import { prepareGame } from '../../src/core/engine/game.js';
import { friendsApart } from '../../src/core/engine/procedure-binds.js';
import { board, codes, messages, nbGame as game, nbModule as m, resolved, rollUntil, run, type Placing } from '../helpers/napoleon-basic.js';

// St-Hilaire: infantry, morale 9, grade B (3), 3 fire points; Miloradovich: infantry, morale 8,
// grade C (4); Liechtenstein's 1st: cavalry, morale 9; the Russian Guard infantry: morale 11
const ST = 'fr-st-hilaire', MIL = 'al-miloradovich', CAV = 'al-liechtenstein-1', GUARD = 'al-guard-inf';
const point = (r: { index: number }) => r.index >= 0;
const noPoint = (r: { index: number }) => r.index < 0;
/** St-Hilaire in 0810 charged from 0909, in a melee already under way with `points` scored against it */
const melee = (points: number, attacker = MIL, extra: Record<string, Placing> = {}): Record<string, Placing> => ({
  [ST]: { at: '0810', markers: ['in-melee', 'fought'], values: { 'melee-points': points } },
  [attacker]: { at: '0909', markers: ['in-melee', 'fought', 'marched-in-column'] }, ...extra,
});
const charge = (attacker = MIL, more = '') => `resolve melee unit=${attacker} defender=${ST} charging=${attacker}${more}`;

describe('9.2-9.7 melee: the points are counted and compared by the engine', () => {
  test('nobody covers St-Hilaire in 0810 (the board the melee tests use)', () => {
    expect(friendsApart(game, board(melee(0)), '0810', 'french')).toBe(0);
  });

  test('9.2 "如果大于或等于自己的近战等级，则+1近战点": a point of the charging unit is kept on the defender', () => {
    const { s, r } = rollUntil(melee(0), 'coalition', charge(), point);
    expect(r.derived).toContain('grade');
    expect(s.pieces[ST]!.values['melee-points']).toBe(1);
    const miss = rollUntil(melee(0), 'coalition', charge(), noPoint);
    expect(miss.s.pieces[ST]!.values['melee-points'] ?? 0).toBe(0);
  });

  test('a new melee counts from 0: the points of an old one do not carry over', () => {
    const place = melee(2);
    place[ST]!.markers = [];
    place[MIL]!.markers = [];
    const { s } = rollUntil(place, 'coalition', charge(), point);
    expect(s.pieces[ST]!.values['melee-points']).toBe(1);
    expect(s.pieces[ST]!.markers).toContain('in-melee');
    // 7.2 and 10.2 "所有冲击战都视作纵队行军过了": the charging unit has fought and counts as marched in column
    expect(s.pieces[MIL]!.markers).toEqual(expect.arrayContaining(['fought', 'marched-in-column', 'in-melee']));
  });

  test('9.5 "攻方的近战点大于或等于守方士气值的四分之一时（比例计算向攻方有利），可以强制让守方脱离": 2 of morale 9 forces the withdrawal when the attacker says force', () => {
    // 9 / 4 = 2¼, rounded down in the attacker's favour: 2 points
    const stay = rollUntil(melee(1), 'coalition', charge(), point);
    expect(stay.s.obligations ?? []).toEqual([]);
    expect(stay.s.pieces[ST]!.values['melee-points']).toBe(2);
    const { s } = rollUntil(melee(1), 'coalition', charge(MIL, ' force'), point);
    expect(s.obligations).toEqual([
      expect.objectContaining({ kind: 'retreat', side: 'french', pieces: [ST], count: 1, rule: '9.5' }),
      expect.objectContaining({ kind: 'advance', side: 'coalition', pieces: [MIL], to: '0810', length: 1, optional: true }),
    ]);
    expect(s.pieces[ST]!.face).toBe('normal');                 // no damage at 1/4
    expect(s.pieces[ST]!.values['melee-points']).toBe(0);      // the melee is over
    // force with points already at 1/4 works on a roll that scores nothing too
    const later = rollUntil(melee(2), 'coalition', charge(MIL, ' force'), noPoint);
    expect(later.s.obligations?.map((o) => o.kind)).toEqual(['retreat', 'advance']);
  });

  test('9.6 "攻方近战点大于或等于守方士气值的三分之一时，守方将强制脱离并+1伤害": 3 of morale 9 is a withdrawal with 1 damage, force or not', () => {
    const { s } = rollUntil(melee(2), 'coalition', charge(), point);
    expect(s.pieces[ST]!.face).toBe('disordered');
    expect(s.obligations?.map((o) => [o.kind, o.rule])).toEqual([['retreat', '9.6'], ['advance', '6.3, 9.6']]);
  });

  test('10.3 "士气+1" and 10.5 "+1士气": the morale the thresholds read counts the square and the cover', () => {
    // in square St-Hilaire has morale 10: 1/3 is 3 (10 / 3 rounded down), 1/4 is 2; covered twice, 11: 3 and 2
    const sq = melee(2);
    sq[ST]!.markers!.push('square');
    expect(rollUntil(sq, 'coalition', charge(), point).s.pieces[ST]!.face).toBe('disordered');
    const [a, , , d] = game.board.hex!.neighbours('0810').filter((x) => x !== '0909');
    const covered = melee(2, MIL, { 'fr-vandamme': { at: a! }, 'fr-legrand': { at: d! } });
    const s = board(covered);
    expect(friendsApart(game, s, '0810', 'french')).toBe(2);
    // 12 with square and cover: 1/3 is 4, so 3 points are not enough
    covered[ST]!.markers!.push('square');
    const r = rollUntil(covered, 'coalition', charge(), point);
    expect(r.s.pieces[ST]!.face).toBe('normal');
    expect(r.s.pieces[ST]!.values['melee-points']).toBe(3);
  });

  test('9.7 "当骑兵冲击无方阵步兵时，近战开始时近战点直接+1": cavalry reaches 1/3 of morale 9 with two points of its own', () => {
    const { s } = rollUntil(melee(1, CAV), 'coalition', charge(CAV), point);
    expect(s.pieces[ST]!.face).toBe('disordered');
    // against a square the free point is not given: 2 points stay below 1/3 of 10
    const sq = melee(1, CAV);
    sq[ST]!.markers!.push('square');
    expect(rollUntil(sq, 'coalition', charge(CAV), point).s.pieces[ST]!.face).toBe('normal');
  });

  test('9.4 "守方的每一个近战点会让攻方一个冲击的单位立即退出战斗（进攻中士气大于10的单位要两个近战点）"', () => {
    const line = (who: string) => `resolve melee-defence unit=${ST} against=${who}`;
    const one = rollUntil(melee(0), 'french', line(MIL), point);
    expect(one.s.pieces[MIL]!.markers).toContain('out-of-melee');
    expect(messages(run(one.s, 'coalition', charge()))).toMatch(/out of the melee/);
    // the Russian Guard (morale 11) takes two points
    const twice = melee(0, GUARD);
    const first = rollUntil(twice, 'french', line(GUARD), point);
    expect(first.s.pieces[GUARD]!.markers).not.toContain('out-of-melee');
    expect(first.s.pieces[GUARD]!.values['melee-hits']).toBe(1);
    twice[GUARD]!.values = { 'melee-hits': 1 };
    expect(rollUntil(twice, 'french', line(GUARD), point).s.pieces[GUARD]!.markers).toContain('out-of-melee');
  });

  test('7.1 adjacency (the generic `adjacent` of a `requires`): a charging unit two hexes away is refused as a warning', () => {
    const s = board({ [ST]: { at: '0810' }, [MIL]: { at: '1009' } });
    expect(messages(run(s, 'coalition', charge()))).toMatch(/next to the unit it charges \(7\.1/);
    const t = board({ [ST]: { at: '0810' }, [MIL]: { at: '0909' } });
    expect(codes(run(t, 'coalition', charge()))).toEqual([]);
  });
});

describe('the advance after a forced withdrawal: one hex (6.3 "战斗后就不能移动（追击除外）")', () => {
  const forced = () => {
    const { s } = rollUntil(melee(2), 'coalition', charge(), point);
    run(s, 'french', `retreat ${ST} 0710`);
    return s;
  };
  test('into the vacated hex it stands; a longer path is an obligation warning, a refusal where strict', () => {
    expect(codes(run(forced(), 'coalition', `advance ${MIL} 0810`))).toEqual([]);
    const long = run(forced(), 'coalition', `advance ${MIL} 0910 0810`);
    expect(messages(long)).toMatch(/advances 2 hexes; the result allows at most 1 \(6\.3, 9\.6\)/);
    expect(codes(long)).toEqual(['obligation']);
    const strict = prepareGame({ ...m, rules: { ...m.rules!, strict: ['obligation'] } }, 'austerlitz');
    const { s } = rollUntil(melee(2), 'coalition', charge(), point, strict);
    run(s, 'french', `retreat ${ST} 0710`, strict);
    expect(() => run(s, 'coalition', `advance ${MIL} 0910 0810`, strict)).toThrow(/at most 1.*obligation is strict/);
  });

  test('6.3 and 7.2 "战斗完后移动点归0": a unit that fought may not move (a prohibited warning)', () => {
    const s = board({ [MIL]: { at: '0909', markers: ['fought'] } });
    expect(codes(run(s, 'coalition', `move ${MIL} 1009`))).toContain('prohibited');
    const free = board({ [MIL]: { at: '0909' } });
    expect(codes(run(free, 'coalition', `move ${MIL} 1009`))).toEqual([]);
  });

  test('6.7 "任何单位不能穿过敌人": a path through an enemy-held hex is prohibited', () => {
    const s = board({ [MIL]: { at: '0909' }, [ST]: { at: '0810' } });
    expect(messages(run(s, 'coalition', `move ${MIL} 0810 0710`))).toMatch(/may not enter 0810/);
  });
});

describe('fire: cover, the square, the marks of 7.2 and 8.5', () => {
  test('10.5 "掩护的单位必须互不相邻…掩护最高到+2": cover is read from the friends next to the infantry fired on', () => {
    const nb = game.board.hex!.neighbours('0810');
    const [a, b, , d] = nb; // a and b are neighbours of each other, a and d are not
    expect(game.board.hex!.adjacent(a!, b!)).toBe(true);
    expect(game.board.hex!.adjacent(a!, d!)).toBe(false);
    const at = (x: string, y: string) => ({ [ST]: { at: '0810' }, 'fr-vandamme': { at: x }, 'fr-legrand': { at: y }, [MIL]: { at: '0909' } });
    const derived = (place: Record<string, Placing>) => resolved(run(board(place), 'coalition', `resolve fire firer=${MIL} enemy=${ST}`)).derived;
    expect(derived(at(a!, d!))).toContain('target-cover-2');
    expect(derived(at(a!, b!))).toContain('target-cover-1');
    expect(derived({ [ST]: { at: '0810' }, [MIL]: { at: '0909' } })).not.toEqual(expect.arrayContaining(['target-cover-1']));
    // "骑兵可以掩护步兵但不能被掩护": cavalry fired on has no cover
    const cav = { 'fr-margaron': { at: '0810' }, 'fr-vandamme': { at: a! }, 'fr-legrand': { at: d! }, [MIL]: { at: '0909' } };
    const r = resolved(run(board(cav), 'coalition', `resolve fire firer=${MIL} enemy=fr-margaron`));
    expect(r.derived!.filter((x) => x.startsWith('target-cover'))).toEqual([]);
  });

  test('10.3 "火力点数-1": a square owes one return-fire roll fewer; a square with one fire point has none', () => {
    const s = board({ [ST]: { at: '0810', markers: ['square'] }, [MIL]: { at: '0909' } });
    run(s, 'coalition', `resolve fire firer=${MIL} enemy=${ST}`);
    expect(s.obligations!.find((o) => o.kind === 'reply')).toMatchObject({ pieces: [ST], count: 2 }); // 3 fire points - 1
    const one = board({ 'fr-bourcier': { at: '0810', markers: ['square'] }, [MIL]: { at: '0909' } });
    expect(messages(run(one, 'french', `resolve fire firer=fr-bourcier enemy=${MIL}`))).toMatch(/one fire point fewer \(10\.3/);
  });

  test('7.2 and 8.5: the result marks the firer, its supporters and the battery by itself', () => {
    const s = board({ [ST]: { at: '0810' }, 'fr-vandamme': { at: '0808' }, 'fr-iv-art': { at: '0609' }, [MIL]: { at: '0909' } });
    run(s, 'french', `resolve fire firer=${ST} enemy=${MIL} supporters=fr-vandamme artillery=fr-iv-art`);
    expect(s.pieces[ST]!.markers).toContain('fought');
    expect(s.pieces['fr-vandamme']!.markers).toContain('fought');
    expect(s.pieces['fr-iv-art']!.markers).toContain('artillery-committed');
    expect(codes(run(s, 'french', 'move fr-iv-art 0610'))).toContain('prohibited'); // 8.5 "整个回合都不能移动"
    // 7.2 "不可以在当回合发起或者支援另一次战斗": a supporter that fought may not support again
    const again = board({ [ST]: { at: '0810' }, 'fr-vandamme': { at: '0808', markers: ['fought'] }, [MIL]: { at: '0909' } });
    expect(messages(run(again, 'french', `resolve fire firer=${ST} enemy=${MIL} supporters=fr-vandamme`))).toMatch(/may not support another combat/);
  });

  test('8.6 "一方如果宣布了提供支援的炮兵，另一方即可立即宣布…提供炮兵支援的炮兵单位": the defender declares his battery with his return fire', () => {
    const s = board({ [ST]: { at: '0810' }, 'fr-iv-art': { at: '0609' }, [MIL]: { at: '0909' }, 'al-4col-art': { at: '1108' } });
    run(s, 'french', `resolve fire firer=${ST} enemy=${MIL} artillery=fr-iv-art`);
    const r = resolved(run(s, 'coalition', `resolve return-fire firer=${MIL} enemy=${ST} artillery=al-4col-art`));
    expect(r.derived).toContain('artillery-support-1');
    expect(r.obligation).toBeDefined(); // it discharges the reply the attacker's fire created: it comes after it
  });

  test('the markers of a turn come off as the next begins (countdown)', () => {
    for (const id of ['fought', 'artillery-committed', 'corps-moved', 'marched-in-column', 'in-melee', 'out-of-melee']) {
      expect(m.markerTypes.find((x) => x.id === id)!.countdown).toBeDefined();
    }
    expect(m.markerTypes.find((x) => x.id === 'square')!.countdown).toBeUndefined();
  });
});

describe('8.1 "双方判定数据都是用判定时候的": the unit the attacker eliminates in the same round still fires back', () => {
  const hit = (r: { index: number }) => r.index >= 0;
  const fire = `resolve fire firer=${MIL} enemy=${ST}`;

  test('routed and hit again, St-Hilaire leaves the map owing its 3 rolls, fired from 0810 where it stood', () => {
    const { s } = rollUntil({ [ST]: { at: '0810', face: 'routed' }, [MIL]: { at: '0909' } }, 'coalition', fire, hit);
    expect(s.pieces[ST]!.location).toBe('french-eliminated');
    expect(s.obligations).toEqual([expect.objectContaining({ kind: 'reply', side: 'french', pieces: [ST], to: MIL, count: 3,
      simultaneous: true, from: '0810' })]);
    // the return fire reads the board as it stood: adjacent (7.1), no warning; it discharges one roll
    const events = run(s, 'french', `resolve return-fire firer=${ST} enemy=${MIL}`);
    expect(codes(events)).toEqual([]);
    expect(resolved(events).obligation).toBeDefined();
    expect(resolved(events).at).toBe('0909');
    expect(s.obligations![0]!.count).toBe(2);
    // and anything else first is still the obligation warning (the roll is owed)
    expect(codes(run(s, 'french', 'move fr-vandamme 0609'))).toContain('obligation');
  });

  test('the reply owed from the round\'s first hit outlives the elimination by a later roll of the same round', () => {
    const s = board({ [ST]: { at: '0810', face: 'disordered' }, [MIL]: { at: '0909' } });
    for (let i = 0; i < 200 && s.pieces[ST]!.location === '0810'; i++) run(s, 'coalition', fire);
    expect(s.pieces[ST]!.location).toBe('french-eliminated');
    expect(s.obligations).toEqual([expect.objectContaining({ kind: 'reply', pieces: [ST], to: MIL, count: 3, from: '0810' })]);
    expect(codes(run(s, 'french', `resolve return-fire firer=${ST} enemy=${MIL}`))).toEqual([]);
  });

  test('what is owed at a unit that left the map stays void (8.7 "如守方未撤退或未被消灭")', () => {
    const s = board({ [ST]: { at: '0810' }, [MIL]: { at: '0909', face: 'routed' } });
    run(s, 'coalition', fire);
    for (let i = 0; i < 200 && s.pieces[MIL]!.location === '0909'; i++) run(s, 'french', `resolve return-fire firer=${ST} enemy=${MIL}`);
    expect(s.pieces[MIL]!.location).toBe('coalition-eliminated');
    expect((s.obligations ?? []).filter((o) => o.kind === 'reply')).toEqual([]);
  });
});

describe('10.3 "一旦这样形成方阵，冲击方可以选择立即取消战斗…而冲击战方也丧失所有移动点且不能发起其他战斗"', () => {
  // St-Hilaire formed square against the charge Liechtenstein's cavalry declared from 0909; the
  // attacker cancels it and records that with the marker charge-cancelled on the charging unit
  const cancelled = () => {
    const s = board({ [ST]: { at: '0810', markers: ['square', 'square-formed'] }, [CAV]: { at: '0909' } });
    run(s, 'coalition', `mark ${CAV} charge-cancelled`);
    return s;
  };
  test('the charging unit loses all its MP: any move is prohibited (step rule 10.3)', () => {
    const events = run(cancelled(), 'coalition', `move ${CAV} 1009`);
    expect(codes(events)).toEqual(['prohibited']);
    const free = board({ [CAV]: { at: '0909' } });
    expect(codes(run(free, 'coalition', `move ${CAV} 1009`))).toEqual([]);
  });
  test('and may start no other combat this turn: no melee, no charge met by interception fire, no fire support', () => {
    const s = cancelled();
    expect(messages(run(s, 'coalition', `resolve melee unit=${CAV} defender=${ST} charging=${CAV}`))).toMatch(/no other charge this turn \(10\.3/);
    expect(messages(run(s, 'french', `resolve interception-fire firer=${ST} enemy=${CAV}`))).toMatch(/no other charge this turn \(10\.3/);
    const f = board({ [ST]: { at: '0810' }, [CAV]: { at: '0909', markers: ['charge-cancelled'] }, [MIL]: { at: '0910' } });
    expect(messages(run(f, 'coalition', `resolve fire firer=${MIL} enemy=${ST} supporters=${CAV}`))).toMatch(/support no other combat this turn \(10\.3/);
  });
  test('the marker comes off as the next turn begins (countdown): the cavalry moves again then', () => {
    expect(m.markerTypes.find((x) => x.id === 'charge-cancelled')!.countdown).toEqual({ rule: '10.3' });
  });
});

describe('9.1 and 9.7: the withdrawal before combat is decided before interception fire, and never by a disordered unit charged by cavalry', () => {
  test('9.1 "宣布后守方需要立即做出是否战前撤退的决定，不可阻截射击后脱离": interception fire marks the defender fought, so it may not move away after it', () => {
    for (const want of [(r: { index: number }) => r.index >= 0, (r: { index: number }) => r.index < 0]) {
      const { s } = rollUntil({ [ST]: { at: '0810' }, [CAV]: { at: '0909' } }, 'french', `resolve interception-fire firer=${ST} enemy=${CAV}`, want);
      expect(s.pieces[ST]!.markers).toContain('fought');
      expect(codes(run(s, 'french', `move ${ST} 0710`))).toEqual(['prohibited']);
    }
  });
  test('9.7 "且骑兵冲击混乱单位时混乱单位不能战前撤退": declared on it (charged-by-cavalry), a disordered unit may not move; in good order it may', () => {
    const s = board({ [ST]: { at: '0810', face: 'disordered' }, [CAV]: { at: '0909' } });
    run(s, 'coalition', `mark ${ST} charged-by-cavalry`);
    expect(codes(run(s, 'french', `move ${ST} 0710`))).toEqual(['prohibited']);
    const t = board({ [ST]: { at: '0810' }, [CAV]: { at: '0909' } });
    run(t, 'coalition', `mark ${ST} charged-by-cavalry`);
    expect(codes(run(t, 'french', `move ${ST} 0710`))).toEqual([]);
    expect(m.markerTypes.find((x) => x.id === 'charged-by-cavalry')!.countdown).toEqual({ rule: '9.7' });
  });
});
