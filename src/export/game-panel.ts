// The side panel beside a game's board: what the map does not show. Turn, phase and clock; the
// last segment's rolls; every track with its value as a gauge and the pieces on it; every box with
// its counters; pieces in hands or on other boards; decks and hands (hidden cards only counted).
import type { GameEvent } from '../core/engine/events.js';
import { resolveLocation } from '../core/engine/locations.js';
import { undrawnCount } from '../core/engine/state.js';
import { segmentEvents } from '../core/protocol/segment-events.js';
import { esc, num } from './svg.js';
import type { GameCounters } from './game-counters.js';
import { useCounter } from './game-counters.js';
import type { GamePictureInput } from './game-picture.js';

export const PANEL_WIDTH = 380;
const PAD = 12;
const BOX_COUNTER = 32;

export interface Panel {
  svg: string;
  height: number;
}

/** A vertical flow of lines and counter rows, starting at the top of the panel. */
class Flow {
  out = '';
  y = PAD;
  constructor(readonly x: number) {}

  heading(text: string): void {
    this.y += 8;
    this.text(text, { size: 13, bold: true });
    this.out += `<line x1="${num(this.x + PAD)}" y1="${num(this.y - 11)}" x2="${num(this.x + PANEL_WIDTH - PAD)}" y2="${num(this.y - 11)}" stroke="#999999" stroke-width="0.5"/>\n`;
  }

  text(text: string, o: { size?: number; bold?: boolean; colour?: string; indent?: number; cls?: string } = {}): void {
    const size = o.size ?? 11.5;
    const max = Math.floor((PANEL_WIDTH - 2 * PAD - (o.indent ?? 0)) / (size * 0.56));
    this.y += size + 3;
    this.out += `<text x="${num(this.x + PAD + (o.indent ?? 0))}" y="${num(this.y - 3)}" font-size="${num(size)}"${o.bold ? ' font-weight="bold"' : ''}${o.colour ? ` fill="${o.colour}"` : ''}${o.cls ? ` class="${o.cls}"` : ''}>${esc(fit(text, max))}</text>\n`;
  }

  /** Counters in rows that wrap at the panel's edge. */
  counters(symbols: { symbol: string; deg: number; id: string }[]): void {
    const per = Math.floor((PANEL_WIDTH - 2 * PAD) / (BOX_COUNTER + 4));
    symbols.forEach((s, i) => {
      const x = this.x + PAD + (i % per) * (BOX_COUNTER + 4);
      const y = this.y + 3 + Math.floor(i / per) * (BOX_COUNTER + 4);
      this.out += `<g data-piece="${esc(s.id)}">${useCounter(s.symbol, x, y, BOX_COUNTER, s.deg)}</g>\n`;
    });
    this.y += Math.ceil(symbols.length / per) * (BOX_COUNTER + 4) + 3;
  }
}

