// How named and derived modifiers add up (docs/module-format.md, "Modifier groups and limits"):
// a modifier in a group counts as its group says — all of them (the sum, clamped to the group's
// min/max), only one (naming two is refused), or only the highest or the lowest ("best single
// terrain") — and the whole sum is clamped to the procedure's modifierLimit. Every limit clamps,
// never refuses (docs/dice-protocol.md), and a limit with one bound only applies that bound.
import type { ProcedureDef } from '../module/schema.js';
import { refuse } from './errors.js';

export interface Counted {
  /** the modifiers that count, in the order given */
  counted: { id: string; value: number }[];
  /** named or derived, but left out by their group */
  dropped: string[];
  /** groups whose sum was clamped */
  capped: { group: string; from: number; to: number }[];
  /** the sum after the group limits and the procedure's limit */
  sum: number;
}

/** v clamped into [min, max]; an absent bound does not limit. */
export function clamp(v: number, min?: number, max?: number): number {
  if (min !== undefined && v < min) return min;
  if (max !== undefined && v > max) return max;
  return v;
}

export function countModifiers(proc: ProcedureDef, mods: readonly { id: string; value: number }[]): Counted {
  const groupOf = new Map(proc.modifiers.map((m) => [m.id, m.group]));
  const groups = proc.groups ?? [];
  const dropped = new Set<string>();
  const capped: Counted['capped'] = [];
  let sum = 0;
  for (const g of groups) {
    const members = mods.filter((m) => groupOf.get(m.id) === g.id);
    if (!members.length) continue;
    if (g.pick === 'one' && members.length > 1) refuse(`${members.map((m) => m.id).join(' and ')} are exclusive (${g.name ?? g.id}): give one`);
    let keep = members;
    if (g.pick === 'highest' || g.pick === 'lowest') {
      const best = members.reduce((a, b) => (g.pick === 'highest' ? (b.value > a.value ? b : a) : (b.value < a.value ? b : a)));
      keep = [best];
      for (const m of members) if (m !== best) dropped.add(m.id);
    }
    const raw = keep.reduce((a, m) => a + m.value, 0);
    const to = clamp(raw, g.min, g.max);
    if (to !== raw) capped.push({ group: g.id, from: raw, to });
    sum += to;
  }
  const grouped = new Set(groups.map((g) => g.id));
  for (const m of mods) if (!grouped.has(groupOf.get(m.id) ?? '')) sum += m.value;
  sum = clamp(sum, proc.modifierLimit?.min, proc.modifierLimit?.max);
  return { counted: mods.filter((m) => !dropped.has(m.id)), dropped: [...dropped], capped, sum };
}
