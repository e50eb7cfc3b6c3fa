// Hexside ids. Terrain and features live on hexsides too (rivers, bridges, slopes), so a side
// needs one canonical name: the two labels sorted by UTF-16 code units and joined with "|"
// ("0303|0304"); a board-edge side with no hex beyond is "<label>:<DIRNAME>" ("0101:N").
import { sideNames } from './directions.js';
import { GeometryError } from './errors.js';
import type { HexBoard } from './hex-board.js';

export function hexsideId(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

export function edgeHexsideId(label: string, dirName: string): string {
  return `${label}:${dirName}`;
}

/**
 * Reads "0303|0304", "0304|0303", "0303/0304" or "0101:N" (a direction name in any case, or 0..5)
 * and returns the canonical id. "0303:S" where a hex lies beyond is accepted and returned as the
 * pair form. Throws a GeometryError saying what is wrong.
 */
export function parseHexside(board: HexBoard, text: string): string {
  const t = text.trim();
  const pair = /^([^|/:]+)[|/]([^|/:]+)$/.exec(t);
  if (pair) {
    const a = pair[1]!.trim(), b = pair[2]!.trim();
    for (const l of [a, b]) if (!board.has(l)) throw new GeometryError(`hexside "${text}": no hex "${l}" on this board`);
    if (!board.adjacent(a, b)) throw new GeometryError(`hexside "${text}": hexes ${a} and ${b} are not adjacent`);
    return hexsideId(a, b);
  }
  const edge = /^([^|/:]+):([^|/:]+)$/.exec(t);
  if (edge) {
    const label = edge[1]!.trim();
    if (!board.has(label)) throw new GeometryError(`hexside "${text}": no hex "${label}" on this board`);
    return board.hexsideAt(label, edge[2]!.trim());
  }
  throw new GeometryError(
    `"${text}" is not a hexside (expected "A|B" or "A/B" with two adjacent hexes, or "A:DIR" with DIR one of ${sideNames(board.orientation).join(' ')})`,
  );
}
