// Reinforcements by the module's rules.reinforcements: Cold War 33.5 (in the friendly maneuver
// phase, paying the entry hex, delayed by an enemy unit there, warning past the stacking limit)
// and the Napoleonic basic rules 4.1 (as the turn ends). ../shared/seeds/002 and 001.
import { describe, expect, it } from 'vitest';
import { assembleModule } from '../../../src/core/module/assemble.js';
import type { ModuleData } from '../../../src/core/module/schema.js';
import { prepareGame, type Game } from '../../../src/core/engine/game.js';
import { initialState } from '../../../src/core/engine/initial-state.js';
import { executeCommand } from '../../../src/core/engine/execute.js';
import { applyEvent } from '../../../src/core/engine/fold.js';
import { NotFairRandomness } from '../../../src/core/engine/not-fair-randomness.js';
import type { GameEvent } from '../../../src/core/engine/events.js';
import type { GameState } from '../../../src/core/engine/state.js';
import { moduleFiles } from '../../helpers/module-files.js';

const load = (id: string) => assembleModule(moduleFiles(id)).data as ModuleData;

const lastIndex = (ev: GameEvent[], type: GameEvent['type']) => ev.map((e) => e.type).lastIndexOf(type);

/** Says `next` (no side: a referee) until `stop` holds for the events of one `next`; returns them all. */
function nextUntil(game: Game, s: GameState, stop: (events: GameEvent[]) => boolean): GameEvent[] {
  const all: GameEvent[] = [];
  for (let i = 0; i < 200; i++) {
    const events = executeCommand(game, s, { verb: 'next' }, {}, new NotFairRandomness('r'));
    for (const e of events) applyEvent(s, e);
    all.push(...events);
    if (stop(events)) return all;
  }
  throw new Error('never happened');
}

describe('Cold War 33.5 ground reinforcements', () => {
  const game = prepareGame(load('cold-war-1985'), 'hannover-breakthrough');
  const due3 = game.scenario.reinforcements.filter((r) => r.turn === 3);
  const side = game.pieces.get(due3[0]!.piece)!.side;
  const phase = side === 'nato' ? 'nato-maneuver' : 'wp-maneuver';

  it('"玩家在友方机动阶段获得地面增援": they come as their side\'s maneuver phase begins, not as the turn does', () => {
    const s = initialState(game);
    const turnStart = nextUntil(game, s, (ev) => ev.some((e) => e.type === 'turn-began' && e.turn === 3));
    expect(turnStart.filter((e) => e.type === 'arrived')).toEqual([]);
    const arrived = nextUntil(game, s, (ev) => ev.some((e) => e.type === 'phase-began' && e.phase === phase));
    const a = arrived.filter((e) => e.type === 'arrived');
    expect(a.map((e) => e.type === 'arrived' && e.piece)).toEqual(due3.map((r) => r.piece));
  });

  it('"玩家需支付增援单位进入格的移动点成本": the entry hex\'s MP are spent (along the Autobahn into 0108), and past the stacking limit of 3 a warning', () => {
    const s = initialState(game);
    const ev = nextUntil(game, s, (x) => x.some((e) => e.type === 'phase-began' && e.turn === 4 && e.phase === phase));
    const fromTurn4 = ev.slice(lastIndex(ev, 'phase-began'));
    const a = fromTurn4.filter((e): e is Extract<GameEvent, { type: 'arrived' }> => e.type === 'arrived');
    expect(a.length).toBeGreaterThan(0);
    for (const e of a) expect(e.spent).toBe(e.mp);
    expect(s.spent[a[0]!.piece]).toBe(a[0]!.mp);
    // the turn 3 group left 0108 in no move of ours, so turn 4's three more make six in 0108
    const over = a.filter((e) => e.warnings?.some((w) => w.code === 'stacking'));
    expect(over.length).toBe(3);
    expect(over[0]!.warnings![0]!.message).toMatch(/0108 would hold 4 pieces; the stacking limit is 3, as .* arrives/);
  });

  it('"进入格内不得有敌军单位；若无有效进入格，该地面增援单位将延迟至下一回合投入战场": an enemy in the entry hex delays them a turn', () => {
    const s = initialState(game);
    const enemy = game.module.pieces.find((p) => p.side !== side && s.pieces[p.id]!.location)!.id;
    const from = s.pieces[enemy]!.location!;
    s.stacks[from] = s.stacks[from]!.filter((x) => x !== enemy);
    s.pieces[enemy]!.location = due3[0]!.at;
    s.stacks[due3[0]!.at] = [enemy];
    const ev = nextUntil(game, s, (x) => x.some((e) => e.type === 'phase-began' && e.turn === 3 && e.phase === phase));
    const delayed = ev.filter((e) => e.type === 'delayed');
    expect(delayed.length).toBe(due3.filter((r) => r.at === due3[0]!.at).length);
    expect(delayed[0]).toMatchObject({ rule: '33.5', reason: `an enemy unit holds ${due3[0]!.at}` });
    // gone next turn: they come then
    s.stacks[due3[0]!.at] = [];
    delete s.stacks[due3[0]!.at];
    s.pieces[enemy]!.location = from;
    (s.stacks[from] ??= []).push(enemy);
    const later = nextUntil(game, s, (x) => x.some((e) => e.type === 'phase-began' && e.turn === 4 && e.phase === phase));
    expect(later.some((e) => e.type === 'arrived' && e.piece === due3[0]!.piece)).toBe(true);
  });
});

describe('basic rules 4.1: reinforcements at the end of their turn', () => {
  const game = prepareGame(load('napoleon-basic'));
  it('"结束回合，如有援军则援军到达（不是视作下回合到达，而是这回合）": turn 2\'s arrive as turn 2 ends, before turn 3 begins', () => {
    const s = initialState(game);
    const due = game.scenario.reinforcements.filter((r) => r.turn === 2).map((r) => r.piece);
    const t2 = nextUntil(game, s, (ev) => ev.some((e) => e.type === 'turn-began' && e.turn === 2));
    expect(t2.some((e) => e.type === 'arrived' && due.includes(e.piece))).toBe(false);
    expect(due.every((p) => s.pieces[p]!.location === null)).toBe(true);
    const end = nextUntil(game, s, (ev) => ev.some((e) => e.type === 'turn-began' && e.turn === 3));
    const last = end.slice(end.findIndex((e) => e.type === 'arrived'));
    expect(last.filter((e) => e.type === 'arrived').map((e) => e.type === 'arrived' && e.piece)).toEqual(due);
    expect(last.findIndex((e) => e.type === 'turn-began')).toBeGreaterThan(lastIndex(last, 'arrived'));
  });
});
