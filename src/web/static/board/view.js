// Pan and zoom: the board SVG is drawn at picture size and moved by a CSS transform.
import { $, board } from './dom.js';
import { layout } from './page-state.js';

let view = { tx: 0, ty: 0, s: 1 };

// The board is one SVG at picture size, moved and scaled by a CSS transform: panning and zooming
// only composite the already drawn layer (no repaint of 5,000 hexes per frame). When a zoom
// settles, the layer is drawn again at the new scale so it is sharp.
export function setView(v) {
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

export function wrapRect() { return $('board-wrap').getBoundingClientRect(); }

export function fitScale() {
  const r = wrapRect();
  return Math.min(r.width / layout.board.width, r.height / layout.board.height);
}

export function fit() {
  const r = wrapRect();
  const s = fitScale();
  setView({ s, tx: (r.width - layout.board.width * s) / 2, ty: (r.height - layout.board.height * s) / 2 });
}

/** Screen point → board picture coordinates. */
export function toBoard(clientX, clientY) {
  const r = wrapRect();
  return { x: (clientX - r.left - view.tx) / view.s, y: (clientY - r.top - view.ty) / view.s };
}

/** Board picture coordinates → position inside the board's frame (for labels over it). */
export function toScreen(x, y) {
  return { left: view.tx + x * view.s, top: view.ty + y * view.s };
}

/** factor > 1 zooms out, < 1 zooms in, about a screen point (default: the middle). */
export function zoom(factor, clientX, clientY) {
  const r = wrapRect();
  const cx = (clientX ?? r.left + r.width / 2) - r.left, cy = (clientY ?? r.top + r.height / 2) - r.top;
  const s = Math.min(4, Math.max(fitScale() / 3, view.s / factor));
  const k = s / view.s;
  setView({ s, tx: cx - (cx - view.tx) * k, ty: cy - (cy - view.ty) * k });
}

export function pan(dxPx, dyPx) {
  setView({ ...view, tx: view.tx + dxPx, ty: view.ty + dyPx });
}
