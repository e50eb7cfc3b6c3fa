// Who holds each space of a point-to-point board (module rules.control, docs/module-format.md
// "Control and supply"): a space's own side while its nation is at war, unless a side's control
// marker says another holds it. A unit entering a space its side does not hold takes it, unless an
// intact fort stands there (Paths of Glory §5.6 "仍存在未被摧毁的敌方堡垒时，则不能仅凭进入空间改变控制权");
// a fort destroyed hands its space to the side whose units stand in it (§11). The changes are
// `marked`/`unmarked` events of the control markers, so folding and verifying need nothing new.
import type { ControlDef } from '../module/control-schema.js';
import type { GameEvent, MarkedEvent, UnmarkedEvent } from './events.js';
import type { Game } from './game.js';
import type { GameState } from './state.js';

interface SpaceInfo { nation?: string | undefined; tags: readonly string[]; values: Readonly<Record<string, number | string>> }

export interface ControlView {
  readonly def: ControlDef;
  /** space id → what control reads of it */
  readonly spaces: ReadonlyMap<string, SpaceInfo>;
  /** nation → its side */
  readonly sideOf: ReadonlyMap<string, string>;
}

const views = new WeakMap<Game, ControlView | null>();

/** The module's control rules over the board played, or null (no rules.control, or not a point-to-point board). */
export function controlView(game: Game): ControlView | null {
  if (views.has(game)) return views.get(game)!;
  const def = game.module.rules?.control;
  const board = game.board.def;
  let view: ControlView | null = null;
  if (def && board.kind === 'points') {
    const spaces = new Map(board.spaces.map((s) => [s.id, { nation: s.nation, tags: s.tags ?? [], values: s.values ?? {} }]));
    const sideOf = new Map(game.module.sides.flatMap((s) => (s.nations ?? []).map((n) => [n, s.id] as const)));
    view = { def, spaces, sideOf };
  }
  views.set(game, view);
  return view;
}

/** The side a space's nation fights for, while the nation is at war; null for a neutral or nobody's space. */
export function ownerOf(v: ControlView, state: GameState, space: string): string | null {
  const n = v.spaces.get(space)?.nation;
  if (n === undefined) return null;
  const track = v.def.atWar?.[n];
  if (track !== undefined && (state.tracks[track] ?? 0) < 1) return null;
  return v.sideOf.get(n) ?? null;
}

/** Who holds the space: the side whose control marker is on it (the first), else its owner. */
export function controllerOf(v: ControlView, state: GameState, space: string): string | null {
  const marks = state.markers[space];
  if (marks) for (const [side, marker] of Object.entries(v.def.markers)) if (marks.includes(marker)) return side;
  return ownerOf(v, state, space);
}

/** An intact fort: a fort value above 0 and no destroyed marker. */
export function intactFort(v: ControlView, state: GameState, space: string): boolean {
  if (v.def.fort === undefined) return false;
  const strength = v.spaces.get(space)?.values[v.def.fort] ?? 0;
  return typeof strength === 'number' && strength > 0 && !(v.def.destroyed !== undefined && (state.markers[space] ?? []).includes(v.def.destroyed));
}

/**
 * §5.4 "被敌方堡垒控制的空间有特殊限制": the strength of an intact fort in a space another side holds
 * (for a piece of `side`), 0 when there is none (step rules read it as `to.enemy-fort`).
 */
export function enemyFort(game: Game, state: GameState, side: string, space: string): number {
  const v = controlView(game);
  if (!v || !intactFort(v, state, space)) return 0;
  const held = controllerOf(v, state, space);
  if (held === null || held === side) return 0;
  const strength = v.spaces.get(space)!.values[v.def.fort!];
  return typeof strength === 'number' ? strength : 0;
}

/** The events that hand a space to `side`: the other sides' markers off, its own on unless the space is its own. */
export function takeControl(v: ControlView, state: GameState, space: string, side: string, rule = v.def.rule): GameEvent[] {
  if (controllerOf(v, state, space) === side) return [];
  const out: GameEvent[] = [];
  const marks = state.markers[space] ?? [];
  for (const [s, marker] of Object.entries(v.def.markers)) {
    if (s !== side && marks.includes(marker)) out.push({ type: 'unmarked', target: space, kind: 'space', marker, rule } satisfies UnmarkedEvent);
  }
  const own = v.def.markers[side];
  if (ownerOf(v, state, space) !== side && own !== undefined && !marks.includes(own)) {
    out.push({ type: 'marked', target: space, kind: 'space', marker: own, rule } satisfies MarkedEvent);
  }
  return out;
}

/**
 * §5.6 "进入敌方控制的普通空间后，控制权通常转交给进入该空间的玩家": every space a move enters (its path, in
 * order) that the mover's side does not hold and that has no intact fort passes to that side.
 */
export function entryControlEvents(game: Game, state: GameState, piece: string, path: readonly string[]): GameEvent[] {
  const v = controlView(game);
  const side = game.pieces.get(piece)?.side;
  if (!v || side === undefined) return [];
  const work = { ...state, markers: { ...state.markers } };
  const out: GameEvent[] = [];
  for (const space of path) {
    if (!v.spaces.has(space) || intactFort(v, work, space)) continue;
    const events = takeControl(v, work, space, side);
    for (const e of events) applyMark(work, e as MarkedEvent | UnmarkedEvent);
    out.push(...events);
  }
  return out;
}

/**
 * §11 "如果结果要求堡垒投降或被摧毁，则移除堡垒的有效标记，并按照规则调整该空间的控制权": a space whose fort is
 * destroyed passes to the one side whose units stand in it (the besiegers), if it does not hold it.
 */
export function fortFallEvents(game: Game, state: GameState, space: string): GameEvent[] {
  const v = controlView(game);
  if (!v || !v.spaces.has(space) || intactFort(v, state, space)) return [];
  const sides = new Set((state.stacks[space] ?? []).map((id) => game.pieces.get(id)?.side));
  if (sides.size !== 1) return [];
  const [side] = [...sides];
  return side === undefined ? [] : takeControl(v, state, space, side, v.def.fortRule ?? v.def.rule);
}

function applyMark(work: GameState, e: MarkedEvent | UnmarkedEvent): void {
  const list = [...(work.markers[e.target] ?? [])];
  if (e.type === 'marked') list.push(e.marker);
  else list.splice(list.lastIndexOf(e.marker), 1);
  if (list.length) work.markers[e.target] = list; else delete work.markers[e.target];
}
