// Boards shared by the geometry tests: both orientations, both shifts, letters, several sections.
import { HexBoard, type HexBoardSpec } from '../../../src/core/geometry/index.js';

export const SKIRMISH: HexBoardSpec = {
  orientation: 'flat', shifted: 'even',
  sections: [{ id: 'map', origin: [0, 0], columns: 10, rows: 10, label: { pattern: '{c:2}{r:2}' } }],
};

/** Four 6×5 sections in a 2×2 arrangement, each with its own prefix. */
export const QUAD_PREFIXED: HexBoardSpec = {
  orientation: 'flat', shifted: 'odd',
  sections: [
    { id: 'A', origin: [0, 0], columns: 6, rows: 5, label: { pattern: 'A{c:2}{r:2}' } },
    { id: 'B', origin: [6, 0], columns: 6, rows: 5, label: { pattern: 'B{c:2}{r:2}' } },
    { id: 'C', origin: [0, 5], columns: 6, rows: 5, label: { pattern: 'C{c:2}{r:2}' } },
    { id: 'D', origin: [6, 5], columns: 6, rows: 5, label: { pattern: 'D{c:2}{r:2}' } },
  ],
};

/** The same arrangement numbered continuously, as if one printed map: 0101..1210. */
export const QUAD_CONTINUOUS: HexBoardSpec = {
  orientation: 'flat', shifted: 'even',
  sections: [
    { id: 'NW', origin: [0, 0], columns: 6, rows: 5, label: { pattern: '{c:2}{r:2}' } },
    { id: 'NE', origin: [6, 0], columns: 6, rows: 5, label: { pattern: '{c:2}{r:2}', firstColumn: 7 } },
    { id: 'SW', origin: [0, 5], columns: 6, rows: 5, label: { pattern: '{c:2}{r:2}', firstRow: 6 } },
    { id: 'SE', origin: [6, 5], columns: 6, rows: 5, label: { pattern: '{c:2}{r:2}', firstColumn: 7, firstRow: 6 } },
  ],
};

/** Letter columns past Z (A..Z, AA..AD), pointy and odd. */
export const LETTERS_POINTY: HexBoardSpec = {
  orientation: 'pointy', shifted: 'odd',
  sections: [{ id: 'main', origin: [0, 0], columns: 30, rows: 4, label: { pattern: '{C}{r}' } }],
};

/** Pointy, even, rows-first labels, origin away from 0. */
export const POINTY_EVEN: HexBoardSpec = {
  orientation: 'pointy', shifted: 'even',
  sections: [{ id: 'p', origin: [3, 2], columns: 9, rows: 8, label: { pattern: '{r:2}.{c:2}', firstColumn: 0, firstRow: 0 } }],
};

/** Pointy, odd, two prefixed sections side by side. */
export const POINTY_PAIR: HexBoardSpec = {
  orientation: 'pointy', shifted: 'odd',
  sections: [
    { id: 'W', origin: [0, 0], columns: 5, rows: 7, label: { pattern: 'W{c}{r}' } },
    { id: 'E', origin: [5, 0], columns: 5, rows: 7, label: { pattern: 'E{c}{r}' } },
  ],
};

/** An L-shaped board with a notch: lines may leave the board. */
export const L_SHAPE: HexBoardSpec = {
  orientation: 'flat', shifted: 'odd',
  sections: [
    { id: 'top', origin: [0, 0], columns: 8, rows: 3, label: { pattern: 'T{c}-{r}' } },
    { id: 'leg', origin: [0, 3], columns: 3, rows: 6, label: { pattern: 'L{c}-{r}' } },
  ],
};

/** A big board for interior properties. */
export const BIG: HexBoardSpec = {
  orientation: 'pointy', shifted: 'even',
  sections: [{ id: 'big', origin: [0, 0], columns: 25, rows: 25, label: { pattern: '{c:2}{r:2}' } }],
};

export const ALL: Record<string, HexBoardSpec> = {
  SKIRMISH, QUAD_PREFIXED, QUAD_CONTINUOUS, LETTERS_POINTY, POINTY_EVEN, POINTY_PAIR, L_SHAPE,
};

export function board(spec: HexBoardSpec): HexBoard { return new HexBoard(spec); }

/** Small deterministic generator (no Math.random in this project, tests included). */
export function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; return s; };
}
