// A square board seen as a point-to-point board: one space per cell (id and name = its label) at
// its pixel centre, joined to the cells it touches. The engine moves over this graph and renderers
// draw it; the geometry itself (distance, lines, facings) is SquareBoard's (docs/geometry.md).
import { SquareBoard } from '../geometry/square-board.js';
import { defaultSquarePlacement, placedSquareCenter, placement } from '../geometry/placement.js';
import type { PointBoardDef, SquareBoardDef } from './schema.js';

/** Cell edge in pixels when a square board has no placement over a picture. */
export const DEFAULT_SQUARE_SIZE = 48;

const cache = new WeakMap<SquareBoardDef, { grid: SquareBoard; points: PointBoardDef }>();

export function squareGrid(def: SquareBoardDef): SquareBoard { return squareView(def).grid; }

export function squareAsPoints(def: SquareBoardDef): PointBoardDef { return squareView(def).points; }

function squareView(def: SquareBoardDef): { grid: SquareBoard; points: PointBoardDef } {
  const hit = cache.get(def);
  if (hit) return hit;
  const grid = new SquareBoard({ columns: def.columns, rows: def.rows, diagonals: def.diagonals, label: def.label });
  const p = def.placement ? placement(def.placement) : defaultSquarePlacement(DEFAULT_SQUARE_SIZE);
  const terrain = new Map<string, string>();
  for (const [t, cells] of Object.entries(def.terrain?.cells ?? {})) for (const c of cells) terrain.set(c, t);
  const spaces = grid.labels().map((label) => {
    const { col, row } = grid.cell(label);
    const c = placedSquareCenter(col, row, p);
    const t = terrain.get(label) ?? def.terrain?.default;
    return { id: label, name: def.places?.[label] ?? label, x: Math.round(c.x), y: Math.round(c.y), ...(t ? { terrain: t } : {}) };
  });
  const connections = grid.labels().flatMap((a) => grid.neighbours(a).filter((b) => a < b).map((b) => ({ a, b })));
  const width = def.width ?? Math.ceil(p.x + p.dx * (def.columns - 0.5));
  const height = def.height ?? Math.ceil(p.y + p.dy * (def.rows - 0.5));
  const points: PointBoardDef = {
    id: def.id, name: def.name, kind: 'points', width, height, spaces, connectionTypes: [], connections,
    ...(def.image ? { image: def.image } : {}),
  };
  const view = { grid, points };
  cache.set(def, view);
  return view;
}
