// SVG pictures of boards: hexes (terrain colours, hexside features on the shared edge, roads
// between centres, labels, place names) or spaces and connections.
// The frame (pixel placement) is separate from the drawing so the VASSAL exporter can put its
// grid exactly on the picture, and `overlay` is the seam for a game in progress: it draws on top
// of the finished board in the same frame (pieces, stacks, markers) without the board knowing.
import { boardView } from '../core/module/board-view.js';
import { expandHexRefs } from '../core/module/hex-refs.js';
import type { BoardDef, HexBoardDef, ModuleData, PointBoardDef, TerrainDef } from '../core/module/schema.js';
import type { HexBoard } from '../core/geometry/hex-board.js';
import { sideBearing, parseDirection } from '../core/geometry/directions.js';
import { pixelCenter, towardBearing } from '../core/geometry/layout.js';
import { hexStretch, placedHexCenter, placement } from '../core/geometry/placement.js';
import { squareAsPoints } from '../core/module/square-points.js';
import { esc, num, points, svgDocument, type Pt } from './svg.js';
import { imageUri, type ModuleImages } from './module-images.js';

export interface BoardFrameOptions {
  /** hex centre-to-corner distance in pixels (hex boards) */
  hexSize?: number;
  /** blank border around the board, in pixels */
  margin?: number;
}

/** Where everything of one board lands in its picture. */
export interface BoardFrame {
  readonly board: HexBoardDef | PointBoardDef;
  readonly width: number;
  readonly height: number;
  /** hex boards: the grid; point boards: undefined */
  readonly hex?: HexBoard;
  readonly hexSize: number;
  /** the blank border around the board */
  readonly margin: number;
  /** a placed grid: how much wider and taller its hexes are than regular ones of hexSize */
  readonly stretch?: { readonly sx: number; readonly sy: number };
  /** picture coordinates of a hex centre or a space */
  at(location: string): Pt;
  /** picture coordinates of the centre of global offset cell (col, row), on the board or not */
  cell(col: number, row: number): Pt;
}

export const DEFAULT_HEX_SIZE = 40;
const DEFAULT_MARGIN = 20;

export function boardFrame(def: BoardDef, options: BoardFrameOptions = {}): BoardFrame {
  const margin = options.margin ?? DEFAULT_MARGIN;
  const hexSize = options.hexSize ?? DEFAULT_HEX_SIZE;
  // a square board is drawn as its cells' spaces (square-points.ts)
  const board = def.kind === 'square' ? squareAsPoints(def) : def;
  if (board.kind === 'points') {
    const byId = new Map(board.spaces.map((s) => [s.id, s]));
    return {
      board, hexSize, margin, width: board.width + 2 * margin, height: board.height + 2 * margin,
      at: (id) => {
        const s = byId.get(id);
        if (!s) throw new Error(`board ${board.id}: no space "${id}"`);
        return { x: s.x + margin, y: s.y + margin };
      },
      cell: () => { throw new Error(`board ${board.id} is point-to-point`); },
    };
  }
  const hex = boardView(board).hex!;
  if (board.placement) {
    // the grid over its picture: picture pixels plus the margin, hexes stretched as the picture has them
    const pl = placement(board.placement);
    const { sx, sy } = hexStretch(hex.orientation, hexSize, pl);
    const cell = (col: number, row: number): Pt => {
      const c = placedHexCenter(hex.orientation, hex.shifted, { col, row }, pl);
      return { x: c.x + margin, y: c.y + margin };
    };
    const pb = hex.bounds(hexSize);
    return {
      board, hex, hexSize, margin, stretch: { sx, sy },
      width: (board.width ?? Math.ceil(pb.width * sx)) + 2 * margin, height: (board.height ?? Math.ceil(pb.height * sy)) + 2 * margin,
      at: (label) => { const o = hex.offset(label); return cell(o.col, o.row); },
      cell,
    };
  }
  const b = hex.bounds(hexSize);
  // Whole-pixel shift so the grid origin of a VASSAL HexGrid lands on an integer where it can.
  const dx = Math.round(margin - b.minX), dy = Math.round(margin - b.minY);
  const cell = (col: number, row: number): Pt => {
    const c = pixelCenter(hex.orientation, hex.shifted, { col, row }, hexSize);
    return { x: c.x + dx, y: c.y + dy };
  };
  return {
    board, hex, hexSize, margin,
    width: Math.ceil(b.width + 2 * margin), height: Math.ceil(b.height + 2 * margin),
    at: (label) => { const c = hex.center(label, hexSize); return { x: c.x + dx, y: c.y + dy }; },
    cell,
  };
}

