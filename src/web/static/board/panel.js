// The side panel as the turn stands: who plays, whose move it is and what he may do, the commands of this turn,
// the rolls, the decks and the hand, an open take-back, and the sealed turn mail.
import { $, h } from './dom.js';
import { cardItem } from './cards.js';
import { drawCards } from './hand.js';
import { drawMayDo } from './may-do.js';
import { current, layout, sideName } from './page-state.js';
import { refreshReads } from './procedures.js';
import { rollItem } from './rolls.js';
import { showSealed } from './seal.js';
import { drawTakeback } from './takeback.js';

export function drawPanels() {
  const s = current;
  $('who').textContent = `${layout.scenario} · you play ${sideName(s.side)}`;
  $('when').textContent = `${s.whoseMove}${s.clock ? `, ${s.clock}` : ''}`;
  drawMayDo(s);
  drawTakeback(s);
  const journal = $('journal');
  journal.replaceChildren(...s.journal.map((j) => h('li', { class: j.void ? 'void' : '' }, h('code', { text: j.command }),
    h('ul', { class: 'lines' }, ...j.lines.map((l) => h('li', { text: l })), ...j.cards.map(cardItem)))));
  $('undo').disabled = !s.canUndo;
  $('seal').disabled = s.commands === 0;
  const rolls = $('rolls');
  rolls.replaceChildren(...[...s.rolls].reverse().map(rollItem));
  if (!s.rolls.length) rolls.appendChild(h('li', { text: 'no rolls yet this turn' }));
  drawCards(s);
  if (s.sealed) showSealed(s.sealed);
  refreshReads();
}