export function gamePanel(input: GamePictureInput, counters: GameCounters, x: number): Panel {
  const { game, state } = input;
  const f = new Flow(x);
  const module = game.module;

  f.text(module.title, { size: 14, bold: true });
  f.text(game.scenario.name, { size: 12 });
  if (input.caption) f.text(input.caption, { size: 12, cls: 'caption' });
  const phase = game.phases.get(state.phase)?.name ?? state.phase;
  f.text(`Turn ${state.turn}${state.turnType ? ` (${state.turnType})` : ''} · ${phase}${state.segment ? ` / ${state.segment}` : ''} · ${sideName(input, state.active)} active`, { size: 12 });
  if (state.clock) f.text(state.clock.replace('T', ' '), { size: 12 });
  if (state.over) f.text('The game is over.', { size: 12, bold: true });

  if (input.last) {
    const rolls = segmentEvents(input.last).flatMap((ev) => rollLine(ev));
    const moves = input.last.entries.filter((e) => !e.void).flatMap((e) => e.events).filter((e) => e.type === 'moved').length;
    f.heading(`Segment ${input.last.seq} by ${sideName(input, input.last.author)}`);
    f.text(`${input.last.entries.length} command${input.last.entries.length === 1 ? '' : 's'}, ${moves} move${moves === 1 ? '' : 's'} (arrows), ${rolls.length} roll${rolls.length === 1 ? '' : 's'}`);
    for (const r of rolls) f.text(r, { indent: 8, cls: 'roll' });
  }

  // Pieces off the board, by where they are.
  const byBox = new Map<string, string[]>();
  const byTrack = new Map<string, string[]>();
  const elsewhere = new Map<string, string[]>();
  for (const [at, ids] of Object.entries(state.stacks)) {
    let kind: string;
    try {
      const l = resolveLocation(game, at);
      kind = l.kind === 'hex' || l.kind === 'space' ? (l.board === state.board ? 'board' : 'other') : l.kind;
    } catch { kind = 'other'; }
    if (kind === 'board') continue;
    if (kind === 'box') byBox.set(at, ids);
    else if (kind === 'track') {
      const t = at.slice(0, at.lastIndexOf('@'));
      byTrack.set(t, [...(byTrack.get(t) ?? []), ...ids.map((id) => `${id}@${at.slice(at.lastIndexOf('@') + 1)}`)]);
    } else elsewhere.set(at, ids);
  }
  const pictures = (ids: string[]) => ids.map((id) => {
    const p = state.pieces[id]!;
    return { id, symbol: counters.piece(id, p), deg: counters.faces(id, p) ? 60 * p.facing! : 0 };
  });

  if (game.tracks.size) {
    f.heading('Tracks');
    for (const t of game.tracks.values()) {
      const value = state.tracks[t.id];
      const on = byTrack.get(t.id) ?? [];
      const label = value !== undefined ? t.labels?.[String(value)] ?? String(value) : '—';
      gauge(f, t.name, label, value === undefined ? null : (value - t.min) / Math.max(1, t.max - t.min), t.id);
      if (on.length) f.text(`on it: ${on.join(', ')}`, { indent: 8, size: 10.5 });
    }
  }

  if (game.boxes.size) {
    f.heading('Boxes');
    for (const b of game.boxes.values()) {
      const ids = byBox.get(b.id) ?? [];
      f.text(`${b.name}: ${ids.length ? `${ids.length} piece${ids.length === 1 ? '' : 's'}` : 'empty'}`, { bold: ids.length > 0 });
      if (ids.length) f.counters(pictures(ids));
    }
  }
  if (elsewhere.size) {
    f.heading('Elsewhere');
    for (const [at, ids] of elsewhere) {
      f.text(`${at}: ${ids.length} piece${ids.length === 1 ? '' : 's'}`, { bold: true });
      f.counters(pictures(ids));
    }
  }
  const waiting = Object.values(state.pieces).filter((p) => p.location === null).length;
  if (waiting) f.text(`${waiting} piece${waiting === 1 ? '' : 's'} not yet in play`, { colour: '#555555' });

  if (game.decks.size) {
    f.heading('Decks and hands');
    for (const d of game.decks.values()) {
      const s = state.decks[d.id];
      if (!s) continue;
      const pile = d.secret ? undrawnCount(s) : s.order.length;
      f.text(`${d.name}: ${pile} to draw, ${s.discard.length} discarded${s.removed.length ? `, ${s.removed.length} removed` : ''}`);
    }
    for (const [side, h] of Object.entries(state.hands)) {
      if (!h.cards.length && !h.hidden.length) continue;
      const open = h.cards.map((c) => game.cards.get(c)?.card.name ?? c);
      const hidden = h.hidden.filter((c) => !c.card).length;
      const revealed = h.hidden.filter((c) => c.card).map((c) => game.cards.get(c.card!)?.card.name ?? c.card!);
      f.text(`${sideName(input, side)}'s hand: ${[...open, ...revealed, ...(hidden ? [`${hidden} hidden`] : [])].join(', ')}`);
    }
    if (input.hand) {
      f.text(`Your hand (${sideName(input, input.hand.side)}): ${input.hand.cards.map((c) => game.cards.get(c)?.card.name ?? c).join(', ') || 'empty'}`, { bold: true });
    }
  }
  f.y += PAD;
  const bg = `<rect x="${num(x)}" y="0" width="${PANEL_WIDTH}" height="${num(f.y)}" fill="#f7f5ef"/>\n`;
  return { svg: `<g id="panel" fill="#111111">\n${bg}${f.out}</g>\n`, height: f.y };
}

/** A track's line: name, value, and a bar filled to the value's place between min and max. */
function gauge(f: Flow, name: string, label: string, share: number | null, id: string): void {
  const barX = f.x + PANEL_WIDTH - PAD - 110, barW = 110;
  f.text(fit(name, 26), { size: 11 });
  const y = f.y - 12;
  f.out += `<text x="${num(barX - 6)}" y="${num(y + 9)}" font-size="11" text-anchor="end" font-weight="bold" data-track="${esc(id)}">${esc(fit(label, 11))}</text>\n`;
  f.out += `<rect x="${num(barX)}" y="${num(y + 1)}" width="${barW}" height="9" fill="#ffffff" stroke="#888888" stroke-width="0.5"/>\n`;
  if (share !== null) f.out += `<rect x="${num(barX)}" y="${num(y + 1)}" width="${num(barW * Math.min(1, Math.max(0, share)))}" height="9" fill="#7a8fa6"/>\n`;
}

/** One roll in a line: purpose, dice, faces, total and result; undone rolls stay, marked. */
export function rollLine(e: GameEvent): string[] {
  const undone = 'void' in e && e.void ? ' (undone)' : '';
  const how = 'immediate' in e && e.immediate ? ' (immediate: its roller could foresee it)' : 'sealed' in e && typeof e.sealed === 'string' && 'side' in e ? ` (${e.side}'s, sealed)` : '';
  if (e.type === 'sealed' && e.kind !== 'draw') {
    return [`#${e.counter ?? 0} ${e.command ?? `shuffle ${e.deck}`}: sealed${undone}`];
  }
  if (e.type === 'rolled') {
    const mod = e.modifier ? ` ${e.modifier > 0 ? '+' : '−'} ${Math.abs(e.modifier)}` : '';
    return [`#${e.counter}${e.purpose ? ` ${e.purpose}` : ''}: ${e.dice} ${e.faces.join('+')}${mod} = ${e.total}${how}${undone}`];
  }
  if (e.type === 'resolved') {
    const mod = e.modifier ? ` ${e.modifier > 0 ? '+' : '−'} ${Math.abs(e.modifier)}` : '';
    return [`#${e.counter} ${e.procedure}: ${e.dice} ${e.faces.join('+')}${mod} = ${e.total}${e.column !== undefined ? `, col ${e.column}` : ''} → ${e.result}${how}${undone}`];
  }
  return [];
}

function sideName(input: GamePictureInput, id: string): string {
  return input.game.module.sides.find((s) => s.id === id)?.name ?? id;
}

function fit(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, Math.max(1, max - 1))}…`;
}
