// What a result leaves to a player (outcomes.ts records it in state.obligations) and how he
// discharges it: `lose <piece>` takes one step of a loss he distributes, `retreat <piece> <path>`
// makes a retreat, `advance <piece> [<path>]` takes the advance after combat the result allows,
// `draw <deck>` the card a result draws (Cold War 34.3), `resolve <procedure>` a roll the phase owes.
// Until his required obligations are discharged, anything else he does — and a `next` by anyone —
// is an `obligation` warning (a refusal where module.rules.strict lists `obligation`; a `next` that
// only records the pass of a side owing nothing, passing.ts, is none); discharging
// his own obligation is allowed whoever's phase it is (the defender's choices in combat).
import { nextOnlyPasses } from './passing.js';
import type { Command, CommandOf } from './commands.js';
import { checkOwner, warning, type CommandContext } from './context.js';
import { refuse } from './errors.js';
import type { LostEvent, MovedEvent, Obligation, ValueSetEvent, Warning } from './events.js';
import type { Game } from './game.js';
import { resolveLocation } from './locations.js';
import { stepLoss } from './outcomes.js';
import { losePoints } from './points-effect.js';
import { stepPoints } from './loss-points.js';
import { enemiesIn } from './rule-scope.js';
import { pieceView } from './piece-values.js';
import { copyState, type GameState } from './state.js';

/** The obligation of `kind` that names the piece (the oldest first). */
function owed(state: GameState, kind: Obligation['kind'], piece: string): Obligation | undefined {
  return state.obligations?.find((o) => o.kind === kind && o.pieces.includes(piece));
}

/**
 * The reply a `resolve` discharges (procedure outcomes `reply`, mutual fire): an obligation for that
 * procedure whose piece and target the command binds both, owed by the side giving it; or a check
 * a move requires (movement.effects `check`), whose piece the command binds.
 */
export function replyDischarged(state: GameState, c: Command, ctx: CommandContext): Obligation | undefined {
  if (c.verb !== 'resolve' || !state.obligations) return undefined;
  const named = new Set(c.modifiers.flatMap((m) => (typeof m.value === 'string' ? m.value.split(',') : m.value !== undefined ? [String(m.value)] : [])));
  // a check a move requires (movement.effects): any resolve of its procedure that binds the piece
  return state.obligations.find((o) => ((((o.kind === 'reply' && named.has(o.to!)) || o.kind === 'check') && named.has(o.pieces[0]!))
    // a roll the phase owes (procedure `owed`: Cold War 29.1.2, the weather each turn): any resolve of it by that side
    // (one for each marked location, `each`: the resolve names that location)
    || (o.kind === 'roll' && (o.to === undefined || named.has(o.to)))) && o.reply === c.procedure && (ctx.side === undefined || ctx.side === o.side));
}

/**
 * The board a reply is rolled on (outcomes `simultaneous`, basic rules 8.1 "双方判定数据都是用判定时候的"):
 * a piece the same round eliminated fires back from the hex it stood in (`from`), as it stood there.
 */
export function replyBoard(state: GameState, o: Obligation | undefined): GameState {
  const id = o?.pieces[0];
  if (o?.from === undefined || id === undefined || state.pieces[id]?.location === o.from) return state;
  const s = copyState(state), p = s.pieces[id]!;
  if (p.location !== null) s.stacks[p.location] = (s.stacks[p.location] ?? []).filter((x) => x !== id);
  p.location = o.from;
  (s.stacks[o.from] ??= []).push(id);
  return s;
}

/** The draw obligation (procedure outcomes `draw`) a `draw <deck>` of the side giving it discharges. */
export function drawDischarged(state: GameState, deck: string, ctx: CommandContext): Obligation | undefined {
  return state.obligations?.find((o) => o.kind === 'draw' && o.deck === deck && (ctx.side === undefined || ctx.side === o.side));
}

/** True when the command discharges an obligation of the side giving it. */
export function discharges(state: GameState, c: Command, ctx: CommandContext): boolean {
  if (c.verb === 'resolve') return replyDischarged(state, c, ctx) !== undefined;
  if (c.verb === 'draw') return drawDischarged(state, c.deck, ctx) !== undefined;
  if (c.verb !== 'lose' && c.verb !== 'retreat' && c.verb !== 'advance') return false;
  const o = owed(state, c.verb === 'lose' ? 'loss' : c.verb, c.piece);
  return o !== undefined && (ctx.side === undefined || ctx.side === o.side);
}

/** An obligation in words: "blue: 1 step loss among blue-1, blue-2 (assault)". */
export function describeObligation(o: Obligation): string {
  const among = o.pieces.join(', ');
  const what = o.kind === 'loss' && o.value !== undefined ? `${o.count} ${o.value} point${o.count > 1 ? 's' : ''} among ${among}`
    : o.kind === 'loss' && o.points !== undefined ? `${o.count} loss point${o.count > 1 ? 's' : ''} (each step takes its ${o.points}) among ${among}`
    : o.kind === 'loss' ? `${o.count} step loss${o.count > 1 ? 'es' : ''} among ${among}`
    : o.kind === 'retreat' ? `retreat ${among} ${o.count} hex${o.count > 1 ? 'es' : ''}`
      : o.kind === 'reply' ? `${among} owes ${o.count} roll${o.count > 1 ? 's' : ''} of ${o.reply} at ${o.to}`
        : o.kind === 'check' ? `${among} must roll ${o.reply}${o.to ? ` (crossing ${o.to})` : ''}`
        : o.kind === 'roll' ? `must roll ${o.reply}${o.to !== undefined ? ` for ${o.to}` : ''} in this ${o.segment !== undefined ? 'segment' : 'phase'}`
        : o.kind === 'draw' ? `must draw ${o.count} card${o.count > 1 ? 's' : ''} from ${o.deck}`
        : `may advance ${among} into ${o.to}${o.length !== undefined ? ` (at most ${o.length} hex${o.length > 1 ? 'es' : ''})` : ''}`;
  return `${o.side}: ${what} (${o.procedure}${o.rule ? ` ${o.rule}` : ''})`;
}

