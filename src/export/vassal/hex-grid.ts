// A hex board as VASSAL grids (reference §2.3 HexGrid/HexGridNumbering, geometry and numbering
// notes): where the grid sits on the picture and how its numbering prints the module's labels.
// VASSAL numbers one grid as <col><sep><row> with padding and offsets, inside a locationFormat
// that may add a prefix and suffix; a pointy ("sideways") grid runs in transposed coordinates,
// so there VASSAL's "column" is our row. Sections numbered as one map share one HexGrid; sections
// with their own numbering each get a Zone with its own HexGrid inside a ZonedGrid.
import { LabelPattern } from '../../core/geometry/labels.js';
import type { HexSectionSpec } from '../../core/geometry/spec.js';
import type { HexBoardDef } from '../../core/module/schema.js';
import type { BoardFrame } from '../board-svg.js';

export type Attrs = Record<string, string>;

export interface VassalHexGrid { grid: Attrs; numbering?: Attrs }
export interface VassalZone { name: string; path: string; hexGrid: VassalHexGrid }
export type VassalBoardGrid = { kind: 'hex'; hexGrid: VassalHexGrid } | { kind: 'zoned'; zones: VassalZone[] };

export interface GridPlan { grid: VassalBoardGrid; notes: string[] }

export function vassalHexGrid(board: HexBoardDef, frame: BoardFrame): GridPlan {
  const notes: string[] = [];
  const perSection = board.sections.map((s) => sectionGrid(board, frame, s, notes));
  const same = perSection.every((g) => JSON.stringify(g) === JSON.stringify(perSection[0]));
  if (same) return { grid: { kind: 'hex', hexGrid: perSection[0]! }, notes };
  return {
    grid: { kind: 'zoned', zones: board.sections.map((s, i) => ({ name: s.id, path: sectionPath(board, frame, s), hexGrid: perSection[i]! })) },
    notes,
  };
}

/** 1 when the board's shifted columns/rows are the 0-based even ones: VASSAL shifts odd raw ones. */
function rawShift(board: HexBoardDef): number { return board.shifted === 'odd' ? 1 : 0; }

function sectionGrid(board: HexBoardDef, frame: BoardFrame, s: HexSectionSpec, notes: string[]): VassalHexGrid {
  const size = frame.hexSize;
  const k = rawShift(board);
  const flat = board.orientation === 'flat';
  // Centre of VASSAL's raw (0,0): global column -k (flat) or row -k (pointy).
  const o = flat ? frame.cell(-k, 0) : frame.cell(0, -k);
  const grid: Attrs = {
    sideways: String(!flat),
    x0: String(Math.round(flat ? o.x : o.y)),
    y0: String(Math.round(flat ? o.y : o.x)),
    dx: String(1.5 * size),
    dy: String(Math.sqrt(3) * size),
    snapTo: 'true', edgesLegal: 'false', cornersLegal: 'false', visible: 'false', dotsVisible: 'false', color: '0,0,0',
  };
  const numbering = sectionNumbering(board, s, k);
  if (typeof numbering === 'string') {
    notes.push(`board ${board.id} section ${s.id}: ${numbering}; the VASSAL grid has no numbering there`);
    return { grid };
  }
  return { grid, numbering };
}

function sectionNumbering(board: HexBoardDef, s: HexSectionSpec, k: number): Attrs | string {
  const parts = new LabelPattern(s.label.pattern).parts;
  const fields = parts.flatMap((p, i) => (p.kind === 'field' ? [{ p, i }] : []));
  if (fields.length !== 2 || fields[0]!.p.axis === fields[1]!.p.axis) return `label pattern "${s.label.pattern}" is not one column and one row number`;
  const [f1, f2] = fields as [typeof fields[0] & object, typeof fields[0] & object];
  if (f2.i - f1.i > 2) return `label pattern "${s.label.pattern}" has more than one separator`;
  const lit = (i: number) => { const p = parts[i]; return p && p.kind === 'literal' ? p.text : ''; };
  const prefix = f1.i === 1 ? lit(0) : '';
  const sep = f2.i === f1.i + 2 ? lit(f1.i + 1) : '';
  const suffix = lit(f2.i + 1);
  if ((prefix + sep + suffix).includes('$')) return 'a "$" in the label pattern cannot be written in a VASSAL location format';
  const flat = board.orientation === 'flat';
  const fc = s.label.firstColumn ?? 1, fr = s.label.firstRow ?? 1;
  const [oc, or] = s.origin;
  // VASSAL value = raw index + offset; our label = global index − section origin + first.
  const colOff = flat ? fc - oc - k : fc - oc;
  const rowOff = flat ? fr - or : fr - or - k;
  const axisOf = (axis: 'c' | 'r'): 'h' | 'v' => ((axis === 'c') === flat ? 'h' : 'v');
  const attrs: Attrs = {
    first: axisOf(f1.p.axis) === 'h' ? 'H' : 'V', sep,
    hType: 'N', hLeading: '0', hOff: '0', hDescend: 'false',
    vType: 'N', vLeading: '0', vOff: '0', vDescend: 'false',
    locationFormat: `${prefix}$gridLocation$${suffix}`,
    visible: 'false', fontSize: '9', color: '0,0,0', rotateText: '0', hDrawOff: '0', vDrawOff: '0', stagger: 'false',
  };
  for (const { p } of fields) {
    const a = axisOf(p.axis);
    const off = p.axis === 'c' ? colOff : rowOff;
    attrs[`${a}Type`] = p.letters ? 'A' : 'N';
    attrs[`${a}Leading`] = String(p.letters ? 0 : p.width - 1);
    attrs[`${a}Off`] = String(p.letters ? off - 1 : off);
  }
  return attrs;
}

/**
 * A section's outline for its Zone: the union of one strip per column (flat) or row (pointy),
 * each reaching half a step beyond its end hexes, so every hex centre of the section is inside
 * and every centre of a neighbouring section outside.
 */
function sectionPath(board: HexBoardDef, frame: BoardFrame, s: HexSectionSpec): string {
  const size = frame.hexSize;
  const flat = board.orientation === 'flat';
  const half = (Math.sqrt(3) / 2) * size, across = 0.75 * size;
  const [oc, or] = s.origin;
  const strips = flat ? s.columns : s.rows;
  const top: [number, number][] = [], bottom: [number, number][] = [];
  for (let i = 0; i < strips; i++) {
    const first = flat ? frame.cell(oc + i, or) : frame.cell(oc, or + i);
    const last = flat ? frame.cell(oc + i, or + s.rows - 1) : frame.cell(oc + s.columns - 1, or + i);
    // (u, v): u across the strips, v along them; screen (x, y) for flat, (y, x) for pointy.
    const u = flat ? first.x : first.y;
    const v0 = (flat ? first.y : first.x) - half, v1 = (flat ? last.y : last.x) + half;
    top.push([u - across, v0], [u + across, v0]);
    bottom.unshift([u + across, v1], [u - across, v1]);
  }
  return [...top, ...bottom]
    .map(([u, v]) => (flat ? [u, v] : [v, u]))
    .map(([x, y]) => `${Math.round(x!)},${Math.round(y!)}`)
    .join(';');
}
