// Locations: the nearest hex or space to a board point (a grid of cells), and adjacency.
import { layout } from './page-state.js';

/** spatial index of hex/space centres */
let locIndex = null;
export const locById = new Map();
/** point boards: id → Set of neighbours */
export let adjacency = null;

export function buildIndex() {
  const cell = layout.board.hexSize * 2;
  const grid = new Map();
  for (const l of layout.locations) {
    locById.set(l.id, l);
    const k = `${Math.floor(l.x / cell)},${Math.floor(l.y / cell)}`;
    if (!grid.has(k)) grid.set(k, []);
    grid.get(k).push(l);
  }
  locIndex = { cell, grid };
  if (layout.board.kind === 'points') {
    adjacency = new Map();
    for (const [a, b] of layout.connections) {
      if (!adjacency.has(a)) adjacency.set(a, new Set());
      if (!adjacency.has(b)) adjacency.set(b, new Set());
      adjacency.get(a).add(b);
      adjacency.get(b).add(a);
    }
  }
}

export function nearest(x, y) {
  const { cell, grid } = locIndex;
  const cx = Math.floor(x / cell), cy = Math.floor(y / cell);
  let best = null, bd = Infinity;
  for (let i = -1; i <= 1; i++) for (let j = -1; j <= 1; j++) {
    for (const l of grid.get(`${cx + i},${cy + j}`) || []) {
      const d = (l.x - x) ** 2 + (l.y - y) ** 2;
      if (d < bd) { bd = d; best = l; }
    }
  }
  const reach = layout.board.kind === 'hex' ? layout.board.hexSize : 30;
  return best && bd <= reach * reach ? best : null;
}

export function adjacent(a, b) {
  if (adjacency) return adjacency.get(a)?.has(b) ?? false;
  const p = locById.get(a), q = locById.get(b);
  // Neighbouring hex centres are √3·size apart; the next nearest are 3·size.
  return Math.hypot(p.x - q.x, p.y - q.y) < layout.board.hexSize * 2;
}
