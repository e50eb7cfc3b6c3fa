// Executing a command: a pure function of (game, state, command, context, randomness answers)
// that returns the events it causes, or throws an EngineError and changes nothing. The log layer
// verifies a segment by executing its commands again and comparing the events canonically.
import { addCardsCommand, drawCommand, playCommand, revealHandCommand, shuffleCommand } from './cards.js';
import type { Command } from './commands.js';
import { warning, type CommandContext } from './context.js';
import { rollCommand, resolveCommand } from './dice.js';
import { EngineError, refuse } from './errors.js';
import type { GameEvent, Warning } from './events.js';
import { nextCommand } from './advance.js';
import { afterPassBreach } from './passing.js';
import type { Game } from './game.js';
import { countActs, permissionBreach } from './permissions.js';
import { procedureInputs } from './procedure-inputs.js';
import { outcomeEvents, placeOfRoll } from './outcomes.js';
import { playEffects } from './card-plays.js';
import {
  advanceCommand, discharges, drawDischarged, loseCommand, obligationBreach, replyBoard, replyDischarged, retreatCommand,
} from './obligations.js';
import { delayCommand } from './entry-choice.js';
import { moveCommand, rotateCommand } from './movement.js';
import { moveEffectEvents } from './move-effects.js';
import { entryControlEvents } from './control.js';
import { markCostEvents } from './marker-cost.js';
import { flipCommand, markEvents, setCommand, stackCommand, trackCommand } from './piece-commands.js';
import type { Randomness } from './randomness.js';
import type { GameState } from './state.js';

export function executeCommand(game: Game, state: GameState, command: Command, ctx: CommandContext, randomness: Randomness): GameEvent[] {
  if (ctx.side !== undefined && !game.sides.has(ctx.side)) throw new EngineError(`unknown side "${ctx.side}"`);
  // out of turn: refused here where `turn` is strict, else recorded on the command's first event
  // a side discharging what a result asks of him may do so in anyone's phase (his choices in combat)
  // a side that has said next in a phase every side plays acts no more in it (passing.ts)
  const breach = discharges(state, command, ctx) ? null : permissionBreach(game, state, command, ctx) ?? afterPassBreach(game, state, command, ctx);
  const owed = obligationBreach(game, state, command, ctx);
  const events = execute(game, state, command, ctx, randomness);
  for (const w of [owed, breach]) if (w && events[0]) (events[0].warnings ??= []).unshift(w);
  countActs(game, state, events);
  return events;
}

function execute(game: Game, state: GameState, command: Command, ctx: CommandContext, randomness: Randomness): GameEvent[] {
  switch (command.verb) {
    case 'move': {
      // the move, what it does to the piece, then the spaces it takes (rules.control, §5.6)
      const e = moveCommand(game, state, command, ctx);
      return [e, ...moveEffectEvents(game, state, e), ...entryControlEvents(game, state, e.piece, e.path)];
    }
    case 'rotate': return rotateCommand(game, state, command, ctx);
    case 'flip': return [flipCommand(game, state, command, ctx)];
    case 'mark': case 'unmark': {
      // a marker with a cost (§4.2: activating a space) is paid from the marking side's track, after
      // the markers it brings along (10.3)
      const ev = markEvents(game, state, command, ctx), e = ev[0]!;
      return e.type === 'marked' ? [...ev, ...markCostEvents(game, state, e, ctx)] : ev;
    }
    case 'set': return [setCommand(game, state, command)];
    case 'track': return [trackCommand(game, state, command)];
    case 'stack': return [stackCommand(game, state, command, ctx)];
    case 'roll': return [rollCommand(command, randomness)];
    case 'resolve': {
      // the board's inputs first (procedure-inputs.ts), then the roll as before; a simultaneous reply
      // by a piece eliminated since reads the board as it stood (obligations.ts replyBoard)
      const reply = replyDischarged(state, command, ctx);
      const board = replyBoard(state, reply);
      const inputs = procedureInputs(game, board, command);
      // a roll its procedure's `requires` forbid: a `prohibited` warning (refused where `allowance` is strict)
      const unmet = inputs.unmet.map((r) => warning(game, 'prohibited', `${command.procedure}: ${r.message}`));
      const e = resolveCommand(game, { ...command, modifiers: inputs.modifiers }, randomness);
      if (Object.keys(inputs.bound).length) e.bound = inputs.bound;
      if (inputs.derived.length) e.derived = inputs.derived;
      if (unmet.length) (e.warnings ??= []).push(...unmet);
      if (reply) e.obligation = reply.id;
      if (e.type === 'resolved') { const at = placeOfRoll(game, board, e.procedure, e.bound); if (at !== undefined) e.at = at; }
      // an immediate (or unsealed) result does what it says at once; a sealed one with the reply
      return e.type === 'resolved' ? [e, ...outcomeEvents(game, state, e, ctx.side)] : [e];
    }
    case 'draw': {
      // the draw a result asked for (outcomes `draw`): its first draw discharges it
      const events = drawCommand(game, state, command, ctx, randomness);
      const owed = drawDischarged(state, command.deck, ctx);
      const first = events.find((x) => x.type === 'drew' || (x.type === 'sealed' && x.kind === 'draw'));
      if (owed && first && (first.type === 'drew' || first.type === 'sealed')) first.obligation = owed.id;
      return events;
    }
    case 'play': case 'discard': {
      // a card played as a use may move a track by a value printed on it (the deck's `plays`)
      const e = playCommand(game, state, command, ctx, randomness);
      return e.type === 'played' ? [e, ...playEffects(game, state, e)] : [e];
    }
    case 'shuffle': return [shuffleCommand(game, state, command, randomness)];
    case 'add-cards': return addCardsCommand(game, state, command, randomness);
    case 'reveal-hand': return [revealHandCommand(state, ctx, randomness)];
    case 'next': return nextCommand(game, state, command.to === 'phase', ctx);
    case 'note': return [{ type: 'noted', text: command.text }];
    case 'lose': return [loseCommand(game, state, command, ctx)];
    case 'retreat': { const e = retreatCommand(game, state, command, ctx); return [e, ...entryControlEvents(game, state, e.piece, e.path)]; }
    case 'advance': { const e = advanceCommand(game, state, command, ctx); return [e, ...entryControlEvents(game, state, e.piece, e.path)]; }
    case 'delay': return [delayCommand(game, state, command, ctx)];
    case 'undo': return refuse('undo takes back a command of the turn in progress: give it to a Turn');
  }
}

/** The warnings events carry, in order. */
export function warningsOf(events: readonly GameEvent[]): Warning[] {
  return events.flatMap((e) => e.warnings ?? []);
}
