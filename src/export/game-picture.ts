// The picture of a game as it stands: the board (board-svg.ts) with the game drawn on it through
// the BoardOverlay seam — counters on their face and facing, stacks fanned so each counter shows,
// markers on hexes, hexsides and pieces, the last segment's moves as arrows — and a side panel for
// what is off the map: turn and phase, the last segment's rolls, tracks, boxes, decks and hands.
import type { ModuleImages } from './module-images.js';
import type { GameEvent } from '../core/engine/events.js';
import type { Game } from '../core/engine/game.js';
import { resolveLocation, type Location } from '../core/engine/locations.js';
import type { GameState } from '../core/engine/state.js';
import { parseDirection, sideBearing } from '../core/geometry/directions.js';
import { towardBearing } from '../core/geometry/layout.js';
import { boardFrame, renderBoardSvg, type BoardFrame, type BoardOverlay } from './board-svg.js';
import { GameCounters, useCounter } from './game-counters.js';
import { gamePanel, PANEL_WIDTH } from './game-panel.js';
import { esc, num, points, svgDocument, type Pt } from './svg.js';

/** What the last segment did, for its arrows and roll list (a segment body fits). */
export interface LastSegment {
  seq: number;
  author: string;
  entries: ReadonlyArray<{ command: string; events: readonly GameEvent[]; void?: boolean }>;
  /** what its reveal resolved (sealed outcomes), before its commands */
  resolutions?: readonly unknown[];
}

export interface GamePictureInput {
  game: Game;
  state: GameState;
  last?: LastSegment;
  /** the viewer's own hand, when his key was given: side and card ids */
  hand?: { side: string; cards: string[] };
  /** the caption's first line (e.g. "after segment 12 by red") */
  caption?: string;
}

export interface GamePictureOptions {
  hexSize?: number;
  labels?: boolean;
  /** the module's own pictures (board picture, counter art), when the module folder is at hand */
  images?: ModuleImages;
}

/** Counter edge as a share of the hex size (a 5/8" counter on a 7/8" hex, roughly). */
const COUNTER_OF_HEX = 1.05;
const SPACE_COUNTER = 30;

export function counterSize(frame: BoardFrame): number {
  return frame.hex ? Math.round(frame.hexSize * COUNTER_OF_HEX) : SPACE_COUNTER;
}

/** The game's pieces, markers and last moves, in the board's frame. */
export function gameOverlay(input: GamePictureInput, counters: GameCounters): BoardOverlay {
  return { render: (frame) => drawGame(input, counters, frame) };
}

/** A standalone SVG document: board, game and side panel. */
export function renderGameSvg(input: GamePictureInput, options: GamePictureOptions = {}): string {
  const board = input.game.boards.get(input.state.board)?.def ?? input.game.board.def;
  const frame = boardFrame(board, options);
  const counters = new GameCounters(input.game, board.kind === 'hex' ? board.orientation : 'flat', options.images);
  const boardSvg = renderBoardSvg(input.game.module, board, { ...options, overlay: gameOverlay(input, counters) });
  const panel = gamePanel(input, counters, frame.width);
  const height = Math.max(frame.height, panel.height);
  return svgDocument(frame.width + PANEL_WIDTH, height,
    `<rect width="100%" height="100%" fill="#ffffff"/>\n${counters.defs()}${nested(boardSvg)}${panel.svg}`);
}

/** A whole SVG document as an element inside another (drops the XML declaration). */
export function nested(svgDoc: string): string {
  return svgDoc.replace(/^<\?xml[^>]*\?>\n/, '');
}

function drawGame(input: GamePictureInput, counters: GameCounters, frame: BoardFrame): string {
  const { game, state } = input;
  const S = counterSize(frame);
  const onBoard = (text: string): Location | null => {
    try {
      const l = resolveLocation(game, text);
      return (l.kind === 'hex' || l.kind === 'space') && l.board === frame.board.id ? l : null;
    } catch { return null; }
  };

  // Markers lie under the counters, shifted toward the lower left so a stack leaves them visible.
  let markers = '<g id="markers">\n';
  for (const [at, ids] of Object.entries(state.markers)) {
    const m = S * 0.62;
    const place = onBoard(at) ? frame.at(at) : hexsideMiddle(frame, at);
    if (!place) continue;
    const onSide = !onBoard(at);
    const size = onSide ? S * 0.5 : m;
    ids.forEach((id, i) => {
      const x = onSide ? place.x - size / 2 + i * size * 0.25 : place.x - S * 0.62 + i * size * 0.22;
      const y = onSide ? place.y - size / 2 - i * size * 0.25 : place.y + S * 0.02 - i * size * 0.22;
      markers += `<g data-marker="${esc(id)}" data-at="${esc(at)}">${useCounter(counters.marker(id), x, y, size)}</g>\n`;
    });
  }
  markers += '</g>\n';

  let pieces = '<g id="pieces">\n';
  for (const [at, ids] of Object.entries(state.stacks)) {
    if (!onBoard(at)) continue;
    const c = frame.at(at);
    // Fan the stack up and to the right, bottom counter first; keep it inside the hex when tall.
    const step = ids.length > 1 ? Math.min(S * 0.12, (S * 0.5) / (ids.length - 1)) : 0;
    const x0 = c.x - S / 2 - (step * (ids.length - 1)) / 2;
    const y0 = c.y - S / 2 + (step * (ids.length - 1)) / 2;
    ids.forEach((id, i) => {
      const p = state.pieces[id]!;
      const x = x0 + i * step, y = y0 - i * step;
      const deg = counters.faces(id, p) ? 60 * p.facing! : 0;
      let g = `<g data-piece="${esc(id)}" data-at="${esc(at)}">\n${useCounter(counters.piece(id, p), x, y, S, deg)}`;
      // Markers on a piece ride on its right edge, clear of its name and values.
      p.markers.forEach((m, k) => { g += useCounter(counters.marker(m), x + S * 0.78, y + S * 0.22 + k * S * 0.18, S * 0.42); });
      pieces += `${g}</g>\n`;
    });
  }
  pieces += '</g>\n';
  return markers + pieces + moveArrows(input, frame, onBoard);
}