/** The breach a command is while obligations are owed, or null. */
export function obligationBreach(game: Game, state: GameState, c: Command, ctx: CommandContext): Warning | null {
  const open = (state.obligations ?? []).filter((o) => !o.optional);
  if (!open.length || c.verb === 'note' || c.verb === 'undo' || discharges(state, c, ctx)) return null;
  // a next that only records the side's pass does not end the phase (passing.ts): it waits for nothing
  // of others; a draw is owed by the roller's next segment, wherever the game is: it holds up his
  // commands only; a roll the phase owes holds up its end only
  if (c.verb === 'next' && nextOnlyPasses(game, state, ctx.side) && !open.some((o) => o.side === ctx.side)) return null;
  const ending = open.filter((o) => o.kind !== 'draw');
  if (c.verb === 'next' && ending.length) return warning(game, 'obligation', `the phase cannot end before what the results ask is done: ${ending.map(describeObligation).join('; ')}`);
  const mine = open.filter((o) => o.side === ctx.side && o.kind !== 'roll');
  if (!mine.length) return null;
  return warning(game, 'obligation', `${ctx.side} must first do what the results ask: ${mine.map(describeObligation).join('; ')}`);
}

export function loseCommand(game: Game, state: GameState, c: CommandOf<'lose'>, ctx: CommandContext): LostEvent | ValueSetEvent {
  const p = pieceView(game, state, c.piece);
  checkOwner(game, p, ctx, 'take a loss with');
  if (p.state.location === null || !game.board.has(p.state.location)) refuse(`${c.piece} is not on the board`);
  const o = owed(state, 'loss', c.piece);
  // a loss in points (procedure outcomes `points`): `lose <piece> <n>` takes n of them
  if (o?.value !== undefined) return losePoints(game, state, o, c.piece, c.points ?? 1);
  if (c.points !== undefined) refuse(`${c.piece} owes no points (a result counted in points asks for them); a step loss is \`lose ${c.piece}\``);
  const e = stepLoss(game, state, c.piece, o ? { obligation: o.id } : {});
  // a loss in loss points: the step absorbs the piece's loss factor as it shows now
  return o?.points !== undefined ? { ...e, points: stepPoints(game, state, c.piece, o.points) } : e;
}

/** A path of adjacent board locations from where the piece stands. */
function boardPath(game: Game, from: string, texts: readonly string[]): string[] {
  const path = texts.map((t) => resolveLocation(game, t).id);
  let prev = from;
  path.forEach((l, i) => {
    if (!game.board.has(l)) refuse(`step ${i + 1}: ${l} is not on the board`);
    if (!game.board.adjacent(prev, l)) refuse(`step ${i + 1}: ${l} is not adjacent to ${prev}`);
    prev = l;
  });
  return path;
}

export function retreatCommand(game: Game, state: GameState, c: CommandOf<'retreat'>, ctx: CommandContext): MovedEvent {
  const p = pieceView(game, state, c.piece);
  checkOwner(game, p, ctx, 'retreat');
  const o = owed(state, 'retreat', c.piece);
  if (!o) refuse(`${c.piece} owes no retreat (a result asks for it); move it with move`);
  const from = p.state.location!;
  if (c.path.length !== o.count) refuse(`${c.piece} retreats ${o.count} hex${o.count > 1 ? 'es' : ''}: give a path of ${o.count}`);
  const path = boardPath(game, from, c.path);
  const warnings: Warning[] = [];
  const end = path[path.length - 1]!;
  const hex = game.board.hex;
  if (hex && hex.distance(from, end) !== o.count) warnings.push(warning(game, 'obligation', `${c.piece} ends ${hex.distance(from, end)} hex(es) from ${from}; a retreat of ${o.count} ends ${o.count} away`));
  const through = path.find((l) => enemiesIn(game, state, p.def.side, l) > 0);
  if (through) warnings.push(warning(game, 'obligation', `${c.piece} retreats through ${through}, which the enemy holds`));
  const e: MovedEvent = { type: 'moved', piece: c.piece, from, path, obligation: o.id };
  if (warnings.length) e.warnings = warnings;
  return e;
}

export function advanceCommand(game: Game, state: GameState, c: CommandOf<'advance'>, ctx: CommandContext): MovedEvent {
  const p = pieceView(game, state, c.piece);
  checkOwner(game, p, ctx, 'advance');
  const o = owed(state, 'advance', c.piece);
  if (!o) refuse(`${c.piece} has no advance after combat to take (a result allows it, in the phase of the combat)`);
  const from = p.state.location!;
  const path = boardPath(game, from, c.path?.length ? c.path : [o.to!]);
  if (path[path.length - 1] !== o.to) refuse(`${c.piece} may advance into ${o.to}, not ${path[path.length - 1]}`);
  if (enemiesIn(game, state, p.def.side, o.to!) > 0) refuse(`${o.to} is still held by the enemy: no advance into it`);
  const e: MovedEvent = { type: 'moved', piece: c.piece, from, path, obligation: o.id };
  // the result's `length`: the book's limit on the advance (a longer path is a breach, refused where strict)
  if (o.length !== undefined && path.length > o.length) {
    e.warnings = [warning(game, 'obligation', `${c.piece} advances ${path.length} hexes; the result allows at most ${o.length}${o.rule ? ` (${o.rule})` : ''}`)];
  }
  return e;
}
