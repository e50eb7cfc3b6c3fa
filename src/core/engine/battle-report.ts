// A roll bound to pieces told as a wargamer tells it, from the events alone (docs/cli.md,
// `history`): "Wood farm (0304): assault, 1st Red and 2nd Red against 1st Blue — differential 6,
// woods −2, shock +1 → column +2; roll 9 → D1 DR: 1st Blue eliminated, casualties 0 → 1".
// The `resolved` event says what was rolled for what and where; the events after it that carry its
// id (`by`, an obligation's id) or follow it in the same list say what the result did.
import { bindKind } from '../module/procedure-schema.js';
import type { GameEvent, Obligation, ResolvedEvent } from './events.js';
import type { Game } from './game.js';
import { boundIds } from './procedure-binds.js';

const signed = (n: number) => (n < 0 ? `−${-n}` : `+${n}`);

/** A location as the map prints it: "Eylau (0505)", or the label alone. */
export function placeName(game: Game, at: string): string {
  const def = game.board.def;
  if (def.kind === 'points') return def.spaces.find((s) => s.id === at)?.name ?? at;
  const name = def.places[at];
  return name ? `${name} (${at})` : (game.boxes.get(at)?.name ?? at);
}

function pieceNames(game: Game, ids: readonly string[]): string {
  const names = ids.map((id) => game.pieces.get(id)?.name ?? id);
  if (names.length > 3) {
    const sides = new Set(ids.map((id) => game.pieces.get(id)?.side));
    const side = sides.size === 1 ? game.module.sides.find((s) => s.id === [...sides][0])?.name : undefined;
    return `${names.length} ${side ? `${side} ` : ''}units`;
  }
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** What one effect event did, in words; null for an event that is not an effect of a result. */
export function describeEffect(game: Game, e: GameEvent): string | null {
  const name = (id: string) => game.pieces.get(id)?.name ?? id;
  switch (e.type) {
    case 'lost': return e.to === null ? `${name(e.piece)} eliminated${e.voids ? ' (the return fire owed at it is void)' : ''}` : `${name(e.piece)} loses a step (${e.from} → ${e.to})`;
    case 'obliged': return describeObliged(game, e);
    case 'value-set': return `${name(e.piece)} ${e.prop} ${e.from ?? 0} → ${e.to}`;
    case 'marked': return `${e.marker} on ${e.kind === 'piece' ? name(e.target) : placeName(game, e.target)}`;
    case 'track-set': return `${game.tracks.get(e.track)?.name ?? e.track} ${e.from} → ${e.to}`;
    case 'card-removed': return `${game.cards.get(e.card)?.card.name ?? e.card} out of the game`;
    default: return null;
  }
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * An obligation or option as the battle report says it, each kind in its own words: "Blue must lose
 * 2 steps among 1st Blue and 2nd Blue (Blue chooses)", "1st Blue must retreat 1 hex", "1st Blue
 * owes return fire: Fire at 1st Red, 1 roll", "2nd Red may advance into Wood farm (0304)",
 * "Horse battery must roll Gun damage check (crossing C3326|C3327)", "Warsaw Pact must draw 1 card from WP event deck",
 * "Warsaw Pact must roll Weather: fog in this phase".
 */
export function describeObliged(game: Game, e: Obligation): string {
  const side = game.module.sides.find((s) => s.id === e.side)?.name ?? e.side;
  const who = pieceNames(game, e.pieces);
  const proc = (id: string | undefined) => (id === undefined ? '' : game.procedures.get(id)?.name ?? id);
  const target = (id: string | undefined) => (id === undefined ? '' : game.pieces.get(id)?.name ?? placeName(game, id));
  switch (e.kind) {
    case 'loss': {
      const what = e.points !== undefined ? `${plural(e.count, 'loss point')} (each step its ${e.points})` : plural(e.count, 'step');
      return `${who} must lose ${what}${e.pieces.length > 1 ? ` (${side} chooses)` : ''}`;
    }
    case 'retreat': return `${who} must retreat ${plural(e.count, 'hex', 'hexes')}`;
    case 'reply': return `${who} owes return fire: ${proc(e.reply)} at ${target(e.to)}, ${plural(e.count, 'roll')}`;
    case 'check': return `${who} must roll ${proc(e.reply)}${e.to !== undefined ? ` (crossing ${e.to})` : ''}`;
    case 'advance': return `${who} may advance into ${placeName(game, e.to ?? '')}${e.length !== undefined ? ` (at most ${plural(e.length, 'hex', 'hexes')})` : ''}`;
    case 'draw': return `${side} must draw ${plural(e.count, 'card')} from ${game.decks.get(e.deck ?? '')?.name ?? e.deck}`;
    case 'roll': return `${side} must roll ${proc(e.reply)}${e.to !== undefined ? ` for ${placeName(game, e.to)}` : ''} in this ${e.segment !== undefined ? 'segment' : 'phase'}`;
  }
}

/**
 * Who fought whom: the pieces bound, each once in bind order, the side of the first against the
 * others — "Saint-Hilaire and IV Corps artillery against Miloradovich". Read from the pieces' sides,
 * not from the order or names of the binds (basic rules' melee binds the defender before the units
 * charging it; its fire binds supporters and a battery after the target). One side: the pieces alone.
 */
function sidesOf(game: Game, groups: readonly string[][]): string {
  const ids = [...new Set(groups.flat())];
  const sideOf = (id: string) => game.pieces.get(id)?.side;
  const first = ids.length ? sideOf(ids[0]!) : undefined;
  const ours = ids.filter((id) => sideOf(id) === first), theirs = ids.filter((id) => sideOf(id) !== first);
  return theirs.length ? `${pieceNames(game, ours)} against ${pieceNames(game, theirs)}` : pieceNames(game, ours);
}

/**
 * The battle report of a `resolved` event with `bound`, and the effect events that follow it in
 * `after` (they stop at the first event that is not one). Null for a roll bound to nothing.
 */
export function battleReport(game: Game, e: ResolvedEvent, after: readonly GameEvent[] = []): string | null {
  if (!e.bound || !Object.keys(e.bound).length) return null;
  const proc = game.procedures.get(e.procedure);
  const groups: string[][] = [];
  let extra = '';
  for (const b of proc?.binds ?? []) {
    const v = e.bound[b.id];
    if (v === undefined) continue;
    const kind = bindKind(b);
    if (kind === 'piece' || kind === 'pieces') groups.push(boundIds(v));
    // (a place the report opens with is not said again)
    else if (kind === 'hexside') extra += `, across ${v}`;
    else if (v !== e.at) extra += `, at ${placeName(game, v)}`;
  }
  // a procedure that binds no pieces (a smoke screen on a hex) has no sides to list
  const who = groups.some((g) => g.length) ? `, ${sidesOf(game, groups)}` : '';
  const dropped = new Set(e.dropped ?? []);
  const capped = new Map((e.capped ?? []).map((c) => [c.group, c]));
  const groupOf = new Map((proc?.modifiers ?? []).map((m) => [m.id, m.group]));
  const seen = new Set<string>();
  const mods: string[] = [];
  for (const m of e.modifiers) {
    if (dropped.has(m.id)) continue;
    const g = groupOf.get(m.id);
    const c = g === undefined ? undefined : capped.get(g);
    if (c) { if (!seen.has(c.group)) { seen.add(c.group); mods.push(`${c.group} ${signed(c.to)}`); } continue; }
    mods.push(`${m.id} ${signed(m.value)}`);
  }
  const inputs = (e.inputs ?? []).map((i) => `${i.id} ${i.value}`);
  const column = e.column !== undefined && (mods.length || inputs.length) ? [`column ${e.column}`] : [];
  const given = [...inputs, ...mods].join(', ');
  const roll = `roll ${e.faces.join('+')}${proc?.modifiersTo !== 'column' && e.modifier ? ` ${signed(e.modifier)} = ${e.total}` : ''}`;
  const effects: string[] = [];
  for (const x of after) {
    const d = describeEffect(game, x);
    if (d === null) break;
    effects.push(d);
  }
  const where = e.at !== undefined ? `${placeName(game, e.at)}: ` : '';
  return `${where}${proc?.name ?? e.procedure}${who}${extra}${given ? ` — ${given}` : ''}${column.length ? ` → ${column[0]}` : ''}; `
    + `${roll} → ${e.result}${effects.length ? `: ${effects.join(', ')}` : ''}`;
}
