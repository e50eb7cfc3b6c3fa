// Terrain of one board, indexed for the questions movement asks: what is in this hex, what lies
// on the hexside between two hexes, and which roads join two adjacent hexes.
import { squareAsPoints } from './square-points.js';
import { boardView, type BoardView } from './board-view.js';
import { expandHexRefs } from './hex-refs.js';
import type { BoardDef } from './schema.js';

export interface TerrainIndex {
  readonly view: BoardView;
  /** terrain ids of a hex (or a space's terrain); the board default when none is listed */
  hexTerrain(location: string): readonly string[];
  /** hexside feature ids between two adjacent hexes */
  hexsideFeatures(a: string, b: string): readonly string[];
  /** hexside feature ids of a hexside by its canonical id (no parsing: for callers that hold the id) */
  featuresOf(hexside: string): readonly string[];
  /** the hex the board names first for this feature on the hexside between a and b ("high|low" for a slope) */
  firstHex(feature: string, a: string, b: string): string | null;
  /** road types running directly from a to b */
  roadsBetween(a: string, b: string): readonly string[];
  /** road types running through a hex */
  roadsAt(location: string): readonly string[];
}

const cache = new WeakMap<BoardDef, TerrainIndex>();

export function terrainIndex(def: BoardDef): TerrainIndex {
  const hit = cache.get(def);
  if (hit) return hit;
  const view = boardView(def);
  const hexes = new Map<string, string[]>();
  const sides = new Map<string, string[]>();
  const roads = new Map<string, string[]>();
  const first = new Map<string, string>();
  const through = new Map<string, string[]>();
  const push = (map: Map<string, string[]>, key: string, value: string) => {
    const list = map.get(key);
    if (!list) map.set(key, [value]);
    else if (!list.includes(value)) list.push(value);
  };
  let fallback: readonly string[] = [];
  if (def.kind === 'hex') {
    fallback = [def.terrain.default];
    for (const [tid, refs] of Object.entries(def.terrain.hexes)) {
      for (const ref of refs) {
        const labels = expandHexRefs(view, ref);
        if (typeof labels === 'string') throw new Error(labels);
        for (const l of labels) push(hexes, l, tid);
      }
    }
    for (const [fid, refs] of Object.entries(def.hexsides)) {
      for (const ref of refs) {
        const id = view.hexside(ref);
        push(sides, id, fid);
        // "a|b", "a/b" and "a:N" all name hex a first
        first.set(`${fid}@${id}`, ref.split(/[|/:]/)[0]!.trim());
      }
    }
    for (const road of def.roads) {
      for (let i = 1; i < road.path.length; i++) {
        push(roads, `${road.path[i - 1]}>${road.path[i]}`, road.type);
        push(roads, `${road.path[i]}>${road.path[i - 1]}`, road.type);
      }
      for (const l of road.path) push(through, l, road.type);
    }
  } else {
    for (const s of def.kind === 'square' ? squareAsPoints(def).spaces : def.spaces) if (s.terrain) hexes.set(s.id, [s.terrain]);
  }
  const index: TerrainIndex = {
    view,
    hexTerrain: (l) => hexes.get(l) ?? fallback,
    hexsideFeatures: (a, b) => (def.kind === 'hex' ? sides.get(view.hexside(`${a}|${b}`)) ?? [] : []),
    featuresOf: (id) => sides.get(id) ?? [],
    roadsBetween: (a, b) => roads.get(`${a}>${b}`) ?? [],
    roadsAt: (l) => through.get(l) ?? [],
    firstHex: (f, a, b) => (def.kind === 'hex' ? first.get(`${f}@${view.hexside(`${a}|${b}`)}`) ?? null : null),
  };
  cache.set(def, index);
  return index;
}
