import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { parseStringPromise } from 'xml2js';
import { describe, expect, it } from 'vitest';
import { loadModule } from '../../../src/export/load-module.js';
import { vassalModuleBytes } from '../../../src/export/vassal/vmod.js';
import { svgToPng } from '../../../src/export/game-png.js';
import { boardFrame } from '../../../src/export/board-svg.js';
import { vassalHexGrid } from '../../../src/export/vassal/hex-grid.js';
import { readZip } from '../../../src/export/zip.js';
import type { HexBoardDef, ModuleData } from '../../../src/core/module/schema.js';
import type { HexBoardSpec } from '../../../src/core/geometry/spec.js';
import { boardView } from '../../../src/core/module/board-view.js';
import { ALL } from '../../core/geometry/fixtures.js';
import { decodeAddPiece, decodeSequence } from './trait-decoder.js';
import { polygonContains, vassalLocation, type Attrs } from './numbering.js';

// Every class the exporter may write, with the attributes the reference (§2.2–2.3, §1) lists for it.
const P = 'VASSAL.build.module.';
const REFERENCE: Record<string, string[]> = {
  'VASSAL.build.GameModule': ['name', 'version', 'description', 'ModuleOther1', 'ModuleOther2', 'VassalVersion', 'nextPieceSlotId'],
  [`${P}Map`]: ['mapName', 'description', 'markMoved', 'markUnmovedText', 'markUnmovedTooltip', 'markUnmovedIcon', 'markUnmovedHotkey', 'markUnmovedReport', 'edgeWidth', 'edgeHeight', 'backgroundcolor', 'allowMultiple', 'color', 'thickness', 'launch', 'buttonName', 'tooltip', 'icon', 'hotkey', 'showKey', 'hideKey', 'onlyReportChangedLocation', 'moveWithinFormat', 'moveToFormat', 'createFormat', 'changeFormat', 'moveKey'],
  [`${P}map.BoardPicker`]: ['slotWidth', 'slotHeight', 'slotScale', 'title', 'addRowText', 'addColumnText', 'boardPrompt', 'maxColumns'],
  [`${P}map.boardPicker.Board`]: ['name', 'image', 'reversible', 'width', 'height', 'color'],
  [`${P}map.boardPicker.board.HexGrid`]: ['sideways', 'x0', 'y0', 'dy', 'dx', 'snapTo', 'edgesLegal', 'cornersLegal', 'visible', 'dotsVisible', 'color'],
  [`${P}map.boardPicker.board.mapgrid.HexGridNumbering`]: ['first', 'sep', 'hType', 'vType', 'hLeading', 'vLeading', 'hOff', 'vOff', 'hDescend', 'vDescend', 'locationFormat', 'visible', 'fontSize', 'color', 'rotateText', 'hDrawOff', 'vDrawOff', 'stagger'],
  [`${P}map.boardPicker.board.ZonedGrid`]: [],
  [`${P}map.boardPicker.board.mapgrid.Zone`]: ['name', 'locationFormat', 'path', 'useParentGrid', 'useHighlight', 'highlightProperty'],
  [`${P}map.boardPicker.board.RegionGrid`]: ['snapto', 'visible', 'fontsize'],
  [`${P}map.boardPicker.board.Region`]: ['name', 'originx', 'originy'],
  [`${P}PieceWindow`]: ['name', 'description', 'hidden', 'text', 'tooltip', 'icon', 'hotkey', 'scale', 'defaultWidth'],
  'VASSAL.build.widget.TabWidget': ['entryName', 'description'],
  'VASSAL.build.widget.PanelWidget': ['entryName', 'description', 'fixed', 'nColumns', 'vert', 'scale'],
  'VASSAL.build.widget.PieceSlot': ['entryName', 'gpid', 'width', 'height'],
  'VASSAL.build.widget.HtmlChart': ['chartName', 'description', 'fileName'],
  [`${P}DiceButton`]: ['name', 'text', 'tooltip', 'icon', 'hotkey', 'canDisable', 'propertyGate', 'hideWhenDisabled', 'disabledIcon', 'reportFormat', 'prompt', 'nDice', 'lockDice', 'nSides', 'lockSides', 'plus', 'lockPlus', 'addToTotal', 'lockAdd', 'reportTotal', 'sortDice', 'keepDice', 'keepOption', 'keepCount'],
  [`${P}map.DrawPile`]: ['name', 'owningBoard', 'x', 'y', 'width', 'height', 'allowMultiple', 'allowSelect', 'faceDown', 'drawFaceUp', 'shuffle', 'reversible', 'draw', 'color', 'reshufflable', 'reshuffleTarget', 'canSave', 'maxStack', 'expressionCounting', 'countExpressions', 'restrictOption', 'restrictExpression', 'deckRestrictAccess', 'deckOwners'],
  [`${P}PlayerRoster`]: ['buttonText', 'buttonIcon', 'buttonToolTip', 'buttonKeyStroke'],
  entry: [],
  [`${P}turn.TurnTracker`]: ['name', 'description', 'buttonText', 'icon', 'hotkey', 'nexthotkey', 'prevhotkey', 'turnFormat', 'reportFormat', 'tooltip', 'lengthStyle', 'length', 'plusButtonSize', 'turnButtonHeight', 'fwdOnly'],
  [`${P}turn.CounterTurnLevel`]: ['name', 'property', 'turnFormat', 'start', 'incr', 'loop', 'loopLimit'],
  [`${P}turn.ListTurnLevel`]: ['name', 'property', 'turnFormat', 'list', 'configList', 'configFirst', 'prompt'],
  [`${P}ChartWindow`]: ['name', 'description', 'text', 'tooltip', 'icon', 'hotkey'],
  // name/isMenu/useFile read from PredefinedSetup.java (the reference names only `file`)
  [`${P}PredefinedSetup`]: ['name', 'isMenu', 'useFile', 'file'],
  // §9: the encoder, written first; the map tools' attributes read from Zoomer.java,
  // CounterDetailViewer.java and GlobalMap.java (VASSAL's own load reports no unknown attribute)
  [`${P}BasicCommandEncoder`]: [],
  [`${P}map.Zoomer`]: ['zoomLevels', 'zoomStart'],
  [`${P}map.CounterDetailViewer`]: ['version', 'delay', 'showgraph', 'zoomlevel', 'minDisplayPieces', 'showtext', 'display'],
  [`${P}map.GlobalMap`]: ['buttonText', 'tooltip', 'scale', 'color'],
};
const TRAIT_PREFIXES = ['piece;', 'emb2;', 'rotate;', 'mark;', 'obs;'];

