// `module import`: our own VASSAL export read back (no outside files needed), and the real modules
// of ../shared/vassal (read from there at test time, never committed; skipped where absent).
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.js';
import { prepareGame } from '../../../src/core/engine/game.js';
import { initialState } from '../../../src/core/engine/initial-state.js';
import { boardFrame } from '../../../src/export/board-svg.js';
import { loadModule } from '../../../src/export/load-module.js';
import { vassalModuleBytes } from '../../../src/export/vassal/vmod.js';
import { importVassalModule } from '../../../src/export/vassal-import/import-module.js';

const SHARED = process.env.VASSAL_MODULES_DIR ?? '../shared/vassal';
const real = (f: string) => join(SHARED, f);
const HAVE_REAL = existsSync(real('Paths_of_Glory_10.8.vmod'));
if (!HAVE_REAL) console.warn(`${SHARED}: the real VASSAL modules are absent: their import tests are skipped`);

async function cli(...args: string[]) {
  let out = '', err = '';
  const code = await main(['node', 'hexpost', ...args], { out: (t) => { out += `${t}\n`; }, err: (t) => { err += t; }, tty: false });
  return { code, out, err };
}

describe('module import of our own export', () => {
  it('reads back the Paths of Glory export: every space at its pixel, every counter with its faces, every card', async () => {
    const m = await loadModule('modules/paths-of-glory');
    const { bytes } = vassalModuleBytes(m.data, m.source);
    const r = await importVassalModule(bytes, 'pog.vmod', { like: m.data });
    const ours = m.data.boards[0]!;
    const back = r.data.boards.find((b) => b.name === ours.name)!;
    expect(back.kind).toBe('points');
    if (back.kind !== 'points' || ours.kind !== 'points') return;
    expect(back.spaces.map((s) => s.name).sort()).toEqual(ours.spaces.map((s) => s.name).sort());
    const frame = boardFrame(ours);
    for (const s of ours.spaces) {
      const p = frame.at(s.id), b = back.spaces.find((x) => x.name === s.name)!;
      expect([b.x, b.y], s.name).toEqual([Math.round(p.x), Math.round(p.y)]);
    }
    // every connection comes back through the name match (--like)
    expect(back.connections.length).toBe(ours.connections.length);
    // counters: one piece type per palette slot; two-faced counters keep both faces and their pictures
    const twoFaced = m.data.pieces.filter((p) => m.data.pieceTypes.find((t) => t.id === p.type)!.faces.length > 1);
    const imported = r.data.pieceTypes.filter((t) => t.faces.length > 1);
    expect(imported.length).toBeGreaterThanOrEqual(twoFaced.length);
    for (const t of imported) for (const f of t.faces) expect(r.files.has(f.image!), f.image).toBe(true);
    expect(r.data.decks.map((d) => d.cards.length)).toEqual(m.data.decks.map((d) => d.cards.length));
    // the at-start scenario plays: the engine starts a game on it
    const game = prepareGame(r.data, 'at-start');
    expect(Object.keys(initialState(game).pieces).length).toBe(r.data.pieces.length);
  });

  it('takes connections from --connections by space name, and reports that regions are not linked without it', async () => {
    const m = await loadModule('modules/paths-of-glory');
    const ours = m.data.boards[0]!;
    if (ours.kind !== 'points') throw new Error('expected a point board');
    const { bytes } = vassalModuleBytes(m.data, m.source);
    const bare = await importVassalModule(bytes, 'pog.vmod');
    expect(bare.report.items.some((i) => i.kind === 'connections' && i.what.includes('not linked'))).toBe(true);
    const name = new Map(ours.spaces.map((s) => [s.id, s.name]));
    const list = ours.connections.slice(0, 10).map((c) => ({ a: name.get(c.a)!.toUpperCase(), b: name.get(c.b)! }));
    const dir = mkdtempSync(join(tmpdir(), 'hexpost-import-'));
    writeFileSync(join(dir, 'pog.vmod'), bytes);
    writeFileSync(join(dir, 'links.json'), JSON.stringify(list));
    const r = await cli('module', 'import', join(dir, 'pog.vmod'), '-o', join(dir, 'out'), '--connections', join(dir, 'links.json'));
    expect(r.code, r.err).toBe(0);
    const back = (await loadModule(join(dir, 'out'))).data.boards.find((b) => b.name === ours.name)!;
    expect(back.kind === 'points' && back.connections.length).toBe(10);
    writeFileSync(join(dir, 'bad.json'), '{"a": 1}');
    const bad = await cli('module', 'import', join(dir, 'pog.vmod'), '-o', join(dir, 'out2'), '--connections', join(dir, 'bad.json'));
    expect(bad.code).not.toBe(0);
    expect(bad.err).toMatch(/bad\.json/);
  });

  it('refuses what is not a VASSAL module, naming the file', async () => {
    await expect(importVassalModule(new TextEncoder().encode('not a zip'), 'x.vmod')).rejects.toThrow(/x\.vmod: not a VASSAL module/);
  });
});

