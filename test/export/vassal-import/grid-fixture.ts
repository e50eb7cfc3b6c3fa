// A small VASSAL module of grids only, written here so VASSAL's own dump can judge how the import
// names and places hexes and squares in every orientation and numbering the importer maps.
import { zipSync } from 'fflate';

const B = 'VASSAL.build.module.map.boardPicker.board';
const attrs = (a: Record<string, string | number>) => Object.entries(a).map(([k, v]) => ` ${k}="${v}"`).join('');
const numbering = (cls: string, a: Record<string, string | number>) =>
  `<${B}.mapgrid.${cls}${attrs({ first: 'H', sep: '', hType: 'N', hLeading: 1, hOff: 0, hDescend: 'false', vType: 'N', vLeading: 1, vOff: 0, vDescend: 'false', locationFormat: '$gridLocation$', visible: 'false', fontSize: 9, color: '0,0,0', rotateText: 0, hDrawOff: 0, vDrawOff: 0, ...a })}/>`;
const hex = (a: Record<string, string | number>, n: Record<string, string | number>) =>
  `<${B}.HexGrid${attrs({ sideways: 'false', x0: 0, y0: 32, dx: 55.4, dy: 64, snapTo: 'true', edgesLegal: 'false', cornersLegal: 'false', visible: 'false', dotsVisible: 'false', color: '0,0,0', ...a })}>${numbering('HexGridNumbering', { stagger: 'true', ...n })}</${B}.HexGrid>`;
const square = (a: Record<string, string | number>, n: Record<string, string | number>) =>
  `<${B}.SquareGrid${attrs({ x0: 24, y0: 24, dx: 48, dy: 48, range: 'Metric', snapTo: 'true', edgesLegal: 'false', cornersLegal: 'false', visible: 'false', dotsVisible: 'false', color: '0,0,0', ...a })}>${numbering('SquareGridNumbering', n)}</${B}.SquareGrid>`;
const map = (name: string, width: number, height: number, grid: string) =>
  `<VASSAL.build.module.Map mapName="${name}" edgeWidth="0" edgeHeight="0"><VASSAL.build.module.map.BoardPicker><VASSAL.build.module.map.boardPicker.Board name="${name}" width="${width}" height="${height}">${grid}</VASSAL.build.module.map.boardPicker.Board></VASSAL.build.module.map.BoardPicker><VASSAL.build.module.map.StackMetrics/></VASSAL.build.module.Map>`;

/** board name → what it exercises */
export const GRID_BOARDS = {
  'Flat staggered': 'flat hexes, staggered numbering from 01, partial column at the left edge',
  'Flat plain': 'flat hexes, plain numbering, letters for columns, a separator, origin off the picture',
  'Pointy staggered': 'sideways (pointy) hexes, staggered numbering',
  'Pointy descending': 'sideways hexes, columns numbered downwards',
  'Squares': 'a square grid, letters from B and two-digit rows, Manhattan range',
  'Zoned': 'a zoned grid: a square grid in one zone, a hex background elsewhere, a zone without a grid',
};

export function gridModule(): Uint8Array {
  const zoned = `<${B}.ZonedGrid>`
    + `<${B}.mapgrid.Zone name="Squares zone" locationFormat="$gridLocation$" path="0,0;200,0;200,200;0,200" useParentGrid="false" useHighlight="false" highlightProperty="">${square({ x0: 20, y0: 20, dx: 40, dy: 40 }, { hOff: 1, vOff: 1, sep: '-' })}</${B}.mapgrid.Zone>`
    + `<${B}.mapgrid.Zone name="Holding box" locationFormat="$name$" path="400,0;500,0;500,100;400,100" useParentGrid="false" useHighlight="false" highlightProperty=""/>`
    + hex({ x0: 30, y0: 30, dx: 45, dy: 52 }, { stagger: 'false', hOff: 1, vOff: 1 })
    + `</${B}.ZonedGrid>`;
  const build = '<?xml version="1.0" encoding="UTF-8" standalone="no"?>'
    + '<VASSAL.build.GameModule name="Grid fixture" version="1.0" VassalVersion="3.7.26" nextPieceSlotId="1" description="">'
    + '<VASSAL.build.module.BasicCommandEncoder/>'
    + map('Flat staggered', 500, 400, hex({ x0: -10, y0: 30, dx: 55.43, dy: 64 }, { stagger: 'true', hOff: 1, vOff: 1 }))
    + map('Flat plain', 520, 420, hex({ x0: 37, y0: -20, dx: 48.5, dy: 56 }, { stagger: 'false', hType: 'A', sep: '.', vLeading: 0 }))
    + map('Pointy staggered', 450, 500, hex({ sideways: 'true', x0: 32, y0: 28, dx: 55.43, dy: 64 }, { stagger: 'true', hOff: 1, vOff: 1 }))
    + map('Pointy descending', 450, 500, hex({ sideways: 'true', x0: 30, y0: 30, dx: 50, dy: 58 }, { stagger: 'false', vDescend: 'true', hLeading: 0, vLeading: 0, sep: '-' }))
    + map('Squares', 300, 250, square({ range: 'Manhattan', x0: 30, y0: 26 }, { hType: 'A', hOff: 1, vOff: 1 }))
    + map('Zoned', 600, 400, zoned)
    + '</VASSAL.build.GameModule>';
  const meta = '<?xml version="1.0" encoding="UTF-8" standalone="no"?><data version="1"><version>1.0</version><extra1/><extra2/>'
    + '<VassalVersion>3.7.26</VassalVersion><dateSaved>1753776000000</dateSaved><description/><name>Grid fixture</name></data>';
  const enc = new TextEncoder();
  return zipSync({ 'buildFile.xml': enc.encode(build), moduledata: enc.encode(meta) });
}
