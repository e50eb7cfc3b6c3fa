// A card's values as the module gives them (Paths of Glory: ops, sr, rp…; another game its own),
// shown generically wherever the page names a card: the hand, the turn's commands, the replay.
import { h } from './dom.js';
import { layout } from './page-state.js';

/** "ops 3 · rp 1 · sr 3" as the module data holds them; '' for a card without values. */
export function valuesText(values) {
  return Object.entries(values ?? {}).map(([k, v]) => `${k} ${v}`).join(' · ');
}

/** The card's name and values, for a card id an event names. */
export function cardItem(id) {
  const c = layout.cards?.[id];
  const values = valuesText(c?.values);
  return h('li', { class: 'card-line', 'data-card-values': id },
    h('strong', { text: c?.name ?? id }), values ? h('span', { class: 'card-values', text: ` ${values}` }) : null);
}
