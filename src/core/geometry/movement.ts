// Movement over any board. Terrain, facing and zone-of-control rules live in the module layer;
// here a caller supplies `costOf(from, to)` (a Rational, or null when the step is not allowed)
// and a neighbour function, and gets exact sums of fractions — never floating point.
import { add, compare, ZERO, type Rational } from '../rational.js';
import { GeometryError } from './errors.js';

/** Anything that lists the locations one step away: HexBoard and SpaceGraph both qualify. */
export interface Neighbourhood<L extends string = string> {
  neighbours(location: L): readonly L[];
}

/** Cost of stepping from one location to an adjacent one; null = impassable. */
export type CostOf<L extends string = string> = (from: L, to: L) => Rational | null;

export interface ReachEntry<L extends string = string> {
  /** minimal total cost from the start */
  readonly cost: Rational;
  /** previous location on one cheapest path (see `reach` for which one); null for the start */
  readonly from: L | null;
}

/** Total cost of a path [start, …, end], or null when any step is impassable. */
export function pathCost<L extends string>(steps: readonly L[], costOf: CostOf<L>, board?: Neighbourhood<L>): Rational | null {
  let total = ZERO;
  for (let i = 1; i < steps.length; i++) {
    const from = steps[i - 1]!, to = steps[i]!;
    if (board && !board.neighbours(from).includes(to)) throw new GeometryError(`path step ${i}: ${from} and ${to} are not adjacent`);
    const c = costOf(from, to);
    if (c === null) return null;
    checkCost(c, from, to);
    total = add(total, c);
  }
  return total;
}

function checkCost(c: Rational, from: string, to: string): void {
  if (c.num < 0) throw new GeometryError(`movement cost from ${from} to ${to} is negative`);
}

// Priority order: cost, then location id by UTF-16 code units. Fully defined, so any
// implementation settles locations in the same order and picks the same predecessors.
function before(a: { cost: Rational; loc: string }, b: { cost: Rational; loc: string }): boolean {
  const c = compare(a.cost, b.cost);
  return c !== 0 ? c < 0 : a.loc < b.loc;
}

class Heap<T> {
  private items: T[] = [];
  constructor(private readonly less: (a: T, b: T) => boolean) {}
  get length(): number { return this.items.length; }
  push(x: T): void {
    const a = this.items; a.push(x);
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.less(a[i]!, a[p]!)) break;
      [a[i], a[p]] = [a[p]!, a[i]!]; i = p;
    }
  }
  pop(): T {
    const a = this.items; const top = a[0]!; const last = a.pop()!;
    if (a.length) {
      a[0] = last;
      for (let i = 0; ; ) {
        const l = 2 * i + 1, r = l + 1; let m = i;
        if (l < a.length && this.less(a[l]!, a[m]!)) m = l;
        if (r < a.length && this.less(a[r]!, a[m]!)) m = r;
        if (m === i) break;
        [a[i], a[m]] = [a[m]!, a[i]!]; i = m;
      }
    }
    return top;
  }
}

/**
 * Every location reachable from `start` with total cost ≤ allowance (null = no limit), with its
 * minimal cost and a predecessor. Dijkstra over exact Rationals (costs must be ≥ 0).
 * Determinism: locations are settled in order of (cost, id by code units); a location's
 * predecessor is the earliest-settled neighbour giving its minimal cost (an equal-cost
 * alternative found later never replaces it). Neighbour order does not affect the result.
 * The returned Map iterates in settlement order, the start first.
 */
export function reach<L extends string>(
  board: Neighbourhood<L>, start: L, allowance: Rational | null, costOf: CostOf<L>,
): Map<L, ReachEntry<L>> {
  const best = new Map<L, ReachEntry<L>>([[start, { cost: ZERO, from: null }]]);
  const settled = new Map<L, ReachEntry<L>>();
  const heap = new Heap<{ cost: Rational; loc: L }>(before);
  heap.push({ cost: ZERO, loc: start });
  while (heap.length) {
    const { cost, loc } = heap.pop();
    if (settled.has(loc) || compare(cost, best.get(loc)!.cost) !== 0) continue; // stale entry
    settled.set(loc, best.get(loc)!);
    for (const next of board.neighbours(loc)) {
      if (settled.has(next)) continue;
      const step = costOf(loc, next);
      if (step === null) continue;
      checkCost(step, loc, next);
      const total = add(cost, step);
      if (allowance !== null && compare(total, allowance) > 0) continue;
      const known = best.get(next);
      if (known && compare(known.cost, total) <= 0) continue;
      best.set(next, { cost: total, from: loc });
      heap.push({ cost: total, loc: next });
    }
  }
  return settled;
}

/** Rebuilds the cheapest path [start, …, target] from a `reach` result, or null if not reached. */
export function pathTo<L extends string>(result: ReadonlyMap<L, ReachEntry<L>>, target: L): L[] | null {
  if (!result.has(target)) return null;
  const path: L[] = [];
  for (let at: L | null = target; at !== null; at = result.get(at)!.from) path.push(at);
  return path.reverse();
}

/** Cheapest path and its cost from a to b, or null when b cannot be reached within the allowance. */
export function cheapestPath<L extends string>(
  board: Neighbourhood<L>, a: L, b: L, costOf: CostOf<L>, allowance: Rational | null = null,
): { path: L[]; cost: Rational } | null {
  const r = reach(board, a, allowance, costOf);
  const path = pathTo(r, b);
  return path ? { path, cost: r.get(b)!.cost } : null;
}
