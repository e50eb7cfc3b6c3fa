// Hex boards and point-to-point boards as docs/geometry.md and docs/module-format.md describe them:
// labels, adjacency, distance, hexside ids, terrain, roads and hexside features.
const letters = (n) => { let s = ''; for (; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s; return s; };

function printLabel(pattern, c, r) {
  return pattern.replace(/\{([cCrR])(?::(\d))?\}/g, (_, f, w) => {
    const n = f.toLowerCase() === 'c' ? c : r;
    if (f === 'C' || f === 'R') return letters(n);
    return w ? String(n).padStart(Number(w), '0') : String(n);
  });
}

const FLAT = [[0, -1], [1, -1], [1, 0], [0, 1], [-1, 1], [-1, 0]];
const POINTY = [[1, -1], [1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1]];
const NAMES = { flat: ['N', 'NE', 'SE', 'S', 'SW', 'NW'], pointy: ['NE', 'E', 'SE', 'SW', 'W', 'NW'] };

export class Board {
  constructor(def) {
    this.def = def;
    this.points = def.kind === 'points';
    this.coords = new Map();   // label → {q, r}
    this.at = new Map();       // "q,r" → label
    if (this.points) {
      this.adj = new Map(def.spaces.map((s) => [s.id, new Map()]));
      for (const c of def.connections ?? []) { this.adj.get(c.a).set(c.b, c); this.adj.get(c.b).set(c.a, c); }
    } else {
      const k = def.shifted === 'odd' ? 1 : 0;
      for (const s of def.sections) {
        for (let i = 0; i < s.columns; i++) for (let j = 0; j < s.rows; j++) {
          const col = s.origin[0] + i, row = s.origin[1] + j;
          const label = printLabel(s.label.pattern, i + (s.label.firstColumn ?? 1), j + (s.label.firstRow ?? 1));
          const q = def.orientation === 'flat' ? col : col - Math.floor((row + k) / 2);
          const r = def.orientation === 'flat' ? row - Math.floor((col + k) / 2) : row;
          this.coords.set(label, { q, r, col, row });
          this.at.set(`${q},${r}`, label);
        }
      }
    }
    this.terrain = new Map();
    for (const [t, refs] of Object.entries(def.terrain?.hexes ?? {})) for (const l of this.expand(refs)) (this.terrain.get(l) ?? this.terrain.set(l, []).get(l)).push(t);
    if (this.points) for (const s of def.spaces) if (s.terrain) for (const t of [].concat(s.terrain)) (this.terrain.get(s.id) ?? this.terrain.set(s.id, []).get(s.id)).push(t);
    this.features = new Map();
    for (const [f, sides] of Object.entries(def.hexsides ?? {})) for (const s of sides) {
      const [a, b] = s.split(/[|/]/);
      const id = b === undefined ? s : [a, b].sort().join('|');
      (this.features.get(id) ?? this.features.set(id, []).get(id)).push({ feature: f,
        high: b === undefined ? null : a });
    }
    this.roadSteps = new Map();
    for (const road of def.roads ?? []) for (let i = 1; i < road.path.length; i++) {
      for (const [x, y] of [[road.path[i - 1], road.path[i]], [road.path[i], road.path[i - 1]]]) {
        const key = `${x}>${y}`;
        (this.roadSteps.get(key) ?? this.roadSteps.set(key, []).get(key)).push(road.type);
      }
    }
    this.roadHexes = new Map();
    for (const road of def.roads ?? []) for (const h of road.path) (this.roadHexes.get(h) ?? this.roadHexes.set(h,
      []).get(h)).push(road.type);
  }

  expand(refs) {
    const out = [];
    for (const ref of refs) {
      const m = /^(.+)-(.+)$/.exec(ref);
      if (!m || this.coords.has(ref) || !this.coords.has(m[1])) { out.push(ref); continue; }
      const a = this.coords.get(m[1]), b = this.coords.get(m[2]);
      for (const [lbl, c] of this.coords) {
        if (a.col === b.col && c.col === a.col && c.row >= Math.min(a.row, b.row) && c.row <= Math.max(a.row,
          b.row)) out.push(lbl);
        else if (a.row === b.row && a.col !== b.col && c.row === a.row && c.col >= Math.min(a.col, b.col)
          && c.col <= Math.max(a.col, b.col)) out.push(lbl);
      }
    }
    return out;
  }

  has(label) { return this.points ? this.adj.has(label) : this.coords.has(label); }

  adjacent(a, b) {
    if (this.points) return this.adj.get(a)?.has(b) ?? false;
    return this.direction(a, b) >= 0;
  }

  direction(a, b) {
    const x = this.coords.get(a), y = this.coords.get(b);
    if (!x || !y) return -1;
    const dirs = this.def.orientation === 'flat' ? FLAT : POINTY;
    return dirs.findIndex(([dq, dr]) => x.q + dq === y.q && x.r + dr === y.r);
  }

  distance(a, b) {
    const x = this.coords.get(a), y = this.coords.get(b);
    const dq = x.q - y.q, dr = x.r - y.r;
    return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
  }

  /** The canonical hexside id between two adjacent hexes (docs/state-format.md "Hexsides"). */
  hexside(a, b) { return this.points ? null : [a, b].sort().join('|'); }

  hexTerrain(label) { return this.terrain.get(label) ?? (this.def.terrain?.default ? [this.def.terrain.default] : []); }
  roadsBetween(a, b) { return this.roadSteps.get(`${a}>${b}`) ?? []; }
  roadsAt(a) { return this.roadHexes.get(a) ?? []; }
  sideFeatures(a, b) { return this.points ? [] : this.features.get(this.hexside(a, b)) ?? []; }
  directionName(i) { return NAMES[this.def.orientation][i]; }
}
