// Hex and square grids imported from VASSAL, judged by VASSAL itself: its dump (../shared/vassal/
// harness) lists every location name and centre of a board; the imported board must name the same
// cells at the same pixels (within VASSAL's whole-pixel rounding), in every orientation and
// numbering the importer maps, and on the real modules of ../shared/vassal.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { boardView } from '../../../src/core/module/board-view.js';
import type { BoardDef } from '../../../src/core/module/schema.js';
import { boardFrame } from '../../../src/export/board-svg.js';
import { vassalCoordinate } from '../../../src/export/vassal-import/import-grids.js';
import { importVassalModule } from '../../../src/export/vassal-import/import-module.js';
import { HARNESS, HARNESS_PRESENT, SKIP_MESSAGE } from '../vassal/vassal-harness.js';
import { GRID_BOARDS, gridModule } from './grid-fixture.js';

const SHARED = process.env.VASSAL_MODULES_DIR ?? '../shared/vassal';
if (!HARNESS_PRESENT) console.warn(SKIP_MESSAGE);

interface DumpBoard { name: string; locations: { name: string; x: number; y: number }[] }
function dump(vmod: string): Map<string, DumpBoard> {
  const out = join(mkdtempSync(join(tmpdir(), 'hexpost-dump-')), 'dump.json');
  const r = spawnSync('bash', [resolve(HARNESS, 'dump.sh'), vmod, '--no-tree', '-o', out], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`dump.sh exited ${r.status}: ${r.stderr || r.stdout}`);
  const d = JSON.parse(readFileSync(out, 'utf8')) as { maps: { boards: DumpBoard[] }[] };
  return new Map(d.maps.flatMap((m) => m.boards).map((b) => [b.name, b]));
}

/** Every cell of an imported grid board against VASSAL's locations of that board: same names, ≤ 2 px apart. */
function compare(board: BoardDef, vassal: DumpBoard, keep: (name: string) => boolean = () => true, tolerance = 2) {
  const view = boardView(board), frame = boardFrame(board, { margin: 0 });
  const theirs = new Map(vassal.locations.filter((l) => keep(l.name)).map((l) => [l.name, l]));
  const ours = view.locations();
  const missing = [...theirs.keys()].filter((n) => !view.has(n));
  const extra = ours.filter((l) => !theirs.has(l));
  const far = ours.filter((l) => theirs.has(l)).filter((l) => {
    const p = frame.at(l), q = theirs.get(l)!;
    return Math.hypot(p.x - q.x, p.y - q.y) > tolerance;
  });
  return { cells: ours.length, missing, extra, far: far.map((l) => `${l} ours ${JSON.stringify(frame.at(l))} VASSAL ${JSON.stringify(theirs.get(l))}`) };
}

describe('VASSAL coordinates as VASSAL prints them', () => {
  it('pads with one zero per power of ten below the leading count, letters from A = 0 with AA, BB after Z', () => {
    expect([vassalCoordinate(5, 'N', 1), vassalCoordinate(12, 'N', 1), vassalCoordinate(5, 'N', 2), vassalCoordinate(12, 'N', 0)]).toEqual(['05', '12', '005', '12']);
    expect([vassalCoordinate(0, 'A', 1), vassalCoordinate(25, 'A', 1), vassalCoordinate(26, 'A', 1), vassalCoordinate(27, 'A', 1)]).toEqual(['A', 'Z', 'AA', 'BB']);
    expect(vassalCoordinate(-1, 'N', 1)).toBe('-01');
  });
});

