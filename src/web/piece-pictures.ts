// Pieces as the page draws them: each counter's face picture (the export layer's counterGroup, so
// the page and `hexpost render` show the same counter), where it sits (board, box, track, hand),
// its place in its stack, the rotation that turns its notch to its facing, and its markers.
import type { Game } from '../core/engine/game.js';
import { resolveLocation } from '../core/engine/locations.js';
import { facingKind, pieceValue, pieceView } from '../core/engine/piece-values.js';
import type { GameState } from '../core/engine/state.js';
import { sideBearing, vertexBearing } from '../core/geometry/directions.js';
import type { BoardFrame } from '../export/board-svg.js';
import { counterGroup, markerPicture, pieceFacePicture } from '../export/counter-svg.js';

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
  svg: string;
}

export interface PageMarker {
  target: string;
  x: number;
  y: number;
  markers: string[];
}

export function counterSize(game: Game): number {
  return game.board.hex ? 46 : 34;
}

export function markerPictures(game: Game): Record<string, string> {
  const size = Math.round(counterSize(game) * 0.6);
  const out: Record<string, string> = {};
  for (const t of game.markerTypes.values()) out[t.id] = counterGroup(markerPicture(t), size);
  return out;
}

export function piecePictures(game: Game, state: GameState, frame: BoardFrame, ids?: Iterable<string>): PagePiece[] {
  const size = counterSize(game);
  const orientation = game.board.hex?.orientation ?? 'flat';
  const out: PagePiece[] = [];
  for (const id of ids ?? Object.keys(state.pieces)) {
    const ps = state.pieces[id];
    if (!ps || ps.location === null) continue;
    const view = pieceView(game, state, id);
    const picture = pieceFacePicture(game.module, view.type, view.face, view.def, orientation);
    const keys = Object.keys({ ...view.face.values, ...(view.def.values ?? {}), ...ps.values });
    picture.values = keys.map((k) => pieceValue(view, k)!);
    const values: Record<string, number | string> = {};
    for (const k of keys) values[k] = pieceValue(view, k)!;
    const kind = facingKind(view);
    const bearing = kind === 'vertex' ? vertexBearing : sideBearing;
    const rotation = kind === 'none' || ps.facing === null ? 0 : bearing(orientation, ps.facing) - bearing(orientation, 0);
    const stack = state.stacks[ps.location] ?? [];
    const p: PagePiece = {
      id, name: view.def.name ?? view.type.name, side: view.def.side, at: ps.location, where: 'elsewhere',
      level: Math.max(0, stack.indexOf(id)), face: ps.face, faces: view.type.faces.map((f) => ({ id: f.id, name: f.name })),
      facing: ps.facing, rotation: ((rotation % 360) + 360) % 360, markers: ps.markers, values, properties: view.type.properties,
      svg: counterGroup(picture, size),
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
