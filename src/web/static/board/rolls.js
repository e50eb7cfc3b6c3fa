// A roll as the page lists it: dice, faces, each modifier, total and result; sealed ones wait for
// the reply; an undone one stays, struck through.
import { h } from './dom.js';
import { sideName } from './page-state.js';

export function rollItem(r) {
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
