// Cold War 1985 (../shared/seeds/002): the rolls the sequence owes and the draw an event check asks
// for, forced by the engine — 29.1.2 the weather each turn, 34.3 each side's event roll and the card
// a 10 draws (34.4: a 9 on two map sheets), 19.2.1 each air zone's recovery roll.
import { describe, expect, test } from 'vitest';
import { assembleModule } from '../../src/core/module/assemble.js';
import type { ModuleData } from '../../src/core/module/schema.js';
import { prepareGame } from '../../src/core/engine/game.js';
import { initialState } from '../../src/core/engine/initial-state.js';
import { executeCommand } from '../../src/core/engine/execute.js';
import { foldEvents } from '../../src/core/engine/fold.js';
import { parseLine } from '../../src/core/engine/parse.js';
import { NotFairRandomness } from '../../src/core/engine/not-fair-randomness.js';
import { outcomeEvents } from '../../src/core/engine/outcomes.js';
import { whoseMove } from '../../src/core/engine/whose-move.js';
import type { GameState } from '../../src/core/engine/state.js';
import type { GameEvent, ResolvedEvent } from '../../src/core/engine/events.js';
import { moduleFiles } from '../helpers/module-files.js';

const m = assembleModule(moduleFiles('cold-war-1985')).data as ModuleData;
const game = prepareGame(m, 'hannover-breakthrough');
const run = (s: GameState, line: string, side: string) => executeCommand(game, s, parseLine(line)!.command, { side }, new NotFairRandomness('cw-owed'));
const codes = (ev: GameEvent[]) => ev.flatMap((e) => e.warnings ?? []).map((w) => w.code);
const owed = (s: GameState) => (s.obligations ?? []).map((o) => `${o.kind} ${o.side} ${o.reply ?? o.deck}`);
/** the event check's result, as the reply resolves it */
const checked = (s: GameState, roller: string, result: string) => outcomeEvents(game, s, {
  type: 'resolved', counter: 1, procedure: 'event-check', dice: '1d10', faces: [9], modifiers: [{ id: 'map-sheets', value: 1 }],
  modifier: 1, total: 10, index: 10, result, sealed: `${roller}/2/0`, side: roller,
} as ResolvedEvent);

describe('Cold War 29.1.2 the weather is rolled every turn', () => {
  test('29.1.2.2-3 "华约玩家掷骰查阅天气表 … 无论大雾判定结果如何，华约玩家需再次掷骰": the weather phase cannot end before both rolls', () => {
    let s = initialState(game);
    // turn 1 is a morning (fog possible, 29.1.2.1): WP owes the fog and the precipitation
    expect(s.turnType).toBe('morning');
    expect(owed(s)).toEqual(['roll wp fog', 'roll wp precipitation']);
    expect(whoseMove(game, s).label).toMatch(/wp: must roll fog in this phase/);
    const early = run(s, 'next', 'wp');
    expect(codes(early)).toEqual(['obligation']);
    expect(early[0]!.warnings![0]!.message).toMatch(/the phase cannot end before .*fog.*precipitation/);
    // the rolls are not held up by each other, nor is anything else WP does
    const fog = run(s, 'resolve fog', 'wp');
    expect(codes(fog)).toEqual([]);
    expect(fog[0]).toMatchObject({ type: 'resolved', procedure: 'fog', obligation: 'weather/fog/wp' });
    s = foldEvents(s, fog);
    expect(owed(s)).toEqual(['roll wp precipitation']);
    expect(codes(run(s, 'next', 'wp'))).toEqual(['obligation']);
    s = foldEvents(s, run(s, 'resolve precipitation', 'wp'));
    expect(s.obligations).toBeUndefined();
    const next = run(s, 'next', 'wp');
    expect(codes(next)).toEqual([]);
    expect(foldEvents(s, next).phase).toBe('event');
  });

  test('29.1.2.1 "判定当前回合是否可能出现大雾": by day only the precipitation is owed; each new turn owes its weather again', () => {
    const s = initialState(game);
    s.phase = 'end'; s.active = 'none'; delete s.obligations;
    s.clock = '1985-08-04T12:00+02:00'; s.turnType = 'day';
    const ev = run(s, 'next', 'wp');
    const after = foldEvents(s, ev);
    expect([after.turnType, after.phase]).toEqual(['day', 'weather']);
    expect(owed(after)).toEqual(['roll wp precipitation']);
    // a roll left unmade (the warning overridden) lapses with its phase: it is never owed twice
    const on = foldEvents(after, run(after, 'next', 'wp'));
    expect(on.phase).toBe('event');
    expect(on.obligations).toBeUndefined();
  });
});

