// Cold War 1985's rules from the book (../shared/seeds/002): the movement cost of markers (15.9,
// 26.2.2, 27.4, 31.3, 32.2-32.3), the event cards' discard pile (34.7) and the ground-combat modifiers the defender's markers and hex give (15.6).
import { describe, expect, test } from 'vitest';
import { assembleModule } from '../../src/core/module/assemble.js';
import type { ModuleData } from '../../src/core/module/schema.js';
import { prepareGame } from '../../src/core/engine/game.js';
import { initialState } from '../../src/core/engine/initial-state.js';
import { executeCommand } from '../../src/core/engine/execute.js';
import { foldEvents } from '../../src/core/engine/fold.js';
import { parseLine } from '../../src/core/engine/parse.js';
import { NotFairRandomness } from '../../src/core/engine/not-fair-randomness.js';
import { reachOf } from '../../src/core/engine/reach.js';
import type { GameState } from '../../src/core/engine/state.js';
import type { GameEvent, MovedEvent, PlayedEvent, ResolvedEvent } from '../../src/core/engine/events.js';
import { formatRational } from '../../src/core/rational.js';
import { aloneAt } from '../helpers/alone.js';
import { moduleFiles } from '../helpers/module-files.js';

const m = assembleModule(moduleFiles('cold-war-1985')).data as ModuleData;
const game = prepareGame(m, 'hannover-breakthrough');
const idx = game.costs!.index;
const hex = game.board.hex!;

/** Two clear hexes side by side with no road or hexside feature between them, away from every unit. */
const [from, to] = (() => {
  const s = initialState(game);
  for (const a of hex.labels()) {
    if (idx.hexTerrain(a).join() !== 'clear' || s.stacks[a]) continue;
    for (const b of hex.neighbours(a)) {
      if (idx.hexTerrain(b).join() === 'clear' && !s.stacks[b] && !idx.hexsideFeatures(a, b).length && !idx.roadsBetween(a, b).length) return [a, b];
    }
  }
  throw new Error('no clear pair');
})();

const alone = (piece: string, at: string, change?: (s: GameState) => void) => aloneAt(game, piece, at, change);
const run = (s: GameState, line: string, side = 'nato', r = new NotFairRandomness('cw')) => executeCommand(game, s, parseLine(line)!.command, { side }, r);
const mp = (s: GameState, line: string, side = 'nato') => (run(s, line, side)[0] as MovedEvent);
const mark = (at: string, marker: string) => (s: GameState) => { s.markers[at] = [...(s.markers[at] ?? []), marker]; };

