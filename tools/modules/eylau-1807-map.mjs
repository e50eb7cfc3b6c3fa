// The Eylau battlefield drawn by code: four 25.5" x 33" sheets (laid landscape, 33" wide) joined
// two by two into one board of flat-topped hexes. Everything here is our own drawing of the
// ground from the historical village positions; the rulebook gives the terrain kinds (6.2, 10.1)
// and the scale (2.5: 116 yards across the flats), not the map.
//
// Hex density. A 9/16" counter sits in a hex about 0.6" across the flats. With flat-topped hexes
// the columns stand 0.6 * sqrt(3)/2 = 0.52" apart and the rows 0.6" apart, so a sheet laid
// landscape (33" wide, 25.5" tall) holds floor((33 - 0.69) / 0.52) + 1 = 63 columns and
// floor((25.5 - 0.3) / 0.6) = 42 rows. We print 62 columns (an even count, so the next sheet's
// columns keep the same half-hex offset and the sheets join without a shift) x 42 rows = 2,604
// hexes per sheet; the joined board is 124 x 84 = 10,416 hexes, about 11.4 km x 8.9 km.
//
// Coordinates below are global 0-based (col, row) over the joined board. Sheet A is the
// north-west quarter, B north-east, C south-west, D south-east; a hex is labelled with its sheet
// letter and its column and row on that sheet: "C2315" = sheet C, column 23, row 15.

export const SHEET = { columns: 62, rows: 42 };
export const SHEETS = [
  { id: 'a', letter: 'A', origin: [0, 0] },
  { id: 'b', letter: 'B', origin: [62, 0] },
  { id: 'c', letter: 'C', origin: [0, 42] },
  { id: 'd', letter: 'D', origin: [62, 42] },
];
const W = SHEET.columns * 2, H = SHEET.rows * 2;
const SQ3 = Math.sqrt(3);
const pad = (n) => String(n).padStart(2, '0');

export function sheetOf(c, r) { return SHEETS[(r >= SHEET.rows ? 2 : 0) + (c >= SHEET.columns ? 1 : 0)]; }
export function label(c, r) {
  const s = sheetOf(c, r);
  return `${s.letter}${pad(c - s.origin[0] + 1)}${pad(r - s.origin[1] + 1)}`;
}
export const onBoard = (c, r) => c >= 0 && r >= 0 && c < W && r < H;
// Flat-topped hexes, "shifted": "even" (0-based odd columns sit half a hex lower).
const toCube = (c, r) => ({ q: c, r: r - Math.floor(c / 2) });
const fromCube = (q, r) => ({ c: q, r: r + Math.floor(q / 2) });
const STEPS = [[0, -1], [1, -1], [1, 0], [0, 1], [-1, 1], [-1, 0]]; // N NE SE S SW NW
export function neighbours(c, r) {
  const k = toCube(c, r);
  return STEPS.map(([dq, dr]) => fromCube(k.q + dq, k.r + dr)).filter((n) => onBoard(n.c, n.r));
}
export function neighbour(c, r, dir) {
  const k = toCube(c, r);
  const n = fromCube(k.q + STEPS[dir][0], k.r + STEPS[dir][1]);
  return onBoard(n.c, n.r) ? n : null;
}
/** Pixel centre in units where adjacent centres are sqrt(3) apart. */
const px = (c, r) => ({ x: 1.5 * c, y: SQ3 * (r + (c % 2 ? 0.5 : 0)) });
/** Distance between two hex centres, in hexes. */
const dist = (a, b) => Math.sqrt((a.x - b.x) ** 2 + (a.y - b.y) ** 2) / SQ3; // sqrt is exactly rounded everywhere; hypot need not be
/** A stable pseudo-random number in [0, 1) for a cell and a salt (no Math.random: the output is committed). */
function noise(c, r, salt) {
  let h = (c * 73856093) ^ (r * 19349663) ^ (salt * 83492791);
  h = Math.imul(h ^ (h >>> 13), 0x5bd1e995);
  h ^= h >>> 15;
  return ((h >>> 0) % 10000) / 10000;
}

// ---- The ground (our drawing) --------------------------------------------------------------

