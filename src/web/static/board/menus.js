// The hover label, clicks on counters and hexes, their menus, and the keys.
import { $, board, h } from './dom.js';
import { drawPieces, stacksOnMap } from './counters.js';
import { gesture } from './drag.js';
import { nearest } from './locations.js';
import { current, fanned, layout, pieces, replay, selected, setFanned, setSelected } from './page-state.js';
import { run } from './server-api.js';
import { fit, toBoard, zoom } from './view.js';

export function showHover(e) {
  const q = toBoard(e.clientX, e.clientY);
  const l = nearest(q.x, q.y);
  const label = $('hover-label');
  if (!l) {
    label.hidden = true;
    if (fanned !== null && !gesture && !e.target.closest?.('.piece')) { setFanned(null); drawPieces(); }
    return;
  }
  const stack = [...pieces.values()].filter((p) => p.at === l.id).map((p) => p.name);
  label.textContent = `${l.name ? `${l.name} (${l.id})` : l.id} · ${l.terrain.join(', ') || '—'}${stack.length ? ` · ${stack.join(', ')}` : ''}`;
  label.hidden = false;
  // Hovering over a stack spreads it out; leaving its counters and its hex gathers it again (the
  // gaps between spread counters still count as the stack, or it would flicker).
  const over = e.target.closest?.('.piece')?.dataset.at ?? null;
  const fan = over ?? (fanned !== null && l.id === fanned ? fanned : null);
  if (!gesture && fan !== fanned && (fan === null || stacksOnMap().get(fan)?.length > 1)) { setFanned(fan); drawPieces(); }
}

export function onBoardClick(e) {
  if (replay) return;
  const q = toBoard(e.clientX, e.clientY);
  const l = nearest(q.x, q.y);
  setSelected(null);
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

export function clickPiece(id, e) {
  const p = pieces.get(id);
  if (p.where === 'map') {
    const n = stacksOnMap().get(p.at)?.length ?? 1;
    if (n > 1 && fanned !== p.at) { setFanned(p.at); drawPieces(); return; }
  }
  setSelected(id);
  drawPieces();
  pieceMenu(p, e);
}

export function pieceMenu(p, e) {
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

export function openMenu(e, title, items, forms = []) {
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

export function closeMenu() { $('menu').hidden = true; }

export function onKey(e) {
  if (e.target.closest('input, textarea')) return;
  if (e.key === 'Escape') { closeMenu(); setSelected(null); setFanned(null); drawPieces(); return; }
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
