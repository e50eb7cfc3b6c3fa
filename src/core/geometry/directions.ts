// Direction and facing numbering. Everything is numbered clockwise from the first bearing at or
// after north (compass bearing in degrees, screen y pointing down):
//   flat:   hexside i at 60·i      (N NE SE S SW NW),   vertex i at 30 + 60·i
//   pointy: hexside i at 30 + 60·i (NE E SE SW W NW),   vertex i at 60·i
// Facings use the same numbers (toward hexside i or toward vertex i), and renderers and the
// VASSAL exporter rotate by these bearings, so this file is the single source of truth.
import { cube, type Cube } from './cube.js';
import { GeometryError } from './errors.js';
import type { Orientation } from './spec.js';

export const FLAT_SIDE_NAMES = ['N', 'NE', 'SE', 'S', 'SW', 'NW'] as const;
export const POINTY_SIDE_NAMES = ['NE', 'E', 'SE', 'SW', 'W', 'NW'] as const;
/** Vertex names use the same compass words: a flat hex's corners sit where a pointy hex's sides do. */
export const FLAT_VERTEX_NAMES = POINTY_SIDE_NAMES;
export const POINTY_VERTEX_NAMES = FLAT_SIDE_NAMES;

export type Direction = 0 | 1 | 2 | 3 | 4 | 5;

export function sideNames(orientation: Orientation): readonly string[] {
  return orientation === 'flat' ? FLAT_SIDE_NAMES : POINTY_SIDE_NAMES;
}

export function vertexNames(orientation: Orientation): readonly string[] {
  return orientation === 'flat' ? FLAT_VERTEX_NAMES : POINTY_VERTEX_NAMES;
}

function checkIndex(i: number): void {
  if (!Number.isInteger(i) || i < 0 || i > 5) throw new GeometryError(`direction must be an integer 0..5, got ${i}`);
}

/** Compass bearing (degrees clockwise from north) of hexside i, seen from the hex centre. */
export function sideBearing(orientation: Orientation, i: number): number {
  checkIndex(i);
  return (orientation === 'flat' ? 0 : 30) + 60 * i;
}

/** Compass bearing (degrees clockwise from north) of vertex i, seen from the hex centre. */
export function vertexBearing(orientation: Orientation, i: number): number {
  checkIndex(i);
  return (orientation === 'flat' ? 30 : 0) + 60 * i;
}

export function sideName(orientation: Orientation, i: number): string {
  checkIndex(i);
  return sideNames(orientation)[i]!;
}

/** Accepts 0..5, "0".."5" or a side name (any case); throws a GeometryError otherwise. */
export function parseDirection(orientation: Orientation, dir: number | string): Direction {
  if (typeof dir === 'number') { checkIndex(dir); return dir as Direction; }
  const text = dir.trim().toUpperCase();
  if (/^[0-5]$/.test(text)) return Number(text) as Direction;
  const i = sideNames(orientation).indexOf(text);
  if (i < 0) {
    throw new GeometryError(`"${dir}" is not a ${orientation} hexside direction (expected 0..5 or one of ${sideNames(orientation).join(' ')})`);
  }
  return i as Direction;
}

export function opposite(i: number): Direction { checkIndex(i); return ((i + 3) % 6) as Direction; }

// Axial steps toward hexside i. Both orientations use the same six vectors; only the numbering
// differs (pixel layouts: flat x = 3/2·q, y = √3·(r + q/2); pointy x = √3·(q + r/2), y = 3/2·r).
const FLAT_STEPS: readonly Cube[] = [cube(0, -1), cube(1, -1), cube(1, 0), cube(0, 1), cube(-1, 1), cube(-1, 0)];
const POINTY_STEPS: readonly Cube[] = [cube(1, -1), cube(1, 0), cube(0, 1), cube(-1, 1), cube(-1, 0), cube(0, -1)];

export function directionSteps(orientation: Orientation): readonly Cube[] {
  return orientation === 'flat' ? FLAT_STEPS : POINTY_STEPS;
}

/** The direction i with from + step(i) = to, or null when the two cells are not adjacent. */
export function directionBetween(orientation: Orientation, from: Cube, to: Cube): Direction | null {
  const dq = to.q - from.q, dr = to.r - from.r;
  const steps = directionSteps(orientation);
  for (let i = 0; i < 6; i++) if (steps[i]!.q === dq && steps[i]!.r === dr) return i as Direction;
  return null;
}