describe('Cold War markers on the hex entered cost MP', () => {
  test('15.9.2 "进入带有突破标记的六边形格，需额外消耗4个移动点；进攻单位执行战斗后推进时，不受该额外移动点成本限制"', () => {
    const s = alone('ge-pz2', from, mark(to, 'breakthrough'));
    expect(mp(s, `move ge-pz2 ${to}`)).toMatchObject({ mp: '5', rules: ['15.9'] });
    expect(mp(s, `move ge-pz2 ${to} --mode advance`)).toMatchObject({ mp: '1', mode: 'advance' });
    const r = reachOf(game, s, 'ge-pz2').reachable.find((x) => x.location === to);
    expect(r && formatRational(r.cost)).toBe('5');
  });

  test('15.9.4 "突破标记将在后续的整理阶段被移除": the marker is gone when the next turn begins (nothing moves in between)', () => {
    let s = alone('ge-pz2', from, mark(to, 'breakthrough'));
    s.phase = 'end'; s.active = 'none';
    const ev = run(s, 'next', 'wp');
    expect(ev).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'unmarked', marker: 'breakthrough', target: to })]));
    s = foldEvents(s, ev);
    expect(s.markers[to] ?? []).not.toContain('breakthrough');
    expect(s.turn).toBe(2);
  });

  test('26.2.2.6-7 "华约单位…需额外消耗2个移动点" / "北约单位…需额外消耗4个移动点" for chemical contamination', () => {
    expect(mp(alone('ge-pz2', from, mark(to, 'chemical-contamination')), `move ge-pz2 ${to}`).mp).toBe('5');
    expect(mp(alone('su-47gtd-tr1', from, mark(to, 'chemical-contamination')), `move su-47gtd-tr1 ${to}`, 'wp').mp).toBe('3');
  });

  test('27.4.2 "进入核污染格的单位，需额外消耗4个移动点"', () => {
    expect(mp(alone('su-47gtd-tr1', from, mark(to, 'nuclear-contamination')), `move su-47gtd-tr1 ${to}`, 'wp')).toMatchObject({ mp: '5', rules: ['27.4'] });
  });

  test('31.3.2 "单位进入有敌方防御工事的六边形格时，需额外消耗与防御工事等级数值相等的移动点": the enemy\'s only', () => {
    expect(mp(alone('su-47gtd-tr1', from, mark(to, 'nato-fortification-1')), `move su-47gtd-tr1 ${to}`, 'wp').mp).toBe('2');
    expect(mp(alone('su-47gtd-tr1', from, mark(to, 'nato-fortification-3')), `move su-47gtd-tr1 ${to}`, 'wp').mp).toBe('4');
    expect(mp(alone('ge-pz2', from, mark(to, 'nato-fortification-3')), `move ge-pz2 ${to}`).mp).toBe('1'); // its own
  });

  test('29.2.3 doubles terrain, not markers: a breakthrough hex at night costs 1 x 2 + 4', () => {
    const s = alone('ge-pz2', from, (x) => { x.turnType = 'night-summer'; x.clock = '1985-08-04T21:00+02:00'; mark(to, 'breakthrough')(x); });
    expect(mp(s, `move ge-pz2 ${to}`)).toMatchObject({ mp: '6', rules: ['29.2', '15.9'] });
  });

  test('32.2 a pontoon in use carries the unit over the river at no river MP (our reading); one under construction does not', () => {
    const river = (() => {
      for (const a of hex.labels()) for (const b of hex.neighbours(a)) {
        if (idx.hexsideFeatures(a, b).join() === 'minor-river' && !idx.roadsBetween(a, b).length && idx.hexTerrain(b).join() === 'clear') return [a, b] as const;
      }
      throw new Error('no river');
    })();
    const side = hex.hexside(river[0], river[1]);
    expect(mp(alone('ge-pz2', river[0]), `move ge-pz2 ${river[1]}`).mp).toBe('4'); // clear 1 + minor river 3 (tracked)
    expect(mp(alone('ge-pz2', river[0], mark(side, 'pontoon-building')), `move ge-pz2 ${river[1]}`).mp).toBe('4');
    expect(mp(alone('ge-pz2', river[0], mark(side, 'pontoon')), `move ge-pz2 ${river[1]}`)).toMatchObject({ mp: '1', rules: ['32.2, 32.3'] });
    expect(mp(alone('ge-pz2', river[0], mark(side, 'bailey-bridge')), `move ge-pz2 ${river[1]}`).mp).toBe('1');
    // 32.2.1: a pontoon spans a river; on a dry hexside it is a placement warning.
    const dry = run(alone('ge-pz2', from), `mark ${from}|${to} pontoon`)[0]!;
    expect(dry.warnings?.[0]).toMatchObject({ code: 'placement' });
  });
});

describe('Cold War 34 event cards', () => {
  test('34.7 "事件卡使用完毕后，放入己方弃牌堆": every event card played goes to its owner\'s discard pile', () => {
    for (const deck of ['wp-events', 'nato-events']) expect(m.decks.find((d) => d.id === deck)!.cards.filter((c) => c.removeWhenPlayed)).toEqual([]);
    const r = new NotFairRandomness('cw-events');
    let s = initialState(game);
    const n = s.decks['wp-events']!.pool.length;
    s = foldEvents(s, run(s, `draw wp-events ${n}`, 'wp', r));
    const played = run(s, 'play we-spetsnaz as event', 'wp', r) as GameEvent[];
    expect(played[0]).toMatchObject({ type: 'played', card: 'we-spetsnaz', side: 'wp', to: 'discard' } satisfies Partial<PlayedEvent>);
    s = foldEvents(s, played);
    expect(s.decks['wp-events']!.discard).toEqual(['we-spetsnaz']);
    expect(s.decks['wp-events']!.removed).toEqual([]);
  });
  // 34.3-34.4 (the event check by map sheets): cold-war-1985-combat.test.ts
});