interface El { tag: string; attrs: Attrs; text: string; children: El[] }

async function parse(xml: string): Promise<El> {
  const doc = await parseStringPromise(xml, { explicitChildren: true, preserveChildrenOrder: true, charsAsChildren: false, trim: false });
  const walk = (tag: string, node: Record<string, unknown>): El => {
    const kids = (node.$$ as Record<string, unknown>[] | undefined) ?? [];
    return { tag, attrs: (node.$ as Attrs) ?? {}, text: typeof node._ === 'string' ? node._ : '', children: kids.map((k) => walk(k['#name'] as string, k)) };
  };
  const [root] = Object.keys(doc);
  return walk(root!, doc[root!]);
}

function all(el: El): El[] { return [el, ...el.children.flatMap(all)]; }

async function moduleDirs(): Promise<string[]> {
  const out: string[] = [];
  for (const name of (await readdir('modules')).sort()) {
    const dir = join('modules', name);
    if (!(await stat(dir)).isDirectory()) continue;
    try { await loadModule(dir); out.push(dir); } catch { /* a seed module still being written */ }
  }
  return out;
}

const dirs = await moduleDirs();

// The board pictures are rasterised by resvg at a pixel per frame unit: most of a minute for Eylau's
// map on a loaded machine. These tests read the build file and which images it names, not their
// pixels (test/export/vassal/vassal-load.test.ts has VASSAL load the real export): each picture is
// checked to be one whole SVG document and stands in as a 1×1 PNG resvg made.
const dot = svgToPng('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>');
const raster = (svg: string): Uint8Array => {
  expect(svg).toMatch(/^(<\?xml[^>]*>\s*)?<svg[\s>][\s\S]*<\/svg>\s*$/);
  return dot;
};