describe.skipIf(!HARNESS_PRESENT)('grids judged by VASSAL', () => {
  it('a fixture of every orientation and numbering: the same names at the same pixels as VASSAL\'s', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hexpost-grids-'));
    const vmod = join(dir, 'grids.vmod');
    writeFileSync(vmod, gridModule());
    const vassal = dump(vmod);
    const r = await importVassalModule(readFileSync(vmod), vmod);
    const results: Record<string, unknown> = {};
    for (const name of Object.keys(GRID_BOARDS)) {
      const boards = r.data.boards.filter((b) => b.name === name || b.name.startsWith(`${name} — `));
      expect(boards.length, name).toBeGreaterThan(0);
      for (const b of boards) {
        // in the zoned board the zone's squares and the background hexes are separate boards
        // (and a negative number, which VASSAL prints for edge hexes of a descending numbering, is
        // no Hexpost label: those hexes are left out, and reported)
        const keep = b.name.endsWith('Squares zone') ? (n: string) => n.includes('-') : name === 'Zoned' ? (n: string) => /^\d+$/.test(n)
          : name === 'Pointy descending' ? (n: string) => !/--\d/.test(n) : undefined;
        // The harness samples a zoned board on the background grid's centres, so a zone cell may be
        // listed at any point inside it: there the point must lie in the cell (40 px squares).
        results[b.name] = compare(b, vassal.get(name)!, keep, b.name.endsWith('Squares zone') ? 20 : 2);
      }
    }
    for (const [name, c] of Object.entries(results) as [string, ReturnType<typeof compare>][]) {
      expect({ name, missing: c.missing, extra: c.extra, far: c.far }).toEqual({ name, missing: [], extra: [], far: [] });
      expect(c.cells, name).toBeGreaterThan(8);
    }
    const kinds = Object.fromEntries(r.data.boards.map((b) => [b.name, b.kind === 'hex' ? b.orientation : b.kind]));
    expect(kinds).toMatchObject({ 'Flat staggered': 'flat', 'Pointy staggered': 'pointy', Squares: 'square', 'Zoned — Squares zone': 'square', Zoned: 'flat' });
    const squares = r.data.boards.find((b) => b.name === 'Squares')!;
    expect(squares.kind === 'square' && squares.diagonals).toBe(false);
    expect(r.data.boxes.map((b) => b.name)).toEqual(['Holding box']);
    expect(r.report.items.some((i) => i.kind === 'grid' && i.where.includes('Map[Pointy descending]') && /5 edge hexes .* left out/.test(i.what))).toBe(true);
  }, 120_000);

  it.skipIf(!existsSync(join(SHARED, 'Vive_l_Empereur_1.0.vmod')))('Vive l\'Empereur: the hex grid in its zoned grid, every hex as VASSAL names and places it', async () => {
    const file = join(SHARED, 'Vive_l_Empereur_1.0.vmod');
    const vassal = dump(file);
    const r = await importVassalModule(readFileSync(file), file);
    const main = r.data.boards.find((b) => b.name === 'Map')!;
    expect(main.kind).toBe('hex');
    const c = compare(main, vassal.get('Map')!, (n) => /^\d{4}$/.test(n));
    expect({ missing: c.missing, extra: c.extra, far: c.far }).toEqual({ missing: [], extra: [], far: [] });
    expect(c.cells).toBe(300);
    // the zones over the hexes are holding boxes; the absent picture is reported
    expect(r.data.boxes.map((b) => b.name)).toEqual(expect.arrayContaining(['Draw Cup', 'Turn 1', 'Hold Box']));
    expect(r.report.items.some((i) => i.kind === 'missing image' && i.what.includes('vive-lempereur map v2.png'))).toBe(true);
  }, 120_000);

  it.skipIf(!existsSync(join(SHARED, 'Capture_of_the_territory_0.3.0.vmod')))('Capture of the territory: its square grid, every cell as VASSAL names and places it', async () => {
    const file = join(SHARED, 'Capture_of_the_territory_0.3.0.vmod');
    const vassal = dump(file);
    const r = await importVassalModule(readFileSync(file), file);
    const b = r.data.boards[0]!;
    expect(b.kind === 'square' && b.diagonals).toBe(true); // range Metric
    const c = compare(b, vassal.get('5x5')!);
    expect({ missing: c.missing, extra: c.extra, far: c.far, cells: c.cells }).toEqual({ missing: [], extra: [], far: [], cells: 25 });
  }, 120_000);
});