/** Towns and villages (hard cover), radius in hexes. */
export const SETTLEMENTS = [
  { name: 'Preussisch-Eylau', at: [22, 56], radius: 2.6, gardens: 1.5 },
  { name: 'Serpallen', at: [50, 70], radius: 1.1, gardens: 1, fenced: true },
  { name: 'Klein-Sausgarten', at: [70, 73], radius: 1.2, gardens: 1, fenced: true },
  { name: 'Kutschitten', at: [96, 48], radius: 1.3, gardens: 1, fenced: true },
  { name: 'Schloditten', at: [38, 26], radius: 1.2, gardens: 1 },
  { name: 'Schmoditten', at: [57, 29], radius: 1.1, gardens: 1 },
  { name: 'Rothenen', at: [15, 71], radius: 1.0, gardens: 1 },
  { name: 'Anklappen', at: [79, 36], radius: 1.0, gardens: 1 },
  { name: 'Tenknitten', at: [9, 38], radius: 0.9, gardens: 1 },
  { name: 'Waschkeiten', at: [7, 64], radius: 0.9, gardens: 1 },
  { name: 'Lampasch', at: [31, 6], radius: 1.0, gardens: 1 },
  { name: 'Zehsen', at: [31, 78], radius: 0.9, gardens: 1 },
  { name: 'Althof', at: [71, 13], radius: 0.8, gardens: 1 },
];
/** Single farms and manors. */
export const FARMS = [
  { name: 'Ziegelhof (brickworks)', at: [21, 63] },
  { name: 'Gruenhoefchen', at: [12, 56] },
  { name: 'Althof manor', at: [73, 15] },
  { name: 'Sausgarten farm', at: [86, 70] },
  { name: 'Kreegeberg windmill', at: [63, 65] },
  { name: 'Schloditten farm', at: [44, 20] },
  { name: 'Anklappen farm', at: [84, 33] },
];
/** Woods: irregular blobs [col, row, radius in hexes]. */
export const WOODS = [
  { name: 'Tenknitten wood', parts: [[4, 30, 3.5], [9, 29, 3], [14, 31, 2.5]] },
  { name: 'Althof wood', parts: [[76, 7, 3.5], [82, 9, 3], [70, 5, 2.5]] },
  { name: 'Kutschitten wood', parts: [[108, 40, 3], [112, 45, 3.5], [116, 50, 3]] },
  { name: 'Sausgarten wood', parts: [[80, 79, 3], [86, 78, 3.5], [92, 80, 2.5]] },
  { name: 'Lampasch wood', parts: [[20, 8, 2.5], [24, 12, 2]] },
  { name: 'Birch copse', parts: [[100, 22, 2]] },
];
/** Frozen marsh and frozen ponds. */
export const MARSHES = [
  { name: 'Eylau ponds (frozen)', parts: [[14, 48, 2.5], [10, 45, 2], [17, 44, 1.5]] },
  { name: 'Waschkeiten pond (frozen)', parts: [[5, 70, 2]] },
  { name: 'Serpallen bottom (frozen marsh)', parts: [[38, 66, 1.8], [43, 68, 1.5]] },
  { name: 'Schmoditten marsh (frozen)', parts: [[63, 33, 2], [67, 36, 1.5]] },
  { name: 'Kutschitten marsh (frozen)', parts: [[90, 54, 1.8]] },
  { name: 'Lampasch bog (frozen)', parts: [[40, 9, 1.8]] },
];
/** Scattered light cover (brush, hedgerows, orchards) away from the villages. */
export const BRUSH = [[30, 44, 1.5], [46, 40, 1.2], [52, 56, 1.5], [76, 60, 1.5], [104, 62, 2], [60, 10, 1.5], [28, 30, 1.2], [88, 26, 1.5]];
/** Heights: [col, row, rx, ry] ellipses in hexes; level 1 has slopes at its edge, a steep core adds a level 2. */
export const HILLS = [
  { name: 'Ziegelhof heights', at: [20, 63], r: [3.5, 2.5], steep: [1.2, 1] },
  { name: 'Eylau churchyard', at: [25, 55], r: [1.3, 1.3] },
  { name: 'Kreegeberg (windmill hill)', at: [63, 65], r: [4, 3], steep: [1.6, 1.3] },
  { name: 'Russian centre ridge', at: [37, 50], r: [3, 9] },
  { name: 'Anklappen heights', at: [80, 38], r: [3, 2.5] },
  { name: 'Schloditten rise', at: [40, 24], r: [3, 2] },
  { name: 'Kutschitten heights', at: [100, 50], r: [2.5, 3], steep: [1, 1.2] },
];
/** Water lines (each hexside whose centre-to-centre segment the line crosses). */
export const WATER = [
  { type: 'stream', name: 'Serpallen brook', line: [[86, 83.5], [78, 77], [71, 75.5], [62, 73], [51, 72.5], [44, 69.5], [38, 68.5], [31, 67]] },
  { type: 'stream', name: 'Schmoditten brook', line: [[40, 41.5], [48, 36.5], [56, 31.5], [64, 31.5], [72, 27.5], [84, 22.5], [96, 17.5], [106, 14.5]] },
  { type: 'stream', name: 'Tenknitten brook', line: [[-0.5, 44.5], [7, 45.5], [10, 47.5]] },
  { type: 'river', name: 'River (our drawing)', line: [[123.5, 6.5], [114, 14.5], [108, 26.5], [104, 34.5], [103, 44.5], [106, 58.5], [110, 68.5], [118, 76.5], [123.5, 80.5]] },
  { type: 'major-river', name: 'Major river (our drawing)', line: [[100.5, 84], [104, 79.5], [108, 77.5], [112, 79.5], [118, 83.5]] },
];
/** Roads: waypoints (straight hex lines between them). */
export const ROADS = [
  { type: 'primary-road', name: 'Landsberg road', via: [[0, 81], [10, 71], [16, 62], [20, 57]] },
  { type: 'primary-road', name: 'Koenigsberg road', via: [[23, 54], [30, 42], [38, 26], [43, 12], [46, 0]] },
  { type: 'primary-road', name: 'Bartenstein road', via: [[24, 57], [36, 63], [50, 70], [70, 73], [90, 76], [108, 83]] },
  { type: 'primary-road', name: 'Domnau road', via: [[25, 56], [40, 55], [56, 52], [76, 50], [96, 48], [123, 46]] },
  { type: 'secondary-road', name: 'Kreuzburg road', via: [[0, 33], [9, 38], [16, 48], [21, 54]] },
  { type: 'secondary-road', name: 'Rothenen lane', via: [[22, 58], [15, 71], [14, 83]] },
  { type: 'secondary-road', name: 'Waschkeiten lane', via: [[0, 66], [7, 64], [16, 60], [21, 57]] },
  { type: 'secondary-road', name: 'Lampasch lane', via: [[0, 4], [31, 6], [38, 26]] },
  { type: 'secondary-road', name: 'Schloditten - Kutschitten lane', via: [[38, 26], [57, 29], [79, 36], [96, 48]] },
  { type: 'secondary-road', name: 'Althof lane', via: [[72, 0], [71, 13], [79, 36]] },
  { type: 'secondary-road', name: 'Sausgarten - Kutschitten lane', via: [[70, 73], [78, 62], [96, 48]] },
  { type: 'secondary-road', name: 'Zehsen lane', via: [[22, 58], [31, 78], [50, 70]] },
  { type: 'secondary-road', name: 'Serpallen - Kreegeberg lane', via: [[50, 70], [63, 65], [76, 50]] },
  { type: 'secondary-road', name: 'Molwitten lane', via: [[44, 83], [50, 70]] },
  { type: 'secondary-road', name: 'Sausgarten south lane', via: [[62, 83], [70, 73]] },
];