describe.each(dirs)('VASSAL export of %s', (dir) => {
  let exported: { data: ModuleData; root: El; files: Map<string, Uint8Array> } | undefined;
  const get = async () => {
    if (exported) return exported;
    const m = await loadModule(dir);
    const { bytes } = vassalModuleBytes(m.data, m.source, raster);
    const files = new Map(readZip(bytes, 'vmod').map((e) => [e.name, e.data]));
    exported = { data: m.data, root: await parse(new TextDecoder().decode(files.get('buildFile.xml'))), files };
    return exported;
  };

  it('uses only classes and attributes from the reference', async () => {
    const { root, files } = await get();
    expect(root.tag).toBe('VASSAL.build.GameModule');
    expect(root.children[0]!.tag).toBe(`${P}BasicCommandEncoder`);
    for (const el of all(root)) {
      expect(REFERENCE[el.tag], `class ${el.tag}`).toBeDefined();
      for (const a of Object.keys(el.attrs)) expect(REFERENCE[el.tag], `${el.tag} @${a}`).toContain(a);
    }
    expect(files.has('moduledata')).toBe(true);
    // Every image a Board names is in images/.
    for (const b of all(root).filter((e) => e.tag.endsWith('boardPicker.Board') && e.attrs.image)) expect(files.has(`images/${b.attrs.image}`)).toBe(true);
  });

  it('has a map per board, a slot per piece type, a dice button per die, the sides and the turns', async () => {
    const { root, data } = await get();
    const els = all(root);
    const mapNames = els.filter((e) => e.tag === `${P}Map`).map((e) => e.attrs.mapName);
    for (const b of data.boards) expect(mapNames).toContain(b.name);
    const slots = els.filter((e) => e.tag === 'VASSAL.build.widget.PieceSlot').map((e) => e.attrs.entryName);
    for (const t of data.pieceTypes) expect(slots).toContain(t.name);
    const dice = els.filter((e) => e.tag === `${P}DiceButton`);
    expect(dice.length).toBe(data.dice.length + data.procedures.length);
    expect(els.filter((e) => e.tag === 'entry').map((e) => e.text)).toEqual(data.sides.map((s) => s.name));
    const turns = els.find((e) => e.tag === `${P}turn.CounterTurnLevel`)!;
    expect(turns.attrs.start).toBe(String(data.sequence.firstTurn));
    const phases = els.find((e) => e.tag === `${P}turn.ListTurnLevel`)!;
    expect(decodeSequence(phases.attrs.list!, ',')).toEqual(data.sequence.phases.map((p) => p.name));
    expect(els.filter((e) => e.tag === `${P}map.DrawPile`).length).toBe(data.decks.length);
    const gpids = els.filter((e) => e.tag === 'VASSAL.build.widget.PieceSlot').map((e) => Number(e.attrs.gpid));
    expect(new Set(gpids).size).toBe(gpids.length);
    expect(Number(root.attrs.nextPieceSlotId)).toBeGreaterThan(Math.max(...gpids));
  });

  it('writes piece definitions that decode back through an independent decoder', async () => {
    const { root, files } = await get();
    for (const el of all(root).filter((e) => e.tag === 'VASSAL.build.widget.PieceSlot')) {
      const { id, traits } = decodeAddPiece(el.text);
      expect(id).toBe('null');
      for (const t of traits) expect(TRAIT_PREFIXES).toContain(t.prefix);
      const basic = traits[traits.length - 1]!;
      expect(basic.prefix).toBe('piece;');
      expect(basic.fields.length).toBe(4);
      expect(basic.fields[3]).toBe(el.attrs.entryName);
      expect(basic.state.split(';').slice(0, 5)).toEqual(['null', '0', '0', el.attrs.gpid, '0']);
      for (const t of traits) {
        if (t.prefix === 'emb2;') {
          expect(t.fields.length).toBe(33);
          const images = decodeSequence(t.fields[15]!, ',');
          expect(images.length).toBeGreaterThan(1);
          for (const i of images) expect(files.has(`images/${i}`), i).toBe(true);
          expect(decodeSequence(t.fields[16]!, ',').length).toBe(images.length);
          expect(t.state).toBe('1');
        } else if (t.prefix === 'rotate;') {
          expect(t.fields[0]).toBe('6');
          expect(t.fields.length).toBe(13); // nAngles, 4 CW/CCW fields, 8 more (§3.3)
          expect(t.state).toBe('0');
        } else if (t.prefix === 'obs;') {
          expect(t.fields.length).toBe(11); // key, image, command, style, mask name, access, … (§3.3)
          expect(files.has(`images/${t.fields[1]}`)).toBe(true);
          expect(t.fields[5]).toBe('side:');
        } else if (t.prefix === 'mark;') {
          const names = decodeSequence(t.fields[0]!, ',');
          expect(decodeSequence(t.state, ',').length).toBe(names.length);
        } else if (t.prefix === 'piece;' && basic.fields[2]) {
          expect(files.has(`images/${basic.fields[2]}`)).toBe(true);
        }
      }
    }
  });

  it('numbers the exported hex grids with the module\'s labels', async () => {
    const { root, data } = await get();
    for (const b of data.boards) {
      if (b.kind !== 'hex') continue;
      const boardEl = all(root).find((e) => e.tag.endsWith('boardPicker.Board') && e.attrs.name === b.name)!;
      const frame = boardFrame(b);
      const labels = boardView(b).hex!.labels();
      for (const label of sample(labels)) {
        const p = frame.at(label);
        const [x, y] = [Math.round(p.x), Math.round(p.y)];
        expect(locate(boardEl, x, y), `board ${b.id} hex ${label}`).toBe(label);
      }
    }
  });

  it('places the scenario setup in a predefined setup', async () => {
    const { root, files, data } = await get();
    const setups = all(root).filter((e) => e.tag === `${P}PredefinedSetup`);
    expect(setups.length).toBe(data.scenarios.length);
    for (const s of setups) {
      const save = new Map(readZip(files.get(s.attrs.file!)!, s.attrs.file!).map((e) => [e.name, e.data]));
      const text = new TextDecoder().decode(save.get('savedGame'));
      expect(text.startsWith('!VCSK00')).toBe(true);
      const hex = text.slice(7);
      const plain = new TextDecoder().decode(new Uint8Array(hex.match(/../g)!.map((h) => parseInt(h, 16))));
      const commands = decodeSequence(plain, '\u001b');
      expect(commands[0]).toBe('begin_save');
      expect(commands[commands.length - 1]).toBe('end_save');
      const adds = decodeSequence(commands[2]!, '\u001b').slice(1);
      const maps = [...data.boards.map((b) => b.name), 'Boxes and tracks', 'Cards'];
      const kind = (c: string) => decodeSequence(c, '/')[2]!;
      for (const c of adds.filter((a) => kind(a) !== 'stack' && !kind(a).startsWith('deck;'))) {
        const { traits } = decodeAddPiece(c);
        const [map] = traits[traits.length - 1]!.state.split(';');
        expect(maps).toContain(map);
      }
      // pieces sharing a spot are one Stack (§9), listed after the pieces
      const ids = new Set(adds.map((a) => decodeSequence(a, '/')[1]));
      for (const st of adds.filter((a) => kind(a) === 'stack')) {
        const fields = decodeSequence(decodeSequence(st, '/')[3]!, ';');
        expect(fields.length).toBeGreaterThanOrEqual(6);
        for (const id of fields.slice(3, -1)) expect(ids.has(id)).toBe(true);
      }
      expect(adds.filter((a) => kind(a).startsWith('deck;')).length).toBe(data.decks.length);
      expect(commands.some((c) => c.startsWith('TURNTurnTracker0\t'))).toBe(true);
    }
  });
});

