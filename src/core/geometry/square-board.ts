// A square grid: labelled cells in one rectangle, with four neighbours (edges) or eight (edges and
// corners). Integer arithmetic only; pixels are in placement.ts. The rules are in docs/geometry.md.
import { GeometryError } from './errors.js';
import { LabelPattern } from './labels.js';
import type { SquareBoardSpec } from './spec.js';

export interface Cell { readonly col: number; readonly row: number }

/** One step of a square line: a cell, or a tie between two cells the line passes exactly between. */
export type SquareLineStep = { readonly cell: string | null } | { readonly either: readonly [string | null, string | null] };

/** Directions clockwise from north; with diagonals the corners come between the edges. */
export const SQUARE_EDGE_NAMES = ['N', 'E', 'S', 'W'] as const;
export const SQUARE_ALL_NAMES = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;
const STEP8: readonly Cell[] = [
  { col: 0, row: -1 }, { col: 1, row: -1 }, { col: 1, row: 0 }, { col: 1, row: 1 },
  { col: 0, row: 1 }, { col: -1, row: 1 }, { col: -1, row: 0 }, { col: -1, row: -1 },
];
const RESERVED = /[|/:\s]/;

export class SquareBoard {
  readonly columns: number;
  readonly rows: number;
  readonly diagonals: boolean;
  private readonly labelList: readonly string[];
  private readonly byLabel = new Map<string, Cell & { index: number }>();

  constructor(readonly spec: SquareBoardSpec) {
    for (const [name, v] of [['columns', spec.columns], ['rows', spec.rows]] as const) {
      if (!Number.isSafeInteger(v) || v < 1) throw new GeometryError(`square board: ${name} must be an integer ≥ 1, got ${v}`);
    }
    if (typeof spec.diagonals !== 'boolean') throw new GeometryError('square board: diagonals must be true or false');
    this.columns = spec.columns; this.rows = spec.rows; this.diagonals = spec.diagonals;
    const fc = spec.label?.firstColumn ?? 1, fr = spec.label?.firstRow ?? 1;
    for (const [name, v] of [['label.firstColumn', fc], ['label.firstRow', fr]] as const) {
      if (!Number.isSafeInteger(v) || v < 0) throw new GeometryError(`square board: ${name} must be an integer ≥ 0, got ${v}`);
    }
    if (typeof spec.label?.pattern !== 'string') throw new GeometryError('square board: label.pattern must be a string');
    const pattern = new LabelPattern(spec.label.pattern);
    const labels: string[] = [];
    for (let col = 0; col < spec.columns; col++) {
      for (let row = 0; row < spec.rows; row++) {
        const label = pattern.format(col + fc, row + fr);
        if (label === '' || RESERVED.test(label)) {
          throw new GeometryError(`square board: label "${label}" (column ${col + fc}, row ${row + fr}) is empty or holds a reserved character (| / : or white space)`);
        }
        if (pattern.readings(label, 2).length > 1) {
          throw new GeometryError(`square board: label pattern "${spec.label.pattern}" is ambiguous ("${label}" reads two ways); pad the numbers, use letters for one axis, or add a separator`);
        }
        if (this.byLabel.has(label)) throw new GeometryError(`square board: label "${label}" is used twice`);
        this.byLabel.set(label, { col, row, index: labels.length });
        labels.push(label);
      }
    }
    this.labelList = Object.freeze(labels);
  }

  get size(): number { return this.labelList.length; }

  /** Every label, column by column, then row: the order of labels(). */
  labels(): readonly string[] { return this.labelList; }

  has(label: string): boolean { return this.byLabel.has(label); }

  /** 0-based column and row of a cell. */
  cell(label: string): Cell {
    const c = this.byLabel.get(label);
    if (!c) throw new GeometryError(`no cell "${label}" on this board`);
    return { col: c.col, row: c.row };
  }

  labelAt(col: number, row: number): string | null {
    if (col < 0 || row < 0 || col >= this.columns || row >= this.rows) return null;
    return this.labelList[col * this.rows + row]!;
  }

  /** The direction names of this board: N E S W, or N NE E SE S SW W NW with diagonals. */
  directionNames(): readonly string[] { return this.diagonals ? SQUARE_ALL_NAMES : SQUARE_EDGE_NAMES; }

  /** Compass bearing of direction i: 90·i (edges only) or 45·i (with diagonals). */
  bearing(i: number): number {
    const n = this.directionNames().length;
    if (!Number.isInteger(i) || i < 0 || i >= n) throw new GeometryError(`direction must be an integer 0..${n - 1}, got ${i}`);
    return (360 / n) * i;
  }

