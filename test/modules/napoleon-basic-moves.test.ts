// The basic rules' movement limits as the engine charges them (../shared/seeds/001, v1.1; each test
// quotes its section): the square's one hex a turn (10.3), passing through friends (6.5, 6.6) and
// the charge through a friend that goes back through it when it fails (9.8). `reach` and `move`
// read the same step rules, so what one offers the other charges.
import { describe, expect, test } from 'vitest';
import { reachOf } from '../../src/core/engine/reach.js';
import type { MovedEvent } from '../../src/core/engine/events.js';
import { board, codes, messages, nbGame as game, rollUntil, run } from '../helpers/napoleon-basic.js';

// a line of clear hexes with no stream and no road: 0302 - 0402 - 0502 - 0602
const ST = 'fr-st-hilaire', VAN = 'fr-vandamme', CAV = 'fr-margaron', CAV2 = 'fr-bourcier', ART = 'fr-iv-art';
const moved = (events: ReturnType<typeof run>) => events.find((e) => e.type === 'moved') as MovedEvent;
const reachable = (s: Parameters<typeof reachOf>[1], id: string) => reachOf(game, s, id).reachable.map((r) => r.location);

describe('10.3 "组成方阵后每回合只能移动一格（组成的当回合一格也不能动）…解开方阵的当回合也只能移动一格"', () => {
  test('forming a square puts square-formed with it: no move in the turn it forms', () => {
    const s = board({ [ST]: { at: '0302' } });
    const events = run(s, 'french', `mark ${ST} square`);
    expect(events.map((e) => e.type === 'marked' && e.marker)).toEqual(['square', 'square-formed']);
    expect(messages(run(s, 'french', `move ${ST} 0402`))).toMatch(/may not enter 0402/);
    expect(reachable(board({ [ST]: { at: '0302', markers: ['square', 'square-formed'] } }), ST)).toEqual([]);
  });

  test('a square moves one hex a turn: a second hex, in the same move or the next, is prohibited; reach offers the one hex only', () => {
    const place = () => ({ [ST]: { at: '0302', markers: ['square'] } }); // board() keeps the markers list it is given
    const r = reachable(board(place()), ST);
    expect(r).toContain('0402');
    expect(r.every((l) => game.board.hex!.distance('0302', l) === 1)).toBe(true);
    expect(codes(run(board(place()), 'french', `move ${ST} 0402 0502`))).toContain('prohibited');
    const s = board(place());
    const one = run(s, 'french', `move ${ST} 0402`);
    expect(codes(one)).toEqual([]);
    expect(one.some((e) => e.type === 'marked' && e.marker === 'moved-in-square')).toBe(true);
    expect(codes(run(s, 'french', `move ${ST} 0502`))).toContain('prohibited');
    expect(reachable(s, ST)).toEqual([]);
  });

  test('breaking the square leaves square-broken: one hex that turn; a unit never in square moves as far as it may', () => {
    const s = board({ [ST]: { at: '0302', markers: ['square'] } });
    const events = run(s, 'french', `unmark ${ST} square`);
    expect(events.map((e) => `${e.type} ${e.type === 'marked' || e.type === 'unmarked' ? e.marker : ''}`)).toEqual(['unmarked square', 'marked square-broken']);
    expect(codes(run(structuredClone(s), 'french', `move ${ST} 0402 0502`))).toContain('prohibited');
    expect(codes(run(s, 'french', `move ${ST} 0402`))).toEqual([]);
    expect(codes(run(board({ [ST]: { at: '0302' } }), 'french', `move ${ST} 0402 0502 0602`))).toEqual([]);
  });

  test('the markers of the turn come off as the next begins; the square stays', () => {
    const types = new Map(game.module.markerTypes.map((t) => [t.id, t]));
    for (const id of ['square-formed', 'square-broken', 'moved-in-square']) expect(types.get(id)!.countdown).toBeDefined();
    expect(types.get('square')).toMatchObject({ with: ['square-formed'], leaves: ['square-broken'] });
    expect(types.get('square')!.countdown).toBeUndefined();
  });
});

