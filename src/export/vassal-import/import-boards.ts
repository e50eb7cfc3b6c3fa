// VASSAL maps and boards as Hexpost boards (docs/vassal-import.md): a Board whose grid is a
// RegionGrid — or a ZonedGrid whose zones hold RegionGrids or no grid at all — becomes a
// point-to-point board, one space per region (a grid-less zone is one space at its centre), on the
// board's own picture at its own pixels. Hex and square grids are reported, not mapped: Hexpost
// lays hexes at its own spacing and has no square grid yet.
import type { BuildElement } from './build-tree.js';
import { shortClass } from './build-tree.js';
import { imageSize } from './image-size.js';
import type { ImportReport } from './import-report.js';
import { slug, uniqueId } from './ids.js';

export interface ImportedSpace { id: string; name: string; x: number; y: number }
export interface ImportedBoard {
  id: string; name: string; map: string; width: number; height: number;
  /** the archive entry of its picture, when present */
  image?: string;
  spaces: ImportedSpace[];
}

export function importBoards(root: BuildElement, archive: ReadonlyMap<string, Uint8Array>, report: ImportReport): ImportedBoard[] {
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
      const imageName = b.attrs.image ?? '';
      const entry = imageName ? `images/${imageName}` : undefined;
      const bytes = entry ? archive.get(entry) : undefined;
      if (imageName && !bytes) report.add('missing image', b.path, `board picture "${imageName}" is not in the archive`);
      const size = (bytes && imageSize(bytes)) || (b.attrs.width && b.attrs.height ? { width: Number(b.attrs.width), height: Number(b.attrs.height) } : undefined);
      const spaces: ImportedSpace[] = [];
      const spaceIds = new Set<string>();
      const addSpace = (n: string, x: number, y: number) => spaces.push({ id: uniqueId(slug(n) || 'space', spaceIds), name: n || '?', x: Math.round(x), y: Math.round(y) });
      for (const g of b.children) {
        const cls = shortClass(g.tag);
        if (cls === 'RegionGrid') for (const r of regions(g)) addSpace(r.attrs.name ?? '', Number(r.attrs.originx), Number(r.attrs.originy));
        else if (cls === 'ZonedGrid') {
          for (const z of g.children) {
            const zc = shortClass(z.tag);
            if (zc === 'Zone') {
              const grid = z.children.find((c) => /(HexGrid|SquareGrid|RegionGrid)$/.test(c.tag));
              if (!grid) {
                const c = centroid(z.attrs.path ?? '');
                if (c) addSpace(z.attrs.name ?? '', c.x, c.y);
              } else if (grid.tag.endsWith('RegionGrid')) for (const r of regions(grid)) addSpace(r.attrs.name ?? '', Number(r.attrs.originx), Number(r.attrs.originy));
              else report.add('grid', grid.path, `${shortClass(grid.tag)} in zone "${z.attrs.name}": not mapped (Hexpost lays hexes at its own spacing and has no square grid yet)`);
            } else if (/(HexGrid|SquareGrid)$/.test(z.tag)) report.add('grid', z.path, `background ${zc} of the zoned grid: not mapped`);
            else if (zc === 'RegionGrid') for (const r of regions(z)) addSpace(r.attrs.name ?? '', Number(r.attrs.originx), Number(r.attrs.originy));
          }
        } else if (cls === 'HexGrid' || cls === 'SquareGrid') {
          report.add('grid', g.path, `${cls}: not mapped (Hexpost lays hexes at its own spacing and has no square grid yet)`);
        }
      }
      if (!spaces.length) { report.add('board', b.path, 'no regions or zones: no Hexpost board made of it'); continue; }
      if (!size) { report.add('board', b.path, 'no size (no picture and no width/height): not imported'); continue; }
      boards.push({ id: uniqueId(slug(name) || 'board', ids), name, map: map.attrs.mapName ?? name, width: size.width, height: size.height, image: bytes ? entry : undefined, spaces });
    }
  }
  return boards;
}

function regions(grid: BuildElement): BuildElement[] {
  return grid.children.filter((c) => c.tag.endsWith('board.Region'));
}

function centroid(path: string): { x: number; y: number } | undefined {
  const pts = path.split(';').map((p) => p.split(',').map(Number)).filter((p) => p.length === 2 && p.every(Number.isFinite));
  if (!pts.length) return undefined;
  return { x: pts.reduce((t, p) => t + p[0]!, 0) / pts.length, y: pts.reduce((t, p) => t + p[1]!, 0) / pts.length };
}
