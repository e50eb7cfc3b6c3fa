// One view over both kinds of board, so validation and the engine ask the same questions of
// a hex grid and of a point-to-point map.
import { HexBoard } from '../geometry/hex-board.js';
import { parseHexside } from '../geometry/hexside.js';
import { SpaceGraph } from '../geometry/space-graph.js';
import type { BoardDef } from './schema.js';
import { squareAsPoints, squareGrid } from './square-points.js';
import type { SquareBoard } from '../geometry/square-board.js';

export interface BoardView {
  readonly def: BoardDef;
  readonly hex?: HexBoard;
  readonly graph?: SpaceGraph;
  /** a square board's grid; its cells are also the spaces of `graph` */
  readonly square?: SquareBoard;
  has(location: string): boolean;
  adjacent(a: string, b: string): boolean;
  /** Canonical hexside id for "0303|0304", "0303/0304" or "0101:N"; throws a clear error otherwise. */
  hexside(text: string): string;
  locations(): readonly string[];
}

const cache = new WeakMap<BoardDef, BoardView>();

export function boardView(def: BoardDef): BoardView {
  const hit = cache.get(def);
  if (hit) return hit;
  let view: BoardView;
  if (def.kind === 'hex') {
    const hex = new HexBoard({ orientation: def.orientation, shifted: def.shifted, sections: def.sections });
    view = {
      def, hex,
      has: (l) => hex.has(l),
      adjacent: (a, b) => hex.adjacent(a, b),
      hexside: (t) => parseHexside(hex, t),
      locations: () => hex.labels(),
    };
  } else {
    const points = def.kind === 'square' ? squareAsPoints(def) : def;
    const graph = new SpaceGraph({ spaces: points.spaces, connections: points.connections });
    const ids = points.spaces.map((s) => s.id);
    view = {
      def, graph, ...(def.kind === 'square' ? { square: squareGrid(def) } : {}),
      has: (l) => graph.has(l),
      adjacent: (a, b) => graph.adjacent(a, b),
      hexside: (t) => { throw new Error(`"${t}": board ${def.id} is ${def.kind === 'square' ? 'a square grid' : 'point-to-point'} and has no hexsides`); },
      locations: () => ids,
    };
  }
  cache.set(def, view);
  return view;
}
