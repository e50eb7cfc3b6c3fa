// move and rotate: where a piece goes, what it costs. MP are exact (Rational), summed step by step
// with MovementCosts over the board's terrain; the event records the path, the MP of the move, the
// MP spent this phase and the allowance. Over-allowance and stacking are warnings unless strict.
import { add, compare, formatMixed, formatRational, parseRational, ZERO, type Rational } from '../rational.js';
import type { CommandOf } from './commands.js';
import { checkOwner, warning, type CommandContext } from './context.js';
import { refuse } from './errors.js';
import type { GameEvent, MovedEvent, RotatedEvent, Warning } from './events.js';
import type { Game } from './game.js';
import { resolveLocation, type Location } from './locations.js';
import { allowanceOf, facingKind, movementClass, pieceView } from './piece-values.js';
import { declaredMode, facingCost, pathMp } from './movement-rules.js';
import { stackingWarnings } from './stacking.js';
import { frontDirections } from './front.js';
import type { GameState } from './state.js';

const onMap = (l: Location) => l.kind === 'hex' || l.kind === 'space';

export function moveCommand(game: Game, state: GameState, c: CommandOf<'move'>, ctx: CommandContext): MovedEvent {
  const p = pieceView(game, state, c.piece);
  checkOwner(game, p, ctx, 'move');
  const path = c.path.map((t) => resolveLocation(game, t));
  const from = p.state.location === null ? null : resolveLocation(game, p.state.location);
  const offMap = !from || !onMap(from) || path.some((l) => !onMap(l) || l.board !== from.board);
  // Into or out of a box, a track, a hand or another board: one step, no MP.
  if (offMap && path.length > 1) {
    const where = !from ? `${c.piece} is not in play` : path.find((l) => !onMap(l))?.id ?? path.find((l) => l.board !== from.board)?.id ?? from.id;
    refuse(`a move into or out of a box, track, hand or another board takes a single step (${where}); split the path`);
  }
  let prev = from;
  if (!offMap) {
    for (const [i, l] of path.entries()) {
      const board = game.boards.get(l.board!)!;
      if (l.id === prev!.id) refuse(`step ${i + 1}: ${c.piece} is already in ${l.id}`);
      if (!board.adjacent(prev!.label!, l.label!)) refuse(`step ${i + 1}: ${l.id} is not adjacent to ${prev!.id}`);
      prev = l;
    }
  } else if (from && path[0]!.id === from.id) {
    refuse(`${c.piece} is already in ${from.id}`);
  }
  const event: MovedEvent = { type: 'moved', piece: c.piece, from: p.state.location, path: path.map((l) => l.id) };
  const warnings: Warning[] = [];
  if (!offMap) restrictedConnections(game, p.def, from!, path, warnings);
  // MP where the module has terrain costs, on the board played on.
  const declared = declaredMode(game, state, p, c.mode, warnings);
  if (c.mode !== undefined) event.mode = c.mode;
  if (game.costs && !offMap && from!.board === game.board.def.id) {
    const r = pathMp({ game, state, piece: p, mode: declared.mode }, [from!.label!, ...path.map((l) => l.label!)]);
    for (const x of r.prohibited) warnings.push(warning(game, 'prohibited', `${c.piece} (${x.cls}) may not enter ${x.to} from ${x.from}`));
    if (r.rules.length) event.rules = r.rules;
    const allowance = withBonus(allowanceOf(game, p), declared.bonus);
    if (r.flip) {
      // forced-face.ts: the steps up to the forced change within the old allowance, the move within the new
      const n = warnings.length;
      spend(game, state, p.id, r.flip.mp, allowance, warnings);
      const after = withBonus(allowanceOf(game, r.flip.mover.piece), declared.bonus);
      Object.assign(event, spend(game, state, p.id, r.mp, after, warnings.length > n ? [] : warnings));
    } else Object.assign(event, spend(game, state, p.id, r.mp, allowance, warnings));
  }
  const to = path[path.length - 1]!;
  if (game.module.rules?.stackByEntry && !offMap && entersThroughFlank(game, state, p.def.side, path.length > 1 ? path[path.length - 2]! : from!, to)) event.stack = 'bottom';
  if (onMap(to)) warnings.push(...stackingWarnings(game, state, p.id, to.id));
  if (warnings.length) event.warnings = warnings;
  return event;
}

/**
 * Eylau 6.12: a piece entering a hex held by pieces of its side goes under them when it crosses one
 * of their flank or rear hexsides, on top when it crosses a front one. The front is that of the top
 * piece of its side there that has a facing: the two hexsides beside the faced vertex, or the faced
 * hexside and its two neighbours; a piece facing all round (a square) has no flank.
 */
