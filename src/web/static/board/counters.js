// Counters on the board (drawn again only when their picture, place or stack changes), markers on
// locations, and the small counters of the side panel. The symbols come from the server's <defs>.
import { el, layers } from './dom.js';
import { startPanelDrag } from './drag.js';
import { fanned, layout, pieces, selected, setPieceMap } from './page-state.js';
import { drawPlaces } from './places.js';

/** Counter symbols (GameCounters of the export layer): replaced when new ones appear. */
export function setDefs(defs) {
  if (defs && layers.defs.dataset.length !== String(defs.length)) {
    layers.defs.innerHTML = defs;
    layers.defs.dataset.length = String(defs.length);
  }
}

export function useCounter(symbol, x, y, size, parent) {
  return el('use', { href: `#${symbol}`, x, y, width: size, height: size }, parent);
}

export function setPieces(list) {
  setPieceMap(new Map(list.map((p) => [p.id, p])));
  drawPieces();
  drawPlaces();
}

export function stacksOnMap() {
  const stacks = new Map();
  for (const p of pieces.values()) {
    if (p.where !== 'map') continue;
    if (!stacks.has(p.at)) stacks.set(p.at, []);
    stacks.get(p.at).push(p);
  }
  for (const s of stacks.values()) s.sort((a, b) => a.level - b.level);
  return stacks;
}

// Drawn counters by piece id: only a counter whose picture changed is drawn again, so a command
// or a hover on a 600-counter board touches a handful of elements.
export const drawn = new Map(); // id → { key, g }
const stackOrder = new Map(); // location → ids bottom to top, as last drawn

export function drawPieces() {
  const C = layout.counterSize;
  const seen = new Set();
  const stacks = stacksOnMap();
  for (const [at, stack] of stacks) {
    const n = stack.length;
    const order = stack.map((p) => p.id).join(' ');
    let restack = stackOrder.get(at) !== order;
    stack.forEach((p, i) => {
      seen.add(p.id);
      const badge = i === n - 1 && n > 1 && fanned !== at ? n : 0;
      const key = `${p.symbol}|${p.rotation}|${p.markers.join()}|${p.face}|${p.facing}|${badge}|${at}|${p.unsupplied ? 1 : 0}`;
      let d = drawn.get(p.id);
      if (!d || d.key !== key) {
        const g = buildPiece(p, at, badge, C);
        if (d) d.g.replaceWith(g);
        d = { key, g, transform: '' };
        drawn.set(p.id, d);
        restack = true;
      }
      const off = pieceOffset(at, i, n);
      const transform = `translate(${p.x - C / 2 + off.x} ${p.y - C / 2 + off.y})`;
      if (d.transform !== transform) { d.g.setAttribute('transform', transform); d.transform = transform; }
      d.g.classList.toggle('selected', selected === p.id);
    });
    // Bottom to top in document order; a fanned stack goes over its neighbours.
    if (restack || fanned === at) for (const p of stack) layers.pieces.appendChild(drawn.get(p.id).g);
    stackOrder.set(at, order);
  }
  for (const [id, d] of drawn) if (!seen.has(id)) { d.g.remove(); drawn.delete(id); }
  for (const at of stackOrder.keys()) if (!stacks.has(at)) stackOrder.delete(at);
}

export function buildPiece(p, at, badge, C) {
  // a unit of his that traces no supply line (PoG §10) is framed for him
  const cls = `piece${p.side === layout.side ? '' : ' other'}${p.unsupplied ? ' unsupplied' : ''}`;
  const g = el('g', { class: cls, 'data-id': p.id, 'data-at': at });
  const inner = el('g', p.rotation ? { transform: `rotate(${p.rotation} ${C / 2} ${C / 2})` } : {}, g);
  useCounter(p.symbol, 0, 0, C, inner);
  el('rect', { class: 'frame', x: 0.5, y: 0.5, width: C - 1, height: C - 1, rx: 3, fill: 'none', stroke: 'none' }, g);
  drawPieceMarkers(g, p, C);
  if (badge) {
    el('circle', { cx: C - 3, cy: 3, r: 8, fill: '#1f3d6b' }, g);
    const t = el('text', { x: C - 3, y: 6.5, 'text-anchor': 'middle', class: 'stack-count' }, g);
    t.textContent = String(badge);
  }
  const title = el('title', {}, g);
  title.textContent = `${p.name} (${p.id}) · ${p.faces.find((f) => f.id === p.face)?.name ?? p.face}${p.facing !== null ? ` · facing ${p.facing}` : ''}${p.markers.length ? ` · ${p.markers.join(', ')}` : ''}`
    + (p.unsupplied ? ' · out of supply' : '');
  return g;
}

/** Stacked counters sit a few pixels apart; a fanned stack spreads out in a row over its hex. */
export function pieceOffset(at, i, n) {
  if (fanned === at && n > 1) return { x: (i - (n - 1) / 2) * (layout.counterSize + 4), y: 0 };
  return { x: i * 4, y: -i * 4 };
}

// Markers on a piece ride on its right edge, clear of its name and values (as game-picture has them).
export function drawPieceMarkers(g, p, C) {
  p.markers.forEach((m, k) => {
    const symbol = layout.markerSymbols[m];
    if (symbol) useCounter(symbol, C * 0.78, C * 0.22 + k * C * 0.18, C * 0.42, g);
  });
}

export function drawMarkers(list) {
  const frag = document.createDocumentFragment();
  const S = layout.counterSize, s = S * 0.62;
  for (const m of list) {
    m.markers.forEach((id, k) => {
      // Under the counters, toward the lower left, so a stack leaves them visible.
      const g = el('g', { class: 'location-marker', 'data-target': m.target });
      if (layout.markerSymbols[id]) useCounter(layout.markerSymbols[id], m.x - S * 0.62 + k * s * 0.22, m.y + S * 0.02 - k * s * 0.22, s, g);
      const t = el('title', {}, g);
      t.textContent = `${id} on ${m.target}`;
      frag.appendChild(g);
    });
  }
  layers.markers.replaceChildren(frag);
}

export function miniCounter(p) {
  const C = layout.counterSize;
  const svg = el('svg', { class: 'mini', viewBox: `0 0 ${C} ${C}`, 'data-id': p.id });
  const inner = el('g', p.rotation ? { transform: `rotate(${p.rotation} ${C / 2} ${C / 2})` } : {}, svg);
  useCounter(p.symbol, 0, 0, C, inner);
  drawPieceMarkers(svg, p, C);
  const t = el('title', {}, svg);
  t.textContent = `${p.name} (${p.id})`;
  svg.addEventListener('pointerdown', (e) => startPanelDrag(e, p));
  return svg;
}
