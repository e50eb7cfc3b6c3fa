// Commands that change a piece or a marker in place: flip, mark, unmark, set, stack; and track.
import type { CommandOf } from './commands.js';
import { add, ZERO } from '../rational.js';
import { checkOwner, warning, type CommandContext } from './context.js';
import { EngineError, refuse } from './errors.js';
import type { FlippedEvent, MarkedEvent, MarkTargetKind, RestackedEvent, TrackSetEvent, UnmarkedEvent, ValueSetEvent, Warning } from './events.js';
import type { Game } from './game.js';
import { isLocation, resolveLocation } from './locations.js';
import { markerAllowed } from './marker-rules.js';
import { spend, withBonus } from './movement.js';
import { declaredMode, faceCost, facingCost } from './movement-rules.js';
import { allowanceOf, movementClass, pieceView } from './piece-values.js';
import type { GameState } from './state.js';
import { isSupplied } from './supply.js';

export function flipCommand(game: Game, state: GameState, c: CommandOf<'flip'>, ctx: CommandContext): FlippedEvent {
  const p = pieceView(game, state, c.piece);
  checkOwner(game, p, ctx, 'flip');
  const faces = p.type.faces;
  let to: string;
  if (c.face !== undefined) {
    if (!faces.some((f) => f.id === c.face)) refuse(`piece type ${p.type.id} has no face "${c.face}" (faces: ${faces.map((f) => f.id).join(', ')})`);
    to = c.face;
  } else {
    if (faces.length < 2) refuse(`${c.piece} has one face only`);
    to = faces[(faces.findIndex((f) => f.id === p.face.id) + 1) % faces.length]!.id;
  }
  const event: FlippedEvent = { type: 'flipped', piece: c.piece, from: p.state.face, to };
  const warnings: Warning[] = [];
  const declared = declaredMode(game, state, p, c.mode, warnings);
  if (c.mode !== undefined) event.mode = c.mode;
  const cost = faceCost(game, state, p, declared.mode, to);
  const rules = cost?.rule ? [cost.rule] : [];
  let mp = cost ? cost.mp ?? ZERO : null;
  if (cost && cost.mp === null) warnings.push(warning(game, 'prohibited', `${c.piece} may not change from ${p.face.id} to ${to} here (${cost.rule})`));
  if (c.facing !== undefined) {
    const kind = faces.find((f) => f.id === to)!.facing ?? p.type.facing;
    if (kind === 'none') refuse(`face ${to} of ${c.piece} faces all round: it takes no facing`);
    event.facing = c.facing;
    // a new facing is turned and paid for, unless the face rule gives it (Eylau 5.32)
    if (!cost?.freeFacing && p.state.facing !== null) {
      const d = (c.facing - p.state.facing + 6) % 6;
      const turn = facingCost(game, state, p, declared.mode, Math.min(d, 6 - d));
      if (turn?.rule) rules.push(turn.rule);
      if (turn?.mp === null) warnings.push(warning(game, 'prohibited', `${c.piece} (${movementClass(p)}) may not change facing`));
      else if (turn) mp = add(mp ?? ZERO, turn.mp);
    }
  }
  if (rules.length) event.rules = rules;
  if (mp !== null) Object.assign(event, spend(game, state, p.id, mp, withBonus(allowanceOf(game, p), declared.bonus), warnings));
  if (warnings.length) event.warnings = warnings;
  return event;
}

/** The target of a marker: a piece, a hex or space, or a hexside. */
function markTarget(game: Game, state: GameState, text: string): { id: string; kind: MarkTargetKind; markers: readonly string[] } {
  if (state.pieces[text]) return { id: text, kind: 'piece', markers: state.pieces[text]!.markers };
  let id: string, kind: MarkTargetKind;
  if (isLocation(game, text)) {
    const loc = resolveLocation(game, text);
    if (loc.kind !== 'hex' && loc.kind !== 'space') refuse(`markers go on pieces, hexes, spaces and hexsides, not on ${loc.kind} ${loc.id}`);
    id = loc.id; kind = loc.kind;
  } else {
    try { id = game.board.hexside(text); } catch {
      throw new EngineError(`unknown marker target "${text}": expected a piece, a hex or space, or a hexside such as "0303|0304"`);
    }
    kind = 'hexside';
  }
  return { id, kind, markers: state.markers[id] ?? [] };
}

/**
 * A `mark` or `unmark`, and the markers its type puts with it (`with`) or leaves as it comes off
 * (`leaves`): each a `marked` event on the same target unless the target has that marker already.
 */
export function markEvents(game: Game, state: GameState, c: CommandOf<'mark' | 'unmark'>, ctx: CommandContext = {}): (MarkedEvent | UnmarkedEvent)[] {
  const e = markCommand(game, state, c, ctx);
  const type = game.markerTypes.get(c.marker)!;
  const more = (e.type === 'marked' ? type.with : type.leaves) ?? [];
  const has = e.kind === 'piece' ? state.pieces[e.target]!.markers : state.markers[e.target] ?? [];
  const out: (MarkedEvent | UnmarkedEvent)[] = [e];
  for (const m of more) {
    if (m === c.marker || has.includes(m) || out.some((x) => x.marker === m)) continue;
    out.push({ type: 'marked', target: e.target, kind: e.kind, marker: m });
  }
  return out;
}

