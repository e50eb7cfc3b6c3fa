// VASSAL's HexGrid and SquareGrid as Hexpost hex and square boards placed over the board picture
// (docs/vassal-import.md, Grids). The cells are those whose centre lies on the picture (and in the
// zone, for a zone's grid); each is named exactly as VASSAL's numbering names it, and those names
// become the Hexpost labels: one section per line of hexes, so that staggered or descending column
// numbers and ragged edges keep their names. Geometry facts from VASSAL's HexGrid, SquareGrid and
// RegularGridNumbering (a flat hex in an odd raw column sits dy/2 lower; sideways swaps x and y).
import { GeometryError } from '../../core/geometry/errors.js';
import { HexBoard } from '../../core/geometry/hex-board.js';
import { SquareBoard } from '../../core/geometry/square-board.js';
import { pixelNumber } from '../../core/geometry/placement.js';
import type { HexSectionSpec } from '../../core/geometry/spec.js';
import type { BuildElement } from './build-tree.js';
import { shortClass } from './build-tree.js';

export interface GridCell { label: string; x: number; y: number }
export type ImportedGrid =
  | { kind: 'hex'; orientation: 'flat' | 'pointy'; shifted: 'even' | 'odd'; sections: HexSectionSpec[]; placement: Placement }
  | { kind: 'square'; columns: number; rows: number; diagonals: boolean; label: { pattern: string; firstColumn: number; firstRow: number }; placement: Placement };
type Placement = { x: number | string; y: number | string; dx: number | string; dy: number | string };

/** A grid made, or why not (a sentence for the report). */
export type GridResult = { grid: ImportedGrid; cells: GridCell[]; notes: string[] } | { error: string };

interface Numbering {
  first: string; sep: string; hType: string; vType: string; hLeading: number; vLeading: number;
  hOff: number; vOff: number; hDescend: boolean; vDescend: boolean; stagger: boolean;
}

function numbering(grid: BuildElement): Numbering {
  const n = grid.children.find((c) => /GridNumbering$/.test(c.tag))?.attrs ?? {};
  const int = (v: string | undefined, d: number) => (v !== undefined && v !== '' && Number.isFinite(Number(v)) ? Math.trunc(Number(v)) : d);
  return {
    first: n.first ?? 'H', sep: n.sep ?? '', hType: n.hType ?? 'N', vType: n.vType ?? 'N',
    hLeading: int(n.hLeading, 1), vLeading: int(n.vLeading, 1), hOff: int(n.hOff, 1), vOff: int(n.vOff, 1),
    hDescend: n.hDescend === 'true', vDescend: n.vDescend === 'true', stagger: n.stagger !== 'false',
  };
}

/** VASSAL's printed form of one coordinate: letters A.. (0-based, then AA, BB…) or zero-padded. */
export function vassalCoordinate(value: number, type: string, leading: number): string {
  let out = value < 0 ? '-' : '';
  let v = Math.abs(value);
  if (type === 'A') {
    do { out += String.fromCharCode(65 + (v % 26)); v -= 26; } while (v >= 0);
    return out;
  }
  for (let l = leading; l > 0 && v < 10 ** l; l--) out += '0';
  return out + String(v);
}

/** A Hexpost label token for a VASSAL coordinate, and the label number of a VASSAL value (null: none fits). */
function token(type: string, leading: number, axis: 'c' | 'r'): { text: string; value: (v: number) => number | null } {
  if (type === 'A') {
    // bijective letters agree with VASSAL's from A (0) to AA (26); BB (27) is AB for us
    return { text: axis === 'c' ? '{C}' : '{R}', value: (v) => (v >= 0 && v <= 26 ? v + 1 : null) };
  }
  const width = Math.min(9, leading + 1);
  return { text: width > 1 ? `{${axis}:${width}}` : `{${axis}}`, value: (v) => (v >= 0 ? v : null) };
}

function num(v: string | undefined, d: number): number {
  const n = Number(v);
  return v !== undefined && v !== '' && Number.isFinite(n) ? n : d;
}

/**
 * The cells whose centres lie in [0, u) × [0, v), at VASSAL's own whole-pixel centres (Java's
 * int casts: hexPointCenterFromRawIndex, SquareGridNumbering.getLocation), which is also where
 * VASSAL tests zones.
 */
function lattice(x0: number, y0: number, dx: number, dy: number, u: number, v: number, stagger: boolean) {
  const out: { c: number; r: number; a: number; b: number }[] = [];
  for (let c = Math.floor(-x0 / dx) - 1; c <= Math.ceil((u - x0) / dx) + 1; c++) {
    const a = Math.trunc(dx * c + x0);
    if (a < 0 || a >= u) continue;
    for (let r = Math.floor(-y0 / dy) - 2; r <= Math.ceil((v - y0) / dy) + 1; r++) {
      const b = stagger && c % 2 !== 0 ? Math.trunc(dy * r + Math.trunc(dy / 2) + y0) : Math.trunc(dy * r + y0);
      if (b >= 0 && b < v) out.push({ c, r, a, b });
    }
  }
  return out;
}

