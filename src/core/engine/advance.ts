// `next`: the next segment or phase (`next phase`: the next phase); segments that only turns with
// certain clock marks play (hourly turns) are passed by in other turns. Past the turn's last phase
// the next turn begins (its type, clock time and marks; a turn-record track follows), then its
// first phase, then the reinforcements due that turn arrive.
// Past the scenario's last turn the game ends.
import type { CommandContext } from './context.js';
import { refuse } from './errors.js';
import type { GameEvent } from './events.js';
import type { Game } from './game.js';
import { owedRolls } from './owed-rolls.js';
import { endsWithEachNext } from './passing.js';
import { arrivals } from './reinforcements.js';
import { attritionEvents } from './supply.js';
import { firstSegment, nextPlace, nextTurn, phasesOf } from './sequence.js';
import { countdowns, markerLifts, trackResets } from './timers.js';
import type { GameState } from './state.js';

export function nextCommand(game: Game, state: GameState, wholePhase = false, ctx: CommandContext = {}): GameEvent[] {
  if (state.over) refuse('the game is over');
  // a phase every side plays ends when each has said next, where the module says so (passing.ts)
  if (ctx.side !== undefined && endsWithEachNext(game, state)) {
    // the sides yet to say next (not whose-move's sides, which add those owing a result)
    const waiting = game.module.sides.map((s) => s.id).filter((s) => s !== ctx.side && !state.passed?.includes(s));
    if (state.passed?.includes(ctx.side)) refuse(`${ctx.side} has said next in this phase already; waiting for ${waiting.join(', ')} to say next`);
    if (waiting.length) return [{ type: 'passed', side: ctx.side }];
  }
  const turnType = state.turnType === null ? null : game.module.sequence.turnTypes.find((t) => t.id === state.turnType) ?? null;
  const place = nextPlace(game, turnType, state.phase, state.segment, state.marks, wholePhase);
  if (place) {
    const began: GameEvent = { type: 'phase-began', turn: state.turn, phase: place.phase.id, segment: place.segment, active: place.phase.active };
    // arrivals in a phase come as it begins (or as the segment the module names does); a segment may owe a roll
    if (place.phase.id === state.phase) {
      return [began, ...owedRolls(game, state, [began], false), ...arrivals(game, state, state.turn, place.phase.id, 'phase', place.segment, false)];
    }
    const resets = trackResets(game, state, place.phase.id, [began]);
    return [began, ...resets, ...attritionEvents(game, state, place.phase.id), ...markerLifts(game, state, place.phase.id),
      ...countdowns(game, state, place.phase.id),
      ...owedRolls(game, state, [began, ...resets], true), ...arrivals(game, state, state.turn, place.phase.id, 'phase', place.segment)];
  }
  // basic rules 4.1: reinforcements of the turn arrive as it ends, where the module says so
  const ending = arrivals(game, state, state.turn, null, 'turn-end');
  if (state.turn >= game.lastTurn) return [...ending, { type: 'game-ended', turn: state.turn }];
  const t = nextTurn(game, { turn: state.turn, clock: state.clock, turnType });
  const first = phasesOf(game, t.turnType)[0];
  if (!first) refuse(`turn ${t.turn} (${t.turnType?.id}) has no phase`);
  const events: GameEvent[] = [
    ...ending,
    { type: 'turn-began', turn: t.turn, turnType: t.turnType?.id ?? null, ...(t.clock ? { clock: t.clock } : {}), ...(t.marks.length ? { marks: t.marks } : {}) },
  ];
  // the turn record follows the turn; timers count down
  for (const track of game.module.tracks) {
    const from = state.tracks[track.id]!;
    if (track.follows === 'turn' && from !== t.turn) events.push({ type: 'track-set', track: track.id, from, to: t.turn });
  }
  events.push(...countdowns(game, state));
  events.push({ type: 'phase-began', turn: t.turn, phase: first.id, segment: firstSegment(first, t.marks), active: first.active });
  events.push(...trackResets(game, state, first.id, events));
  events.push(...attritionEvents(game, state, first.id));
  events.push(...markerLifts(game, state, first.id));
  events.push(...countdowns(game, state, first.id));
  events.push(...owedRolls(game, state, events, true));
  events.push(...arrivals(game, state, t.turn, null, 'turn-start'));
  events.push(...arrivals(game, state, t.turn, first.id, 'phase', firstSegment(first, t.marks)));
  return events;
}