function entersThroughFlank(game: Game, state: GameState, side: string, prev: Location, to: Location): boolean {
  const hex = game.boards.get(to.board!)?.hex;
  if (!hex) return false;
  const friends = (state.stacks[to.id] ?? []).map((id) => pieceView(game, state, id)).filter((q) => q.def.side === side);
  const top = friends.reverse().find((q) => q.state.facing !== null);
  if (!top || facingKind(top) === 'none') return false;
  const entry = hex.direction(to.label!, prev.label!);
  if (entry === null) return false;
  return !frontDirections(facingKind(top), top.state.facing, hex.orientation)!.includes(entry);
}

/**
 * On a point-to-point board a connection type may be limited to some nations or sides (Paths of
 * Glory's dashed lines). A step along such a connection by anyone else is a `prohibited` warning
 * (refused where the module makes `allowance` strict); an untyped connection serves everyone.
 */
function restrictedConnections(game: Game, piece: { id: string; side: string; nation?: string | undefined }, from: Location, path: Location[], warnings: Warning[]): void {
  let prev = from;
  for (const l of path) {
    const board = game.boards.get(l.board!)!;
    if (board.graph && board.def.kind === 'points') {
      const types = new Map(board.def.connectionTypes.map((t) => [t.id, t]));
      const usable = board.graph.connectionsBetween(prev.label!, l.label!).some((conn) => {
        const t = conn.type === null ? undefined : types.get(conn.type);
        if (!t || (!t.nations && !t.sides)) return true;
        return (t.nations !== undefined && piece.nation !== undefined && t.nations.includes(piece.nation)) || (t.sides?.includes(piece.side) ?? false);
      });
      if (!usable) {
        warnings.push(warning(game, 'prohibited', `${piece.id}${piece.nation ? ` (${piece.nation})` : ''} may not use the connection ${prev.label} – ${l.label}: it is reserved to ${board.graph.connectionsBetween(prev.label!, l.label!).map((conn) => { const t = types.get(conn.type!); return [...(t?.nations ?? []), ...(t?.sides ?? [])].join(', '); }).join('; ')}`));
      }
    }
    prev = l;
  }
}

/** MP fields of a move or turn: this action's MP, the phase total after it, the allowance; warns past it. */
export function spend(game: Game, state: GameState, piece: string, mp: Rational, allowance: Rational | null, warnings: Warning[]) {
  const before = state.spent[piece] !== undefined ? parseRational(state.spent[piece]!)! : ZERO;
  const spent = add(before, mp);
  const out: { mp: string; spent: string; allowance?: string } = { mp: formatRational(mp), spent: formatRational(spent) };
  if (allowance) {
    out.allowance = formatRational(allowance);
    if (compare(spent, allowance) > 0) {
      warnings.push(warning(game, 'allowance', `${piece} has spent ${formatMixed(spent)} MP this phase, over its allowance of ${formatMixed(allowance)} MP`));
    }
  }
  return out;
}

export function rotateCommand(game: Game, state: GameState, c: CommandOf<'rotate'>, ctx: CommandContext): GameEvent[] {
  const p = pieceView(game, state, c.piece);
  checkOwner(game, p, ctx, 'turn');
  const from = p.state.facing;
  if (facingKind(p) === 'none' || from === null) refuse(`${c.piece} (face ${p.face.id}) has no facing`);
  let to: number, steps: number;
  if ('by' in c.amount) {
    to = (((from + c.amount.by) % 6) + 6) % 6;
    steps = Math.abs(c.amount.by);
  } else {
    if (c.amount.to < 0 || c.amount.to > 5) refuse(`facing ${c.amount.to} does not exist (0 to 5, or +n / -n to turn)`);
    to = c.amount.to;
    const d = (to - from + 6) % 6;
    steps = Math.min(d, 6 - d);
  }
  const event: RotatedEvent = { type: 'rotated', piece: c.piece, from, to };
  const warnings: Warning[] = [];
  const declared = declaredMode(game, state, p, c.mode, warnings);
  if (c.mode !== undefined) event.mode = c.mode;
  const events: GameEvent[] = [event];
  const cost = steps > 0 ? facingCost(game, state, p, declared.mode, steps) : null;
  if (cost) {
    if (cost.mp === null) warnings.push(warning(game, 'prohibited', `${c.piece} (${movementClass(p)}) may not change facing`));
    if (cost.rule) event.rules = [cost.rule];
    Object.assign(event, spend(game, state, p.id, cost.mp ?? ZERO, withBonus(allowanceOf(game, p), declared.bonus), warnings));
    // a marker the rule puts on or takes off (Eylau 5.42: faced to rear)
    if (cost.toggle) {
      const has = p.state.markers.includes(cost.toggle);
      events.push({ type: has ? 'unmarked' : 'marked', target: p.id, kind: 'piece', marker: cost.toggle });
    }
  }
  if (warnings.length) event.warnings = warnings;
  return events;
}

/** The allowance with a declared mode's bonus (null stays null: a piece with no allowance). */
export function withBonus(allowance: Rational | null, bonus: Rational): Rational | null {
  return allowance === null ? null : add(allowance, bonus);
}
