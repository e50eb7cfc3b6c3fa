// What a procedure will read, shown in its form before the player resolves it: the engine's own
// resolve run on the current state with no dice (POST preview-resolve) — the piece and hexside it
// is bound to, each modifier with who gives it (the board, by its rule, or the player), their sum
// within the procedure's limit, the inputs, the column, the dice and the table.
import { api } from './server-api.js';

const signed = (v) => `${v >= 0 ? '+' : '−'}${Math.abs(v)}`;
const asked = new Map(); // procedure id → the number of its latest question

export function readsText(r) {
  const parts = [];
  for (const b of r.bound) parts.push(b.id === 'piece' ? `${b.name} (${b.value})` : `${b.id} ${b.value}`);
  const mods = r.modifiers.map((m) => `${m.name} ${signed(m.value)} (${m.by === 'board' ? `the board${m.rule ? `, ${m.rule}` : ''}` : 'you'})`);
  parts.push(mods.length ? `${mods.join('; ')} = ${signed(r.modifier)}${r.modifiersTo === 'column' ? ' to the column' : ''}` : 'no modifier');
  for (const i of r.inputs) parts.push(`${i.name}: ${i.value}`);
  if (r.column !== undefined) parts.push(`column ${r.column}`);
  return `reads: ${parts.join(' · ')} → ${r.dice} on ${r.table}`;
}

export async function showReads(id, line, el) {
  const n = (asked.get(id) ?? 0) + 1;
  asked.set(id, n);
  const r = await api('preview-resolve', { line }).catch((e) => ({ ok: false, error: e.message }));
  if (asked.get(id) !== n) return; // a later question was asked meanwhile
  el.classList.toggle('error', !r.ok);
  el.textContent = r.ok ? readsText(r) : `✗ ${r.error}`;
}
