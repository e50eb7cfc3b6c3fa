// Where a grid lies over its board picture (docs/geometry.md, Placement). Pixel layout only:
// floating point is allowed here, and nothing in game arithmetic depends on it.
// A placement gives, in picture pixels, the centre (x, y) of global cell column 0, row 0 and the
// distances dx between neighbouring columns and dy between neighbouring rows. Module files carry
// the numbers as integers or decimal strings ("55.4256"), never as binary floats.
import { isShifted, type Offset } from './offset.js';
import type { Orientation, Shifted } from './spec.js';
import type { Point } from './layout.js';

export type PixelNumber = number | string;
export interface GridPlacementSpec { x: PixelNumber; y: PixelNumber; dx: PixelNumber; dy: PixelNumber }
export interface GridPlacement { readonly x: number; readonly y: number; readonly dx: number; readonly dy: number }

const SQRT3 = Math.sqrt(3);

export function placement(spec: GridPlacementSpec): GridPlacement {
  return { x: Number(spec.x), y: Number(spec.y), dx: Number(spec.dx), dy: Number(spec.dy) };
}

/** The placement Hexpost's own layout uses for hexes of centre-to-corner size `size`. */
export function defaultHexPlacement(orientation: Orientation, size: number): GridPlacement {
  return orientation === 'flat'
    ? { x: size, y: (size * SQRT3) / 2, dx: 1.5 * size, dy: size * SQRT3 }
    : { x: (size * SQRT3) / 2, y: size, dx: size * SQRT3, dy: 1.5 * size };
}

/** Centre of a hex: shifted columns (flat) sit dy/2 lower, shifted rows (pointy) dx/2 further right. */
export function placedHexCenter(orientation: Orientation, shifted: Shifted, o: Offset, p: GridPlacement): Point {
  if (orientation === 'flat') return { x: p.x + p.dx * o.col, y: p.y + p.dy * (o.row + (isShifted(shifted, o.col) ? 0.5 : 0)) };
  return { x: p.x + p.dx * (o.col + (isShifted(shifted, o.row) ? 0.5 : 0)), y: p.y + p.dy * o.row };
}

/** How much wider (sx) and taller (sy) a placed hex is than a regular one of `size`. */
export function hexStretch(orientation: Orientation, size: number, p: GridPlacement): { sx: number; sy: number } {
  const d = defaultHexPlacement(orientation, size);
  return { sx: p.dx / d.dx, sy: p.dy / d.dy };
}

/** The placement of square cells of edge `size` with column 0, row 0 in the top-left corner. */
export function defaultSquarePlacement(size: number): GridPlacement {
  return { x: size / 2, y: size / 2, dx: size, dy: size };
}

export function placedSquareCenter(col: number, row: number, p: GridPlacement): Point {
  return { x: p.x + p.dx * col, y: p.y + p.dy * row };
}

/** A pixel number as module files write it: an integer, else a decimal string of 4 places at most. */
export function pixelNumber(v: number): PixelNumber {
  const r = Math.round(v * 10_000) / 10_000;
  return Number.isInteger(r) ? r : String(r);
}
