// Global offset coordinates (col, row, both 0-based) ⇄ cube coordinates.
// `shifted` names which columns (flat) or rows (pointy), counted from 1, sit half a hex lower or
// further right: 'even' means global indexes 1, 3, 5… ("odd-q"/"odd-r" in 0-based terms).
import { cube, type Cube } from './cube.js';
import type { Orientation, Shifted } from './spec.js';

export interface Offset { readonly col: number; readonly row: number }

function floorHalf(n: number): number { return Math.floor(n / 2); }
function k(shifted: Shifted): number { return shifted === 'even' ? 0 : 1; }

/** Is this global column (flat) or row (pointy) index one of the shifted ones? */
export function isShifted(shifted: Shifted, index: number): boolean {
  return (((index + 1) % 2) + 2) % 2 === (shifted === 'even' ? 0 : 1);
}

export function offsetToCube(orientation: Orientation, shifted: Shifted, o: Offset): Cube {
  if (orientation === 'flat') return cube(o.col, o.row - floorHalf(o.col + k(shifted)));
  return cube(o.col - floorHalf(o.row + k(shifted)), o.row);
}

export function cubeToOffset(orientation: Orientation, shifted: Shifted, c: Cube): Offset {
  if (orientation === 'flat') return { col: c.q, row: c.r + floorHalf(c.q + k(shifted)) };
  return { col: c.q + floorHalf(c.r + k(shifted)), row: c.r };
}
