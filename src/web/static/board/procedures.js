// The procedures' forms (a checkbox per fixed modifier, a number per given one, a field per input,
// the piece and hexside a roll is bound to) and a Roll button per die of the module. Before the
// player resolves, each open form shows what the roll will read (procedure-reads.js).
import { $, h } from './dom.js';
import { layout, selected } from './page-state.js';
import { showReads } from './procedure-reads.js';
import { run } from './server-api.js';

const signed = (v) => `${v >= 0 ? '+' : '−'}${Math.abs(v)}`;

/** Each form: its details element, the resolve line it gives now, and where it shows what it reads. */
const forms = new Map(); // procedure id → { details, line(), reads }

export function buildActions() {
  const box = $('procedures');
  for (const p of layout.procedures) {
    const fields = [];
    const form = h('form', { 'data-procedure': p.id });
    const fs = h('fieldset', {});
    if (p.rule) fs.appendChild(h('div', { class: 'rule', text: /^[\d.]+$/.test(p.rule) ? `rule ${p.rule}` : p.rule }));
    for (const m of p.modifiers) {
      // a modifier the board gives by itself (its `when`) may still be named by the player
      const auto = m.byBoard ? ` — the board gives it${m.rule ? ` (${m.rule})` : ''}` : '';
      if (m.value !== null) {
        const cb = h('input', { type: 'checkbox', name: m.id });
        fields.push(() => (cb.checked ? m.id : null));
        fs.appendChild(h('label', {}, cb, ` ${m.name} (${signed(m.value)})${auto}`));
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
    for (const b of p.binds) {
      const n = h('input', { name: b.id, size: 10, placeholder: b.id === 'piece' ? 'piece id' : '0303|0304' });
      fields.push(() => (n.value.trim() ? `${b.id}=${n.value.trim()}` : null));
      const pick = b.id === 'piece'
        ? h('button', { type: 'button', 'data-pick': 'piece', title: 'the counter selected on the board', onclick: () => { if (selected) { n.value = selected; showReads(p.id, line(), reads); } } }, 'selected')
        : null;
      fs.appendChild(h('label', {}, `${b.name} `, n, pick));
    }
    const line = () => ['resolve', p.id, ...fields.map((f) => f()).filter(Boolean)].join(' ');
    const reads = h('div', { class: 'reads', 'data-reads': p.id, 'aria-live': 'polite' });
    fs.appendChild(reads);
    fs.appendChild(h('button', { 'data-resolve': p.id }, 'Resolve'));
    form.appendChild(fs);
    // Many procedures: each folds away under its name.
    const details = h('details', { open: layout.procedures.length <= 2 }, h('summary', { text: `${p.name} (${p.dice})` }), form);
    box.appendChild(details);
    forms.set(p.id, { details, line, reads });
    form.addEventListener('input', () => showReads(p.id, line(), reads));
    details.addEventListener('toggle', () => { if (details.open) showReads(p.id, line(), reads); });
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      if (await run(line())) form.reset();
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

/** After each command the board has changed: what the open forms will read, again. */
export function refreshReads() {
  for (const [id, f] of forms) if (f.details.open) showReads(id, f.line(), f.reads);
}
