// Decks (what is left to draw, what is discarded) and the player's own hand (each card with its values), with its buttons;
// of the other sides' hands only how many cards they hold.
import { valuesText } from './cards.js';
import { $, h } from './dom.js';
import { layout, sideName } from './page-state.js';
import { run } from './server-api.js';

export function drawCards(s) {
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
    h('strong', { text: c.name }), ` (${c.card}${c.card === '?' ? '' : `, ${c.deck}`})`,
    valuesText(c.values) ? h('div', { class: 'card-values', text: valuesText(c.values) }) : null, c.text ? h('div', { text: c.text }) : null,
    h('div', { class: 'buttons' },
      h('button', { type: 'button', 'data-play': c.card, onclick: () => run(`play ${c.card}`) }, 'Play'),
      ...c.uses.map((u) => h('button', { type: 'button', onclick: () => run(`play ${c.card} as ${u}`) }, `Play as ${u}`)),
      h('button', { type: 'button', 'data-discard': c.card, onclick: () => run(`discard ${c.card}`) }, 'Discard'))))));
  if (!s.hand.length) hand.appendChild(h('li', { text: 'your hand is empty' }));
  for (const [side, n] of Object.entries(s.others)) if (n) hand.appendChild(h('li', { class: 'others', text: `${sideName(side)} holds ${n} card${n === 1 ? '' : 's'}` }));
}
