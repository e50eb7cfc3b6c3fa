// Exact hex line between two cell centres, integer arithmetic only.
// With N = distance(a, b), sample i (0..N) is the point a + (b − a)·i/N. Scaled by N it is the
// integer cube point P = N·a + (b − a)·i, so "which cell contains it" is decided exactly by
// comparing integer squared distances Σ(P − N·c)² over the candidate cells c (each coordinate of
// c is floor or ceil of P/N). When two candidates are equally near, the sample lies exactly on
// the hexside between them: a tie, returned as both cells, never resolved here.
// Three-way ties (a vertex) cannot occur: the coordinate with |b − a| = N is an integer at every
// sample, and a vertex has no integer coordinate.
import { cube, cubeDistance, type Cube } from './cube.js';

export type CubeLineStep = { readonly cell: Cube } | { readonly either: readonly [Cube, Cube] };

function floorDiv(a: number, n: number): number { return Math.floor(a / n); }

export function cubeLine(a: Cube, b: Cube): CubeLineStep[] {
  const n = cubeDistance(a, b);
  if (n === 0) return [{ cell: a }];
  const steps: CubeLineStep[] = [];
  for (let i = 0; i <= n; i++) {
    const P = [n * a.q + (b.q - a.q) * i, n * a.r + (b.r - a.r) * i, n * a.s + (b.s - a.s) * i] as const;
    const lo = P.map((x) => floorDiv(x, n));
    let best = Infinity;
    let found: Cube[] = [];
    for (const dq of [0, 1]) {
      for (const dr of [0, 1]) {
        const q = lo[0]! + dq, r = lo[1]! + dr, s = 0 - q - r;
        if (s !== lo[2] && s !== lo[2]! + 1) continue;
        const d = (P[0] - n * q) ** 2 + (P[1] - n * r) ** 2 + (P[2] - n * s) ** 2;
        if (d < best) { best = d; found = [cube(q, r)]; }
        else if (d === best && !found.some((c) => c.q === q && c.r === r)) found.push(cube(q, r));
      }
    }
    if (found.length === 1) steps.push({ cell: found[0]! });
    else if (found.length === 2) steps.push({ either: [found[0]!, found[1]!] });
    else throw new Error(`internal: hex line sample ${i} of ${n} has ${found.length} nearest cells`);
  }
  return steps;
}