/** Draws on top of a finished board, in its frame: pieces, stacks, markers of a game in progress. */
export interface BoardOverlay {
  render(frame: BoardFrame): string;
}

export interface BoardSvgOptions extends BoardFrameOptions {
  overlay?: BoardOverlay;
  /** print hex labels (default true) */
  labels?: boolean;
  /** the module's pictures: the board's own picture is drawn under the grid */
  images?: ModuleImages;
}

const FALLBACK = { hex: '#e6e0c8', hexside: '#2f6fd0', road: '#8b5a2b', space: '#f4f1e6' };

export function renderBoardSvg(module: ModuleData, def: BoardDef, options: BoardSvgOptions = {}): string {
  const frame = boardFrame(def, options);
  const board = frame.board;
  const terrain = new Map(module.terrain.map((t) => [t.id, t]));
  const picture = imageUri(options.images, board.image);
  // over the module's own map the grid is an outline, the spaces rings: the picture shows the terrain
  const body = picture
    ? `<image href="${picture}" x="${margin(frame)}" y="${margin(frame)}" width="${num(frame.width - 2 * margin(frame))}" height="${num(frame.height - 2 * margin(frame))}" preserveAspectRatio="none"/>\n`
      + `<g opacity="0.45">\n${board.kind === 'hex' ? hexBoardBody(board, frame, terrain, options.labels ?? true) : pointBoardBody(board, frame, terrain)}</g>\n`
    : board.kind === 'hex' ? hexBoardBody(board, frame, terrain, options.labels ?? true) : pointBoardBody(board, frame, terrain);
  const overlay = options.overlay ? `<g id="overlay">\n${options.overlay.render(frame)}</g>\n` : '';
  return svgDocument(frame.width, frame.height, `<rect width="100%" height="100%" fill="#ffffff"/>\n${body}${overlay}`);
}

/** The frame's blank border: where the board's picture starts. */
function margin(frame: BoardFrame): number { return frame.margin; }

function colour(terrain: Map<string, TerrainDef>, id: string, fallback: string): string {
  return terrain.get(id)?.color ?? fallback;
}

function hexBoardBody(board: HexBoardDef, frame: BoardFrame, terrain: Map<string, TerrainDef>, labels: boolean): string {
  const hex = frame.hex!;
  const s = frame.hexSize;
  const view = boardView(board);
  const corners = (label: string): Pt[] => {
    const c = frame.at(label);
    const raw = hex.center(label, s);
    const { sx, sy } = frame.stretch ?? { sx: 1, sy: 1 };
    return hex.corners(label, s).map((p) => ({ x: (p.x - raw.x) * sx + c.x, y: (p.y - raw.y) * sy + c.y }));
  };
  // Hex terrain: the last listed terrain wins the fill (the default first), as on a printed map.
  const fill = new Map<string, string>();
  for (const [tid, refs] of Object.entries(board.terrain.hexes)) {
    for (const ref of refs) {
      const labelsOf = expandHexRefs(view, ref);
      if (typeof labelsOf !== 'string') for (const l of labelsOf) fill.set(l, colour(terrain, tid, FALLBACK.hex));
    }
  }
  const base = colour(terrain, board.terrain.default, FALLBACK.hex);
  let out = '<g id="hexes" stroke="#5a5a5a" stroke-width="1">\n';
  for (const l of hex.labels()) out += `<polygon points="${points(corners(l))}" fill="${fill.get(l) ?? base}"/>\n`;
  out += '</g>\n';

  out += '<g id="roads" fill="none" stroke-linecap="round" stroke-linejoin="round">\n';
  for (const road of board.roads) {
    const pts = road.path.map((l) => frame.at(l));
    out += `<polyline points="${points(pts)}" stroke="${colour(terrain, road.type, FALLBACK.road)}" stroke-width="${num(s / 7)}"/>\n`;
  }
  out += '</g>\n';

  out += '<g id="hexsides" stroke-linecap="round">\n';
  for (const [fid, refs] of Object.entries(board.hexsides)) {
    for (const ref of refs) {
      const [a, b] = sideEnds(board, frame, view.hexside(ref), corners);
      out += `<line x1="${num(a.x)}" y1="${num(a.y)}" x2="${num(b.x)}" y2="${num(b.y)}" stroke="${colour(terrain, fid, FALLBACK.hexside)}" stroke-width="${num(s / 6)}"/>\n`;
    }
  }
  out += '</g>\n';

  if (labels) {
    const fs = s * 0.27;
    out += `<g id="labels" font-size="${num(fs)}" fill="#333333" text-anchor="middle">\n`;
    for (const l of hex.labels()) {
      const c = frame.at(l);
      out += `<text x="${num(c.x)}" y="${num(c.y - s * 0.55)}">${esc(l)}</text>\n`;
    }
    out += '</g>\n';
  }
  const places = Object.entries(board.places);
  if (places.length) {
    out += `<g id="places" font-size="${num(s * 0.32)}" font-weight="bold" fill="#111111" text-anchor="middle">\n`;
    for (const [l, name] of places) {
      if (!hex.has(l)) continue;
      const c = frame.at(l);
      out += `<text x="${num(c.x)}" y="${num(c.y + s * 0.7)}">${esc(name)}</text>\n`;
    }
    out += '</g>\n';
  }
  return out;
}

