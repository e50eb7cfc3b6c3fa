// reach under movement rules with a memory: Dijkstra over (location, memory) states with exact
// costs, each step costed by the command's StepQuery (the same code `move` sums). States are
// numbers — a memory seen in this search gets a small index, a state is memory × locations +
// location — so no state is a string to build, split or hash. The order is that of
// geometry/movement.ts `reach` over the text keys "<label>\0<memory joined by ','>": states settle
// by (cost, label by code units, memory text), a state's predecessor is the earliest-settled one
// giving its least cost; so the paths reach shows do not depend on how states are numbered.
import { add, compare, ZERO, type Rational } from '../rational.js';
import type { SearchQuery } from './forced-face.js';

export interface Settled { location: number; cost: Rational; path: number[] }

interface Entry { cost: Rational; loc: number; mem: number }

/** Memories met so far, by a key exact for them (a number in mixed radix, or their text past 2^53 states). */
class Memories {
  readonly list: (readonly number[])[] = [];
  readonly text: string[] = [];
  private readonly ids = new Map<number | string, number>();
  private readonly radix: number[];
  private readonly numeric: boolean;

  constructor(maxima: readonly number[]) {
    this.radix = maxima.map((m) => m + 1);
    this.numeric = this.radix.reduce((p, r) => p * r, 1) <= Number.MAX_SAFE_INTEGER;
  }

  id(m: readonly number[]): number {
    let key: number | string;
    if (this.numeric) {
      key = 0;
      for (let i = 0; i < m.length; i++) key = key * this.radix[i]! + m[i]!;
    } else key = m.join(',');
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.list.length;
      this.ids.set(key, id);
      this.list.push(m.slice());
      this.text.push(m.join(','));
    }
    return id;
  }
}

/** `left`: the MP the move may spend, or (forced-face.ts) what a state may spend by its memory. */
export function searchStates(
  q: SearchQuery, start: number, memory: readonly number[], maxima: readonly number[],
  left: Rational | ((memory: readonly number[]) => Rational),
): Settled[] {
  const f = q.f, n = f.labels.length, rank = f.rank;
  const mems = new Memories(maxima);
  // per memory index: best cost and predecessor state of each location, and whether it settled
  const best: (Rational | undefined)[][] = [], from: Int32Array[] = [], done: Uint8Array[] = [];
  const block = (m: number) => {
    while (best.length <= m) {
      best.push(new Array<Rational | undefined>(n).fill(undefined));
      from.push(new Int32Array(n).fill(-1));
      done.push(new Uint8Array(n));
    }
  };
  const less = (a: Entry, b: Entry) => {
    const c = compare(a.cost, b.cost);
    if (c !== 0) return c < 0;
    if (a.loc !== b.loc) return rank[a.loc]! < rank[b.loc]!;
    return mems.text[a.mem]! < mems.text[b.mem]!;
  };
  const heap: Entry[] = [];
  // a binary heap, sifting a hole rather than swapping pairs
  const push = (x: Entry) => {
    let i = heap.length;
    heap.push(x);
    while (i > 0) {
      const p = (i - 1) >> 1, up = heap[p]!;
      if (!less(x, up)) break;
      heap[i] = up; i = p;
    }
    heap[i] = x;
  };
  const pop = () => {
    const top = heap[0]!, last = heap.pop()!, size = heap.length;
    if (size) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= size) break;
        const c = l + 1 < size && less(heap[l + 1]!, heap[l]!) ? l + 1 : l;
        if (!less(heap[c]!, last)) break;
        heap[i] = heap[c]!; i = c;
      }
      heap[i] = last;
    }
    return top;
  };
  const m0 = mems.id(memory);
  block(m0);
  best[m0]![start] = ZERO;
  push({ cost: ZERO, loc: start, mem: m0 });
  const order: number[] = [];
  const next: number[] = [];
  while (heap.length) {
    const { cost, loc, mem } = pop();
    if (done[mem]![loc] || compare(cost, best[mem]![loc]!) !== 0) continue; // stale entry
    done[mem]![loc] = 1;
    order.push(mem * n + loc);
    const memory = mems.list[mem]!;
    const cap = typeof left === 'function' ? left(memory) : left;
    for (let e = f.first[loc]!; e < f.first[loc + 1]!; e++) {
      const step = q.step(loc, e, memory, next, null);
      if (step === null) continue;
      const to = f.to[e]!;
      let m = mem;
      for (let i = 0; i < next.length; i++) if (next[i] !== memory[i]) { m = mems.id(next); block(m); break; }
      if (done[m]![to]) continue;
      const total = add(cost, step);
      if (compare(total, cap) > 0) continue;
      const known = best[m]![to];
      if (known && compare(known, total) <= 0) continue;
      best[m]![to] = total;
      from[m]![to] = mem * n + loc;
      push({ cost: total, loc: to, mem: m });
    }
  }
  // each location by its first-settled (cheapest) state; the start is not reached, it is where the piece is
  const out: Settled[] = [];
  const seen = new Uint8Array(n);
  seen[start] = 1;
  for (const s of order) {
    const loc = s % n;
    if (seen[loc]) continue;
    seen[loc] = 1;
    const path: number[] = [];
    for (let at = s; at !== m0 * n + start; at = from[Math.floor(at / n)]![at % n]!) path.push(at % n);
    out.push({ location: loc, cost: best[Math.floor(s / n)]![loc]!, path: path.reverse() });
  }
  return out;
}