/** Where a hexside marker goes: the middle of the shared edge (or of the edge at the board's rim). */
function hexsideMiddle(frame: BoardFrame, id: string): Pt | null {
  const hex = frame.hex;
  if (!hex) return null;
  let ends: string[];
  try { ends = hex.hexsideHexes(id); } catch { return null; }
  const a = frame.at(ends[0]!);
  if (ends.length === 2) {
    const b = frame.at(ends[1]!);
    return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  }
  const dir = parseDirection(hex.orientation, id.slice(id.lastIndexOf(':') + 1));
  const p = towardBearing({ x: 0, y: 0 }, sideBearing(hex.orientation, dir), (frame.hexSize * Math.sqrt(3)) / 2);
  return { x: a.x + p.x, y: a.y + p.y };
}

/** The last segment's moves, each along its path, in its side's colour; undone moves are not drawn. */
function moveArrows(input: GamePictureInput, frame: BoardFrame, onBoard: (t: string) => Location | null): string {
  if (!input.last) return '';
  const sideColour = new Map(input.game.module.sides.map((s) => [s.id, s.color ?? '#d35400']));
  const w = frame.hex ? frame.hexSize * 0.12 : 4;
  let out = '<g id="moves" fill="none" stroke-linecap="round" stroke-linejoin="round">\n';
  for (const entry of input.last.entries) {
    if (entry.void) continue;
    for (const e of entry.events) {
      if (e.type !== 'moved') continue;
      const stops = [...(e.from !== null ? [e.from] : []), ...e.path].filter((l) => onBoard(l)).map((l) => frame.at(l));
      const pts = stops.filter((p, i) => i === 0 || p.x !== stops[i - 1]!.x || p.y !== stops[i - 1]!.y);
      if (pts.length < 2) continue;
      // The head stops at the counter's edge, pointing at it rather than hiding it.
      const end = pts[pts.length - 1]!, before = pts[pts.length - 2]!;
      const gap = Math.min(counterSize(frame) * 0.55, Math.hypot(end.x - before.x, end.y - before.y) * 0.6);
      pts[pts.length - 1] = toward(end, before, gap);
      const side = input.game.pieces.get(e.piece)?.side ?? input.last.author;
      const colour = sideColour.get(side) ?? '#d35400';
      const head = arrowHead(pts[pts.length - 2]!, pts[pts.length - 1]!, w * 3.2);
      out += `<g data-move="${esc(e.piece)}">\n`
        + `<polyline points="${points(pts)}" stroke="#ffffff" stroke-width="${num(w * 2)}" stroke-opacity="0.85"/>\n`
        + `<polyline points="${points(pts)}" stroke="${colour}" stroke-width="${num(w)}" stroke-dasharray="${num(w * 3)} ${num(w * 1.5)}"/>\n`
        + `<polygon points="${points(head)}" fill="${colour}" stroke="#ffffff" stroke-width="${num(w / 2)}"/>\n</g>\n`;
    }
  }
  return `${out}</g>\n`;
}

/** The point `by` pixels from `from` toward `to`. */
function toward(from: Pt, to: Pt, by: number): Pt {
  const d = Math.hypot(to.x - from.x, to.y - from.y) || 1;
  return { x: from.x + ((to.x - from.x) * by) / d, y: from.y + ((to.y - from.y) * by) / d };
}

/** A filled triangle with its tip at `to`, pointing from `from`. */
function arrowHead(from: Pt, to: Pt, length: number): Pt[] {
  const dx = to.x - from.x, dy = to.y - from.y;
  const d = Math.hypot(dx, dy) || 1;
  const u = { x: dx / d, y: dy / d };
  const base = { x: to.x - u.x * length, y: to.y - u.y * length };
  const half = length * 0.55;
  return [to, { x: base.x - u.y * half, y: base.y + u.x * half }, { x: base.x + u.y * half, y: base.y - u.x * half }];
}
