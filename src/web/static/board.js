// The Hexpost board page. Plain JS, no framework: the server holds the key and the turn; this page
// sends command lines (the same ones `hexpost turn` reads) and draws what the server answers.
'use strict';

const SVGNS = 'http://www.w3.org/2000/svg';
const $ = (id) => document.getElementById(id);
const board = $('board');
const layers = { defs: $('defs-layer'), board: $('board-layer'), markers: $('markers-layer'), path: $('path-layer'), pieces: $('pieces-layer') };

let layout = null;      // GET api/layout: board picture, locations, boxes, tracks, procedures…
let current = null;     // GET api/state: the turn as it stands
let pieces = new Map(); // id → piece as drawn now (from the state, or from the replay)
let locIndex = null;    // spatial index of hex/space centres
let locById = new Map();
let adjacency = null;   // point boards: id → Set of neighbours
let view = { tx: 0, ty: 0, s: 1 };
let selected = null;
let fanned = null;      // location whose stack is spread out
let replay = null;      // { data, step, timer }
let busy = false;

// ---------- talking to the local server ----------

async function api(path, body) {
  const init = body === undefined ? {} : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
  const res = await fetch(`api/${path}`, { ...init, credentials: 'same-origin', cache: 'no-store' });
  const json = await res.json();
  if (!res.ok) throw new Error(json.error || `${res.status}`);
  return json;
}

function say(text, error = false) {
  const s = $('status');
  s.textContent = text;
  s.classList.toggle('error', error);
}

/** Every action is one command line, exactly as `hexpost play` takes it. */
async function run(line) {
  if (busy) return false;
  if (replay) endReplay();
  busy = true;
  try {
    const r = line === 'undo' ? await api('undo', {}) : await api('command', { line });
    if (!r.ok) { say(`refused: ${r.error}`, true); return false; }
    say(r.lines.join(' · ') + (r.warnings.length ? `  ⚠ ${r.warnings.join('; ')}` : '') || line);
    await refresh();
    return true;
  } catch (e) {
    say(String(e.message || e), true);
    return false;
  } finally {
    busy = false;
  }
}

/** Counter symbols (GameCounters of the export layer): replaced when new ones appear. */
function setDefs(defs) {
  if (defs && layers.defs.dataset.length !== String(defs.length)) {
    layers.defs.innerHTML = defs;
    layers.defs.dataset.length = String(defs.length);
  }
}

function useCounter(symbol, x, y, size, parent) {
  return el('use', { href: `#${symbol}`, x, y, width: size, height: size }, parent);
}

async function refresh() {
  current = await api('state');
  setDefs(current.defs);
  if (!replay) setPieces(current.pieces);
  drawMarkers(current.markers);
  drawPanels();
}

// ---------- the board: picture, pan and zoom ----------

function el(tag, attrs = {}, parent) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (parent) parent.appendChild(e);
  return e;
}

function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'text') e.textContent = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (v !== false && v !== undefined && v !== null) e.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children) if (c) e.appendChild(typeof c === 'string' ? document.createTextNode(c) : c);
  return e;
}

// The board is one SVG at picture size, moved and scaled by a CSS transform: panning and zooming
// only composite the already drawn layer (no repaint of 5,000 hexes per frame). When a zoom
// settles, the layer is drawn again at the new scale so it is sharp.
function setView(v) {
  view = v;
  board.style.transform = `translate(${v.tx}px, ${v.ty}px) scale(${v.s})`;
  clearTimeout(setView.sharpen);
  if (setView.scale !== v.s) {
    setView.scale = v.s;
    // While the scale changes, hex numbers stay out: the redraws Chromium makes meanwhile are cheaper.
    board.classList.add('zooming');
    setView.sharpen = setTimeout(() => {
      board.classList.remove('zooming');
      board.classList.toggle('far', v.s < 0.45);
      board.style.willChange = 'auto';
      requestAnimationFrame(() => { board.style.willChange = ''; });
    }, 250);
  }
}

function wrapRect() { return $('board-wrap').getBoundingClientRect(); }

function fitScale() {
  const r = wrapRect();
  return Math.min(r.width / layout.board.width, r.height / layout.board.height);
}

function fit() {
  const r = wrapRect();
  const s = fitScale();
  setView({ s, tx: (r.width - layout.board.width * s) / 2, ty: (r.height - layout.board.height * s) / 2 });
}

/** Screen point → board picture coordinates. */
function toBoard(clientX, clientY) {
  const r = wrapRect();
  return { x: (clientX - r.left - view.tx) / view.s, y: (clientY - r.top - view.ty) / view.s };
}

