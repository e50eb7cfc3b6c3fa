// VASSAL maps and boards as Hexpost boards (docs/vassal-import.md): a RegionGrid — or the
// RegionGrids and grid-less zones of a ZonedGrid — becomes a point-to-point board on the board's
// own picture at its own pixels; a HexGrid or SquareGrid (a board's, a zone's, or a zoned grid's
// background) becomes a hex or square board placed over that picture (import-grids.ts). Grid-less
// zones over a background grid are holding boxes.
import type { BuildElement } from './build-tree.js';
import { shortClass } from './build-tree.js';
import { imageSize } from './image-size.js';
import type { ImportReport } from './import-report.js';
import { slug, uniqueId } from './ids.js';
import { importHexGrid, importSquareGrid, inPolygon, isGridClass, polygon, type ImportedGrid } from './import-grids.js';

export interface ImportedSpace { id: string; name: string; x: number; y: number }
export interface ImportedBoard {
  id: string; name: string; map: string; width: number; height: number;
  /** the archive entry of its picture, when present */
  image?: string;
  /** a point board's spaces, or a grid's cells (id and name = the label) */
  spaces: ImportedSpace[];
  /** absent: a point-to-point board */
  grid?: ImportedGrid;
}
/** A grid-less zone over a background grid: a holding box. */
export interface ImportedBox { name: string; map: string; board: string; where: string }