export function importHexGrid(grid: BuildElement, width: number, height: number, include: (x: number, y: number) => boolean): GridResult {
  const at = grid.attrs;
  const sideways = at.sideways === 'true';
  const x0 = num(at.x0, 0), y0 = num(at.y0, 32), dy = num(at.dy, 64), dx = num(at.dx, (Math.sqrt(3) / 2) * 64);
  if (!(dx > 0 && dy > 0)) return { error: `dx ${at.dx} / dy ${at.dy}: not a usable hex size` };
  const n = numbering(grid);
  // VASSAL works in a frame where raw columns run along u; sideways swaps screen x and y.
  const [u, v] = sideways ? [height, width] : [width, height];
  const maxRows = Math.floor(height / dx + 0.5), maxColumns = Math.floor(width / dy + 0.5);
  const colTok = token(n.hType, n.hLeading, sideways ? 'r' : 'c'), rowTok = token(n.vType, n.vLeading, sideways ? 'c' : 'r');
  if (/[{}]/.test(n.sep)) return { error: `numbering separator "${n.sep}" holds { or }` };
  const pattern = n.first === 'H' ? `${colTok.text}${n.sep}${rowTok.text}` : `${rowTok.text}${n.sep}${colTok.text}`;
  if ((!sideways && n.vDescend) || (sideways && n.hDescend)) return { error: 'the numbering descends along each line of hexes: Hexpost labels ascend along a section' };
  const notes: string[] = [];
  const cells: { c: number; r: number; x: number; y: number; colV: number; rowV: number; name: string }[] = [];
  let unnamed = 0;
  for (const p of lattice(x0, y0, dx, dy, u, v, true)) {
    const [x, y] = sideways ? [p.b, p.a] : [p.a, p.b];
    if (!include(x, y)) continue;
    let col = p.c, row = p.r;
    if (n.vDescend && sideways) col = maxRows - col;
    if (n.hDescend && !sideways) col = maxColumns - col;
    if (n.hDescend && sideways) row = maxColumns - row;
    if (n.vDescend && !sideways) row = maxRows - row;
    if (n.stagger && p.c % 2 !== 0) row += (sideways ? n.hDescend : n.vDescend) ? -1 : 1;
    const colV = colTok.value(col + n.hOff), rowV = rowTok.value(row + n.vOff);
    const name = n.first === 'H'
      ? `${vassalCoordinate(col + n.hOff, n.hType, n.hLeading)}${n.sep}${vassalCoordinate(row + n.vOff, n.vType, n.vLeading)}`
      : `${vassalCoordinate(row + n.vOff, n.vType, n.vLeading)}${n.sep}${vassalCoordinate(col + n.hOff, n.hType, n.hLeading)}`;
    if (colV === null || rowV === null) { unnamed++; continue; }
    cells.push({ c: p.c, r: p.r, x, y, colV, rowV, name });
  }
  if (unnamed) notes.push(`${unnamed} edge hexes whose VASSAL names (negative numbers, letters past AA) no Hexpost label pattern prints: left out`);
  if (!cells.length) return { error: 'no hex centre lies on the board' };
  const cmin = Math.min(...cells.map((k) => k.c)), rmin = Math.min(...cells.map((k) => k.r));
  // one run of consecutive raw rows per raw column is a section; neighbouring runs that continue
  // each other's numbering are one section
  const lines = new Map<number, typeof cells>();
  for (const k of cells) (lines.get(k.c) ?? lines.set(k.c, []).get(k.c)!).push(k);
  type Run = { c: number; r0: number; n: number; colV: number; rowV: number };
  const runs: Run[] = [];
  for (const c of [...lines.keys()].sort((a, b) => a - b)) {
    const line = lines.get(c)!.sort((a, b) => a.r - b.r);
    for (const k of line) {
      const last = runs.at(-1);
      if (last && last.c === c && k.r === last.r0 + last.n && k.rowV === last.rowV + last.n) last.n++;
      else runs.push({ c, r0: k.r, n: 1, colV: k.colV, rowV: k.rowV });
    }
  }
  type Block = Run & { cols: number };
  const blocks: Block[] = [];
  for (const run of runs) {
    const b = blocks.at(-1);
    if (b && run.c === b.c + b.cols && run.r0 === b.r0 && run.n === b.n && run.rowV === b.rowV && run.colV === b.colV + b.cols) b.cols++;
    else blocks.push({ ...run, cols: 1 });
  }
  if (blocks.length > 64) return { error: `${blocks.length} runs of hexes with their own numbering: more than the 64 sections a Hexpost board holds` };
  const sections: HexSectionSpec[] = blocks.map((b, i) => (sideways
    ? { id: `s${i + 1}`, origin: [b.r0 - rmin, b.c - cmin], columns: b.n, rows: b.cols, label: { pattern, firstColumn: b.rowV, firstRow: b.colV } }
    : { id: `s${i + 1}`, origin: [b.c - cmin, b.r0 - rmin], columns: b.cols, rows: b.n, label: { pattern, firstColumn: b.colV, firstRow: b.rowV } }));
  // VASSAL shifts odd raw columns (rows, sideways); Hexpost 'even' shifts odd global ones
  const shifted = Math.abs(cmin) % 2 === 0 ? 'even' : 'odd';
  const placement = sideways
    ? { x: pixelNumber(y0 + rmin * dy), y: pixelNumber(x0 + cmin * dx), dx: pixelNumber(dy), dy: pixelNumber(dx) }
    : { x: pixelNumber(x0 + cmin * dx), y: pixelNumber(y0 + rmin * dy), dx: pixelNumber(dx), dy: pixelNumber(dy) };
  const def = { kind: 'hex' as const, orientation: sideways ? 'pointy' as const : 'flat' as const, shifted: shifted as 'even' | 'odd', sections, placement };
  let board: HexBoard;
  try { board = new HexBoard(def); } catch (e) { return { error: `its numbering gives no valid Hexpost labels: ${(e as GeometryError).message}` }; }
  const byName = new Map(cells.map((k) => [k.name, k]));
  const out: GridCell[] = [];
  for (const label of board.labels()) {
    const k = byName.get(label);
    if (!k) return { error: `hex label ${label} is not a name VASSAL gives (numbering not mapped exactly)` };
    out.push({ label, x: k.x, y: k.y });
  }
  return { grid: def, cells: out, notes };
}

