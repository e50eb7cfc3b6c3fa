// Dragging: a counter along hexes (or spaces) with the engine's MP shown, the background to pan,
// and counters out of the side panel's boxes, tracks and hands onto the board or another place.
import { $, board, el, layers } from './dom.js';
import { drawn, drawPieces, miniCounter } from './counters.js';
import { adjacency, adjacent, locById, nearest } from './locations.js';
import { clickPiece, closeMenu, onBoardClick, showHover } from './menus.js';
import { layout, pieces, replay } from './page-state.js';
import { api, run } from './server-api.js';
import { pan, toBoard, toScreen } from './view.js';

/** the pointer gesture on the board: { kind: 'pan' | 'piece', … } */
export let gesture = null;

export function onBoardPointerDown(e) {
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

export function onBoardPointerMove(e) {
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

export function extendPath(q) {
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

export function drawPath() {
  layers.path.replaceChildren();
  const path = gesture?.path ?? [];
  if (path.length < 2) { $('mp-label').hidden = true; return; }
  const pts = path.map((id) => locById.get(id));
  el('polyline', { points: pts.map((p) => `${p.x},${p.y}`).join(' ') }, layers.path);
  for (const p of pts.slice(1)) el('circle', { cx: p.x, cy: p.y, r: 5 }, layers.path);
}

export async function previewPath() {
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

export async function onBoardPointerUp(e) {
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

export function dropTargetAt(x, y) {
  const under = document.elementFromPoint(x, y);
  return under?.closest?.('[data-drop]') ?? null;
}

export function highlightDrop(target) {
  for (const d of document.querySelectorAll('.drop')) if (d !== target) d.classList.remove('drop');
  target?.classList.add('drop');
}

// Dragging a counter out of a box, a track or the hand: onto the board or another place.
export function startPanelDrag(e, p) {
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