export function importBoards(root: BuildElement, archive: ReadonlyMap<string, Uint8Array>, report: ImportReport, boxes: ImportedBox[] = []): ImportedBoard[] {
  const boards: ImportedBoard[] = [];
  const ids = new Set<string>();
  const maps = root.children.flatMap(function maps(el): BuildElement[] {
    if (/\.(Map|PrivateMap|PlayerHand)$/.test(el.tag)) return [el];
    return shortClass(el.tag).endsWith('Folder') ? el.children.flatMap(maps) : [];
  });
  for (const map of maps) {
    const picker = map.children.find((c) => c.tag.endsWith('map.BoardPicker'));
    for (const b of picker?.children.filter((c) => c.tag.endsWith('boardPicker.Board')) ?? []) {
      const name = b.attrs.name || 'Board';
      const mapName = map.attrs.mapName ?? name;
      const imageName = b.attrs.image ?? '';
      const entry = imageName ? `images/${imageName}` : undefined;
      const bytes = entry ? archive.get(entry) : undefined;
      if (imageName && !bytes) report.add('missing image', b.path, `board picture "${imageName}" is not in the archive`);
      const zoneBounds = zonesBounds(b);
      const size = (bytes && imageSize(bytes))
        || (Number(b.attrs.width) > 0 && Number(b.attrs.height) > 0 ? { width: Number(b.attrs.width), height: Number(b.attrs.height) } : undefined)
        || zoneBounds;
      if (size && size === zoneBounds) report.add('board', b.path, `no picture and no width/height: its size (${size.width}×${size.height}) taken from its zones`);
      const spaces: ImportedSpace[] = [];
      const spaceIds = new Set<string>();
      const addSpace = (n: string, x: number, y: number) => spaces.push({ id: uniqueId(slug(n) || 'space', spaceIds), name: n || '?', x: Math.round(x), y: Math.round(y) });
      const grids: { el: BuildElement; name: string; include: (x: number, y: number) => boolean }[] = [];
      for (const g of b.children) {
        const cls = shortClass(g.tag);
        if (cls === 'RegionGrid') for (const r of regions(g)) addSpace(r.attrs.name ?? '', Number(r.attrs.originx), Number(r.attrs.originy));
        else if (isGridClass(g)) grids.push({ el: g, name, include: () => true });
        else if (cls === 'ZonedGrid') {
          const zones = g.children.filter((z) => shortClass(z.tag) === 'Zone');
          const background = g.children.find((z) => isGridClass(z));
          const own = zones.map((z) => ({ z, poly: polygon(z.attrs.path ?? ''), grid: z.children.find((c) => /(HexGrid|SquareGrid|RegionGrid)$/.test(c.tag)) }));
          for (const { z, poly, grid } of own) {
            if (grid && isGridClass(grid)) grids.push({ el: grid, name: `${name} — ${z.attrs.name ?? 'zone'}`, include: (x, y) => inPolygon(poly, x, y) });
            else if (grid) for (const r of regions(grid)) addSpace(r.attrs.name ?? '', Number(r.attrs.originx), Number(r.attrs.originy));
            else if (z.attrs.useParentGrid === 'true' && background) continue;
            else if (background) boxes.push({ name: z.attrs.name || 'Zone', map: mapName, board: name, where: z.path });
            else {
              const c = centroid(z.attrs.path ?? '');
              if (c) addSpace(z.attrs.name ?? '', c.x, c.y);
            }
          }
          if (background) {
            // the background grid holds where no zone is, and inside zones that use it
            const others = own.filter((o) => o.z.attrs.useParentGrid !== 'true');
            grids.push({ el: background, name, include: (x, y) => !others.some((o) => inPolygon(o.poly, x, y)) });
          }
          for (const r of g.children.filter((z) => shortClass(z.tag) === 'RegionGrid')) for (const x of regions(r)) addSpace(x.attrs.name ?? '', Number(x.attrs.originx), Number(x.attrs.originy));
        }
      }
      if (!size) { report.add('board', b.path, 'no size (no picture, no width/height, no zones): not imported'); continue; }
      const image = bytes ? entry : undefined;
      for (const g of grids) {
        const r = shortClass(g.el.tag) === 'HexGrid' ? importHexGrid(g.el, size.width, size.height, g.include) : importSquareGrid(g.el, size.width, size.height, g.include);
        if ('error' in r) { report.add('grid', g.el.path, `${shortClass(g.el.tag)}: not imported: ${r.error}`); continue; }
        for (const n of r.notes) report.add('grid', g.el.path, n);
        report.note(`${shortClass(g.el.tag)} of "${g.name}": ${r.cells.length} ${r.grid.kind === 'hex' ? 'hexes' : 'cells'} named as VASSAL names them, placed over the picture`);
        boards.push({
          id: uniqueId(slug(g.name) || 'board', ids), name: g.name, map: mapName, width: size.width, height: size.height, image, grid: r.grid,
          spaces: r.cells.map((c) => ({ id: c.label, name: c.label, x: Math.round(c.x), y: Math.round(c.y) })),
        });
      }
      if (!spaces.length) { if (!grids.length) report.add('board', b.path, 'no grid, regions or zones: no Hexpost board made of it'); continue; }
      const pname = grids.length ? `${name} (zones)` : name;
      boards.push({ id: uniqueId(slug(pname) || 'board', ids), name: pname, map: mapName, width: size.width, height: size.height, image, spaces });
    }
  }
  return boards;
}

/** The box around a board's zones: the size of a board with neither picture nor width/height. */
function zonesBounds(board: BuildElement): { width: number; height: number } | undefined {
  const pts = board.children.filter((g) => shortClass(g.tag) === 'ZonedGrid')
    .flatMap((g) => g.children.filter((z) => shortClass(z.tag) === 'Zone').flatMap((z) => polygon(z.attrs.path ?? '')));
  if (!pts.length) return undefined;
  const width = Math.max(...pts.map((p) => p[0])), height = Math.max(...pts.map((p) => p[1]));
  return width > 0 && height > 0 ? { width, height } : undefined;
}

function regions(grid: BuildElement): BuildElement[] {
  return grid.children.filter((c) => c.tag.endsWith('board.Region'));
}

function centroid(path: string): { x: number; y: number } | undefined {
  const pts = path.split(';').map((p) => p.split(',').map(Number)).filter((p) => p.length === 2 && p.every(Number.isFinite));
  if (!pts.length) return undefined;
  return { x: pts.reduce((t, p) => t + p[0]!, 0) / pts.length, y: pts.reduce((t, p) => t + p[1]!, 0) / pts.length };
}
