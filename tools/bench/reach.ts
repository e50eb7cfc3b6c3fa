// Reach benchmark (issue "rules as data"): `reach` on a 5,040-hex board (72 × 70) with woods, streams,
// a road network, bridge-out markers on road hexsides and enemy units exerting zones of control, under
// skirmish's movement rules (memory, ZOC, marker and enemy conditions). Beside it, in the same process,
// a plain Dijkstra over the same hexes with the terrain costs precomputed as integers (half-MP units) and
// no rules: the floor any rule-reading search is measured against (machines are noisy, ratios are not).
// Run: npm run bench -- reach   (or node dist/tools/bench/reach.js [queries] [allowance MP, default 24])
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { moduleFiles } from './bench-module.js';
import { assembleModule, validateModuleData } from '../../src/core/module/assemble.js';
import type { ModuleData } from '../../src/core/module/schema.js';
import { prepareGame } from '../../src/core/engine/game.js';
import { initialState } from '../../src/core/engine/initial-state.js';
import { reachOf } from '../../src/core/engine/reach.js';

const QUERIES = Number(process.argv[2] ?? 60);
const COLS = 72, ROWS = 70, MOVERS = QUERIES, ENEMIES = 80, ALLOWANCE = Number(process.argv[3] ?? 24);
const label = (c: number, r: number) => `${String(c).padStart(2, '0')}${String(r).padStart(2, '0')}`;
let x = 20261201;
const rnd = (n: number) => { x = (Math.imul(x, 1103515245) + 12345) >>> 0; return (x >>> 8) % n; };

type Raw = Record<string, unknown> & { boards: Record<string, unknown>[]; pieces: unknown[]; scenarios: { setup: unknown[] }[] };

function build(raw: Raw, extra: (b: Record<string, unknown>) => void): ModuleData {
  const r = structuredClone(raw);
  const b = r.boards[0]!;
  b.sections = [{ id: 'main', origin: [0, 0], columns: COLS, rows: ROWS, label: { pattern: '{c:2}{r:2}' } }];
  extra(b);
  const v = validateModuleData(r);
  if (!v.data) throw new Error(`bench module invalid: ${v.issues.slice(0, 3).map((i) => `${i.path}: ${i.message}`).join('; ')}`);
  return v.data;
}

const a = assembleModule(moduleFiles(join(process.cwd(), 'modules/skirmish')));
if (!a.data) throw new Error('modules/skirmish does not load (run from the repository root)');
const raw = structuredClone(a.raw) as Raw;
// the meeting only: the other scenarios set up pieces this bench replaces
raw.pieces = []; raw.scenarios = [raw.scenarios[0]!]; raw.scenarios[0]!.setup = [];
const used = new Set<string>();
const free = () => { for (;;) { const l = label(1 + rnd(COLS), 1 + rnd(ROWS)); if (!used.has(l)) { used.add(l); return l; } } };
for (let i = 0; i < MOVERS; i++) {
  raw.pieces.push({ id: `red-${i}`, type: 'infantry', side: 'red' });
  raw.scenarios[0]!.setup.push({ piece: `red-${i}`, at: free(), face: 'column', facing: 0 });
}
for (let i = 0; i < ENEMIES; i++) {
  raw.pieces.push({ id: `blue-${i}`, type: 'infantry', side: 'blue' });
  raw.scenarios[0]!.setup.push({ piece: `blue-${i}`, at: free(), face: 'line', facing: 0 });
}

// first pass: the geometry, to pick adjacent hexsides
const geo = prepareGame(build(raw, (b) => { b.terrain = { default: 'clear' }; b.hexsides = {}; b.roads = []; }), 'meeting');
const hex = geo.board.hex!;
const woods: string[] = [], streams: string[] = [], roads: { type: string; path: string[] }[] = [];
for (let c = 1; c <= COLS; c++) for (let r = 1; r <= ROWS; r++) if (rnd(5) === 0) woods.push(label(c, r));
for (let c = 1; c <= COLS; c++) for (let r = 1; r <= ROWS; r++) {
  if (rnd(9) !== 0) continue;
  const n = hex.neighbours(label(c, r));
  const o = n[rnd(n.length)]!;
  streams.push([label(c, r), o].sort().join('|'));
}
for (let c = 4; c <= COLS; c += 8) roads.push({ type: 'road', path: Array.from({ length: ROWS }, (_, i) => label(c, i + 1)) });
for (let r = 4; r <= ROWS; r += 8) roads.push({ type: 'road', path: Array.from({ length: COLS }, (_, i) => label(i + 1, r)) });
const data = build(raw, (b) => {
  b.terrain = { default: 'clear', hexes: { woods } };
  b.hexsides = { stream: [...new Set(streams)] };
  b.roads = roads;
});
const game = prepareGame(data, 'meeting');
const state = initialState(game);
for (let i = 0; i < MOVERS; i++) state.pieces[`red-${i}`]!.values = { movement: ALLOWANCE };
// bridge-out markers on every 6th road hexside (S.3: the road does not cross there)
let bridges = 0;
for (const rd of roads) for (let i = 6; i < rd.path.length; i += 6) {
  state.markers[[rd.path[i - 1]!, rd.path[i]!].sort().join('|')] = ['bridge-out']; bridges++;
}

