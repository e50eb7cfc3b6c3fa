// The procedures' forms (a checkbox per fixed modifier, a number per given one, a field per input)
// and a Roll button per die of the module.
import { $, h } from './dom.js';
import { layout } from './page-state.js';
import { run } from './server-api.js';

export function buildActions() {
  const box = $('procedures');
  for (const p of layout.procedures) {
    const fields = [];
    const form = h('form', { 'data-procedure': p.id });
    const fs = h('fieldset', {});
    if (p.rule) fs.appendChild(h('div', { class: 'rule', text: /^[\d.]+$/.test(p.rule) ? `rule ${p.rule}` : p.rule }));
    for (const m of p.modifiers) {
      if (m.value !== null) {
        const cb = h('input', { type: 'checkbox', name: m.id });
        fields.push(() => (cb.checked ? m.id : null));
        fs.appendChild(h('label', {}, cb, ` ${m.name} (${m.value >= 0 ? '+' : '−'}${Math.abs(m.value)})`));
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
    fs.appendChild(h('button', {}, 'Resolve'));
    form.appendChild(fs);
    // Many procedures: each folds away under its name.
    box.appendChild(h('details', { open: layout.procedures.length <= 2 }, h('summary', { text: `${p.name} (${p.dice})` }), form));
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      const parts = fields.map((f) => f()).filter(Boolean);
      if (await run(['resolve', p.id, ...parts].join(' '))) form.reset();
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
