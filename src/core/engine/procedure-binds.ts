// What a procedure's roll is for (its `binds`): the pieces, hexside or location a `resolve` names
// (`attackers=red-1,red-2 defender=blue-1 crossing=0303|0304`), checked against the state, and the
// names its rules read of them (`defender.strength`, `attackers.locations`, `crossing.features`).
// Values are computed when read; a name of a bind the command did not give raises Unbound, so a
// modifier reading it simply does not apply and a computed input asks for it.
import { controllerOf, controlView } from './control.js';
import { isSupplied, supplyCheck } from './supply.js';
import { add, rational, ZERO, type Rational } from '../rational.js';
import { ExpressionError } from '../rules/expression.js';
import type { ExprValue } from '../rules/evaluate.js';
import { bindKind, type BindDef, type ProcedureDef } from '../module/procedure-schema.js';
import { refuse } from './errors.js';
import type { Game } from './game.js';
import { resolveLocation } from './locations.js';
import { pieceView, type PieceView } from './piece-values.js';
import { pieceNumber, type Extra, type Functions } from './rule-scope.js';
import type { GameState } from './state.js';
import { locationValueNames } from '../rules/vocabulary.js';

/** A rule read a bind the command did not give. */
export class Unbound extends ExpressionError {
  constructor(readonly bind: string) { super(`${bind}= is not given`); }
}

/** The pieces a bind's text names ("red-1,red-2"). */
export function boundIds(text: string | undefined): string[] {
  return text === undefined || text === '' ? [] : text.split(',');
}

/** Checks one bind's text and returns its canonical form; refuses what cannot be bound. */
export function checkBind(game: Game, state: GameState, b: BindDef, value: string): string {
  const kind = bindKind(b);
  if (kind === 'hexside') {
    try { game.board.hexside(value); return value; } catch (e) { return refuse(`${b.id}=${value}: ${(e as Error).message}`); }
  }
  if (kind === 'location') {
    try { return resolveLocation(game, value).id; } catch (e) { return refuse(`${b.id}=${value}: ${(e as Error).message}`); }
  }
  const ids = boundIds(value);
  if (!ids.length || ids.some((x) => x === '')) refuse(`${b.id}= takes ${kind === 'piece' ? 'a piece id' : 'piece ids separated by commas'}`);
  if (kind === 'piece' && ids.length > 1) refuse(`${b.id}= takes one piece (${ids.length} given)`);
  const seen = new Set<string>();
  for (const id of ids) {
    if (!state.pieces[id]) refuse(`${b.id}=${value}: unknown piece "${id}"`);
    if (seen.has(id)) refuse(`${b.id}=${value}: ${id} is named twice`);
    seen.add(id);
  }
  return ids.join(',');
}

/** Steps a piece has left: its face, then each stepLoss face after it (a face with none is the last). */
export function stepsLeft(game: Game, state: GameState, id: string): number {
  const p = pieceView(game, state, id);
  let face = p.face, n = 1;
  while (face.stepLoss !== undefined && n <= p.type.faces.length) {
    const next = p.type.faces.find((f) => f.id === face.stepLoss);
    if (!next) break;
    face = next; n++;
  }
  return n;
}

const union = (lists: readonly (readonly string[])[]) => [...new Set(lists.flat())];