describe('Cold War 15 ground combat from the counters', () => {
  const resolve = (s: GameState, line: string) => run(s, line, 'wp')[0] as ResolvedEvent;
  const diff = (e: ResolvedEvent) => e.inputs!.find((i) => i.id === 'differential')!.value;
  const v = (id: string, k: string) => (game.pieces.get(id)!.values?.[k] ?? game.module.pieceTypes.find((t) => t.id === game.pieces.get(id)!.type)!.faces[0]!.values[k]) as number;

  test('15.1.4 "以进攻方的战斗战力值减去防御方的战斗战力值": the differential is computed, never typed', () => {
    const s = initialState(game);
    // su-47gtd-tr1 (armour) against ge-pzgren1 (mechanised, defence posture, in a fortified hex)
    const e = resolve(s, 'resolve ground-combat attackers=su-47gtd-tr1 defenders=ge-pzgren1 hasty');
    const clear = idx.hexTerrain(s.pieces['ge-pzgren1']!.location!).join() === 'clear';
    // 15.5.3c: in a defence posture the mechanised brigade keeps its defence value
    expect(s.pieces['ge-pzgren1']!.markers).toContain('posture-defence');
    expect(diff(e)).toBe(v('su-47gtd-tr1', 'attack') - v('ge-pzgren1', 'defence'));
    expect(e.bound).toEqual({ attackers: 'su-47gtd-tr1', defenders: 'ge-pzgren1' });
    expect(clear).toBe(true);
    const typed = () => run(s, 'resolve ground-combat attackers=su-47gtd-tr1 defenders=ge-pzgren1 differential=9', 'wp');
    expect(typed).toThrow(/computed from the board/);
  });

  test('15.5.3 "机械化…在同时满足以下所有条件时，使用自身攻击战力值": against armour, in clear terrain, out of a defensive posture', () => {
    const s = initialState(game);
    const p = s.pieces['ge-pzgren1']!;
    p.markers = p.markers.filter((x) => x !== 'posture-defence');
    p.markers.push('posture-tactical');
    expect(diff(resolve(s, 'resolve ground-combat attackers=su-47gtd-tr1 defenders=ge-pzgren1'))).toBe(v('su-47gtd-tr1', 'attack') - v('ge-pzgren1', 'attack'));
    // 15.5.1: armour defending against armour uses its attack value too
    expect(diff(resolve(s, 'resolve ground-combat attackers=su-47gtd-tr1 defenders=ge-pz2'))).toBe(v('su-47gtd-tr1', 'attack') - v('ge-pz2', 'attack'));
    // 15.5.1 is armour's alone: against a motor-rifle attacker the mechanised brigade keeps its defence
    expect(diff(resolve(s, 'resolve ground-combat attackers=su-47gtd-mrr defenders=ge-pzgren1'))).toBe(v('su-47gtd-mrr', 'attack') - v('ge-pzgren1', 'defence'));
  });

  test('15.6.14 "若任意防御单位处于交战状态，进攻方获得+2", 15.6.15 delay +3, 15.6.6 fortification -1: applied by themselves', () => {
    const s = initialState(game);
    const at = s.pieces['ge-pzgren1']!.location!;
    expect(s.markers[at]).toContain('nato-fortification-1'); // the scenario's prepared position
    s.pieces['ge-pzgren1']!.markers.push('engaged', 'half-engaged', 'delay');
    const e = resolve(s, 'resolve ground-combat attackers=su-47gtd-tr1 defenders=ge-pzgren1 hasty');
    expect(e.derived).toEqual(expect.arrayContaining(['fort-1', 'defender-engaged', 'defender-delayed']));
    // 15.6.14.1: engaged +2 or half-engaged +1, not both
    expect(e.dropped).toContain('defender-half-engaged');
    // with the cadre difference the counters give (15.6.3: 2 - 4), computed too
    expect(e.modifiers.find((x) => x.id === 'cadre')).toEqual({ id: 'cadre', value: 2 - 4 });
    // and the tank regiment's attached engineers take the fortification one level down (37.3.3: 1 → 0), the
    // brigade's defence posture gives -2 (15.6.1, chart value ours)
    expect(e.derived).toEqual(expect.arrayContaining(['fort-engineers', 'posture-defence']));
    expect(e.modifier).toBe(-2 - 1 + 1 + 2 + 3 - 2 + (2 - 4));
  });

  test('15.6.5.1 "取对防御方最有利的单项地形修正值": only the best terrain of the defender\'s hex', () => {
    const s = initialState(game);
    const at = s.pieces['ge-1pzd-hq']!.location!; // Braunschweig, urban
    expect(idx.hexTerrain(at)).toContain('urban');
    const e = resolve(s, 'resolve ground-combat attackers=su-47gtd-tr1 defenders=ge-1pzd-hq');
    expect(e.modifiers.filter((x) => x.id.startsWith('terrain-'))).toEqual([{ id: 'terrain-urban', value: -3 }]);
  });

  test('15.6.16 weather modifiers follow the fog and precipitation tracks and the night', () => {
    const s = initialState(game);
    s.tracks.fog = 1;
    expect(resolve(s, 'resolve ground-combat attackers=su-47gtd-tr1 defenders=ge-pz2').derived).toContain('fog');
    s.tracks.fog = 0;
    expect(resolve(s, 'resolve ground-combat attackers=su-47gtd-tr1 defenders=ge-pz2').derived ?? []).not.toContain('fog');
  });
});
