// What a step rule reads of the board played on that never changes in play, indexed once per game:
// locations by number, their neighbours as edges, and per edge the hexside id, its features and
// the roads along it; per location its terrain and whether a road runs through it. A step into a
// hex asks the same of the board every time, so `move` and `reach` read these arrays instead of
// parsing hexside keys. What the state holds (markers, pieces) is never kept here.
import type { Game } from './game.js';
import { EngineError } from './errors.js';

const EMPTY: readonly string[] = Object.freeze([]);

export interface BoardFacts {
  labels: readonly string[];
  index: ReadonlyMap<string, number>;
  /** each location's place in code-unit order of the labels (the search's tie-break) */
  rank: Int32Array;
  /** the edges leaving location i are first[i] … first[i + 1] - 1, in the board's neighbour order */
  first: Int32Array;
  /** the location an edge enters */
  to: Int32Array;
  /** an edge's hexside id (null off a hex grid) */
  hexside: readonly (string | null)[];
  features: readonly (readonly string[])[];
  roads: readonly (readonly string[])[];
  terrain: readonly (readonly string[])[];
  /** 1 where a road runs through the location */
  roadAt: Uint8Array;
  /** the edges (both ways) across each hexside, by its id */
  sideEdges: ReadonlyMap<string, readonly number[]>;
}

const cache = new WeakMap<Game, BoardFacts>();

export function boardFacts(game: Game): BoardFacts {
  const hit = cache.get(game);
  if (hit) return hit;
  const idx = game.costs?.index;
  const hex = game.board.hex;
  const nb = (hex ?? game.board.graph!) as { neighbours(l: string): readonly string[] };
  const labels = game.board.locations();
  const index = new Map(labels.map((l, i) => [l, i]));
  const byText = (a: number, b: number) => (labels[a]! < labels[b]! ? -1 : labels[a]! > labels[b]! ? 1 : 0);
  const order = labels.map((_, i) => i).sort(byText);
  const rank = new Int32Array(labels.length);
  order.forEach((i, r) => { rank[i] = r; });
  const first = new Int32Array(labels.length + 1);
  const to: number[] = [], hexside: (string | null)[] = [];
  const features: (readonly string[])[] = [], roads: (readonly string[])[] = [];
  const terrain: (readonly string[])[] = [];
  const roadAt = new Uint8Array(labels.length);
  const sideEdges = new Map<string, number[]>();
  labels.forEach((l, i) => {
    first[i] = to.length;
    terrain.push(idx?.hexTerrain(l) ?? EMPTY);
    roadAt[i] = idx && idx.roadsAt(l).length > 0 ? 1 : 0;
    for (const n of nb.neighbours(l)) {
      to.push(index.get(n)!);
      const side = hex ? hex.hexside(l, n) : null;
      hexside.push(side);
      if (side !== null) {
        const list = sideEdges.get(side);
        if (list) list.push(to.length - 1); else sideEdges.set(side, [to.length - 1]);
      }
      const f = side !== null && idx ? idx.featuresOf(side) : EMPTY;
      features.push(f.length ? f : EMPTY);
      const r = idx ? idx.roadsBetween(l, n) : EMPTY;
      roads.push(r.length ? r : EMPTY);
    }
  });
  first[labels.length] = to.length;
  const facts: BoardFacts = {
    labels, index, rank, first, to: Int32Array.from(to), hexside, features, roads, terrain, roadAt, sideEdges,
  };
  cache.set(game, facts);
  return facts;
}

/** The edge from location `from` to `to` (indexes), or -1 when they are not adjacent. */
export function edgeBetween(f: BoardFacts, from: number, to: number): number {
  for (let e = f.first[from]!; e < f.first[from + 1]!; e++) if (f.to[e] === to) return e;
  return -1;
}

export function locationIndex(f: BoardFacts, label: string): number {
  const i = f.index.get(label);
  if (i === undefined) throw new EngineError(`"${label}" is not a location of the board played on`);
  return i;
}