/** The names `<bind>.<x>` of the binds given, and the procedure functions over locations. */
export function bindScope(game: Game, state: GameState, proc: ProcedureDef, bound: Record<string, string>): { extra: Extra; fns: Functions } {
  const extra: Extra = {};
  const idx = game.costs?.index;
  const terrainOf = (at: string | null) => (at && idx ? idx.hexTerrain(at) : []);
  for (const b of proc.binds ?? []) {
    const kind = bindKind(b), value = bound[b.id];
    const name = (n: string, f: () => ExprValue) => { extra[`${b.id}.${n}`] = () => { if (value === undefined) throw new Unbound(b.id); return f(); }; };
    if (kind === 'piece' || kind === 'pieces') {
      let views: PieceView[] | null = null;
      const ps = () => (views ??= boundIds(value).map((id) => pieceView(game, state, id)));
      const one = () => ps()[0]!;
      if (kind === 'piece') {
        name('id', () => one().id); name('type', () => one().type.id); name('face', () => one().face.id);
        name('side', () => one().def.side); name('nation', () => one().def.nation ?? '');
        name('location', () => one().state.location ?? ''); name('markers', () => one().state.markers);
        name('terrain', () => terrainOf(one().state.location)); name('here-markers', () => state.markers[one().state.location ?? ''] ?? []);
        name('steps', () => rational(stepsLeft(game, state, one().id)));
        name('supplied', () => isSupplied(game, state, one().id));
      } else {
        name('count', () => rational(ps().length));
        name('steps', () => rational(ps().reduce((a, p) => a + stepsLeft(game, state, p.id), 0)));
        // rules.supply: every one of them traces supply (Paths of Glory §10)
        name('supplied', () => { const ok = supplyCheck(game, state); return ps().every((p) => ok(p.id)); });
        name('ids', () => ps().map((p) => p.id)); name('types', () => union(ps().map((p) => [p.type.id])));
        name('sides', () => union(ps().map((p) => [p.def.side])));
        name('nations', () => union(ps().map((p) => (p.def.nation ? [p.def.nation] : []))));
        name('markers', () => union(ps().map((p) => p.state.markers)));
        name('terrain', () => union(ps().map((p) => terrainOf(p.state.location))));
        name('locations', () => union(ps().map((p) => (p.state.location ? [p.state.location] : []))));
        name('here-markers', () => union(ps().map((p) => state.markers[p.state.location ?? ''] ?? [])));
        // the one location they stand in ('' when they stand apart): Cold War 15.4, the defended hex
        name('location', () => { const at = union(ps().map((p) => [p.state.location ?? ''])); return at.length === 1 ? at[0]! : ''; });
        for (const key of valueKeys(game)) {
          // the lowest and highest of a value over the pieces (Cold War 15.6.3.2: the lowest defender's cadre)
          const pick = (f: (a: Rational, b: Rational) => boolean) => () => ps().map((p) => pieceNumber(p, key))
            .reduce((a: Rational | null, v) => (a === null || f(v, a) ? v : a), null) ?? ZERO;
          name(`lowest.${key}`, pick((v, a) => v.num * a.den < a.num * v.den));
          name(`highest.${key}`, pick((v, a) => v.num * a.den > a.num * v.den));
        }
      }
      // `X.here.<value>`: what the space they stand in prints (a fort's strength); several spaces: the largest
      for (const key of placeKeys(game)) {
        name(`here.${key}`, () => rational(ps().reduce((a, p) => Math.max(a, placeValue(game, p.state.location, key)), 0)));
      }
      // any other name is a value: a piece's own, a group's sum
      for (const key of valueKeys(game)) {
        if (`${b.id}.${key}` in extra) continue;
        name(key, () => ps().reduce((a: Rational, p) => add(a, pieceNumber(p, key)), ZERO));
      }
    } else if (kind === 'hexside') {
      const pair = () => {
        const hexes = game.board.hex?.hexsideHexes(game.board.hexside(value!));
        return hexes?.length === 2 ? hexes : null;
      };
      name('features', () => { const p = pair(); return p && idx ? idx.hexsideFeatures(p[0], p[1]) : []; });
      name('roads', () => { const p = pair(); return p && idx ? idx.roadsBetween(p[0], p[1]) : []; });
      name('along-road', () => { const p = pair(); return Boolean(p && idx && idx.roadsBetween(p[0], p[1]).length); });
      name('markers', () => state.markers[game.board.hexside(value!)] ?? []);
    } else {
      name('id', () => value!); name('terrain', () => terrainOf(value!)); name('markers', () => state.markers[value!] ?? []);
      // rules.control: the side that holds the space ('' for nobody)
      name('control', () => { const v = controlView(game); return (v && controllerOf(v, state, value!)) ?? ''; });
      name('tags', () => (game.board.def.kind === 'points' ? game.board.def.spaces.find((s) => s.id === value)?.tags ?? [] : []));
      for (const key of placeKeys(game)) name(key, () => rational(placeValue(game, value!, key)));
    }
  }
  extra['board.sheets'] = () => rational(game.board.def.kind === 'hex' ? game.board.def.sections.length : 1);
  const hex = game.board.hex;
  const fns: Functions = {
    distance: ([list, to]) => {
      let d = 0;
      for (const at of list as string[]) if (hex?.has(at) && hex.has(to as string)) d = Math.max(d, hex.distance(at, to as string));
      return rational(d);
    },
    'sides-between': ([list, to]) => union((list as string[]).map((at) => (idx && hex?.has(at) && hex.has(to as string) && hex.adjacent(at, to as string)
      ? idx.hexsideFeatures(at, to as string) : []))),
    'hexes-around': ([at, sides, types, without]) => rational(hexesAround(game, state, at as string, sides as string[], types as string[], without as string[])),
    adjacent: ([list, to]) => (list as string[]).length > 0 && (to as string[]).length > 0
      && (list as string[]).every((a) => (to as string[]).every((b) => game.board.has(a) && game.board.has(b) && game.board.adjacent(a, b))),
    marked: ([marker]) => rational(Object.values(state.pieces).filter((p) => p.markers.includes(marker as string)).length),
    'friends-apart': ([at, side]) => rational(friendsApart(game, state, at as string, side as string)),
  };
  return { extra, fns };
}

