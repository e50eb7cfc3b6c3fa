// Pieces as the page draws them: each counter's picture as a symbol of the export layer's
// GameCounters (so the page and `hexpost render` draw the same counter, and alike counters share
// one symbol), where it sits (board, box, track, hand), its place in its stack, the rotation that
// turns its notch to its facing (60° a facing, as game-picture turns it), and its markers.
import type { Game } from '../core/engine/game.js';
import { resolveLocation } from '../core/engine/locations.js';
import { pieceValue, pieceView } from '../core/engine/piece-values.js';
import type { GameState } from '../core/engine/state.js';
import type { BoardFrame } from '../export/board-svg.js';
import type { GameCounters } from '../export/game-counters.js';

export interface PagePiece {
  id: string;
  name: string;
  side: string;
  /** canonical location text */
  at: string;
  where: 'map' | 'box' | 'track' | 'hand' | 'elsewhere';
  /** picture coordinates of the hex or space (map pieces) */
  x?: number;
  y?: number;
  /** 0 = bottom of its stack */
  level: number;
  face: string;
  faces: { id: string; name: string }[];
  facing: number | null;
  /** degrees the counter turns so its notch points to its facing */
  rotation: number;
  markers: string[];
  values: Record<string, number | string>;
  /** values a player may change with `set` */
  properties: string[];
  /** id of the counter's <symbol> in the page's defs */
  symbol: string;
}

export interface PageMarker {
  target: string;
  x: number;
  y: number;
  markers: string[];
}

/** Symbol ids of the marker types, for menus and chips. */
export function markerSymbols(game: Game, counters: GameCounters): Record<string, string> {
  const out: Record<string, string> = {};
  for (const t of game.markerTypes.values()) out[t.id] = counters.marker(t.id);
  return out;
}

export function piecePictures(game: Game, state: GameState, frame: BoardFrame, counters: GameCounters, ids?: Iterable<string>): PagePiece[] {
  const out: PagePiece[] = [];
  for (const id of ids ?? Object.keys(state.pieces)) {
    const ps = state.pieces[id];
    if (!ps || ps.location === null) continue;
    const view = pieceView(game, state, id);
    const values: Record<string, number | string> = {};
    for (const k of Object.keys({ ...view.face.values, ...(view.def.values ?? {}), ...ps.values })) values[k] = pieceValue(view, k)!;
    const stack = state.stacks[ps.location] ?? [];
    const p: PagePiece = {
      id, name: view.def.name ?? view.type.name, side: view.def.side, at: ps.location, where: 'elsewhere',
      level: Math.max(0, stack.indexOf(id)), face: ps.face, faces: view.type.faces.map((f) => ({ id: f.id, name: f.name })),
      facing: ps.facing, rotation: counters.faces(id, ps) ? 60 * ps.facing! : 0, markers: ps.markers,
      values, properties: view.type.properties, symbol: counters.piece(id, ps),
    };
    const loc = resolveLocation(game, ps.location);
    if ((loc.kind === 'hex' || loc.kind === 'space') && loc.board === game.board.def.id) {
      const c = frame.at(loc.label!);
      Object.assign(p, { where: 'map', x: c.x, y: c.y });
    } else if (loc.kind === 'box' || loc.kind === 'track' || loc.kind === 'hand') {
      p.where = loc.kind;
    }
    out.push(p);
  }
  return out;
}

/** Markers on hexes, hexsides and spaces, at the point they mark (a hexside: between its hexes). */
export function locationMarkers(game: Game, state: GameState, frame: BoardFrame): PageMarker[] {
  const out: PageMarker[] = [];
  for (const [target, markers] of Object.entries(state.markers)) {
    const at = pointOf(game, frame, target);
    if (at) out.push({ target, ...at, markers });
  }
  return out;
}

function pointOf(game: Game, frame: BoardFrame, target: string): { x: number; y: number } | null {
  if (game.board.has(target)) return frame.at(target);
  const hex = game.board.hex;
  if (!hex) return null;
  try {
    const ends = hex.hexsideHexes(game.board.hexside(target));
    const a = frame.at(ends[0]);
    if (ends.length === 1) return a;
    const b = frame.at(ends[1]!);
    return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  } catch {
    return null;
  }
}
