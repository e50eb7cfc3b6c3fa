// Pixel layout for renderers (SVG, VASSAL export). Floating point is allowed here and only here:
// nothing in game arithmetic may depend on these numbers.
// `size` is the centre-to-corner distance. The pixel origin is the top-left corner of the
// bounding box of global offset column 0 / row 0 when unshifted, so a section's pixels do not
// depend on which other sections exist; `bounds` gives the box actually covered by the board.
import { isShifted, type Offset } from './offset.js';
import type { Orientation, Shifted } from './spec.js';

export interface Point { readonly x: number; readonly y: number }
export interface Bounds { readonly minX: number; readonly minY: number; readonly maxX: number; readonly maxY: number; readonly width: number; readonly height: number }

const HALF_SQRT3 = Math.sqrt(3) / 2;
// sin/cos of multiples of 30°, exact where possible so corners come out clean (0.5, not 0.49999…).
const SIN30 = [0, 0.5, HALF_SQRT3, 1, HALF_SQRT3, 0.5, 0, -0.5, -HALF_SQRT3, -1, -HALF_SQRT3, -0.5];

function sinDeg(deg: number): number { return SIN30[(((deg / 30) % 12) + 12) % 12]!; }
function cosDeg(deg: number): number { return sinDeg(deg + 90); }

export function pixelCenter(orientation: Orientation, shifted: Shifted, o: Offset, size: number): Point {
  if (orientation === 'flat') {
    return { x: size * (1 + 1.5 * o.col), y: size * HALF_SQRT3 * (1 + 2 * o.row + (isShifted(shifted, o.col) ? 1 : 0)) };
  }
  return { x: size * HALF_SQRT3 * (1 + 2 * o.col + (isShifted(shifted, o.row) ? 1 : 0)), y: size * (1 + 1.5 * o.row) };
}

/** The point at `distance` from `center` toward a compass bearing (degrees, a multiple of 30). */
export function towardBearing(center: Point, bearing: number, distance: number): Point {
  return { x: center.x + distance * sinDeg(bearing), y: center.y - distance * cosDeg(bearing) };
}

export function boundsOf(points: Iterable<Point>): Bounds {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const p of points) {
    if (p.x < minX) minX = p.x;
    if (p.y < minY) minY = p.y;
    if (p.x > maxX) maxX = p.x;
    if (p.y > maxY) maxY = p.y;
  }
  return { minX, minY, maxX, maxY, width: maxX - minX, height: maxY - minY };
}
