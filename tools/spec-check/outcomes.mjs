// The outcome events of rolls and procedures (docs/events.md "rolled", "resolved";
// docs/dice-protocol.md "Clarifications": dice in the log, resolved.index, clamping).

/** Words of a command line (docs/commands.md "Text form"): blanks separate, "…" quotes. */
export function words(line) {
  const out = [];
  const re = /"((?:[^"\\]|\\.)*)"|(\S+)/g;
  for (let m; (m = re.exec(line));) out.push(m[1] !== undefined ? { text: m[1].replace(/\\(.)/g, '$1'), quoted: true } : { text: m[2], quoted: false });
  return out;
}

const DICE = /^([0-9]+)d([0-9]+)([+-][0-9]+)?$/;
export function parseDice(text) {
  const m = DICE.exec(text);
  if (!m) throw new Error(`not a dice text: ${text}`);
  const count = Number(m[1]), sides = Number(m[2]), modifier = m[3] ? Number(m[3]) : 0;
  if (count < 1 || count > 100 || sides < 2 || sides > 1000 || Math.abs(modifier) > 1_000_000)
    throw new Error(`dice out of bounds: ${text}`);
  return { count, sides, modifier };
}

/** What a `roll` command rolls, and the event its faces give. */
export function rollOf(command) {
  const w = words(command);
  if (w[0]?.text !== 'roll' || !w[1]) throw new Error(`not a roll command: ${command}`);
  const dice = parseDice(w[1].text);
  return { dice, event: (counter, faces) => ({
    type: 'rolled', counter, dice: w[1].text, faces, modifier: dice.modifier,
    total: faces.reduce((a, b) => a + b, 0) + dice.modifier, ...(w[2] ? { purpose: w[2].text } : {}),
  }) };
}

const clamp = (v, lim) => Math.min(lim?.max ?? Infinity, Math.max(lim?.min ?? -Infinity, v));
const within = (v, r) => (r.min === undefined || v >= r.min) && (r.max === undefined || v <= r.max);

/**
 * docs/module-format.md "Groups": each group in module order counts all its members (or only the
 * highest / lowest, the first of equals, the others dropped), clamped to its min/max; modifiers in
 * no group add as they are.
 */
function countGroups(proc, mods) {
  const groupOf = new Map((proc.modifiers ?? []).map((x) => [x.id, x.group]));
  const dropped = [], capped = [];
  let sum = 0;
  for (const g of proc.groups ?? []) {
    const members = mods.filter((x) => groupOf.get(x.id) === g.id);
    if (!members.length) continue;
    let keep = members;
    if (g.pick === 'highest' || g.pick === 'lowest') {
      const best = members.reduce((a, b) => ((g.pick === 'highest' ? b.value > a.value : b.value < a.value) ? b : a));
      keep = [best];
      for (const x of members) if (x !== best) dropped.push(x.id);
    }
    const raw = keep.reduce((a, x) => a + x.value, 0);
    const to = clamp(raw, g);
    if (to !== raw) capped.push({ group: g.id, from: raw, to });
    sum += to;
  }
  const groups = new Set((proc.groups ?? []).map((g) => g.id));
  for (const x of mods) if (!groups.has(groupOf.get(x.id) ?? '')) sum += x.value;
  return { counted: mods.filter((x) => !dropped.includes(x.id)), dropped, capped, sum };
}

/**
 * What a `resolve` command rolls, and the event its faces give. `logged` is the event in the log:
 * only its `bound` and `derived` are read (the `when` of derived modifiers is not evaluated here).
 */
export function resolveOf(m, command, logged) {
  const w = words(command);
  const proc = m.procedures.find((p) => p.id === w[1]?.text);
  if (w[0]?.text !== 'resolve' || !proc) throw new Error(`not a resolve of a known procedure: ${command}`);
  const dice = parseDice(proc.dice);
  const modifiers = [], inputs = [];
  const inputIds = new Set((proc.inputs ?? []).map((i) => i.id));
  const binds = new Set((proc.binds ?? []).map((b) => b.id));   // `attackers=red-1,red-2`: what the roll is for
  for (const { text } of w.slice(2)) {
    const eq = text.indexOf('=');
    const id = eq < 0 ? text : text.slice(0, eq);
    if (binds.has(id)) continue;
    if (inputIds.has(id)) { inputs.push({ id, value: Number(text.slice(eq + 1)) }); continue; }
    const mod = proc.modifiers?.find((x) => x.id === id);
    if (!mod) throw new Error(`${command}: unknown modifier ${id}`);
    modifiers.push({ id, value: clamp(eq < 0 ? mod.value : Number(text.slice(eq + 1)), mod) });
  }
  // an immediate roll's computed inputs are not written into its command: read them from the event,
  // as the derived modifiers are (the board's expressions are not evaluated here)
  for (const i of proc.inputs ?? []) {
    const v = logged?.inputs?.find((x) => x.id === i.id);
    if (i.value !== undefined && v && !inputs.some((x) => x.id === i.id)) inputs.push({ id: i.id, value: v.value });
  }
  for (const id of logged?.derived ?? []) {
    if (modifiers.some((x) => x.id === id)) continue;   // one the player names is not added again
    const mod = proc.modifiers?.find((x) => x.id === id);
    if (!mod) continue;                                 // a computed input: its value is in the command
    if (mod.amount !== undefined) continue;             // a computed amount: it is in the command too
    modifiers.push({ id, value: clamp(mod.value, mod) });
  }
  const { counted, dropped, capped, sum: grouped } = countGroups(proc, modifiers);
  const table = m.tables.find((t) => t.id === proc.table);
  return { dice: [{ count: dice.count, sides: dice.sides }], event: (counter, faces) => {
    const sum = faces.reduce((a, b) => a + b, 0);
    const modifier = clamp(grouped, proc.modifierLimit);
    const toColumn = proc.modifiersTo === 'column';
    const total = toColumn ? sum : sum + modifier;
    const sub = proc.subtract ? inputs.find((i) => i.id === proc.subtract)?.value ?? 0 : 0;
    const index = total - sub;
    let col = -1, column;
    if (proc.column) {
      const v = (inputs.find((i) => i.id === proc.column)?.value ?? 0) + (toColumn ? modifier : 0);
      col = table.columns.findIndex((c) => within(v, c));
      column = table.columns[col]?.id;
    }
    const row = table.rows.find((r) => within(index, r));
    const result = row === undefined ? '—' : Array.isArray(row.result) ? row.result[col] ?? '—' : row.result;
    return {
      type: 'resolved', counter, procedure: proc.id, dice: proc.dice, faces, modifiers: counted, modifier, total, index,
      result,
      ...(inputs.length ? { inputs } : {}), ...(column !== undefined ? { column } : {}),
      ...(logged?.bound !== undefined ? { bound: logged.bound } : {}),
        ...(logged?.derived !== undefined ? { derived: logged.derived } : {}),
      ...(dropped.length ? { dropped } : {}), ...(capped.length ? { capped } : {}),
      ...(logged?.at !== undefined ? { at: logged.at } : {}), ...(logged?.obligation !== undefined
        ? { obligation: logged.obligation } : {}),
      ...(proc.immediate ? { immediate: true } : {}),
    };
  } };
}