/** The location name VASSAL gives a board point: the zone containing it, or the single grid. */
function locate(board: El, x: number, y: number): string | undefined {
  const hexGrid = board.children.find((c) => c.tag.endsWith('board.HexGrid'));
  if (hexGrid) return nameIn(hexGrid, x, y);
  const zoned = board.children.find((c) => c.tag.endsWith('board.ZonedGrid'))!;
  const zone = zoned.children.find((z) => polygonContains(z.attrs.path!, x, y));
  if (!zone) return undefined;
  const loc = nameIn(zone.children.find((c) => c.tag.endsWith('board.HexGrid'))!, x, y);
  return zone.attrs.locationFormat!.replace('$name$', zone.attrs.name!).replace('$gridLocation$', loc ?? '');
}

function nameIn(grid: El, x: number, y: number): string | undefined {
  const n = grid.children.find((c) => c.tag.endsWith('HexGridNumbering'));
  return n ? vassalLocation(grid.attrs, n.attrs, x, y) : undefined;
}

/** Corners, edges and a spread of interior hexes. */
function sample(labels: readonly string[]): string[] {
  if (labels.length <= 400) return [...labels];
  const step = Math.ceil(labels.length / 300);
  return labels.filter((_, i) => i % step === 0 || i === labels.length - 1);
}