/**
 * How many hexes adjacent to `at` hold a piece of one of `sides`, of one of `types` (every type when
 * the list is empty), carrying none of the markers `without` (Cold War 15.6.13: each further hex of
 * combat units adjacent to the attacked hex, resting and refitting units not counted).
 */
export function hexesAround(game: Game, state: GameState, at: string, sides: readonly string[], types: readonly string[], without: readonly string[]): number {
  const hex = game.board.hex;
  if (!hex?.has(at)) return 0;
  let n = 0;
  for (const h of hex.neighbours(at)) {
    const holds = (state.stacks[h] ?? []).some((id) => {
      const p = state.pieces[id], def = game.pieces.get(id);
      return p && def && sides.includes(def.side) && (!types.length || types.includes(def.type)) && !p.markers.some((m) => without.includes(m));
    });
    if (holds) n++;
  }
  return n;
}

/** A number a space of the board played on prints (`values`), 0 where it prints none or is no space. */
export function placeValue(game: Game, at: string | null, key: string): number {
  if (at === null || game.board.def.kind !== 'points') return 0;
  const v = game.board.def.spaces.find((s) => s.id === at)?.values?.[key];
  return typeof v === 'number' ? v : 0;
}

const placeCache = new WeakMap<Game, string[]>();
function placeKeys(game: Game): string[] {
  let keys = placeCache.get(game);
  if (!keys) placeCache.set(game, keys = [...locationValueNames(game.module)]);
  return keys;
}

/**
 * The most hexes next to `at` holding pieces of `side`, no two of them adjacent to each other (basic
 * rules 10.5: "掩护的单位必须互不相邻"); 0 off a hex board. At most six neighbours: 64 subsets.
 */
export function friendsApart(game: Game, state: GameState, at: string, side: string): number {
  const hex = game.board.hex;
  if (!hex?.has(at)) return 0;
  const held = hex.neighbours(at).filter((n) => (state.stacks[n] ?? []).some((id) => game.pieces.get(id)!.side === side));
  let best = 0;
  for (let mask = 1; mask < 1 << held.length; mask++) {
    const set = held.filter((_, i) => mask & (1 << i));
    if (set.length > best && set.every((a, i) => set.slice(i + 1).every((b) => !hex.adjacent(a, b)))) best = set.length;
  }
  return best;
}

const keyCache = new WeakMap<Game, string[]>();
/** Every value name a piece may have (faces, counters, properties). */
function valueKeys(game: Game): string[] {
  let keys = keyCache.get(game);
  if (!keys) {
    const out = new Set<string>();
    for (const t of game.module.pieceTypes) { for (const f of t.faces) for (const k of Object.keys(f.values)) out.add(k); for (const k of t.properties) out.add(k); }
    for (const p of game.module.pieces) for (const k of Object.keys(p.values ?? {})) out.add(k);
    keys = [...out];
    keyCache.set(game, keys);
  }
  return keys;
}