describe('Cold War 34.3 the event roll and the card it draws', () => {
  const inEvent = () => {
    let s = initialState(game);
    delete s.obligations;
    s.phase = 'event'; s.segment = 'add-cards'; s.active = 'all';
    s = foldEvents(s, run(s, 'next', 'wp'));
    return s;
  };

  test('34.3 "事件阶段，双方各自掷骰": each side owes its roll in its segment', () => {
    let s = inEvent();
    expect(s.segment).toBe('wp-event-roll');
    expect(owed(s)).toEqual(['roll wp event-check']);
    expect(codes(run(s, 'next', 'wp'))).toEqual(['obligation']);
    s = foldEvents(s, run(s, 'resolve event-check', 'wp'));
    s = foldEvents(s, run(s, 'next', 'wp'));
    // (WP's own roll may have drawn: its result comes with the reply, here at once)
    expect([s.segment, ...owed(s).filter((o) => o.startsWith('roll'))]).toEqual(['nato-event-roll', 'roll nato event-check']);
  });

  test('34.3 "掷出10点时，从己方事件牌组抽取最上方的一张事件卡": the roller owes the draw from his own deck', () => {
    const s = inEvent();
    delete s.obligations;
    const wp = checked(s, 'wp', 'draw an event card');
    expect(wp).toEqual([{ type: 'obliged', id: 'wp/2/0/1', kind: 'draw', side: 'wp', pieces: [], count: 1, deck: 'wp-events', procedure: 'event-check', rule: '34.3' }]);
    expect(checked(s, 'nato', 'draw an event card')).toEqual([expect.objectContaining({ kind: 'draw', side: 'nato', deck: 'nato-events' })]);
    expect(checked(s, 'wp', 'no event')).toEqual([]);
    let owes = foldEvents(s, wp);
    // WP's next segment owes it: his other commands (and his next) are warned, the other side is not held up
    expect(whoseMove(game, owes).owes).toEqual(['wp']);
    expect(codes(run(owes, 'move su-47gtd-tr1 3314', 'wp'))).toContain('obligation');
    expect(codes(run(owes, 'resolve wp-air-points', 'wp'))).toContain('obligation');
    owes = foldEvents(owes, [{ type: 'obliged', id: 'event.nato-event-roll/event-check/nato', kind: 'roll', side: 'nato', pieces: [], count: 1, reply: 'event-check', phase: 'event', segment: 'wp-event-roll', procedure: 'event-check' }]);
    expect(codes(run(owes, 'resolve event-check', 'nato'))).toEqual([]);
    // the draw discharges it, in anyone's phase
    const draw = run(owes, 'draw wp-events', 'wp');
    expect(codes(draw)).toEqual([]);
    expect(draw[0]).toMatchObject({ type: 'drew', deck: 'wp-events', side: 'wp', obligation: 'wp/2/0/1' });
    const done = foldEvents(owes, draw);
    expect(owed(done)).toEqual(['roll nato event-check']);
    expect(done.hands.wp!.hidden).toHaveLength(1);
    // a draw from the other deck is not his to make, and no draw is owed there
    expect(() => run(owes, 'draw nato-events', 'wp')).toThrow(/nato's/);
  });

  test('34.3 "若己方事件牌组无卡可抽，此次掷骰结果无效": an empty deck owes no draw', () => {
    const s = inEvent();
    const d = s.decks['wp-events']!;
    d.drawn = d.pool.length;
    expect(checked(s, 'wp', 'draw an event card')).toEqual([]);
    expect(checked(s, 'nato', 'draw an event card')).toHaveLength(1);
  });
});

describe('Cold War 19.2.1 each air zone rolls in the air point phase', () => {
  test('19.2.1 "空中点数阶段，玩家需为每个空中区域参照空中点数表掷骰": both zones owe their roll before the phase ends', () => {
    let s = initialState(game);
    delete s.obligations;
    // the event phase ends when each side has said next (34.3 "双方各自掷骰"): WP has, NATO's ends it
    s.phase = 'event'; s.segment = 'nato-event-roll'; s.active = 'all'; s.passed = ['wp'];
    s = foldEvents(s, run(s, 'next', 'nato'));
    expect([s.phase, ...owed(s)]).toEqual(['air', 'roll nato nato-air-points', 'roll wp wp-air-points']);
    s = foldEvents(s, run(s, 'resolve nato-air-points', 'nato'));
    // NATO's zone is done; WP's is not: NATO's next only records his pass, WP's may not end the phase
    expect(codes(run(s, 'next', 'nato'))).toEqual([]);
    s = foldEvents(s, run(s, 'next', 'nato'));
    expect(s.phase).toBe('air');
    expect(codes(run(s, 'next', 'wp'))).toEqual(['obligation']);
    // another side's roll does not discharge it
    expect((run(s, 'resolve wp-air-points', 'nato')[0] as ResolvedEvent).obligation).toBeUndefined();
    s = foldEvents(s, run(s, 'resolve wp-air-points', 'wp'));
    expect(codes(run(s, 'next', 'wp'))).toEqual([]);
  });
});