describe('VASSAL hex numbering on the geometry fixture boards', () => {
  const hexBoard = (id: string, spec: HexBoardSpec): HexBoardDef => ({
    id: id.toLowerCase().replace(/_/g, '-'), name: id, kind: 'hex', orientation: spec.orientation, shifted: spec.shifted,
    sections: spec.sections as HexBoardDef['sections'], terrain: { default: 'clear', hexes: {} }, hexsides: {}, roads: [], places: {},
  });
  for (const [id, spec] of Object.entries(ALL)) {
    it(`${id}: every hex (letter columns up to AA, where VASSAL's lettering agrees)`, () => {
      const def = hexBoard(id, spec);
      const frame = boardFrame(def);
      const plan = vassalHexGrid(def, frame);
      const hex = boardView(def).hex!;
      let checked = 0;
      for (const label of hex.labels()) {
        if (/^[A-Z]{2,}/.test(label) && label.slice(0, 2) !== 'AA' && id === 'LETTERS_POINTY') continue;
        const p = frame.at(label);
        const [x, y] = [Math.round(p.x), Math.round(p.y)];
        let name: string | undefined;
        if (plan.grid.kind === 'hex') name = plan.grid.hexGrid.numbering && vassalLocation(plan.grid.hexGrid.grid, plan.grid.hexGrid.numbering, x, y);
        else {
          const zone = plan.grid.zones.find((z) => polygonContains(z.path, x, y));
          name = zone?.hexGrid.numbering && vassalLocation(zone.hexGrid.grid, zone.hexGrid.numbering, x, y);
        }
        expect(name, `${id} hex ${label}`).toBe(label);
        // A point a third of the way to a corner still names the same hex.
        const c = hex.corners(label, frame.hexSize)[1]!, raw = hex.center(label, frame.hexSize);
        const q = { x: Math.round(p.x + (c.x - raw.x) / 3), y: Math.round(p.y + (c.y - raw.y) / 3) };
        if (plan.grid.kind === 'hex') expect(vassalLocation(plan.grid.hexGrid.grid, plan.grid.hexGrid.numbering!, q.x, q.y)).toBe(label);
        checked++;
      }
      expect(checked).toBeGreaterThan(20);
      if (id === 'QUAD_PREFIXED' || id === 'L_SHAPE') expect(plan.grid.kind).toBe('zoned');
      if (id === 'QUAD_CONTINUOUS') expect(plan.grid.kind).toBe('hex');
    });
  }
});
