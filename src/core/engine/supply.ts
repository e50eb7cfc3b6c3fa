// Supply traced through held spaces (module rules.supply, docs/module-format.md "Control and
// supply"), Paths of Glory §10 "补给路线通常只能经过己方控制的空间，不能穿过敌方作战单位或不符合规则的敌方控制空间":
// a side's sources are the spaces tagged as sources that it holds and that are its own nations';
// a line runs along connections open to every nation through spaces it holds or where only its own
// units stand (a besieged fort's space), never through a space with another side's units.
// Attrition (§10 "在损耗阶段仍缺乏补给的军团和集团军通常会被消灭"): as the attrition phase begins every
// unsupplied unit on the board is eliminated, into its side's eliminated box, or the box the rules name.
import { controllerOf, controlView, ownerOf } from './control.js';
import type { GameEvent, LostEvent } from './events.js';
import type { Game } from './game.js';
import type { GameState } from './state.js';
import { hexSupply, isHexSupplied } from './supply-lines.js';

/** Spaces from which a side's units are supplied, by side (computed for one state). */
export function suppliedSpaces(game: Game, state: GameState): ReadonlyMap<string, ReadonlySet<string>> | null {
  const v = controlView(game);
  const def = game.module.rules?.supply;
  const board = game.board.def;
  if (!v || !def || board.kind !== 'points') return null;
  const links = linksOf(game);
  const out = new Map<string, Set<string>>();
  for (const side of game.sides) {
    const open = (space: string) => {
      const here = state.stacks[space] ?? [];
      if (here.some((id) => game.pieces.get(id)?.side !== side)) return false;
      return controllerOf(v, state, space) === side || here.length > 0;
    };
    const seen = new Set<string>();
    const queue: string[] = [];
    for (const [id, s] of v.spaces) {
      if (s.tags.includes(def.sources) && ownerOf(v, state, id) === side && open(id) && controllerOf(v, state, id) === side) {
        seen.add(id); queue.push(id);
      }
    }
    for (let i = 0; i < queue.length; i++) {
      for (const next of links.get(queue[i]!) ?? []) {
        if (!seen.has(next) && open(next)) { seen.add(next); queue.push(next); }
      }
    }
    out.set(side, seen);
  }
  return out;
}

/**
 * Whether each piece is supplied, computed once for the state: on a point-to-point board by
 * rules.supply, on a hex board by rules.supplyLines (supply-lines.ts); always without either.
 */
export function supplyCheck(game: Game, state: GameState): (piece: string) => boolean {
  const hex = hexSupply(game, state);
  if (hex) return (id) => isHexSupplied(game, state, id, hex);
  const lines = suppliedSpaces(game, state);
  return (id) => isSupplied(game, state, id, lines);
}

/** The pieces on the board that trace no supply line, module order (none without supply rules). */
export function unsuppliedPieces(game: Game, state: GameState): string[] {
  if (!game.module.rules?.supply && !game.module.rules?.supplyLines) return [];
  const ok = supplyCheck(game, state);
  return game.module.pieces.filter((p) => !ok(p.id)).map((p) => p.id);
}

/** Whether a piece is supplied: off the board always; on it, when its space is on a line of its side. */
export function isSupplied(game: Game, state: GameState, piece: string, lines = suppliedSpaces(game, state)): boolean {
  if (game.module.rules?.supplyLines) return supplyCheck(game, state)(piece);
  const at = state.pieces[piece]?.location;
  const side = game.pieces.get(piece)?.side;
  if (!lines || at == null || side === undefined || !game.board.has(at)) return true;
  return lines.get(side)?.has(at) ?? false;
}

/** The attrition of rules.supply.attrition as its phase begins: a `lost` for each unsupplied piece on the board, module order. */
export function attritionEvents(game: Game, state: GameState, phase: string): GameEvent[] {
  const a = game.module.rules?.supply?.attrition;
  if (!a || a.phase !== phase) return [];
  const lines = suppliedSpaces(game, state);
  if (!lines) return [];
  const out: GameEvent[] = [];
  for (const p of game.module.pieces) {
    const st = state.pieces[p.id];
    if (!st || st.location === null || !game.board.has(st.location) || isSupplied(game, state, p.id, lines)) continue;
    const removed = a.remove && a.remove.types.includes(p.type) ? a.remove.to[p.side] : undefined;
    const box = removed ?? eliminatedBox(game, p.side);
    const rule = removed !== undefined ? a.remove!.rule ?? a.rule : a.rule;
    out.push({ type: 'lost', piece: p.id, from: st.face, to: null, at: st.location, ...(box ? { box } : {}), rule } satisfies LostEvent);
  }
  return out;
}

function eliminatedBox(game: Game, side: string): string | undefined {
  for (const b of game.boxes.values()) if (b.owner === side && b.eliminated) return b.id;
  return undefined;
}

const linkCache = new WeakMap<Game, Map<string, string[]>>();
/** The board's connections open to every nation (a restricted one carries no supply), both ways. */
function linksOf(game: Game): Map<string, string[]> {
  const hit = linkCache.get(game);
  if (hit) return hit;
  const board = game.board.def;
  const links = new Map<string, string[]>();
  if (board.kind === 'points') {
    const restricted = new Set((board.connectionTypes ?? []).filter((t) => t.nations?.length).map((t) => t.id));
    for (const c of board.connections) {
      if (c.type !== undefined && restricted.has(c.type)) continue;
      (links.get(c.a) ?? links.set(c.a, []).get(c.a)!).push(c.b);
      (links.get(c.b) ?? links.set(c.b, []).get(c.b)!).push(c.a);
    }
  }
  linkCache.set(game, links);
  return links;
}


/** What supply means for one side now: its units cut off, and the spaces it holds that are isolated. */
export interface SupplyReport {
  side: string;
  /** its pieces on the board that trace no supply line (eliminated as the attrition phase begins), module order */
  unsupplied: { piece: string; at: string }[];
  /**
   * §10 "处于敌后且失去补给的空间可能发生控制权变化": spaces it holds behind enemy lines (held by its
   * control marker, not its own nations') that are off its lines and hold none of its units, board order.
   * "可能": whether they change hands is the players' (docs/module-format.md, "Control and supply").
   */
  isolated: string[];
}

/** The supply report of every side (module order), or null where the module has no rules.supply. */
export function supplyReports(game: Game, state: GameState): SupplyReport[] | null {
  const v = controlView(game);
  const lines = suppliedSpaces(game, state);
  if (!v || !lines) return null;
  return [...game.sides].map((side) => {
    const unsupplied: SupplyReport['unsupplied'] = [];
    for (const p of game.module.pieces) {
      const at = state.pieces[p.id]?.location;
      if (p.side !== side || at == null || !game.board.has(at) || isSupplied(game, state, p.id, lines)) continue;
      unsupplied.push({ piece: p.id, at });
    }
    const isolated: string[] = [];
    const marker = v.def.markers[side];
    for (const space of v.spaces.keys()) {
      if (marker === undefined || !(state.markers[space] ?? []).includes(marker) || controllerOf(v, state, space) !== side) continue;
      if (lines.get(side)?.has(space)) continue;
      if ((state.stacks[space] ?? []).some((id) => game.pieces.get(id)?.side === side)) continue;
      isolated.push(space);
    }
    return { side, unsupplied, isolated };
  });
}