// ---- Drawing ---------------------------------------------------------------------------------

const P = (c, r) => px(c, r);
function blobHit(c, r, parts, salt) {
  const p = P(c, r);
  return parts.some(([x, y, rad]) => dist(p, P(x, y)) <= rad * (0.8 + 0.4 * noise(c, r, salt)));
}
function inEllipse(c, r, [x, y], [rx, ry]) {
  const p = P(c, r), o = P(x, y);
  const dx = (p.x - o.x) / (rx * 1.5), dy = (p.y - o.y) / (ry * SQ3);
  return dx * dx + dy * dy <= 1;
}
/** Cells on the straight hex line from a to b (cube lerp), each adjacent to the next. */
function hexLine(a, b) {
  const A = toCube(a[0], a[1]), B = toCube(b[0], b[1]);
  const as = -A.q - A.r, bs = -B.q - B.r;
  const n = Math.max(Math.abs(A.q - B.q), Math.abs(A.r - B.r), Math.abs(as - bs));
  const out = [];
  for (let i = 0; i <= n; i++) {
    const t = n === 0 ? 0 : i / n;
    // nudge so ties resolve the same way everywhere
    let q = A.q + (B.q - A.q) * t + 1e-6, r = A.r + (B.r - A.r) * t + 2e-6, s = as + (bs - as) * t - 3e-6;
    let rq = Math.round(q), rr = Math.round(r), rs = Math.round(s);
    const dq = Math.abs(rq - q), dr = Math.abs(rr - r), ds = Math.abs(rs - s);
    if (dq > dr && dq > ds) rq = -rr - rs; else if (dr > ds) rr = -rq - rs;
    out.push(fromCube(rq, rr));
  }
  return out;
}
function segmentsCross(p1, p2, p3, p4) {
  const d = (a, b, c) => (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
  const d1 = d(p3, p4, p1), d2 = d(p3, p4, p2), d3 = d(p1, p2, p3), d4 = d(p1, p2, p4);
  return d1 * d2 < 0 && d3 * d4 < 0;
}

/** Draws the whole battlefield: terrain per cell, hexside features, roads, place names. */
export function drawBattlefield() {
  const terrain = new Map(); // "c,r" -> terrain id (one per hex; clear is the board default)
  const level = new Map();
  const places = new Map();
  const key = (c, r) => `${c},${r}`;
  const cells = [];
  for (let c = 0; c < W; c++) for (let r = 0; r < H; r++) cells.push([c, r]);
  const set = (c, r, t) => terrain.set(key(c, r), t);

  // Order = priority: later layers overwrite earlier ones.
  BRUSH.forEach((b, i) => cells.forEach(([c, r]) => { if (blobHit(c, r, [b], 100 + i)) set(c, r, 'light-cover'); }));
  WOODS.forEach((w, i) => cells.forEach(([c, r]) => { if (blobHit(c, r, w.parts, 200 + i)) set(c, r, 'woods'); }));
  MARSHES.forEach((m, i) => cells.forEach(([c, r]) => { if (blobHit(c, r, m.parts, 300 + i)) set(c, r, 'frozen-marsh'); }));
  const townCells = [];
  SETTLEMENTS.forEach((s, i) => {
    const o = P(...s.at);
    const mine = [];
    cells.forEach(([c, r]) => {
      const d = dist(P(c, r), o);
      if (d <= s.radius) { set(c, r, 'town'); mine.push([c, r]); }
      else if (d <= s.radius + s.gardens && noise(c, r, 400 + i) < 0.55) set(c, r, 'light-cover');
    });
    townCells.push({ s, cells: mine });
    places.set(label(...s.at), s.name);
  });
  FARMS.forEach((f) => { set(...f.at, 'farm'); places.set(label(...f.at), f.name); });

  HILLS.forEach((h) => {
    cells.forEach(([c, r]) => {
      let l = 0;
      if (inEllipse(c, r, h.at, h.r)) l = 1;
      if (h.steep && inEllipse(c, r, h.at, h.steep)) l = 2;
      if (l > (level.get(key(c, r)) ?? 0)) level.set(key(c, r), l);
    });
    const k = label(...h.at);
    if (!places.has(k)) places.set(k, h.name);
  });

  // Hexside features, keyed by the canonical pair; slopes are written "high|low".
  const sides = { 'light-cover-side': new Set(), stream: new Set(), river: new Set(), 'major-river': new Set(), slope: new Set(), 'steep-slope': new Set() };
  const pair = (a, b) => [label(...a), label(...b)];
  const canonical = (a, b) => pair(a, b).sort().join('|');
  const taken = new Set();
  for (const wline of WATER) {
    const pts = wline.line.map(([c, r]) => ({ x: 1.5 * c, y: SQ3 * r }));
    for (const [c, r] of cells) {
      for (const n of neighbours(c, r)) {
        if (n.c < c || (n.c === c && n.r < r)) continue;
        const a = P(c, r), b = P(n.c, n.r);
        for (let i = 1; i < pts.length; i++) {
          if (segmentsCross(a, b, pts[i - 1], pts[i])) {
            const id = canonical([c, r], [n.c, n.r]);
            if (!taken.has(id)) { taken.add(id); sides[wline.type].add(id); }
            break;
          }
        }
      }
    }
  }
  for (const [c, r] of cells) {
    const l = level.get(key(c, r)) ?? 0;
    if (l === 0) continue;
    for (const n of neighbours(c, r)) {
      const ln = level.get(key(n.c, n.r)) ?? 0;
      if (ln >= l) continue;
      const id = canonical([c, r], [n.c, n.r]);
      if (taken.has(id)) continue; // water already lies on this hexside
      taken.add(id);
      const text = `${label(c, r)}|${label(n.c, n.r)}`; // high side first
      if (l === 2 && ln === 1) sides['steep-slope'].add(text); else sides.slope.add(text);
    }
  }
  // Fences and garden walls round the fenced villages.
  for (const { s, cells: mine } of townCells) {
    if (!s.fenced) continue;
    const inside = new Set(mine.map(([c, r]) => key(c, r)));
    for (const [c, r] of mine) {
      for (const n of neighbours(c, r)) {
        if (inside.has(key(n.c, n.r))) continue;
        const id = canonical([c, r], [n.c, n.r]);
        if (taken.has(id)) continue;
        taken.add(id);
        sides['light-cover-side'].add(id);
      }
    }
  }

  const roads = ROADS.map((road) => {
    const path = [];
    for (let i = 1; i < road.via.length; i++) {
      const seg = hexLine(road.via[i - 1], road.via[i]);
      for (const cell of (i === 1 ? seg : seg.slice(1))) path.push(cell);
    }
    return { type: road.type, name: road.name, path: path.filter((p) => onBoard(p.c, p.r)).map((p) => [p.c, p.r]) };
  });

  return { terrain, level, sides, roads, places, width: W, height: H };
}

// ---- Output ----------------------------------------------------------------------------------

/** Hex references for a set of cells: runs down a column within one sheet ("A0105-A0109"). */
export function compressCells(cells) {
  const byCol = new Map();
  for (const [c, r] of cells) {
    const s = sheetOf(c, r);
    const k = `${s.letter}:${c}`;
    if (!byCol.has(k)) byCol.set(k, []);
    byCol.get(k).push(r);
  }
  const out = [];
  for (const [k, rows] of [...byCol.entries()].sort((x, y) => Number(x[0].split(':')[1]) - Number(y[0].split(':')[1]) || x[0].localeCompare(y[0]))) {
    const c = Number(k.split(':')[1]);
    rows.sort((a, b) => a - b);
    let start = rows[0], prev = rows[0];
    const flush = () => out.push(start === prev ? label(c, start) : `${label(c, start)}-${label(c, prev)}`);
    for (const r of rows.slice(1)) {
      if (r === prev + 1) { prev = r; continue; }
      flush();
      start = prev = r;
    }
    flush();
  }
  return out;
}

/** Board JSON for the given sheets (all four: the joined board; one: a single map). */
export function boardJson(drawing, { id, name, sheets }) {
  const keep = new Set(sheets);
  const inBoard = (c, r) => keep.has(sheetOf(c, r).id);
  const sectionOrigin = (s) => (sheets.length === 1 ? [0, 0] : s.origin);
  const hexes = {};
  for (const t of ['town', 'woods', 'light-cover', 'farm', 'frozen-marsh']) {
    const cells = [...drawing.terrain.entries()].filter(([, v]) => v === t).map(([k]) => k.split(',').map(Number)).filter(([c, r]) => inBoard(c, r));
    if (cells.length) hexes[t] = compressCells(cells);
  }
  const fromLabel = new Map();
  for (let c = 0; c < drawing.width; c++) for (let r = 0; r < drawing.height; r++) fromLabel.set(label(c, r), [c, r]);
  const hexsides = {};
  for (const [f, set] of Object.entries(drawing.sides)) {
    const list = [...set].filter((t) => t.split('|').every((l) => inBoard(...fromLabel.get(l)))).sort();
    if (list.length) hexsides[f] = list;
  }
  const roads = [];
  for (const road of drawing.roads) {
    let run = [];
    const flush = () => { if (run.length >= 2) roads.push({ type: road.type, name: road.name, path: run.map(([c, r]) => label(c, r)) }); run = []; };
    for (const cell of road.path) { if (inBoard(...cell)) run.push(cell); else flush(); }
    flush();
  }
  const places = Object.fromEntries([...drawing.places.entries()].filter(([l]) => inBoard(...fromLabel.get(l))).sort());
  return {
    $schema: '../../../schema/board.schema.json',
    id, name, kind: 'hex', orientation: 'flat', shifted: 'even',
    sections: SHEETS.filter((s) => keep.has(s.id)).map((s) => ({
      id: s.id, origin: sectionOrigin(s), columns: SHEET.columns, rows: SHEET.rows,
      label: { pattern: `${s.letter}{c:2}{r:2}` },
    })),
    scale: '116 yards across the flats (rule 2.5); a sheet is 25.5" x 33" with 0.6" hexes',
    terrain: { default: 'clear', hexes },
    hexsides, roads, places,
  };
}
