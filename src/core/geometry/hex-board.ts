// A hex board: one or more rectangular sections on one global offset grid, with the labels
// printed on the map. Labels are the public names of hexes (commands, events, module files);
// cube coordinates are the internal frame for distance, direction and lines.
import { cube, cubeAdd, cubeDistance, cubeKey, type Cube } from './cube.js';
import { directionBetween, directionSteps, parseDirection, sideName, sideNames, vertexBearing, type Direction } from './directions.js';
import { GeometryError } from './errors.js';
import { edgeHexsideId, hexsideId } from './hexside.js';
import { LabelPattern } from './labels.js';
import { boundsOf, pixelCenter, towardBearing, type Bounds, type Point } from './layout.js';
import { cubeLine } from './line.js';
import { cubeToOffset, offsetToCube, type Offset } from './offset.js';
import type { HexBoardSpec, HexSectionSpec, Orientation, Shifted } from './spec.js';

/**
 * One step of a line. `hex` is null where the line crosses a cell that is not on the board.
 * A tie (the line runs exactly along a hexside) gives both cells in `either`, on-board labels
 * sorted by code units (the hexside id order), an off-board cell (null) last; `side` is the id of
 * the hexside the line runs along (null only if both cells are off the board).
 */
export type LineStep =
  | { readonly hex: string | null }
  | { readonly either: readonly [string | null, string | null]; readonly side: string | null };

interface HexRecord {
  readonly label: string;
  readonly section: string;
  readonly offset: Offset;
  readonly cube: Cube;
  readonly index: number; // position in labels() order
}

// Characters reserved by hexside ids and their text forms.
const RESERVED = /[|/:\s]/;

export class HexBoard {
  readonly orientation: Orientation;
  readonly shifted: Shifted;
  private readonly records: HexRecord[] = [];
  private readonly byLabel = new Map<string, HexRecord>();
  private readonly byKey = new Map<string, HexRecord>();
  private readonly sectionSpecs: readonly HexSectionSpec[];
  private readonly labelList: readonly string[];

  constructor(readonly spec: HexBoardSpec) {
    this.orientation = spec.orientation;
    this.shifted = spec.shifted;
    if (spec.orientation !== 'flat' && spec.orientation !== 'pointy') {
      throw new GeometryError(`board orientation must be "flat" or "pointy", got ${JSON.stringify(spec.orientation)}`);
    }
    if (spec.shifted !== 'even' && spec.shifted !== 'odd') {
      throw new GeometryError(`board shifted must be "even" or "odd", got ${JSON.stringify(spec.shifted)}`);
    }
    if (!Array.isArray(spec.sections) || spec.sections.length === 0) throw new GeometryError('a hex board needs at least one section');
    this.sectionSpecs = spec.sections;
    const sectionIds = new Set<string>();
    const byOffset = new Map<string, HexRecord>();
    for (const [si, s] of spec.sections.entries()) {
      const where = `section ${si + 1}${typeof s.id === 'string' ? ` ("${s.id}")` : ''}`;
      if (typeof s.id !== 'string' || s.id === '') throw new GeometryError(`${where}: id must be a non-empty string`);
      if (sectionIds.has(s.id)) throw new GeometryError(`${where}: duplicate section id "${s.id}"`);
      sectionIds.add(s.id);
      const [oc, or] = s.origin ?? [];
      for (const [name, v, min] of [['origin column', oc, 0], ['origin row', or, 0], ['columns', s.columns, 1], ['rows', s.rows, 1]] as const) {
        if (!Number.isSafeInteger(v) || (v as number) < min) throw new GeometryError(`${where}: ${name} must be an integer ≥ ${min}, got ${v}`);
      }
      const fc = s.label?.firstColumn ?? 1, fr = s.label?.firstRow ?? 1;
      for (const [name, v] of [['label.firstColumn', fc], ['label.firstRow', fr]] as const) {
        if (!Number.isSafeInteger(v) || v < 0) throw new GeometryError(`${where}: ${name} must be an integer ≥ 0, got ${v}`);
      }
      if (typeof s.label?.pattern !== 'string') throw new GeometryError(`${where}: label.pattern must be a string`);
      let pattern: LabelPattern;
      try { pattern = new LabelPattern(s.label.pattern); } catch (e) { throw new GeometryError(`${where}: ${(e as Error).message}`); }
      // Column-major within a section: the order hexes are numbered on a printed wargame map.
      for (let c = 0; c < s.columns; c++) {
        for (let r = 0; r < s.rows; r++) {
          const offset = { col: oc! + c, row: or! + r };
          const lc = c + fc, lr = r + fr;
          let label: string;
          try { label = pattern.format(lc, lr); } catch (e) { throw new GeometryError(`${where}: ${(e as Error).message}`); }
          if (label === '' || RESERVED.test(label)) {
            throw new GeometryError(`${where}: label "${label}" (column ${lc}, row ${lr}) is empty or holds a reserved character (| / : or white space)`);
          }
          const readings = pattern.readings(label, 2);
          if (readings.length > 1) {
            const [x, y] = readings as [typeof readings[0], typeof readings[0]];
            throw new GeometryError(
              `${where}: label pattern "${s.label.pattern}" is ambiguous: "${label}" reads as column ${x.c} row ${x.r} or column ${y.c} row ${y.r}; pad both numbers to a width that fits the board ({c:2}{r:2} up to 99, {c:3}{r:3} beyond), use letters for one of them, or put a separator between them`,
            );
          }
          const okey = `${offset.col},${offset.row}`;
          const overlap = byOffset.get(okey);
          if (overlap) {
            throw new GeometryError(`${where} overlaps section "${overlap.section}" at global column ${offset.col}, row ${offset.row} (hexes ${overlap.label} and ${label})`);
          }
          const dup = this.byLabel.get(label);
          if (dup) {
            throw new GeometryError(`label "${label}" is used twice: in section "${dup.section}" and in section "${s.id}"; labels must be unique across the board (add a section prefix or continue the numbering)`);
          }
          const rec: HexRecord = { label, section: s.id, offset, cube: offsetToCube(this.orientation, this.shifted, offset), index: this.records.length };
          this.records.push(rec);
          this.byLabel.set(label, rec);
          this.byKey.set(cubeKey(rec.cube), rec);
          byOffset.set(okey, rec);
        }
      }
    }
    this.labelList = Object.freeze(this.records.map((r) => r.label));
  }

