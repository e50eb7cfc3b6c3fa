// The side panel's boxes and tracks, with the counters in them (drag them out, drop onto them).
import { $, h } from './dom.js';
import { miniCounter } from './counters.js';
import { current, layout, pieces } from './page-state.js';
import { run } from './server-api.js';

export function drawPlaces() {
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
