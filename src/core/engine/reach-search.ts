// reach under movement rules with a memory: Dijkstra over (location, memory) states, each step
// costed by the command's StepQuery (the same code `move` sums). States are numbers — a memory seen
// in this search gets a small index, a state is memory × locations + location. Costs are exact:
// each is kept as a whole number of 1/D MP, D the least common multiple of the denominators met so
// far (the allowance's and every step's); a step whose denominator D lacks scales every cost held by
// the factor D needs, so no sum is ever rounded. The order is that of geometry/movement.ts `reach`
// over the text keys "<label>\0<memory joined by ','>": states settle by (cost, label by code
// units, memory text), a state's predecessor is the earliest-settled one giving its least cost; so
// the paths reach shows do not depend on how states are numbered. A path is rebuilt from the
// predecessors only when asked for.
import { rational, type Rational } from '../rational.js';
import type { BoardFacts } from './board-facts.js';
import type { SearchQuery } from './forced-face.js';

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

/**
 * Arrays over all states of one board, kept between searches (a search is synchronous and never
 * nested) and reset by the list of states it touched, so a query does not allocate the board anew.
 */
class Pool {
  best = new Float64Array(0).fill(Infinity);
  from = new Int32Array(0);
  /** a settled state's place in the settling order, -1 before */
  settled = new Int32Array(0);
  touched = new Int32Array(1024);
  touchedCount = 0;
  /** per (memory without its face slot, location): a bit for each face slot popped there (dominated states) */
  marks = new Int32Array(0);
  marked = new Int32Array(1024);
  markedCount = 0;
  /** the heap: key = cost × locations + rank of the location; the state */
  keys = new Float64Array(1024);
  states = new Int32Array(1024);

  /** room for memories 0 … m − 1 over n locations */
  room(size: number): void {
    if (this.best.length >= size) return;
    const cap = Math.max(size, this.best.length * 2);
    const best = new Float64Array(cap).fill(Infinity); best.set(this.best); this.best = best;
    const from = new Int32Array(cap); from.set(this.from); this.from = from;
    const settled = new Int32Array(cap).fill(-1); settled.set(this.settled); this.settled = settled;
  }

  roomMarks(size: number): void {
    if (this.marks.length >= size) return;
    const marks = new Int32Array(Math.max(size, this.marks.length * 2)); marks.set(this.marks); this.marks = marks;
  }

  mark(x: number): void {
    if (this.markedCount === this.marked.length) this.marked = grow(this.marked);
    this.marked[this.markedCount++] = x;
  }

  touch(s: number): void {
    if (this.touchedCount === this.touched.length) this.touched = grow(this.touched);
    this.touched[this.touchedCount++] = s;
  }

  reset(): void {
    for (let i = 0; i < this.touchedCount; i++) {
      const s = this.touched[i]!;
      this.best[s] = Infinity; this.settled[s] = -1;
    }
    this.touchedCount = 0;
    for (let i = 0; i < this.markedCount; i++) this.marks[this.marked[i]!] = 0;
    this.markedCount = 0;
  }
}

function grow<T extends Int32Array | Float64Array>(a: T): T {
  const b = new (a.constructor as new (n: number) => T)(a.length * 2);
  b.set(a);
  return b;
}

const pools = new WeakMap<BoardFacts, Pool>();
/** Pool.settled of a state dropped as dominated (searchStates) */
const DROPPED = -2;
/** The denominator last needed per board's step program, so the next query rarely rescales. */
const scales = new WeakMap<BoardFacts, number>();

const gcd = (a: number, b: number): number => { while (b) { const t = a % b; a = b; b = t; } return a; };

/** What a search found: each location reached (not the start), by cost then label, with its cost and a cheapest path. */
export class Reached {
  constructor(
    /** locations reached, in settling order (by cost, then label by code units) */
    readonly locations: Int32Array,
    /** per location reached: its cheapest state's place in the settling order */
    private readonly at: Int32Array,
    /** per settled state: its location, its cost in 1/scale MP, its predecessor's place (-1: the start) */
    private readonly loc: Int32Array,
    private readonly cost: Float64Array,
    private readonly prev: Int32Array,
    private readonly scale: number,
  ) {}

  private readonly costs = new Map<number, Rational>();

  /** the j-th location's exact cost (few distinct values: one Rational each) */
  costOf(j: number): Rational {
    const c = this.cost[this.at[j]!]!;
    let r = this.costs.get(c);
    if (!r) { r = rational(c, this.scale); this.costs.set(c, r); }
    return r;
  }