  /** Number of hexes on the board. */
  get size(): number { return this.records.length; }

  /** Every label: by section (spec order), then column, then row. */
  labels(): readonly string[] { return this.labelList; }

  sections(): readonly HexSectionSpec[] { return this.sectionSpecs; }

  has(label: string): boolean { return this.byLabel.has(label); }

  private rec(label: string): HexRecord {
    const r = this.byLabel.get(label);
    if (!r) throw new GeometryError(`no hex "${label}" on this board`);
    return r;
  }

  /** Cube coordinates of a hex. */
  coord(label: string): Cube { return this.rec(label).cube; }

  /** Global offset coordinates (0-based column and row over all sections). */
  offset(label: string): Offset { return this.rec(label).offset; }

  /** Id of the section the hex belongs to. */
  section(label: string): string { return this.rec(label).section; }

  /** Label of the hex at cube coordinates, or null when that cell is not on the board. */
  labelAt(c: Cube): string | null { return this.byKey.get(cubeKey(c))?.label ?? null; }

  /** Label of the hex at global offset coordinates, or null when that cell is not on the board. */
  labelAtOffset(col: number, row: number): string | null {
    return this.labelAt(offsetToCube(this.orientation, this.shifted, { col, row }));
  }

  /** The hex beyond hexside `dir` (0..5 or a side name), or null at the board edge. */
  neighbour(label: string, dir: number | string): string | null {
    const d = parseDirection(this.orientation, dir);
    return this.labelAt(cubeAdd(this.rec(label).cube, directionSteps(this.orientation)[d]!));
  }

  /** Neighbours on the board, in direction order 0..5. */
  neighbours(label: string): string[] {
    const c = this.rec(label).cube;
    const out: string[] = [];
    for (const step of directionSteps(this.orientation)) {
      const n = this.labelAt(cubeAdd(c, step));
      if (n !== null) out.push(n);
    }
    return out;
  }

  /** Direction 0..5 from a to b when they are adjacent, else null. */
  direction(a: string, b: string): Direction | null {
    return directionBetween(this.orientation, this.rec(a).cube, this.rec(b).cube);
  }

  adjacent(a: string, b: string): boolean { return this.direction(a, b) !== null; }

  /** Distance in hexes, counted across the whole grid (gaps between sections are not detours). */
  distance(a: string, b: string): number { return cubeDistance(this.rec(a).cube, this.rec(b).cube); }