export function markCommand(game: Game, state: GameState, c: CommandOf<'mark' | 'unmark'>, ctx: CommandContext = {}): MarkedEvent | UnmarkedEvent {
  const type = game.markerTypes.get(c.marker);
  if (!type) refuse(`unknown marker "${c.marker}" (markers: ${[...game.markerTypes.keys()].join(', ') || 'none'})`);
  const t = markTarget(game, state, c.target);
  if (c.verb === 'mark') {
    if (!type.on.includes(t.kind)) refuse(`marker ${c.marker} goes on ${type.on.join(' or ')}, not on a ${t.kind}`);
    if (t.markers.includes(c.marker)) refuse(`${t.id} already has marker ${c.marker}`);
    const event: MarkedEvent = { type: 'marked', target: t.id, kind: t.kind, marker: c.marker };
    if (type.where !== undefined && !markerAllowed(game, state, type, t, ctx)) {
      event.warnings = [warning(game, 'placement', `marker ${c.marker} may not go on ${t.id}${type.rule ? ` (${type.rule})` : ''}: the module's condition ${type.where} does not hold`)];
    }
    return event;
  }
  if (!t.markers.includes(c.marker)) refuse(`${t.id} has no marker ${c.marker}`);
  return { type: 'unmarked', target: t.id, kind: t.kind, marker: c.marker };
}

export function setCommand(game: Game, state: GameState, c: CommandOf<'set'>): ValueSetEvent {
  const p = pieceView(game, state, c.piece);
  if (!p.type.properties.includes(c.prop)) {
    refuse(`piece type ${p.type.id} has no property "${c.prop}" a player may set (properties: ${p.type.properties.join(', ') || 'none'})`);
  }
  const from = p.state.values[c.prop] ?? p.def.values?.[c.prop] ?? p.face.values[c.prop] ?? null;
  const event: ValueSetEvent = { type: 'value-set', piece: c.piece, prop: c.prop, from, to: c.value };
  // rules.supplyLines.keeps (Cold War 30 "无法标定有效补给线的单位，不得以任何方式消除损耗点数")
  const lines = game.module.rules?.supplyLines;
  if (lines?.keeps === c.prop && typeof from === 'number' && typeof c.value === 'number' && c.value < from && !isSupplied(game, state, c.piece)) {
    event.warnings = [warning(game, 'prohibited', `${c.piece} traces no supply line: its ${c.prop} may not go down (${lines.keepsRule ?? lines.rule})`)];
  }
  return event;
}

export function stackCommand(game: Game, state: GameState, c: CommandOf<'stack'>, ctx: CommandContext): RestackedEvent {
  const p = pieceView(game, state, c.piece);
  checkOwner(game, p, ctx, 'restack');
  if (p.state.location === null) refuse(`${c.piece} is not in play`);
  return { type: 'restacked', piece: c.piece, location: p.state.location, position: c.position };
}

export function trackCommand(game: Game, state: GameState, c: CommandOf<'track'>): TrackSetEvent {
  const t = game.tracks.get(c.track);
  if (!t) refuse(`unknown track "${c.track}" (tracks: ${[...game.tracks.keys()].join(', ') || 'none'})`);
  const from = state.tracks[c.track]!;
  const to = 'by' in c.amount ? from + c.amount.by : c.amount.to;
  if (to < t.min || to > t.max) refuse(`track ${t.id} runs from ${t.min} to ${t.max}; ${to} is off it`);
  const event: TrackSetEvent = { type: 'track-set', track: c.track, from, to };
  // links between tracks (grounded ≤ current ≤ maximum), both ways
  const warnings: Warning[] = [];
  const rule = (x: { rule?: string | undefined }) => (x.rule ? ` (${x.rule})` : '');
  if (t.atLeast !== undefined && to < state.tracks[t.atLeast]!) warnings.push(warning(game, 'track', `track ${t.id} may not go below ${t.atLeast} (${state.tracks[t.atLeast]})${rule(t)}; ${to} is`));
  if (t.atMost !== undefined && to > state.tracks[t.atMost]!) warnings.push(warning(game, 'track', `track ${t.id} may not go above ${t.atMost} (${state.tracks[t.atMost]})${rule(t)}; ${to} is`));
  for (const o of game.tracks.values()) {
    if (o.atLeast === t.id && state.tracks[o.id]! < to) warnings.push(warning(game, 'track', `track ${o.id} (${state.tracks[o.id]}) may not be below ${t.id}${rule(o)}; ${t.id} would be ${to}`));
    if (o.atMost === t.id && state.tracks[o.id]! > to) warnings.push(warning(game, 'track', `track ${o.id} (${state.tracks[o.id]}) may not be above ${t.id}${rule(o)}; ${t.id} would be ${to}`));
  }
  if (warnings.length) event.warnings = warnings;
  return event;
}
