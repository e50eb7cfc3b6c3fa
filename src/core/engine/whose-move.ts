// Whose move it is, from the state alone: the sides that may act now (the phase's active side, or
// in a phase every side plays, those that have not yet said `next`), the phase and segment with
// their names, and a label for people ("turn 3, French movement phase, segment b: french").
// Pure; the e-mail workflow prints "your move (…)" from it, the board page shows it.
import type { Game } from './game.js';
import { describeObligation } from './obligations.js';
import { refills, type Refill } from './refill.js';
import type { GameState } from './state.js';

export interface WhoseMove {
  turn: number;
  phase: string;
  phaseName: string;
  segment: string | null;
  segmentName: string | null;
  /** the phase's `active`: a side id, "all" or "none" */
  active: string;
  /** the sides whose move it is, in module order; empty when the game is over or no side is active */
  sides: string[];
  /** in a phase every side plays (active "all"), the sides that have said `next` already */
  passed: string[];
  over: boolean;
  /** "turn 3, Movement phase (Orders): red" */
  label: string;
  /** sides that owe what a result asks (a loss to take, a retreat), in module order; absent when none */
  owes?: string[];
  /** a refill phase (PoG §14: draw up to 7): what each side draws from each deck; absent elsewhere */
  refills?: Refill[];
}

export function whoseMove(game: Game, state: GameState): WhoseMove {
  const phase = game.phases.get(state.phase);
  const segment = phase?.segments.find((s) => s.id === state.segment) ?? null;
  const passed = state.passed ?? [];
  const all = game.module.sides.map((s) => s.id);
  let sides: string[];
  if (state.over) sides = [];
  else if (state.active === 'all') sides = all.filter((s) => !passed.includes(s));
  else if (state.active === 'none') sides = [];
  else sides = [state.active];
  // a side that owes what a result asks has a move to make too, whoever's phase it is
  const owed = (state.obligations ?? []).filter((o) => !o.optional);
  const owes = all.filter((s) => owed.some((o) => o.side === s));
  if (!state.over) for (const s of owes) if (!sides.includes(s)) sides = all.filter((x) => sides.includes(x) || x === s);
  const where = `${phase?.name ?? state.phase}${segment ? ` (${segment.name})` : ''}`;
  const who = state.over ? 'the game is over' : sides.length ? sides.join(', ') : 'no side (either may say next)';
  const owing = owes.length ? `; ${owed.map(describeObligation).join('; ')}` : '';
  const refill = state.over ? [] : refills(game, state).filter((r) => sides.includes(r.side));
  const drawing = refill.map((r) => `; ${r.side} draws ${r.count} from ${r.deck} (holds ${r.held}, up to ${r.handLimit})`).join('');
  return {
    turn: state.turn, phase: state.phase, phaseName: phase?.name ?? state.phase,
    segment: state.segment, segmentName: segment?.name ?? null,
    active: state.active, sides, passed: passed.slice(), over: state.over,
    label: `turn ${state.turn}, ${where}: ${who}${owing}${drawing}`,
    ...(owes.length ? { owes } : {}),
    ...(refill.length ? { refills: refill } : {}),
  };
}
