// Cube coordinates (q + r + s = 0): the board-independent integer frame in which distance,
// direction and lines are computed. Axial (q, r) is the same thing with s left implicit.

export interface Cube { readonly q: number; readonly r: number; readonly s: number }

export function cube(q: number, r: number): Cube {
  // `0 - q - r` rather than `-q - r` so that s is never -0 (keys and equality stay simple).
  return { q, r, s: 0 - q - r };
}

export function cubeAdd(a: Cube, b: Cube): Cube { return cube(a.q + b.q, a.r + b.r); }
export function cubeSub(a: Cube, b: Cube): Cube { return cube(a.q - b.q, a.r - b.r); }
export function cubeEquals(a: Cube, b: Cube): boolean { return a.q === b.q && a.r === b.r; }

export function cubeDistance(a: Cube, b: Cube): number {
  return (Math.abs(a.q - b.q) + Math.abs(a.r - b.r) + Math.abs(a.s - b.s)) / 2;
}

/** Map key; s is implied by q and r. */
export function cubeKey(c: Cube): string { return `${c.q},${c.r}`; }
