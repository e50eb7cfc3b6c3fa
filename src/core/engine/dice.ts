// roll and resolve. Dice expressions: NdS, NdS+K, NdS-K. A procedure rolls its dice, adds the
// named modifiers (fixed amounts, or amounts the player gives), clamps them to the procedure's
// limit, subtracts the target input if any, and looks the index up in its table.
import type { CommandOf } from './commands.js';
import { refuse } from './errors.js';
import type { ResolvedEvent, RolledEvent, SealedEvent } from './events.js';
import { formatCommand } from './format.js';
import { clamp, countModifiers } from './modifier-groups.js';
import type { Game } from './game.js';
import type { Randomness } from './randomness.js';
import { sealedEvent } from './sealed-event.js';
import type { Value } from './state.js';

export interface DiceExpression { count: number; sides: number; modifier: number }

const DICE = /^(\d+)d(\d+)(?:([+-])(\d+))?$/;

export function parseDice(text: string): DiceExpression {
  const m = DICE.exec(text);
  if (!m) refuse(`"${text}" is not a dice expression (NdS, NdS+K or NdS-K, e.g. 2d6+1)`);
  const count = Number(m[1]), sides = Number(m[2]);
  const modifier = m[3] ? (m[3] === '-' ? -1 : 1) * Number(m[4]) : 0;
  if (count < 1 || count > 100) refuse(`"${text}": roll 1 to 100 dice`);
  if (sides < 2 || sides > 1000) refuse(`"${text}": a die has 2 to 1000 sides`);
  if (!Number.isSafeInteger(modifier) || Math.abs(modifier) > 1_000_000) refuse(`"${text}": modifier too large`);
  return { count, sides, modifier };
}

export function rollCommand(c: CommandOf<'roll'>, randomness: Randomness): RolledEvent | SealedEvent {
  const d = parseDice(c.dice);
  // A free roll is sealed like any other: its roller learns it only with the reply.
  if (randomness.seal) return sealedEvent(randomness.seal({ kind: 'roll' }), 'roll', { command: formatCommand(c) });
  const { counter, faces } = randomness.roll([{ count: d.count, sides: d.sides }]);
  const total = faces.reduce((a, b) => a + b, 0) + d.modifier;
  const e: RolledEvent = { type: 'rolled', counter, dice: c.dice, faces, modifier: d.modifier, total };
  if (c.purpose !== undefined) e.purpose = c.purpose;
  return e;
}

export function resolveCommand(game: Game, c: CommandOf<'resolve'>, randomness: Randomness): ResolvedEvent | SealedEvent {
  const proc = game.procedures.get(c.procedure);
  if (!proc) refuse(`unknown procedure "${c.procedure}" (procedures: ${[...game.procedures.keys()].join(', ') || 'none'})`);
  const table = game.tables.get(proc.table)!;
  const known = [...proc.modifiers.map((m) => m.id), ...proc.inputs.map((i) => i.id)].join(', ') || 'none';
  const seen = new Set<string>();
  const modifiers: { id: string; value: number }[] = [];
  const inputs: { id: string; value: Value }[] = [];
  // Everything is checked before the dice are rolled: a refused command consumes no roll counter.
  for (const arg of c.modifiers) {
    if (seen.has(arg.id)) refuse(`${arg.id} is given twice`);
    seen.add(arg.id);
    const mod = proc.modifiers.find((m) => m.id === arg.id);
    if (mod) {
      if (arg.value !== undefined && typeof arg.value !== 'number') refuse(`modifier ${arg.id}: expected a whole number, got "${arg.value}"`);
      if (mod.value !== undefined && arg.value !== undefined && arg.value !== mod.value) {
        refuse(`modifier ${arg.id} is worth ${mod.value}; write "${arg.id}" alone`);
      }
      const value = mod.value ?? arg.value;
      if (value === undefined) refuse(`modifier ${arg.id} needs an amount: ${arg.id}=<n>`);
      // clamped into the modifier's range, either bound alone counting (docs/dice-protocol.md)
      modifiers.push({ id: arg.id, value: clamp(value, mod.min, mod.max) });
      continue;
    }
    const input = proc.inputs.find((i) => i.id === arg.id);
    if (!input) refuse(`procedure ${proc.id} has no modifier or input "${arg.id}" (it has: ${known})`);
    if (arg.value === undefined) refuse(`input ${arg.id} needs a value: ${arg.id}=<value>`);
    inputs.push({ id: arg.id, value: arg.value });
  }
  const inputOf = (id: string | undefined) => (id === undefined ? undefined : inputs.find((i) => i.id === id));
  for (const id of [proc.column, proc.subtract]) {
    if (id !== undefined && !inputOf(id)) refuse(`procedure ${proc.id} needs input ${id}=<value>`);
  }
  const sub = inputOf(proc.subtract);
  if (sub && typeof sub.value !== 'number') refuse(`input ${sub.id}: expected a whole number, got "${sub.value}"`);
  // Modifiers add to the dice total, or (modifiersTo "column") shift the column input before the
  // lookup, as combat modifiers shift a differential.
  const counted = countModifiers(proc, modifiers);
  const modifier = counted.sum;
  const toColumn = proc.modifiersTo === 'column';
  let columnIndex = -1;
  const col = inputOf(proc.column);
  if (col && table.columns) {
    if (toColumn && typeof col.value !== 'number') refuse(`input ${col.id}: expected a whole number (the modifiers shift it), got "${col.value}"`);
    const value = toColumn ? (col.value as number) + modifier : col.value;
    columnIndex = table.columns.findIndex((k) => k.id === String(value) ||
      (typeof value === 'number' && (k.min !== undefined || k.max !== undefined) && value >= (k.min ?? -Infinity) && value <= (k.max ?? Infinity)));
    if (columnIndex < 0) refuse(`table ${table.id} has no column for ${col.id}=${value}${toColumn && modifier ? ` (${col.value} shifted by ${modifier})` : ''} (columns: ${table.columns.map((k) => k.id).join(', ')})`);
  }
  const dice = parseDice(proc.dice);
  // Sealed unless the module marks the procedure immediate (the game cannot wait for a reply).
  if (randomness.seal && !proc.immediate) return sealedEvent(randomness.seal({ kind: 'resolve' }), 'resolve', { command: formatCommand(c) });
  const { counter, faces } = randomness.roll([{ count: dice.count, sides: dice.sides }]);
  const total = faces.reduce((a, b) => a + b, 0) + (toColumn ? 0 : modifier);
  const index = total - (sub ? (sub.value as number) : 0);
  const row = table.rows.find((r) => (r.min === undefined || index >= r.min) && (r.max === undefined || index <= r.max));
  // Tables are checked for gaps when the module is validated; an index past both ends still needs an answer.
  const raw = row?.result ?? '—';
  const result = Array.isArray(raw) ? raw[columnIndex] ?? '—' : raw;
  const e: ResolvedEvent = { type: 'resolved', counter, procedure: proc.id, dice: proc.dice, faces, modifiers, modifier, total, index, result };
  if (inputs.length) e.inputs = inputs;
  if (columnIndex >= 0) e.column = table.columns![columnIndex]!.id;
  if (counted.dropped.length) e.dropped = counted.dropped;
  if (counted.capped.length) e.capped = counted.capped;
  if (proc.immediate) e.immediate = true;
  return e;
}