/** The two corners of the shared edge: those of the first hex nearest the side's midpoint. */
function sideEnds(board: HexBoardDef, frame: BoardFrame, id: string, corners: (l: string) => Pt[]): [Pt, Pt] {
  const hex = frame.hex!;
  const ends = hex.hexsideHexes(id);
  const a = ends[0];
  const ca = frame.at(a);
  let mid: Pt;
  if (ends.length === 2) {
    const cb = frame.at(ends[1]!);
    mid = { x: (ca.x + cb.x) / 2, y: (ca.y + cb.y) / 2 };
  } else {
    const dir = parseDirection(board.orientation, id.slice(id.lastIndexOf(':') + 1));
    const p = towardBearing({ x: 0, y: 0 }, sideBearing(board.orientation, dir), frame.hexSize);
    mid = { x: ca.x + p.x, y: ca.y + p.y };
  }
  const near = corners(a).map((p) => ({ p, d: (p.x - mid.x) ** 2 + (p.y - mid.y) ** 2 })).sort((x, y) => x.d - y.d);
  return [near[0]!.p, near[1]!.p];
}

function pointBoardBody(board: PointBoardDef, frame: BoardFrame, terrain: Map<string, TerrainDef>): string {
  const types = new Map(board.connectionTypes.map((t) => [t.id, t]));
  let out = '<g id="connections" fill="none" stroke-width="3">\n';
  for (const c of board.connections) {
    const t = c.type ? types.get(c.type) : undefined;
    const a = frame.at(c.a), b = frame.at(c.b);
    const dash = t?.style === 'dashed' ? ' stroke-dasharray="10 6"' : t?.style === 'dotted' ? ' stroke-dasharray="2 5"' : '';
    out += `<line x1="${num(a.x)}" y1="${num(a.y)}" x2="${num(b.x)}" y2="${num(b.y)}" stroke="${t?.color ?? '#444444'}"${dash}/>\n`;
  }
  out += '</g>\n<g id="spaces" stroke="#333333" stroke-width="1.5">\n';
  for (const s of board.spaces) {
    const p = frame.at(s.id);
    out += `<circle cx="${num(p.x)}" cy="${num(p.y)}" r="14" fill="${s.terrain ? colour(terrain, s.terrain, FALLBACK.space) : FALLBACK.space}"/>\n`;
  }
  out += '</g>\n<g id="names" font-size="11" fill="#111111" text-anchor="middle">\n';
  for (const s of board.spaces) {
    const p = frame.at(s.id);
    out += `<text x="${num(p.x)}" y="${num(p.y + 27)}">${esc(s.name)}</text>\n`;
  }
  return `${out}</g>\n`;
}