describe('6.5 and 6.6: passing through friends', () => {
  test('6.5 "步兵穿越另一个步兵单位的时候，穿越的单位多消耗一个移动点。被穿越单位则失去所有移动点（但依然可以战斗）"', () => {
    expect(moved(run(board({ [ST]: { at: '0302' } }), 'french', `move ${ST} 0402 0502`)).mp).toBe('2');
    const s = board({ [ST]: { at: '0302' }, [VAN]: { at: '0402' } });
    const events = run(s, 'french', `move ${ST} 0402 0502`);
    expect(moved(events)).toMatchObject({ mp: '3', rules: ['6.5'] });
    expect(events).toContainEqual({ type: 'marked', target: VAN, kind: 'piece', marker: 'passed-through' });
    expect(messages(run(s, 'french', `move ${VAN} 0403`))).toMatch(/may not enter/);
    expect(codes(run(board({ [ST]: { at: '0302' }, [VAN]: { at: '0402', markers: ['passed-through'] }, 'al-miloradovich': { at: '0403' } }),
      'french', `resolve fire firer=${VAN} enemy=al-miloradovich`))).toEqual([]); // it may still fight
  });

  test('6.5 "当骑兵穿越一个步兵单位时，步兵进行一次士气判定。如果命中则+1伤害…且失去所有移动点。骑兵多消耗1移动点"', () => {
    const s = board({ [CAV]: { at: '0302' }, [VAN]: { at: '0402' } });
    const events = run(s, 'french', `move ${CAV} 0402 0502`);
    expect(moved(events)).toMatchObject({ mp: '3' });
    expect(s.obligations).toEqual([expect.objectContaining({ kind: 'check', side: 'french', pieces: [VAN], reply: 'pass-through-check', rule: '6.5' })]);
    expect(codes(run(s, 'french', `move ${CAV} 0602`))).toContain('obligation');
    run(s, 'french', `resolve pass-through-check infantry=${VAN}`);
    expect(s.obligations).toBeUndefined();
    const hit = rollUntil({ [VAN]: { at: '0402' } }, 'french', `resolve pass-through-check infantry=${VAN}`, (r) => r.index >= 0);
    expect(hit.s.pieces[VAN]).toMatchObject({ face: 'disordered', markers: ['passed-through'] });
    const miss = rollUntil({ [VAN]: { at: '0402' } }, 'french', `resolve pass-through-check infantry=${VAN}`, (r) => r.index < 0);
    expect(miss.s.pieces[VAN]!.markers).toEqual([]);
  });

  test('6.5 "骑兵穿越骑兵时只是穿越的骑兵多消耗1移动点"; 6.6 "任何单位穿越炮兵时都不受影响"', () => {
    const s = board({ [CAV]: { at: '0302' }, [CAV2]: { at: '0402' } });
    const events = run(s, 'french', `move ${CAV} 0402 0502`);
    expect(moved(events).mp).toBe('3');
    expect(s.obligations).toBeUndefined();
    expect(s.pieces[CAV2]!.markers).toEqual([]);
    const t = board({ [ST]: { at: '0302' }, [ART]: { at: '0402' } });
    const past = run(t, 'french', `move ${ST} 0402 0502`);
    expect(moved(past).mp).toBe('2');
    expect(t.pieces[ART]!.markers).toEqual([]);
  });
});

describe('9.8 "一个单位可以从一个单位后面穿越前面那个单位冲击前面的单位…但依然受穿越惩罚。一旦突击失败，将视作强制穿越回刚才穿越的那个单位"', () => {
  const MIL = 'al-miloradovich';
  test('the passage marks the charging unit; stopped by interception fire it owes the way back through the friend (2 hexes, ours)', () => {
    const s = board({ [CAV]: { at: '0302' }, [CAV2]: { at: '0402' }, [MIL]: { at: '0602' } });
    run(s, 'french', `move ${CAV} 0402 0502`);
    expect(s.pieces[CAV]!.markers).toContain('passed-friend');
    const place = { [CAV]: { at: '0502', markers: ['passed-friend'] }, [CAV2]: { at: '0402' }, [MIL]: { at: '0602' } };
    const stopped = rollUntil(place, 'coalition', `resolve interception-fire firer=${MIL} enemy=${CAV}`, (r) => r.index >= 0);
    expect(stopped.s.obligations).toEqual([expect.objectContaining({ kind: 'retreat', side: 'french', pieces: [CAV], count: 2, rule: '9.8' })]);
    expect(codes(run(stopped.s, 'french', `retreat ${CAV} 0402 0302`))).toEqual([]);
    // a charge that did not pass a friend is stopped where it stands
    const plain = rollUntil({ ...place, [CAV]: { at: '0502' } }, 'coalition', `resolve interception-fire firer=${MIL} enemy=${CAV}`, (r) => r.index >= 0);
    expect(plain.s.obligations).toBeUndefined();
  });

  test('knocked out of the melee by the defender\'s point (9.4), it goes back the same way', () => {
    const place = {
      [CAV]: { at: '0502', markers: ['passed-friend', 'in-melee', 'fought'] }, [CAV2]: { at: '0402' },
      [MIL]: { at: '0602', markers: ['in-melee', 'fought'] },
    };
    const out = rollUntil(place, 'coalition', `resolve melee-defence unit=${MIL} against=${CAV}`, (r) => r.index >= 0);
    expect(out.s.pieces[CAV]!.markers).toContain('out-of-melee');
    expect(out.s.obligations).toEqual([expect.objectContaining({ kind: 'retreat', pieces: [CAV], count: 2, rule: '9.8' })]);
  });
});