export function importSquareGrid(grid: BuildElement, width: number, height: number, include: (x: number, y: number) => boolean): GridResult {
  const at = grid.attrs;
  const x0 = num(at.x0, 24), y0 = num(at.y0, 24), dx = num(at.dx, 48), dy = num(at.dy, 48);
  if (!(dx > 0 && dy > 0)) return { error: `dx ${at.dx} / dy ${at.dy}: not a usable cell size` };
  const n = numbering(grid);
  if (n.hDescend || n.vDescend) return { error: 'descending numbering: Hexpost square labels ascend' };
  if (/[{}]/.test(n.sep)) return { error: `numbering separator "${n.sep}" holds { or }` };
  const colTok = token(n.hType, n.hLeading, 'c'), rowTok = token(n.vType, n.vLeading, 'r');
  const inside = lattice(x0, y0, dx, dy, width, height, false)
    .filter((p) => include(p.a, p.b) && colTok.value(p.c + n.hOff) !== null && rowTok.value(p.r + n.vOff) !== null);
  if (!inside.length) return { error: 'no cell centre lies on the board' };
  const cmin = Math.min(...inside.map((p) => p.c)), cmax = Math.max(...inside.map((p) => p.c));
  const rmin = Math.min(...inside.map((p) => p.r)), rmax = Math.max(...inside.map((p) => p.r));
  const notes: string[] = [];
  const columns = cmax - cmin + 1, rows = rmax - rmin + 1;
  if (inside.length !== columns * rows) notes.push(`${columns * rows - inside.length} cells of the rectangle lie outside the board or its zone: kept`);
  const pattern = n.first === 'H' ? `${colTok.text}${n.sep}${rowTok.text}` : `${rowTok.text}${n.sep}${colTok.text}`;
  const label = { pattern, firstColumn: colTok.value(cmin + n.hOff)!, firstRow: rowTok.value(rmin + n.vOff)! };
  const def = {
    kind: 'square' as const, columns, rows, diagonals: at.range !== 'Manhattan', label,
    placement: { x: pixelNumber(x0 + cmin * dx), y: pixelNumber(y0 + rmin * dy), dx: pixelNumber(dx), dy: pixelNumber(dy) },
  };
  let board: SquareBoard;
  try { board = new SquareBoard(def); } catch (e) { return { error: `its numbering gives no valid Hexpost labels: ${(e as GeometryError).message}` }; }
  const cells = board.labels().map((l) => {
    const { col, row } = board.cell(l);
    const c = col + cmin, r = row + rmin;
    const name = n.first === 'H'
      ? `${vassalCoordinate(c + n.hOff, n.hType, n.hLeading)}${n.sep}${vassalCoordinate(r + n.vOff, n.vType, n.vLeading)}`
      : `${vassalCoordinate(r + n.vOff, n.vType, n.vLeading)}${n.sep}${vassalCoordinate(c + n.hOff, n.hType, n.hLeading)}`;
    if (name !== l) throw new Error(`square grid: label ${l} differs from VASSAL's name ${name}`);
    return { label: l, x: Math.trunc(c * dx + x0), y: Math.trunc(r * dy + y0) };
  });
  return { grid: def, cells, notes };
}

export function isGridClass(el: BuildElement): boolean {
  return /^(HexGrid|SquareGrid)$/.test(shortClass(el.tag));
}

/** Even-odd point-in-polygon, as java.awt.Polygon decides it, for a zone's `path`. */
export function polygon(path: string): [number, number][] {
  return path.split(';').map((p) => p.split(',').map(Number)).filter((p) => p.length === 2 && p.every(Number.isFinite)) as [number, number][];
}

export function inPolygon(poly: readonly [number, number][], x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i]!, [xj, yj] = poly[j]!;
    if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