  /** The cell beyond direction i (a number or a name), or null at the edge. */
  neighbour(label: string, dir: number | string): string | null {
    const names = this.directionNames();
    const i = typeof dir === 'number' ? dir : names.indexOf(dir.toUpperCase() as never);
    if (!Number.isInteger(i) || i < 0 || i >= names.length) throw new GeometryError(`direction must be 0..${names.length - 1} or one of ${names.join(' ')}, got ${dir}`);
    const c = this.cell(label), s = STEP8[this.diagonals ? i : 2 * i]!;
    return this.labelAt(c.col + s.col, c.row + s.row);
  }

  /** On-board neighbours in direction order. */
  neighbours(label: string): string[] {
    return this.directionNames().map((_n, i) => this.neighbour(label, i)).filter((n): n is string => n !== null);
  }

  /** Direction index from a to b when they are neighbours, else null. */
  direction(a: string, b: string): number | null {
    const p = this.cell(a), q = this.cell(b);
    const i = STEP8.findIndex((s) => s.col === q.col - p.col && s.row === q.row - p.row);
    if (i < 0 || (!this.diagonals && i % 2 === 1)) return null;
    return this.diagonals ? i : i / 2;
  }

  adjacent(a: string, b: string): boolean { return this.direction(a, b) !== null; }

  /** Steps between two cells: |Δc| + |Δr| without diagonals, max(|Δc|, |Δr|) with them. */
  distance(a: string, b: string): number {
    const p = this.cell(a), q = this.cell(b);
    const dc = Math.abs(p.col - q.col), dr = Math.abs(p.row - q.row);
    return this.diagonals ? Math.max(dc, dr) : dc + dr;
  }

  /** Every cell at distance ≤ range (itself included), by distance, then labels() order. */
  within(label: string, range: number): string[] {
    if (!Number.isSafeInteger(range) || range < 0) throw new GeometryError(`range must be an integer ≥ 0, got ${range}`);
    const c = this.cell(label);
    const found: { label: string; d: number; i: number }[] = [];
    for (let col = Math.max(0, c.col - range); col <= Math.min(this.columns - 1, c.col + range); col++) {
      for (let row = Math.max(0, c.row - range); row <= Math.min(this.rows - 1, c.row + range); row++) {
        const l = this.labelAt(col, row)!;
        const d = this.distance(label, l);
        if (d <= range) found.push({ label: l, d, i: col * this.rows + row });
      }
    }
    return found.sort((x, y) => x.d - y.d || x.i - y.i).map((x) => x.label);
  }

  /** The edge between two cells that share one ("B02|B03", labels sorted by code units). */
  edge(a: string, b: string): string {
    const d = this.direction(a, b);
    const p = this.cell(a), q = this.cell(b);
    if (d === null || (p.col !== q.col && p.row !== q.row)) throw new GeometryError(`cells ${a} and ${b} share no edge`);
    return a < b ? `${a}|${b}` : `${b}|${a}`;
  }

  /**
   * The cells nearest to the points of the segment between two centres, sampled at
   * a + (b − a)·i/N, N = max(|Δcol|, |Δrow|), endpoints included; exact in integers. A sample
   * exactly between two cells is a tie (`either`, on-board labels by code units, off-board last).
   */
  line(a: string, b: string): SquareLineStep[] {
    const p = this.cell(a), q = this.cell(b);
    const dc = q.col - p.col, dr = q.row - p.row, n = Math.max(Math.abs(dc), Math.abs(dr));
    if (n === 0) return [{ cell: a }];
    const steps: SquareLineStep[] = [];
    for (let i = 0; i <= n; i++) {
      const pc = n * p.col + dc * i, pr = n * p.row + dr * i; // the sample, scaled by n
      const [c0, c1] = nearest(pc, n), [r0, r1] = nearest(pr, n);
      if (c0 === c1 && r0 === r1) { steps.push({ cell: this.labelAt(c0, r0) }); continue; }
      const x = this.labelAt(c0, r0), y = this.labelAt(c1, r1);
      steps.push({ either: x === null ? [y, x] : y === null ? [x, y] : x < y ? [x, y] : [y, x] });
    }
    return steps;
  }
}

/** The nearest integers to v/n (n > 0): one, or two at an exact half. */
function nearest(v: number, n: number): [number, number] {
  const lo = Math.floor(v / n), rem = v - lo * n;
  if (2 * rem < n) return [lo, lo];
  if (2 * rem > n) return [lo + 1, lo + 1];
  return [lo, lo + 1];
}
