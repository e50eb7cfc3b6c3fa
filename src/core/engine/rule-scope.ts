// The names a rule reads at play (rules/vocabulary.ts lists them and their types): the acting
// piece, where it stands, the turn, the tracks, plus what the kind of rule adds (a step's hexes,
// a facing change's steps). Values are computed when read, so a rule pays only for what it reads.
import { rational, type Rational } from '../rational.js';
import { ExpressionError, type Expr } from '../rules/expression.js';
import { evaluate, type ExprValue, type Scope } from '../rules/evaluate.js';
import type { Game } from './game.js';
import { facingKind, movementClass, pieceValue, type PieceView } from './piece-values.js';
import type { GameState } from './state.js';

export type Extra = Record<string, ExprValue | (() => ExprValue)>;
export type Functions = Record<string, (args: ExprValue[]) => ExprValue>;

/** A piece's number `key`: set in play, the counter's own, the face's, else the first face printing it. */
export function pieceNumber(p: PieceView, key: string): Rational {
  const v = pieceValue(p, key) ?? p.type.faces.find((f) => f.values[key] !== undefined)?.values[key];
  if (v === undefined) return rational(0);
  if (typeof v !== 'number') throw new ExpressionError(`piece.${key} of ${p.id} is "${v}", not a number`);
  return rational(v);
}

/** Pieces of another side than `side` in a location (markers on the map are pieces of a side too). */
export function enemiesIn(game: Game, state: GameState, side: string, location: string): number {
  let n = 0;
  for (const id of state.stacks[location] ?? []) if (game.pieces.get(id)!.side !== side) n++;
  return n;
}

/** Enemy pieces within `range` hexes of a hex of the board played on, leaving out those carrying a marker in `except`. */
export function enemiesWithin(game: Game, state: GameState, side: string, label: string, range: number, except: readonly string[] = []): number {
  const hex = game.board.hex;
  if (!hex || !hex.has(label)) return 0;
  let n = 0;
  for (const [at, ids] of Object.entries(state.stacks)) {
    if (!hex.has(at) || hex.distance(label, at) > range) continue;
    for (const id of ids) {
      if (game.pieces.get(id)!.side === side) continue;
      if (except.length && state.pieces[id]!.markers.some((m) => except.includes(m))) continue;
      n++;
    }
  }
  return n;
}

/** The piece types of the other sides' pieces in a location. */
export function enemyTypes(game: Game, state: GameState, side: string, location: string): string[] {
  const out: string[] = [];
  for (const id of state.stacks[location] ?? []) {
    const d = game.pieces.get(id)!;
    if (d.side !== side && !out.includes(d.type)) out.push(d.type);
  }
  return out;
}

/** The piece types of the side's own pieces in a location (basic rules 6.5: what a move passes through). */
export function friendTypes(game: Game, state: GameState, side: string, location: string): string[] {
  const out: string[] = [];
  for (const id of state.stacks[location] ?? []) {
    const d = game.pieces.get(id)!;
    if (d.side === side && !out.includes(d.type)) out.push(d.type);
  }
  return out;
}

/** The faces of the other pieces of `side` in a location, each once, in stack order (`from.friend-faces`). */
export function friendFaces(state: GameState, game: Game, side: string, piece: string, location: string): string[] {
  const out: string[] = [];
  for (const id of state.stacks[location] ?? []) {
    if (id === piece || game.pieces.get(id)!.side !== side) continue;
    const f = state.pieces[id]!.face;
    if (!out.includes(f)) out.push(f);
  }
  return out;
}

export class RuleScope implements Scope {
  constructor(
    private readonly game: Game,
    private readonly state: GameState,
    private readonly piece: PieceView | null,
    private readonly mode: string,
    private readonly extra: Extra = {},
    private readonly fns: Functions = {},
  ) {}

  name(name: string): ExprValue {
    if (name in this.extra) {
      const v = this.extra[name]!;
      return typeof v === 'function' ? v() : v;
    }
    const { game, state } = this;
    switch (name) {
      case 'turn.number': return rational(state.turn);
      case 'turn.type': return state.turnType ?? '';
      case 'turn.month': return rational(state.clock ? Number(state.clock.slice(5, 7)) : 0);
      case 'turn.hour': return rational(state.clock ? Number(state.clock.slice(11, 13)) : 0);
      case 'phase': return state.phase;
      case 'segment': return state.segment ?? '';
      case 'active': return state.active;
    }
    const dot = name.indexOf('.');
    const head = name.slice(0, dot), rest = name.slice(dot + 1);
    if (head === 'track') return rational(state.tracks[rest] ?? 0);
    if (head === 'turn') {
      const v = game.module.sequence.turnTypes.find((t) => t.id === state.turnType)?.values?.[rest];
      return rational(typeof v === 'number' ? v : 0);
    }
    const p = this.piece;
    if (!p) throw new ExpressionError(`"${name}" names a piece, and this rule has none`);
    const here = p.state.location ?? '';
    switch (name) {
      case 'piece.id': return p.id;
      case 'piece.type': return p.type.id;
      case 'piece.face': return p.face.id;
      case 'piece.side': return p.def.side;
      case 'piece.nation': return p.def.nation ?? '';
      case 'piece.markers': return p.state.markers;
      case 'piece.facing': return facingKind(p);
      case 'class': return movementClass(p);
      case 'mode': return this.mode;
      case 'here.terrain': return game.costs?.index.hexTerrain(here) ?? [];
      case 'here.roads': return game.costs?.index.roadsAt(here) ?? [];
      case 'here.markers': return state.markers[here] ?? [];
      case 'here.enemies': return rational(enemiesIn(game, state, p.def.side, here));
    }
    if (head === 'piece') return pieceNumber(p, rest);
    throw new ExpressionError(`unknown name "${name}"`);
  }

  call(fn: string, args: ExprValue[]): ExprValue {
    const f = this.fns[fn];
    if (f) return f(args);
    if (fn === 'enemies-within' && this.piece) {
      const r = args[0] as Rational, p = this.piece;
      return rational(enemiesWithin(this.game, this.state, p.def.side, p.state.location ?? '', Math.floor(r.num / r.den), args[1] as string[]));
    }
    throw new ExpressionError(`unknown function "${fn}"`);
  }
}

/** Evaluates a rule's expression; an error names the rule so the player knows which one failed. */
export function evalRule(e: Expr, scope: Scope, rule: string): ExprValue {
  try {
    return evaluate(e, scope);
  } catch (err) {
    if (err instanceof ExpressionError) throw new ExpressionError(`module rule ${rule}: ${err.message}`);
    throw err;
  }
}