  /** Every board hex at distance ≤ range from label (itself included), by distance, then labels() order. */
  within(label: string, range: number): string[] {
    if (!Number.isSafeInteger(range) || range < 0) throw new GeometryError(`range must be an integer ≥ 0, got ${range}`);
    const c = this.rec(label).cube;
    let found: HexRecord[];
    if (1 + 3 * range * (range + 1) < this.records.length) {
      found = [];
      for (let dq = -range; dq <= range; dq++) {
        for (let dr = Math.max(-range, -dq - range); dr <= Math.min(range, -dq + range); dr++) {
          const r = this.byKey.get(cubeKey(cube(c.q + dq, c.r + dr)));
          if (r) found.push(r);
        }
      }
    } else {
      found = this.records.filter((r) => cubeDistance(c, r.cube) <= range);
    }
    return found
      .map((r) => ({ r, d: cubeDistance(c, r.cube) }))
      .sort((x, y) => x.d - y.d || x.r.index - y.r.index)
      .map((x) => x.r.label);
  }

  /** Canonical id of the hexside between two adjacent hexes ("0303|0304"); throws if not adjacent. */
  hexside(a: string, b: string): string {
    if (this.direction(a, b) === null) throw new GeometryError(`hexes ${a} and ${b} are not adjacent, so they share no hexside`);
    return hexsideId(a, b);
  }

  /** Canonical id of hexside `dir` of a hex: the pair form, or "<label>:<DIRNAME>" at the board edge. */
  hexsideAt(label: string, dir: number | string): string {
    const d = parseDirection(this.orientation, dir);
    const n = this.neighbour(label, d);
    return n === null ? edgeHexsideId(label, sideName(this.orientation, d)) : hexsideId(label, n);
  }

  /** The six hexside ids of a hex, in direction order. */
  hexsidesOf(label: string): string[] {
    this.rec(label);
    return [0, 1, 2, 3, 4, 5].map((d) => this.hexsideAt(label, d));
  }

  /** The hexes on a hexside id: [a, b] for a pair (id order), [a] for a board-edge side. */
  hexsideHexes(id: string): [string, string] | [string] {
    const pair = id.split('|');
    if (pair.length === 2 && hexsideId(pair[0]!, pair[1]!) === id && this.has(pair[0]!) && this.has(pair[1]!) && this.adjacent(pair[0]!, pair[1]!)) {
      return [pair[0]!, pair[1]!];
    }
    const edge = /^(.+):([A-Z]+)$/.exec(id);
    if (edge && this.has(edge[1]!) && sideNames(this.orientation).includes(edge[2]!) && this.hexsideAt(edge[1]!, edge[2]!) === id) {
      return [edge[1]!];
    }
    throw new GeometryError(`"${id}" is not a canonical hexside id on this board (use parseHexside for free-form text)`);
  }

  /** Exact line of hexes from a to b, endpoints included; see LineStep for ties. */
  line(a: string, b: string): LineStep[] {
    return cubeLine(this.rec(a).cube, this.rec(b).cube).map((step): LineStep => {
      if ('cell' in step) return { hex: this.labelAt(step.cell) };
      const [x, y] = step.either;
      const lx = this.labelAt(x), ly = this.labelAt(y);
      if (lx !== null && ly !== null) return { either: lx < ly ? [lx, ly] : [ly, lx], side: hexsideId(lx, ly) };
      if (lx === null && ly === null) return { either: [null, null], side: null };
      const [on, off] = lx !== null ? [x, y] : [y, x];
      const onLabel = (lx ?? ly)!;
      const d = directionBetween(this.orientation, on, off)!;
      return { either: [onLabel, null], side: edgeHexsideId(onLabel, sideName(this.orientation, d)) };
    });
  }

  /** Pixel centre of a hex; size = centre-to-corner distance. */
  center(label: string, size: number): Point {
    return pixelCenter(this.orientation, this.shifted, this.rec(label).offset, size);
  }

  /** Pixel corners of a hex, vertex 0..5 in order (vertex i at vertexBearing(orientation, i)). */
  corners(label: string, size: number): Point[] {
    const c = this.center(label, size);
    return [0, 1, 2, 3, 4, 5].map((i) => towardBearing(c, vertexBearing(this.orientation, i), size));
  }

  /** Pixel box covering every hex of the board. */
  bounds(size: number): Bounds {
    return boundsOf(this.records.flatMap((r) => this.corners(r.label, size)));
  }

  /** Global offset coordinates of any cube cell, on the board or not (for diagnostics and layout). */
  offsetOf(c: Cube): Offset { return cubeToOffset(this.orientation, this.shifted, c); }
}
