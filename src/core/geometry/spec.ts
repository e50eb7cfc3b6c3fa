// The geometry part of a board definition, exactly as the module schema passes it in.

export type Orientation = 'flat' | 'pointy';
export type Shifted = 'even' | 'odd';

export interface HexBoardSpec {
  /** flat-topped hexes in columns (columns are offset), or pointy-topped in rows (rows are offset) */
  orientation: Orientation;
  /** which global columns (flat) or rows (pointy), counted from 1, sit half a hex lower / further right */
  shifted: Shifted;
  /** one or more map sections joined into one board; they must not overlap */
  sections: HexSectionSpec[];
}

export interface HexSectionSpec {
  id: string;
  /** global column and row (0-based) of the section's top-left hex */
  origin: [number, number];
  columns: number;
  rows: number;
  /** label column = (global col − origin col) + firstColumn; the same for rows. Both default to 1. */
  label: { pattern: string; firstColumn?: number; firstRow?: number };
}

/** A square grid: one rectangle of cells, with or without diagonal moves (docs/geometry.md). */
export interface SquareBoardSpec {
  columns: number;
  rows: number;
  /** true: the eight neighbours touch (distance is the larger of |Δcol|, |Δrow|); false: the four edges do */
  diagonals: boolean;
  /** label column = col + firstColumn, label row = row + firstRow (0-based col, row); both default to 1 */
  label: { pattern: string; firstColumn?: number; firstRow?: number };
}