/** Board picture coordinates → position inside the board's frame (for labels over it). */
function toScreen(x, y) {
  return { left: view.tx + x * view.s, top: view.ty + y * view.s };
}

/** factor > 1 zooms out, < 1 zooms in, about a screen point (default: the middle). */
function zoom(factor, clientX, clientY) {
  const r = wrapRect();
  const cx = (clientX ?? r.left + r.width / 2) - r.left, cy = (clientY ?? r.top + r.height / 2) - r.top;
  const s = Math.min(4, Math.max(fitScale() / 3, view.s / factor));
  const k = s / view.s;
  setView({ s, tx: cx - (cx - view.tx) * k, ty: cy - (cy - view.ty) * k });
}

function pan(dxPx, dyPx) {
  setView({ ...view, tx: view.tx + dxPx, ty: view.ty + dyPx });
}

// ---------- locations: nearest hex or space, adjacency ----------

function buildIndex() {
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

function nearest(x, y) {
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

function adjacent(a, b) {
  if (adjacency) return adjacency.get(a)?.has(b) ?? false;
  const p = locById.get(a), q = locById.get(b);
  // Neighbouring hex centres are √3·size apart; the next nearest are 3·size.
  return Math.hypot(p.x - q.x, p.y - q.y) < layout.board.hexSize * 2;
}

// ---------- pieces ----------

function setPieces(list) {
  pieces = new Map(list.map((p) => [p.id, p]));
  drawPieces();
  drawPlaces();
}

function stacksOnMap() {
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
const drawn = new Map(); // id → { key, g }
const stackOrder = new Map(); // location → ids bottom to top, as last drawn

function drawPieces() {
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
      const key = `${p.symbol}|${p.rotation}|${p.markers.join()}|${p.face}|${p.facing}|${badge}|${at}`;
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

function buildPiece(p, at, badge, C) {
  const g = el('g', { class: `piece${p.side === layout.side ? '' : ' other'}`, 'data-id': p.id, 'data-at': at });
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
  title.textContent = `${p.name} (${p.id}) · ${p.faces.find((f) => f.id === p.face)?.name ?? p.face}${p.facing !== null ? ` · facing ${p.facing}` : ''}${p.markers.length ? ` · ${p.markers.join(', ')}` : ''}`;
  return g;
}

/** Stacked counters sit a few pixels apart; a fanned stack spreads out in a row over its hex. */
function pieceOffset(at, i, n) {
  if (fanned === at && n > 1) return { x: (i - (n - 1) / 2) * (layout.counterSize + 4), y: 0 };
  return { x: i * 4, y: -i * 4 };
}

// Markers on a piece ride on its right edge, clear of its name and values (as game-picture has them).
function drawPieceMarkers(g, p, C) {
  p.markers.forEach((m, k) => {
    const symbol = layout.markerSymbols[m];
    if (symbol) useCounter(symbol, C * 0.78, C * 0.22 + k * C * 0.18, C * 0.42, g);
  });
}

function drawMarkers(list) {
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

function miniCounter(p) {
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

// ---------- boxes, tracks and the hand's pieces ----------

function drawPlaces() {
  const boxes = $('boxes');
  boxes.replaceChildren();
  const inPlace = (id) => [...pieces.values()].filter((p) => p.at === id).sort((a, b) => a.level - b.level);
  const places = [...layout.boxes.map((b) => ({ id: b.id, name: b.name })), ...layout.sides.map((s) => ({ id: `hand:${s.id}`, name: `${s.name}'s hand (pieces)` }))];
  for (const b of places) {
    const here = inPlace(b.id);
    if (b.id.startsWith('hand:') && !here.length) continue;
    const content = h('div', { class: 'content' });
    for (const p of here) content.appendChild(miniCounter(p));
    boxes.appendChild(h('div', { class: 'box', 'data-drop': b.id }, h('div', { class: 'label', text: `${b.name} (${b.id})` }), content));
  }
  const tracks = $('tracks');
  tracks.replaceChildren();
  for (const t of layout.tracks) {
    const cells = h('div', { class: 'cells' });
    const value = current?.tracks?.[t.id];
    for (let n = t.min; n <= t.max; n++) {
      const cell = h('div', { class: `track-cell${value === n ? ' current' : ''}`, 'data-drop': `${t.id}@${n}`, title: `${t.name}: ${t.labels[n] ?? n} (click: track ${t.id} ${n})` }, t.labels[n] ?? String(n));
      for (const p of inPlace(`${t.id}@${n}`)) cell.appendChild(miniCounter(p));
      cell.addEventListener('click', (e) => { if (e.target === cell) run(`track ${t.id} ${n}`); });
      cells.appendChild(cell);
    }
    tracks.appendChild(h('div', { class: 'track' }, h('div', { class: 'label', text: `${t.name}${value !== undefined ? `: ${t.labels[value] ?? value}` : ''}` }), cells));
  }
}

// ---------- dragging a counter along hexes ----------

let gesture = null; // { kind: 'pan' | 'piece', … }

function onBoardPointerDown(e) {
  if ((e.button !== 0 && e.button !== 2) || e.target.closest('#zoom, #menu')) return;
  closeMenu();
  const g = e.target.closest('.piece');
  if (g && e.button === 0 && !replay) {
    const p = pieces.get(g.dataset.id);
    const start = locById.get(p.at);
    gesture = { kind: 'piece', id: p.id, g, x0: e.clientX, y0: e.clientY, moved: false, path: [p.at], start, seq: 0, dropOn: null };
  } else if (e.button === 0) {
    gesture = { kind: 'pan', x0: e.clientX, y0: e.clientY, lx: e.clientX, ly: e.clientY, moved: false };
  } else {
    return;
  }
  $('board-wrap').setPointerCapture(e.pointerId);
}

function onBoardPointerMove(e) {
  showHover(e);
  if (!gesture) return;
  const far = Math.hypot(e.clientX - gesture.x0, e.clientY - gesture.y0) > 4;
  if (gesture.kind === 'pan') {
    if (!gesture.moved && !far) return;
    gesture.moved = true;
    $('board-wrap').classList.add('panning');
    pan(e.clientX - gesture.lx, e.clientY - gesture.ly);
    gesture.lx = e.clientX; gesture.ly = e.clientY;
    return;
  }
  if (!gesture.moved && !far) return;
  if (!gesture.moved) { gesture.moved = true; gesture.g.classList.add('dragging'); layers.pieces.appendChild(gesture.g); }
  const C = layout.counterSize;
  const q = toBoard(e.clientX, e.clientY);
  gesture.g.setAttribute('transform', `translate(${q.x - C / 2} ${q.y - C / 2})`);
  extendPath(q);
  const over = dropTargetAt(e.clientX, e.clientY);
  highlightDrop(over);
}

function extendPath(q) {
  const path = gesture.path;
  const here = nearest(q.x, q.y);
  if (!here || here.id === path[path.length - 1]) return;
  if (path.length > 1 && here.id === path[path.length - 2]) path.pop();
  else if (adjacent(path[path.length - 1], here.id)) {
    const i = path.indexOf(here.id);
    if (i >= 0) path.length = i + 1; // back onto the path: cut the loop
    else path.push(here.id);
  } else if (!adjacency) {
    // A fast drag skipped hexes: walk the straight line in half-hex steps.
    const last = locById.get(path[path.length - 1]);
    const steps = Math.ceil(Math.hypot(q.x - last.x, q.y - last.y) / (layout.board.hexSize / 2));
    for (let k = 1; k <= steps; k++) {
      const l = nearest(last.x + ((q.x - last.x) * k) / steps, last.y + ((q.y - last.y) * k) / steps);
      if (l && l.id !== path[path.length - 1] && adjacent(path[path.length - 1], l.id)) path.push(l.id);
    }
  } else return;
  drawPath();
  previewPath();
}

function drawPath() {
  layers.path.replaceChildren();
  const path = gesture?.path ?? [];
  if (path.length < 2) { $('mp-label').hidden = true; return; }
  const pts = path.map((id) => locById.get(id));
  el('polyline', { points: pts.map((p) => `${p.x},${p.y}`).join(' ') }, layers.path);
  for (const p of pts.slice(1)) el('circle', { cx: p.x, cy: p.y, r: 5 }, layers.path);
}

async function previewPath() {
  const g = gesture;
  const path = g.path.slice(1);
  const label = $('mp-label');
  if (!path.length) { label.hidden = true; return; }
  const seq = ++g.seq;
  const r = await api('preview-path', { piece: g.id, path }).catch((e) => ({ ok: false, error: e.message }));
  if (gesture !== g || seq !== g.seq) return; // a later step answered first
  const end = locById.get(g.path[g.path.length - 1]);
  const at = toScreen(end.x, end.y);
  label.textContent = r.ok ? `${r.text}${r.warnings?.length ? ' ⚠' : ''}` : `✗ ${r.error}`;
  label.title = r.warnings?.join('\n') || '';
  label.classList.toggle('over', !r.ok || (r.warnings?.length ?? 0) > 0);
  label.style.left = `${at.left + 18}px`;
  label.style.top = `${at.top - 34}px`;
  label.hidden = false;
  label.dataset.mp = r.mp ?? '';
}

async function onBoardPointerUp(e) {
  const g = gesture;
  gesture = null;
  $('board-wrap').classList.remove('panning');
  if (!g) return;
  if (g.kind === 'pan') {
    if (!g.moved) onBoardClick(e);
    return;
  }
  layers.path.replaceChildren();
  $('mp-label').hidden = true;
  highlightDrop(null);
  if (!g.moved) { clickPiece(g.id, e); return; }
  const over = dropTargetAt(e.clientX, e.clientY);
  let ok = false;
  if (over) ok = await run(`move ${g.id} ${over.dataset.drop}`);
  else if (g.path.length > 1) ok = await run(`move ${g.id} ${g.path.slice(1).join(' ')}`);
  if (!ok) {
    // Refused: the counter goes back where it was.
    const d = drawn.get(g.id);
    if (d) { d.transform = ''; d.g.classList.remove('dragging'); }
    drawPieces();
  }
}

function dropTargetAt(x, y) {
  const under = document.elementFromPoint(x, y);
  return under?.closest?.('[data-drop]') ?? null;
}

function highlightDrop(target) {
  for (const d of document.querySelectorAll('.drop')) if (d !== target) d.classList.remove('drop');
  target?.classList.add('drop');
}

// Dragging a counter out of a box, a track or the hand: onto the board or another place.
function startPanelDrag(e, p) {
  if (e.button !== 0 || replay) return;
  e.preventDefault();
  const ghost = $('ghost');
  const x0 = e.clientX, y0 = e.clientY;
  let moved = false;
  const move = (ev) => {
    if (!moved && Math.hypot(ev.clientX - x0, ev.clientY - y0) < 4) return;
    if (!moved) { moved = true; ghost.replaceChildren(miniCounter(p)); ghost.hidden = false; }
    ghost.style.left = `${ev.clientX - 17}px`;
    ghost.style.top = `${ev.clientY - 17}px`;
    highlightDrop(dropTargetAt(ev.clientX, ev.clientY));
  };
  const up = async (ev) => {
    window.removeEventListener('pointermove', move);
    window.removeEventListener('pointerup', up);
    ghost.hidden = true;
    highlightDrop(null);
    if (!moved) { clickPiece(p.id, ev); return; }
    const over = dropTargetAt(ev.clientX, ev.clientY);
    if (over) { if (over.dataset.drop !== p.at) await run(`move ${p.id} ${over.dataset.drop}`); return; }
    const r = board.getBoundingClientRect();
    if (ev.clientX < r.left || ev.clientX > r.right || ev.clientY < r.top || ev.clientY > r.bottom) return;
    const q = toBoard(ev.clientX, ev.clientY);
    const l = nearest(q.x, q.y);
    if (l) await run(`move ${p.id} ${l.id}`);
  };
  window.addEventListener('pointermove', move);
  window.addEventListener('pointerup', up);
}

// ---------- hover label, clicks, menus and keys ----------

function showHover(e) {
  const q = toBoard(e.clientX, e.clientY);
  const l = nearest(q.x, q.y);
  const label = $('hover-label');
  if (!l) {
    label.hidden = true;
    if (fanned !== null && !gesture && !e.target.closest?.('.piece')) { fanned = null; drawPieces(); }
    return;
  }
  const stack = [...pieces.values()].filter((p) => p.at === l.id).map((p) => p.name);
  label.textContent = `${l.name ? `${l.name} (${l.id})` : l.id} · ${l.terrain.join(', ') || '—'}${stack.length ? ` · ${stack.join(', ')}` : ''}`;
  label.hidden = false;
  // Hovering over a stack spreads it out; leaving its counters and its hex gathers it again (the
  // gaps between spread counters still count as the stack, or it would flicker).
  const over = e.target.closest?.('.piece')?.dataset.at ?? null;
  const fan = over ?? (fanned !== null && l.id === fanned ? fanned : null);
  if (!gesture && fan !== fanned && (fan === null || stacksOnMap().get(fan)?.length > 1)) { fanned = fan; drawPieces(); }
}

function onBoardClick(e) {
  if (replay) return;
  const q = toBoard(e.clientX, e.clientY);
  const l = nearest(q.x, q.y);
  selected = null;
  drawPieces();
  if (!l) return;
  const kinds = layout.board.kind === 'hex' ? ['hex'] : ['space'];
  const on = layout.markerTypes.filter((m) => m.on.some((k) => kinds.includes(k)));
  const has = current.markers.find((m) => m.target === l.id)?.markers ?? [];
  if (!on.length && !has.length) return;
  const items = [
    ...on.map((m) => ['Mark: ' + m.name, `mark ${l.id} ${m.id}`]),
    ...has.map((m) => ['Remove marker: ' + m, `unmark ${l.id} ${m}`]),
  ];
  openMenu(e, `${l.id}${l.terrain.length ? ` · ${l.terrain.join(', ')}` : ''}`, items);
}

function clickPiece(id, e) {
  const p = pieces.get(id);
  if (p.where === 'map') {
    const n = stacksOnMap().get(p.at)?.length ?? 1;
    if (n > 1 && fanned !== p.at) { fanned = p.at; drawPieces(); return; }
  }
  selected = id;
  drawPieces();
  pieceMenu(p, e);
}

function pieceMenu(p, e) {
  const items = [];
  if (p.facing !== null) items.push(['Rotate clockwise (R)', `rotate ${p.id} +1`], ['Rotate anticlockwise (Shift+R)', `rotate ${p.id} -1`]);
  for (const f of p.faces) if (f.id !== p.face) items.push([`Flip to ${f.name} (F)`, `flip ${p.id} ${f.id}`]);
  for (const m of layout.markerTypes) if (m.on.includes('piece') && !p.markers.includes(m.id)) items.push([`Mark: ${m.name}`, `mark ${p.id} ${m.id}`]);
  for (const m of p.markers) items.push([`Remove marker: ${m}`, `unmark ${p.id} ${m}`]);
  items.push(['To the top of its stack', `stack ${p.id} top`], ['To the bottom of its stack', `stack ${p.id} bottom`]);
  for (const b of layout.boxes) if (b.id !== p.at) items.push([`Move to ${b.name}`, `move ${p.id} ${b.id}`]);
  const forms = p.properties.map((prop) => ({ label: `${prop} =`, value: p.values[prop] ?? '', line: (v) => `set ${p.id} ${prop}=${v}` }));
  openMenu(e, `${p.name} (${p.id})`, items, forms);
}

function openMenu(e, title, items, forms = []) {
  const menu = $('menu');
  menu.replaceChildren(h('div', { class: 'head', text: title }));
  for (const [label, line] of items) menu.appendChild(h('button', { type: 'button', 'data-line': line, onclick: () => { closeMenu(); run(line); } }, label));
  for (const f of forms) {
    const input = h('input', { value: f.value, 'aria-label': f.label });
    menu.appendChild(h('form', { onsubmit: (ev) => { ev.preventDefault(); closeMenu(); run(f.line(input.value.trim())); } }, h('label', { text: `Set ${f.label}` }), input, h('button', {}, 'Set')));
  }
  const wrap = $('board-wrap').getBoundingClientRect();
  menu.style.left = `${Math.min(e.clientX - wrap.left + 8, wrap.width - 200)}px`;
  menu.style.top = `${Math.min(e.clientY - wrap.top + 8, wrap.height - 120)}px`;
  menu.hidden = false;
}

function closeMenu() { $('menu').hidden = true; }

function onKey(e) {
  if (e.target.closest('input, textarea')) return;
  if (e.key === 'Escape') { closeMenu(); selected = null; fanned = null; drawPieces(); return; }
  if (e.key === '+' || e.key === '=') return zoom(1 / 1.25);
  if (e.key === '-') return zoom(1.25);
  if (e.key === '0') return fit();
  if ((e.ctrlKey || e.metaKey) && e.key === 'z') { e.preventDefault(); run('undo'); return; }
  const p = selected && pieces.get(selected);
  if (!p) return;
  if (e.key === 'r' && p.facing !== null) run(`rotate ${p.id} +1`);
  else if (e.key === 'R' && p.facing !== null) run(`rotate ${p.id} -1`);
  else if (e.key === 'f' && p.faces.length > 1) run(`flip ${p.id}`);
  else if (e.key === 'm') { const r = board.getBoundingClientRect(); pieceMenu(p, { clientX: r.left + 40, clientY: r.top + 40 }); }
}

// ---------- the side panel ----------

function drawPanels() {
  const s = current;
  $('who').textContent = `${layout.scenario} · you play ${sideName(s.side)}`;
  $('when').textContent = `${s.whoseMove}${s.clock ? `, ${s.clock}` : ''}`;
  const journal = $('journal');
  journal.replaceChildren(...s.journal.map((j) => h('li', { class: j.void ? 'void' : '' }, h('code', { text: j.command }), h('ul', { class: 'lines' }, ...j.lines.map((l) => h('li', { text: l }))))));
  $('undo').disabled = !s.canUndo;
  $('seal').disabled = s.commands === 0;
  const rolls = $('rolls');
  rolls.replaceChildren(...[...s.rolls].reverse().map(rollItem));
  if (!s.rolls.length) rolls.appendChild(h('li', { text: 'no rolls yet this turn' }));
  const decks = $('decks');
  decks.replaceChildren();
  for (const d of layout.decks) {
    const ds = s.decks[d.id];
    const mine = d.owner === null || d.owner === s.side;
    decks.appendChild(h('div', { class: 'deck' },
      h('span', { text: `${d.name}: ${ds?.drawPile ?? '?'} to draw${ds?.discard?.length ? `, ${ds.discard.length} discarded` : ''}` }),
      mine ? h('button', { type: 'button', 'data-deck': d.id, onclick: () => run(`draw ${d.id}`) }, 'Draw') : null));
  }
  const hand = $('hand');
  hand.replaceChildren(...s.hand.map((c) => (c.sealed ? h('li', { class: 'sealed', text: `${c.deck}: sealed draw, known with the reply` }) : h('li', { 'data-card': c.card },
    h('strong', { text: c.name }), ` (${c.card}${c.card === '?' ? '' : `, ${c.deck}`})`, c.text ? h('div', { text: c.text }) : null,
    h('div', { class: 'buttons' },
      h('button', { type: 'button', 'data-play': c.card, onclick: () => run(`play ${c.card}`) }, 'Play'),
      ...c.uses.map((u) => h('button', { type: 'button', onclick: () => run(`play ${c.card} as ${u}`) }, `Play as ${u}`)),
      h('button', { type: 'button', 'data-discard': c.card, onclick: () => run(`discard ${c.card}`) }, 'Discard'))))));
  if (!s.hand.length) hand.appendChild(h('li', { text: 'your hand is empty' }));
  for (const [side, n] of Object.entries(s.others)) if (n) hand.appendChild(h('li', { class: 'others', text: `${sideName(side)} holds ${n} card${n === 1 ? '' : 's'}` }));
  if (s.sealed) showSealed(s.sealed);
}

function rollItem(r) {
  // sealed: committed, its outcome comes with the opponent's reply (nothing to show yet)
  if (r.how === 'sealed') {
    return h('li', { class: r.void ? 'void sealed' : 'sealed', 'data-counter': r.counter },
      `#${r.counter} ${r.label}: `, h('span', { class: 'roll-result', text: r.result }),
      r.void ? h('span', { class: 'void-tag', text: ' void: undone' }) : null);
  }
  const mods = r.modifiers.map((m) => `${m.id} ${m.value >= 0 ? '+' : '−'}${Math.abs(m.value)}`).join(', ');
  const plain = !r.procedure && r.modifier ? ` ${r.modifier > 0 ? '+' : '−'} ${Math.abs(r.modifier)}` : '';
  return h('li', { class: r.void ? 'void' : '', 'data-counter': r.counter },
    `#${r.counter} ${r.label}: ${r.dice} → `, h('span', { class: 'roll-faces', text: r.faces.join(' + ') }),
    mods ? ` (${mods})` : plain, ` = ${r.total}`, r.result !== null ? h('span', { class: 'roll-result', text: ` → ${r.result}` }) : null,
    r.by ? h('span', { class: 'roll-by', text: ` (${sideName(r.by)}'s, sealed)` }) : null,
    r.how === 'immediate' ? h('span', { class: 'roll-immediate', text: ' — immediate: the roller could foresee it' }) : null,
    r.void ? h('span', { class: 'void-tag', text: ' void: undone' }) : null);
}

function sideName(id) { return layout.sides.find((s) => s.id === id)?.name ?? id; }

function buildActions() {
  const box = $('procedures');
  for (const p of layout.procedures) {
    const fields = [];
    const form = h('form', { 'data-procedure': p.id });
    const fs = h('fieldset', {});
    if (p.rule) fs.appendChild(h('div', { class: 'rule', text: /^[\d.]+$/.test(p.rule) ? `rule ${p.rule}` : p.rule }));
    for (const m of p.modifiers) {
      if (m.value !== null) {
        const cb = h('input', { type: 'checkbox', name: m.id });
        fields.push(() => (cb.checked ? m.id : null));
        fs.appendChild(h('label', {}, cb, ` ${m.name} (${m.value >= 0 ? '+' : '−'}${Math.abs(m.value)})`));
      } else {
        const n = h('input', { type: 'number', name: m.id, step: 1 });
        fields.push(() => (n.value.trim() ? `${m.id}=${Number.parseInt(n.value, 10)}` : null));
        fs.appendChild(h('label', {}, `${m.name} `, n));
      }
    }
    for (const i of p.inputs) {
      const n = h('input', { name: i.id, size: 5 });
      fields.push(() => (n.value.trim() ? `${i.id}=${n.value.trim().replace(/\s+/g, '')}` : null));
      fs.appendChild(h('label', {}, `${i.name} `, n));
    }
    fs.appendChild(h('button', {}, 'Resolve'));
    form.appendChild(fs);
    // Many procedures: each folds away under its name.
    box.appendChild(h('details', { open: layout.procedures.length <= 2 }, h('summary', { text: `${p.name} (${p.dice})` }), form));
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      const parts = fields.map((f) => f()).filter(Boolean);
      if (await run(['resolve', p.id, ...parts].join(' '))) form.reset();
    });
  }
  const dice = $('dice');
  for (const d of layout.dice) {
    for (const n of [1, 2]) {
      const spec = `${n}d${d.sides}`;
      dice.appendChild(h('button', { type: 'button', 'data-dice': spec, onclick: () => run(`roll ${spec}`) }, `Roll ${spec}`));
    }
  }
}

function showSealed(s) {
  $('sealed').hidden = false;
  $('sealed-note').textContent = `Segment ${s.seq} signed and written. Paste this turn mail into the e-mail (or send the log file):`;
  if ($('armored').value !== s.armored) $('armored').value = s.armored;
}

async function seal() {
  $('seal-confirm').hidden = true;
  if (busy) return;
  busy = true;
  say('signing…');
  try {
    const r = await api('seal', {});
    if (!r.ok) { say(`not sealed: ${r.error}`, true); return; }
    say(`sealed segment ${r.seq}; wrote ${r.file}`);
    await refresh();
  } catch (e) {
    say(String(e.message || e), true);
  } finally {
    busy = false;
  }
}

// ---------- the opponent's last turn, step by step ----------

function startReplay(data) {
  replay = { data, step: -1, timer: null };
  $('replay').hidden = false;
  $('replay-head').textContent = `${sideName(data.author)}, segment ${data.seq} (${data.time}): ${data.steps.length} command${data.steps.length === 1 ? '' : 's'}`;
  $('replay-steps').replaceChildren(...data.steps.map((s, i) => h('li', { class: s.void ? 'void' : '', 'data-step': i },
    h('code', { text: s.command }), h('ul', { class: 'lines' }, ...s.lines.map((l) => h('li', { text: l }))))));
  setDefs(data.defs);
  setPieces(data.start.pieces);
  drawMarkers(data.start.markers);
  replay.timer = setInterval(replayNext, 1400);
}

function replayNext() {
  if (!replay) return;
  const { data } = replay;
  replay.step++;
  if (replay.step >= data.steps.length) { endReplay(); return; }
  const s = data.steps[replay.step];
  drawMoveArrows(s.moves);
  for (const p of s.pieces) pieces.set(p.id, p);
  for (const id of s.gone) pieces.delete(id);
  drawPieces();
  drawMarkers(s.markers);
  for (const li of $('replay-steps').children) li.classList.toggle('current', Number(li.dataset.step) === replay.step);
  say(`${sideName(data.author)}: ${s.lines.join(' · ') || s.command}`);
}

/** The opponent's moves as arrows in his side's colour; earlier steps' arrows fade. */
function drawMoveArrows(moves) {
  for (const old of layers.path.querySelectorAll('.move-arrow')) old.classList.add('earlier');
  for (const m of moves) {
    const colour = layout.sides.find((x) => x.id === m.side)?.color ?? '#d35400';
    const g = el('g', { class: 'move-arrow', 'data-move': m.piece }, layers.path);
    // The head stops at the counter's edge, pointing at it rather than hidden under it.
    const points = m.points.map((p) => ({ ...p }));
    const [p0, p1] = points.slice(-2);
    const len = Math.hypot(p1.x - p0.x, p1.y - p0.y) || 1, gap = Math.min(layout.counterSize * 0.55, len * 0.6);
    points[points.length - 1] = { x: p1.x - ((p1.x - p0.x) * gap) / len, y: p1.y - ((p1.y - p0.y) * gap) / len };
    const pts = points.map((p) => `${p.x},${p.y}`).join(' ');
    el('polyline', { points: pts, stroke: '#ffffff', 'stroke-width': 9, fill: 'none', opacity: 0.8 }, g);
    el('polyline', { points: pts, stroke: colour, 'stroke-width': 5, fill: 'none', 'stroke-dasharray': '12 6' }, g);
    const [a, b] = points.slice(-2);
    const d = Math.hypot(b.x - a.x, b.y - a.y) || 1, ux = (b.x - a.x) / d, uy = (b.y - a.y) / d, L = 16;
    el('polygon', { points: `${b.x},${b.y} ${b.x - ux * L - uy * L * 0.55},${b.y - uy * L + ux * L * 0.55} ${b.x - ux * L + uy * L * 0.55},${b.y - uy * L - ux * L * 0.55}`, fill: colour, stroke: '#ffffff', 'stroke-width': 1.5 }, g);
  }
}

function endReplay() {
  if (!replay) return;
  layers.path.replaceChildren();
  clearInterval(replay.timer);
  replay = null;
  $('replay-pause').disabled = $('replay-next').disabled = $('replay-skip').disabled = true;
  $('replay-head').textContent += ' — replayed';
  for (const li of $('replay-steps').children) li.classList.remove('current');
  if (current) { setPieces(current.pieces); drawMarkers(current.markers); }
}

// ---------- start ----------

async function start() {
  layout = await api('layout');
  $('title').textContent = layout.title;
  document.title = `${layout.title} — Hexpost`;
  board.setAttribute('width', layout.board.width);
  board.setAttribute('height', layout.board.height);
  board.setAttribute('viewBox', `0 0 ${layout.board.width} ${layout.board.height}`);
  layers.board.innerHTML = layout.board.svg;
  buildIndex();
  buildActions();
  fit();
  current = await api('state');
  setDefs(current.defs);
  drawPanels();
  setPieces(current.pieces);
  drawMarkers(current.markers);
  const { replay: r } = await api('replay');
  if (r && r.steps.length && !current.commands) startReplay(r);
  const surface = $('board-wrap');
  surface.addEventListener('pointerdown', onBoardPointerDown);
  surface.addEventListener('pointermove', onBoardPointerMove);
  surface.addEventListener('pointerup', onBoardPointerUp);
  surface.addEventListener('pointerleave', () => { if (!gesture) $('hover-label').hidden = true; });
  surface.addEventListener('contextmenu', (e) => {
    e.preventDefault();
    const g = e.target.closest('.piece');
    if (g && !replay) { selected = g.dataset.id; drawPieces(); pieceMenu(pieces.get(selected), e); }
  });
  surface.addEventListener('wheel', (e) => { e.preventDefault(); zoom(Math.exp(e.deltaY * 0.0015), e.clientX, e.clientY); }, { passive: false });
  $('zoom-in').addEventListener('click', () => zoom(1 / 1.25));
  $('zoom-out').addEventListener('click', () => zoom(1.25));
  $('zoom-fit').addEventListener('click', fit);
  window.addEventListener('keydown', onKey);
  $('undo').addEventListener('click', () => run('undo'));
  $('seal').addEventListener('click', () => { $('seal-confirm').hidden = false; });
  $('seal-no').addEventListener('click', () => { $('seal-confirm').hidden = true; });
  $('seal-yes').addEventListener('click', seal);
  $('copy').addEventListener('click', async () => {
    const t = $('armored');
    try { await navigator.clipboard.writeText(t.value); say('copied: paste it into the e-mail'); } catch { t.select(); say('selected: copy it with Ctrl+C'); }
  });
  $('replay-next').addEventListener('click', () => { if (replay) { clearInterval(replay.timer); replay.timer = null; $('replay-pause').textContent = 'Play'; replayNext(); } });
  $('replay-pause').addEventListener('click', () => {
    if (!replay) return;
    if (replay.timer) { clearInterval(replay.timer); replay.timer = null; $('replay-pause').textContent = 'Play'; }
    else { replay.timer = setInterval(replayNext, 1400); $('replay-pause').textContent = 'Pause'; }
  });
  $('replay-skip').addEventListener('click', endReplay);
  $('command-form').addEventListener('submit', async (e) => {
    e.preventDefault();
    const input = $('command');
    if (await run(input.value.trim())) input.value = '';
  });
  document.addEventListener('pointerdown', (e) => { if (!e.target.closest('#menu') && !e.target.closest('#board')) closeMenu(); });
  // For scripted pan and zoom (the frame-time test drives the view through the page's own code).
  window.hexpostView = { pan, zoom, fit };
  document.body.dataset.ready = 'true';
  say('ready');
}

start().catch((e) => say(`the page could not start: ${e.message}`, true));
