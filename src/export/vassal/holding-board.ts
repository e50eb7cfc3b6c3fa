// The "Boxes and tracks" board of a VASSAL export: every box, every side's hand and every track
// position of the module drawn as a labelled cell, each cell a Region of a RegionGrid, so pieces
// dropped there snap to it and VASSAL names their location. VASSAL has no boxes or tracks of its
// own (docs/vassal-export.md says how they map).
import type { ModuleData } from '../../core/module/schema.js';
import { esc, num, svgDocument } from '../svg.js';

export const HOLDING_MAP = 'Boxes and tracks';

export interface HoldingCell {
  /** the engine's location id: a box id, "<track>@<n>" or "hand:<side>" */
  location: string;
  /** the Region's name (the location name VASSAL shows) */
  region: string;
  x: number; y: number; width: number; height: number;
  label: string;
}

export interface HoldingBoard { width: number; height: number; cells: HoldingCell[]; svg: string }

const MARGIN = 20, BOX_W = 240, BOX_H = 130, CELL = 56, PER_ROW = 20, TITLE = 24;

/** The board's layout and picture, or undefined when the module has no boxes, tracks or hands to hold. */
export function holdingBoard(data: ModuleData): HoldingBoard | undefined {
  const boxes = [
    ...data.boxes.map((b) => ({ location: b.id, name: b.name })),
    ...(data.decks.length ? data.sides.map((s) => ({ location: `hand:${s.id}`, name: `${s.name} hand` })) : []),
  ];
  if (!boxes.length && !data.tracks.length) return undefined;
  const cells: HoldingCell[] = [];
  const perLine = Math.max(1, Math.floor((PER_ROW * CELL) / (BOX_W + MARGIN)));
  const width = MARGIN * 2 + Math.max(PER_ROW * CELL, Math.min(boxes.length, perLine) * (BOX_W + MARGIN) - MARGIN);
  let y = MARGIN;
  boxes.forEach((b, i) => {
    const col = i % perLine;
    if (i && !col) y += BOX_H + MARGIN;
    cells.push({ location: b.location, region: b.name, x: MARGIN + col * (BOX_W + MARGIN), y, width: BOX_W, height: BOX_H, label: b.name });
  });
  if (boxes.length) y += BOX_H + MARGIN;
  const titles: { text: string; y: number }[] = [];
  for (const t of data.tracks) {
    titles.push({ text: t.name, y: y + TITLE - 6 });
    y += TITLE;
    const n = t.max - t.min + 1;
    for (let k = 0; k < n; k++) {
      const v = t.min + k;
      const label = t.labels?.[String(v)] ?? String(v);
      cells.push({
        location: `${t.id}@${v}`, region: `${t.name} ${v}`, label,
        x: MARGIN + (k % PER_ROW) * CELL, y: y + Math.floor(k / PER_ROW) * CELL, width: CELL, height: CELL,
      });
    }
    y += Math.ceil(n / PER_ROW) * CELL + MARGIN;
  }
  const height = y;
  let body = `<rect x="0" y="0" width="${num(width)}" height="${num(height)}" fill="#eeeae0"/>\n`;
  for (const c of cells) {
    const small = c.width === CELL;
    body += `<rect x="${num(c.x + 0.5)}" y="${num(c.y + 0.5)}" width="${num(c.width - 1)}" height="${num(c.height - 1)}" fill="#fbf8ef" stroke="#444444"/>\n`;
    body += `<text x="${num(c.x + (small ? c.width / 2 : 8))}" y="${num(c.y + (small ? 14 : 18))}" font-size="${small ? 10 : 13}"${small ? ' text-anchor="middle"' : ''} fill="#222222">${esc(c.label.slice(0, small ? 8 : 34))}</text>\n`;
  }
  for (const t of titles) body += `<text x="${MARGIN}" y="${num(t.y)}" font-size="14" font-weight="bold" fill="#222222">${esc(t.text)}</text>\n`;
  return { width, height, cells, svg: svgDocument(width, height, body) };
}

/** Centre of a cell: where pieces held there are put. */
export function cellCentre(c: HoldingCell): { x: number; y: number } {
  return { x: Math.round(c.x + c.width / 2), y: Math.round(c.y + c.height / 2 + (c.width === CELL ? 6 : 10)) };
}