// the plain Dijkstra's graph: integer costs in half MP (road ½ = 1, clear 2, woods 4, stream +2)
const ids = [...hex.labels()];
const index = new Map(ids.map((l, i) => [l, i]));
const woodsSet = new Set(woods), streamSet = new Set(streams);
const roadStep = new Set<string>();
for (const rd of roads) for (let i = 1; i < rd.path.length; i++) { roadStep.add(`${rd.path[i - 1]}>${rd.path[i]}`); roadStep.add(`${rd.path[i]}>${rd.path[i - 1]}`); }
const adj: Int32Array[] = [], cost: Int32Array[] = [];
for (const l of ids) {
  const n = hex.neighbours(l);
  adj.push(Int32Array.from(n.map((m) => index.get(m)!)));
  cost.push(Int32Array.from(n.map((m) => (roadStep.has(`${l}>${m}`) ? 1
    : (woodsSet.has(m) ? 4 : 2) + (streamSet.has([l, m].sort().join('|')) ? 2 : 0)))));
}
function dijkstra(start: number, budget: number): number {
  const dist = new Int32Array(ids.length).fill(0x7fffffff);
  const heap: number[] = [];   // (dist << 16 | node) keys: a binary heap of numbers
  const push = (k: number) => { heap.push(k); let i = heap.length - 1; while (i > 0) { const p = (i - 1) >> 1; if (heap[p]! <= heap[i]!) break; [heap[p], heap[i]] = [heap[i]!, heap[p]!]; i = p; } };
  const pop = () => { const top = heap[0]!; const last = heap.pop()!; if (heap.length) { heap[0] = last; let i = 0; for (;;) { const l = 2 * i + 1, r = l + 1; let m = i; if (l < heap.length && heap[l]! < heap[m]!) m = l; if (r < heap.length && heap[r]! < heap[m]!) m = r; if (m === i) break; [heap[m], heap[i]] = [heap[i]!, heap[m]!]; i = m; } } return top; };
  dist[start] = 0; push(start);
  let settled = 0;
  while (heap.length) {
    const k = pop(); const d = Math.floor(k / 65536), u = k % 65536;
    if (d > dist[u]!) continue;
    settled++;
    const ns = adj[u]!, cs = cost[u]!;
    for (let j = 0; j < ns.length; j++) {
      const v = ns[j]!, nd = d + cs[j]!;
      if (nd <= budget && nd < dist[v]!) { dist[v] = nd; push(nd * 65536 + v); }
    }
  }
  return settled;
}

const movers = Array.from({ length: MOVERS }, (_, i) => `red-${i}`);
let current = '';
// wall time per query, and the process's CPU time over the round (steadier on a shared machine)
const time = (f: () => number): { ms: number[]; n: number; cpu: number } => {
  const ms: number[] = []; let n = 0;
  const c = process.cpuUsage();
  for (const id of movers) { current = id; const t = performance.now(); n += f(); ms.push(performance.now() - t); }
  const u = process.cpuUsage(c);
  return { ms, n, cpu: (u.user + u.system) / 1000 };
};
const reachQuery = () => reachOf(game, state, current).reachable.length;
const plainQuery = () => dijkstra(index.get(state.pieces[current]!.location!)!, ALLOWANCE * 2);
// warm up both, then alternate rounds so load changes hit both alike
for (let i = 0; i < 3; i++) { time(reachQuery); time(plainQuery); }
const rounds = 5;
const R: number[] = [], P: number[] = [];
let reached = 0, settledPlain = 0, cpuR = 0, cpuP = 0, bestR = Infinity, bestP = Infinity;
for (let i = 0; i < rounds; i++) {
  const r = time(reachQuery); R.push(...r.ms); reached = r.n; cpuR += r.cpu; bestR = Math.min(bestR, r.cpu);
  const p = time(plainQuery); P.push(...p.ms); settledPlain = p.n; cpuP += p.cpu; bestP = Math.min(bestP, p.cpu);
}
const mean = (a: number[]) => a.reduce((s, v) => s + v, 0) / a.length;
const median = (a: number[]) => [...a].sort((u, v) => u - v)[a.length >> 1]!;
const f = (v: number) => v.toFixed(3);
console.log(`board ${COLS}×${ROWS} = ${ids.length} hexes, ${woods.length} woods, ${new Set(streams).size} stream hexsides, `
  + `${roads.length} roads, ${bridges} bridge-out markers, ${ENEMIES} enemy units (ZOC), allowance ${ALLOWANCE} MP`);
console.log(`${MOVERS} movers × ${rounds} rounds; reach finds ${(reached / MOVERS).toFixed(0)} hexes a query on average, `
  + `the plain Dijkstra settles ${(settledPlain / MOVERS).toFixed(0)}`);
console.log(`reach (skirmish's movement rules): mean ${f(mean(R))} ms, median ${f(median(R))} ms a query (target under 5 ms)`);
console.log(`plain Dijkstra (integer costs, no rules): mean ${f(mean(P))} ms, median ${f(median(P))} ms a query`);
console.log(`ratio reach / plain: ${(mean(R) / mean(P)).toFixed(1)}× (mean), ${(median(R) / median(P)).toFixed(1)}× (median)`);
console.log(`CPU time a query: reach ${f(cpuR / R.length)} ms, plain ${f(cpuP / P.length)} ms, ratio ${(cpuR / cpuP).toFixed(1)}×`);
// the least-loaded round of each (a round is all movers once): the nearest to a quiet machine
console.log(`CPU time a query, best round: reach ${f(bestR / MOVERS)} ms, plain ${f(bestP / MOVERS)} ms, `
  + `ratio ${(bestR / bestP).toFixed(1)}×`);