describe.skipIf(!HAVE_REAL)('module import of real VASSAL modules', () => {
  it('Paths of Glory 10.8 with --like modules/paths-of-glory: a valid module, everything unmapped reported', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hexpost-import-'));
    const out = join(dir, 'pog');
    const r = await cli('module', 'import', real('Paths_of_Glory_10.8.vmod'), '-o', out, '--like', 'modules/paths-of-glory', '--json');
    expect(r.code, r.err).toBe(0);
    const j = JSON.parse(r.out) as { unmapped: { kind: string; what: string; count: number }[] };
    const kinds = new Set(j.unmapped.map((u) => u.kind));
    for (const k of ['custom Java class', 'global key command', 'trait', 'missing image', 'expression']) expect(kinds, k).toContain(k);
    expect(j.unmapped.some((u) => u.what.includes('map_classic_vassal.jpg'))).toBe(true);
    expect(j.unmapped.some((u) => u.kind === 'custom Java class' && u.what.startsWith('PathsOfGlory.'))).toBe(true);
    expect(readFileSync(join(out, 'import-report.md'), 'utf8')).toMatch(/## What did not map/);
    const m = await loadModule(out);
    expect(m.data.pieces.length).toBe(782);
    expect(m.data.decks.length).toBeGreaterThanOrEqual(8);
    // the strategy cards keep their face (BasicPiece image) and back (Mask image) pictures, copied into the folder
    const cards = m.data.decks.flatMap((d) => d.cards);
    expect(cards.length).toBeGreaterThanOrEqual(110);
    for (const c of cards) {
      expect(c.image && c.back, c.id).toBeTruthy();
      expect(existsSync(join(out, c.image!)), c.image).toBe(true);
      expect(existsSync(join(out, c.back!)), c.back).toBe(true);
      expect(c.image).not.toBe(c.back);
    }
    expect(new Set(cards.map((c) => c.back)).size, 'one back per side').toBe(2);
    const main = m.data.boards.find((b) => b.name === 'Deluxe Historical Map')!;
    expect(main.kind === 'points' && main.spaces.length).toBeGreaterThan(200);
    expect(main.kind === 'points' && main.connections.length).toBeGreaterThan(0);
    expect(main.image && existsSync(join(out, main.image))).toBe(true);
    const state = initialState(prepareGame(m.data, 'at-start'));
    expect(Object.values(state.stacks).flat().length).toBeGreaterThan(600);
    // the three predefined setups (.vsav inside the module) are scenarios the engine starts
    const saved = m.data.scenarios.filter((s) => s.id !== 'at-start');
    expect(saved.map((s) => s.name).sort()).toEqual(['Classic Map - Campaign Scenario', 'Classic Map - Historical Scenario', 'Deluxe Map - Historical Scenario']);
    for (const sc of saved) {
      expect(sc.setup.length, sc.name).toBeGreaterThan(100);
      expect(Object.values(initialState(prepareGame(m.data, sc.id)).stacks).flat().length, sc.name).toBe(sc.setup.length);
    }
    // refuses to overwrite a module
    expect((await cli('module', 'import', real('Paths_of_Glory_10.8.vmod'), '-o', out)).code).not.toBe(0);
  }, 300_000);

  it('Vive l\'Empereur: imports its hex grid, reporting the absent main map picture', async () => {
    const r = await importVassalModule(new Uint8Array(readFileSync(real('Vive_l_Empereur_1.0.vmod'))), 'vive.vmod');
    expect(r.report.items.some((i) => i.kind === 'missing image' && i.what.includes('vive-lempereur map v2.png'))).toBe(true);
    const map = r.data.boards.find((b) => b.name === 'Map')!;
    expect(map.kind === 'hex' && map.placement).toEqual({ x: '107.2', y: '111.3', dx: '109.2', dy: '125.3' });
    expect(r.data.pieces.length).toBe(129);
  }, 60_000);

  it('Capture of the territory (old buildFile, square grid): a square board, and a game starts on it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hexpost-import-'));
    const r = await cli('module', 'import', real('Capture_of_the_territory_0.3.0.vmod'), '-o', join(dir, 'capture'), '--json');
    expect(r.code, r.err).toBe(0);
    const m = await loadModule(join(dir, 'capture'));
    const b = m.data.boards[0]!;
    expect(b.kind === 'square' && [b.columns, b.rows, b.label.pattern]).toEqual([5, 5, '{C}{r:2}']);
    const game = prepareGame(m.data, 'at-start');
    expect(game.board.adjacent('B01', 'C02')).toBe(true);
  });

  it('an unreadable build file: a clear error naming the archive entry', async () => {
    const bytes = zipSync({ 'buildFile.xml': new TextEncoder().encode('<VASSAL.build.GameModule name="x"><oops></VASSAL.build.GameModule>') });
    await expect(importVassalModule(bytes, 'bad.vmod')).rejects.toThrow(/bad\.vmod!buildFile\.xml: not readable XML/);
  });
});
