// VASSAL's HexGrid + HexGridNumbering location name for a board point, re-implemented from the
// reference (§2.3 geometry and numbering notes, checked against HexGridNumbering.java):
// raw column floor(x'/dx + 0.5), raw row round(y'/dy) (odd columns: minus dy/2), in transposed
// coordinates when sideways; name = column then sep then row (or the reverse) with offsets,
// padding and letters (A…Z, AA, BB…), inside locationFormat.

export type Attrs = Record<string, string>;

export function vassalLocation(grid: Attrs, n: Attrs, px: number, py: number): string {
  const sideways = grid.sideways === 'true';
  const [x, y] = sideways ? [py, px] : [px, py];
  const x0 = Number(grid.x0), y0 = Number(grid.y0), dx = Number(grid.dx), dy = Number(grid.dy);
  const col = Math.floor((x - x0) / dx + 0.5);
  const nx = Math.round((x - x0) / dx);
  let row = nx % 2 === 0 ? Math.round((y - y0) / dy) : Math.round((y - y0 - dy / 2) / dy);
  if (n.stagger === 'true' && col % 2 !== 0) row++;
  const name = (v: number, type: string, leading: number): string => {
    let out = v < 0 ? '-' : '';
    v = Math.abs(v);
    if (type === 'A') {
      do { out += 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[v % 26]; v -= 26; } while (v >= 0);
      return out;
    }
    while (leading > 0 && v < 10 ** leading--) out += '0';
    return out + v;
  };
  const rowName = name(row + Number(n.vOff), n.vType!, Number(n.vLeading));
  const colName = name(col + Number(n.hOff), n.hType!, Number(n.hLeading));
  const loc = n.first === 'H' ? colName + n.sep + rowName : rowName + n.sep + colName;
  return n.locationFormat!.replace('$gridLocation$', loc);
}

/** java.awt.Polygon.contains (even-odd rule) for a "x,y;x,y;…" path. */
export function polygonContains(path: string, px: number, py: number): boolean {
  const pts = path.split(';').map((p) => p.split(',').map(Number) as [number, number]);
  let inside = false;
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
    const [xi, yi] = pts[i]!, [xj, yj] = pts[j]!;
    if ((yi > py) !== (yj > py) && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