  /** a cheapest path to the j-th location reached, without the start */
  pathOf(j: number): number[] {
    const path: number[] = [];
    for (let k = this.at[j]!; this.prev[k]! >= 0; k = this.prev[k]!) path.push(this.loc[k]!);
    return path.reverse();
  }
}

/**
 * `left`: the MP the move may spend, or (forced-face.ts) what a state may spend by its memory.
 *
 * `dominators` (forced-face.ts faceSearch; the memory's last slot is then the face): by face slot,
 * the slots whose states dominate its states. A state of face slot k ≥ 1 popped after a state of
 * the same location and other memory with a slot among dominators[k] is dropped, neither settled
 * nor expanded. Why that changes nothing reach answers, when every step costs more than nothing
 * (states then settle in the order of their keys, cost then label then memory text): the faces
 * concerned cost every step alike and have the same limit, and a face slot k ≥ 1 never changes
 * again, so each path from the dropped state has its mirror from the earlier one — the same steps,
 * at no more cost, ending in the same state or in one that sorts before it (its face slot sorts
 * first, or it costs less), which is again dominated or the very state. Hence a dominated state is
 * never the first settled of its location, never the predecessor of an undominated state (the
 * mirror step gives that state its cost from a state settled earlier, or dominates it), and the
 * undominated states settle at the same costs with the same predecessors. A step that costs
 * nothing breaks the order of keys: the search then starts again keeping every state.
 */
export function searchStates(
  q: SearchQuery, start: number, memory: readonly number[], maxima: readonly number[],
  left: Rational | ((memory: readonly number[]) => Rational), dominators: Int32Array | null = null,
): Reached {
  const pruned = dominators && search(q, start, memory, maxima, left, dominators);
  return pruned || search(q, start, memory, maxima, left, null)!;
}

