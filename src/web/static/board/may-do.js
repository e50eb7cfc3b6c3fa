// "What you may do now": whose move it is, the commands the module's permissions allow the player in
// this phase, the cards he may still play or draw in this segment, what the results ask first
// (losses, retreats, an advance), the combats declared against him with the combat cards he may
// play for them, his units out of supply and his spaces cut off, and what happens out of turn.
import { $, h } from './dom.js';
import { sideName } from './page-state.js';
import { run } from './server-api.js';

/** A combat declared against the player's pieces, and the combat cards he may play for it (PoG §8). */
function combatItem(c) {
  const what = `combat at ${c.at}: ${c.attackers.join(', ')} against your ${c.defenders.join(', ')} (${c.procedures.join(', ')}) — `;
  if (!c.cards.length) return h('li', { class: 'may-combat', 'data-combat': c.at, text: `${what}you hold no combat card to play for it` });
  if (!c.playable) return h('li', { class: 'may-combat', 'data-combat': c.at, text: `${what}your combat cards cannot be played now` });
  const buttons = c.cards.map((k) => h('button', { type: 'button', 'data-combat-card': k.card, onclick: () => run(`play ${k.card} as combat`) },
    h('code', { text: `play ${k.card} as combat` }), ` (${k.name})`));
  return h('li', { class: 'may-combat', 'data-combat': c.at },
    `${what}you may play a combat card for it (the attacker first, then the defender): `, ...buttons);
}

/**
 * PoG §10, for the player: his units that trace no supply line (the attrition phase eliminates them) and
 * the spaces he holds behind enemy lines that are cut off ("可能发生控制权变化": the players decide).
 */
function supplyItems(supply) {
  if (!supply) return [];
  const rule = supply.rule ? ` (${supply.rule})` : '';
  const out = [];
  if (supply.unsupplied.length) {
    const fate = supply.attrition ? `: eliminated as the ${supply.attrition} phase begins` : '';
    const units = supply.unsupplied.map((u) => `${u.piece} at ${u.at}`).join(', ');
    out.push(h('li', { class: 'may-supply', 'data-supply': 'unsupplied', text: `out of supply${rule}: ${units}${fate}` }));
  }
  if (supply.isolated.length) {
    const text = `isolated${rule}: ${supply.isolated.join(', ')} — held behind enemy lines and cut off: `
      + 'may change hands (the players decide)';
    out.push(h('li', { class: 'may-supply', 'data-supply': 'isolated', text }));
  }
  return out;
}

export function drawMayDo(s) {
  const m = s.mayDo;
  const box = $('may-do');
  box.classList.toggle('mine', m.mine);
  const items = [h('li', { class: 'may-who', text: `${m.mine ? 'Your move' : 'Not your move'}: ${m.label}` })];
  for (const o of m.obligations) {
    const what = o.mine ? (o.optional ? 'you may' : 'first, you must') : (o.optional ? 'the opponent may' : 'the opponent must first');
    items.push(h('li', { class: `may-obligation${o.mine ? ' mine' : ''}`, 'data-obligation': o.id }, `${what}: `, h('code', { text: o.verb }), ` — ${o.text}`));
  }
  for (const c of s.combats ?? []) items.push(combatItem(c));
  items.push(...supplyItems(s.supply));
  if (m.passed.length) items.push(h('li', { text: `said next in this phase: ${m.passed.map(sideName).join(', ')}` }));
  if (m.verbs === null) {
    items.push(h('li', { class: 'may-verbs', text: 'you may give any command (the module sets no permissions)' }));
  } else {
    const verbs = m.verbs.flatMap((v, i) => [i ? ', ' : '', h('code', { 'data-verb': v, text: v })]);
    items.push(h('li', { class: 'may-verbs' }, 'you may: ', ...verbs));
  }
  for (const l of m.limits) {
    const what = l.verb === 'play' ? 'card play' : 'draw';
    const uses = l.uses ? `; as ${l.uses.join(', ')}` : '';
    const text = `${l.left} ${what}${l.left === 1 ? '' : 's'} left in this segment (${l.done} of ${l.limit} made${uses})`;
    items.push(h('li', { class: 'may-limit', 'data-limit': l.verb, text }));
  }
  const out = m.refused ? 'anything else is refused' : 'anything else is logged with a warning';
  if (m.verbs !== null) items.push(h('li', { class: 'may-out', text: out }));
  if (m.note) items.push(h('li', { class: 'rule', text: m.note }));
  box.replaceChildren(h('ul', {}, ...items));
}