/** The search; null when `dominators` is given and a step costs nothing. */
function search(
  q: SearchQuery, start: number, memory: readonly number[], maxima: readonly number[],
  left: Rational | ((memory: readonly number[]) => Rational), dominators: Int32Array | null,
): Reached | null {
  const f = q.f, n = f.labels.length, rank = f.rank, first = f.first, edgeTo = f.to;
  let pool = pools.get(f);
  if (!pool) { pool = new Pool(); pools.set(f, pool); }
  const p = pool;
  p.reset(); // a search that threw leaves its marks: clear them first
  const mems = new Memories(maxima);
  let scale = scales.get(f) ?? 1;
  const fixed = typeof left === 'function' ? undefined : left;
  if (fixed) scale = (scale / gcd(scale, fixed.den)) * fixed.den;
  let budget = fixed ? fixed.num * (scale / fixed.den) : 0;
  const guard = (b: number) => {
    if (!Number.isSafeInteger((b + 1) * n)) throw new RangeError(`reach: step costs too fine to sum exactly (1/${scale} MP)`);
  };
  if (fixed) guard(budget);
  let size = 0;
  const push = (key: number, s: number) => {
    if (size === p.keys.length) { p.keys = grow(p.keys); p.states = grow(p.states); }
    const keys = p.keys, states = p.states, text = mems.text;
    let i = size++;
    while (i > 0) {
      const up = (i - 1) >> 1, k = keys[up]!;
      if (k < key || (k === key && text[Math.floor(states[up]! / n)]! <= text[Math.floor(s / n)]!)) break;
      keys[i] = k; states[i] = states[up]!; i = up;
    }
    keys[i] = key; states[i] = s;
  };
  /** the heap's least state (its key stays in keys[size] until the next push) */
  const pop = (): number => {
    const keys = p.keys, states = p.states, text = mems.text;
    const top = states[0]!;
    const key = keys[--size]!, s = states[size]!, t = text[Math.floor(s / n)]!;
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= size) break;
      if (c + 1 < size) {
        const a = keys[c]!, b = keys[c + 1]!;
        if (b < a || (b === a && text[Math.floor(states[c + 1]! / n)]! < text[Math.floor(states[c]! / n)]!)) c++;
      }
      const kc = keys[c]!;
      if (key < kc || (key === kc && t <= text[Math.floor(states[c]! / n)]!)) break;
      keys[i] = kc; states[i] = states[c]!; i = c;
    }
    keys[i] = key; states[i] = s;
    return top;
  };
  /** a step's denominator the scale lacks: every cost held, the heap's keys and the budget scale up */
  const rescale = (den: number) => {
    const k = den / gcd(scale, den);
    scale *= k; budget *= k;
    guard(budget);
    for (let i = 0; i < p.touchedCount; i++) { const s = p.touched[i]!; p.best[s] = p.best[s]! * k; }
    for (let i = 0; i < size; i++) {
      const key = p.keys[i]!, r = key % n;
      p.keys[i] = (key - r) * k + r;
    }
    for (let i = 0; i < order; i++) cost[i] = cost[i]! * k;
  };
  // per settled state, in settling order: location, cost, predecessor's place
  let loc = new Int32Array(256), cost = new Float64Array(256), prev = new Int32Array(256), order = 0;
  const next: number[] = [];
  // dominated states: memories by their memory without the face slot (the last)
  const inner = dominators ? new Memories(maxima.slice(0, -1)) : null, innerIds: number[] = [];
  const face = memory.length - 1;
  const m0 = mems.id(memory);
  p.room((m0 + 1) * n);
  const s0 = m0 * n + start;
  p.best[s0] = 0; p.from[s0] = -1; p.touch(s0);
  push(rank[start]!, s0);
  while (size) {
    const s = pop();
    if (p.settled[s]! !== -1) continue; // settled already at its least cost, or dropped
    const at = s % n, mem = (s - at) / n, c = p.best[s]!;
    const memory = mems.list[mem]!;
    if (dominators) {
      let k = innerIds[mem];
      if (k === undefined) { k = inner!.id(memory.slice(0, face)); innerIds[mem] = k; p.roomMarks((k + 1) * n); }
      const x = k * n + at, bits = p.marks[x]!, slot = memory[face]!;
      if (bits === 0) p.mark(x);
      p.marks[x] = bits | (1 << slot);
      if (slot > 0 && (bits & dominators[slot]!) !== 0) { p.settled[s] = DROPPED; continue; }
    }
    if (order === loc.length) { loc = grow(loc); cost = grow(cost); prev = grow(prev); }
    loc[order] = at; cost[order] = c; prev[order] = s === s0 ? -1 : p.settled[p.from[s]!]!;
    p.settled[s] = order++;
    if (!fixed) {
      const cap = (left as (memory: readonly number[]) => Rational)(memory);
      if (scale % cap.den !== 0) rescale(cap.den);
      budget = cap.num * (scale / cap.den);
      guard(budget);
    }
    for (let e = first[at]!, end = first[at + 1]!; e < end; e++) {
      const step = q.step(at, e, memory, next, null);
      if (step === null) continue;
      const to = edgeTo[e]!;
      let m = mem;
      for (let i = 0; i < next.length; i++) {
        if (next[i] !== memory[i]) { m = mems.id(next); p.room((m + 1) * n); break; }
      }
      const t = m * n + to;
      if (p.settled[t]! !== -1) continue;
      if (dominators && step.num === 0) return null;
      if (scale % step.den !== 0) rescale(step.den);
      const total = p.best[s]! + step.num * (scale / step.den);
      if (total > budget || total >= p.best[t]!) continue;
      if (p.best[t] === Infinity) p.touch(t);
      p.best[t] = total;
      p.from[t] = s;
      push(total * n + rank[to]!, t);
    }
  }
  scales.set(f, scale);
  // each location by its first-settled (cheapest) state; the start is not reached, it is where the piece is
  const locations = new Int32Array(Math.min(order, n)), firstAt = new Int32Array(locations.length);
  const seen = new Uint8Array(n);
  seen[start] = 1;
  let count = 0;
  for (let k = 0; k < order; k++) {
    const l = loc[k]!;
    if (seen[l]) continue;
    seen[l] = 1;
    locations[count] = l; firstAt[count++] = k;
  }
  p.reset();
  const ls = locations.subarray(0, count), ks = firstAt.subarray(0, count);
  // settling order is by cost then label, save after a step that costs nothing: then sort
  for (let j = 1; j < count; j++) {
    const a = cost[ks[j - 1]!]!, b = cost[ks[j]!]!;
    if (a < b || (a === b && rank[ls[j - 1]!]! < rank[ls[j]!]!)) continue;
    const idx = Array.from(ks).sort((x, y) => cost[x]! - cost[y]! || rank[loc[x]!]! - rank[loc[y]!]!);
    for (let i = 0; i < count; i++) { ks[i] = idx[i]!; ls[i] = loc[idx[i]!]!; }
    break;
  }
  return new Reached(ls, ks, loc, cost, prev, scale);
}
