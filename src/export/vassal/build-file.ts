// The whole VASSAL module (reference §1–§2): buildFile.xml (built with xml2js), moduledata, the
// images and one saved game per scenario. Class names and attributes are only those the
// reference lists; docs/vassal-export.md gives the mapping and what cannot map.
import { squareAsPoints } from '../../core/module/square-points.js';
import { Builder } from 'xml2js';
import type { BoardDef, ModuleData, ScenarioDef } from '../../core/module/schema.js';
import { prepareGame } from '../../core/engine/game.js';
import { initialState } from '../../core/engine/initial-state.js';
import { boardFrame, renderBoardSvg, type BoardFrame } from '../board-svg.js';
import { CARD_HEIGHT, CARD_WIDTH } from '../card-svg.js';
import { DEFAULT_COUNTER_SIZE } from '../counter-svg.js';
import { svgToPng } from '../game-png.js';
import { vassalHexGrid, type Attrs, type VassalHexGrid } from './hex-grid.js';
import { addPieceCommand, type PieceDefinition } from './piece-definition.js';
import { pieceCatalogue, type PieceCatalogue } from './piece-catalogue.js';
import { savedGameFile } from './saved-game.js';
import { vassalSnapshot, VassalIds, withRealSecretCards } from './game-snapshot.js';
import { holdingBoard, cellCentre, HOLDING_MAP } from './holding-board.js';
import { mapNode } from './map-node.js';
import { CARDS_MAP, vassalPlaces, type VassalPlaces } from './places.js';
import { turnTrackerNode } from './turn-tracker.js';
import { encodeSequence } from './sequence-encoder.js';

export const VASSAL_VERSION = '3.7.26';
const V = 'VASSAL.build.';
const M = `${V}module.`;
const BP = `${M}map.boardPicker.`;
const GRID = `${BP}board.`;
const MAPGRID = `${GRID}mapgrid.`;
const W = `${V}widget.`;

export interface VassalFiles {
  /** archive path → bytes (images/…, buildFile.xml, moduledata, *.vsav, charts) */
  files: Map<string, Uint8Array>;
  /** what could not map, for the user */
  notes: string[];
}

type Node = { $?: Attrs; _?: string; [child: string]: unknown };

/** Supplied module images, found by their module path. */
export type ModuleImages = ReadonlyMap<string, Uint8Array>;

/** What a module's export shares with the .vlog exporter: the same pieces, places and decks. */
export interface VassalExportContext {
  files: Map<string, Uint8Array>;
  notes: string[];
  catalogue: PieceCatalogue;
  frames: Map<string, BoardFrame>;
  places: VassalPlaces;
  /** deck id → the Deck's type string (DrawPile attributes, Deck.java's order) */
  deckTypes: Map<string, string>;
  /** map id → board name, in map order */
  boards: Array<readonly [string, string]>;
  moduledata: string;
}

export function vassalExportContext(data: ModuleData, images: ModuleImages): VassalExportContext {
  const files = new Map<string, Uint8Array>();
  const notes: string[] = [];
  const enc = new TextEncoder();
  const usedNames = new Set<string>();
  /** Puts a picture under images/ and returns its bare name (what traits and Board refer to). */
  const image = (name: string, svg: string | undefined, supplied?: string): string => {
    if (supplied) {
      const bytes = images.get(supplied);
      if (bytes) {
        const bare = `m-${supplied.replace(/[^A-Za-z0-9._-]/g, '_')}`;
        files.set(`images/${bare}`, bytes);
        return bare;
      }
      notes.push(`image ${supplied} is not in the module; a generated picture is used instead`);
    }
    let bare = `${name.replace(/[^A-Za-z0-9._-]/g, '_')}.svg`;
    while (usedNames.has(bare)) bare = `x${bare}`;
    usedNames.add(bare);
    files.set(`images/${bare}`, enc.encode(svg ?? ''));
    return bare;
  };
  const frames = new Map<string, BoardFrame>(data.boards.map((b) => [b.id, boardFrame(b)]));
  const main = data.boards[0]!;
  const catalogue = pieceCatalogue(data, image, main.kind === 'hex' ? main.orientation : 'flat');
  const places = vassalPlaces(data, frames, holdingBoard(data));
  const deckTypes = new Map(data.decks.map((d) => [d.id, encodeSequence([
    'deck', 'true', '0,0,0', CARD_WIDTH, CARD_HEIGHT, d.secret ? 'Always' : 'Never', 'Always', 'false', 'false', 'false', '', '', '', d.name,
    '', '', '', String(!d.secret), 'false',
  ], ';')]));
  const boards: Array<readonly [string, string]> = data.boards.map((b) => [b.name, b.name] as const);
  if (holdingBoard(data)) boards.push([HOLDING_MAP, HOLDING_MAP]);
  if (data.decks.length) boards.push([CARDS_MAP, CARDS_MAP]);
  return { files, notes, catalogue, frames, places, deckTypes, boards, moduledata: moduleDataXml(data) };
}

/**
 * A board's picture as PNG: VASSAL draws SVG boards tile by tile, tens of seconds a screen on a big
 * map (reference §9), so boards are rasterised at the board frame's own scale, one PNG pixel per
 * frame unit (hexes 40 px centre to corner). A supplied raster image is kept as it is.
 */
function boardImage(files: Map<string, Uint8Array>, images: ModuleImages, b: BoardDef, svg: () => string, notes: string[], raster: Raster): string {
  if (b.image) {
    const bytes = images.get(b.image);
    if (bytes && !/\.svg$/i.test(b.image)) {
      const bare = `m-${b.image.replace(/[^A-Za-z0-9._-]/g, '_')}`;
      files.set(`images/${bare}`, bytes);
      return bare;
    }
    if (!bytes) notes.push(`image ${b.image} is not in the module; a generated picture is used instead`);
    else {
      const bare = `m-${b.image.replace(/[^A-Za-z0-9._-]/g, '_')}.png`;
      files.set(`images/${bare}`, raster(new TextDecoder().decode(bytes)));
      return bare;
    }
  }
  const bare = `board-${b.id.replace(/[^A-Za-z0-9._-]/g, '_')}.png`;
  files.set(`images/${bare}`, raster(svg()));
  return bare;
}

/** SVG to PNG: resvg (game-png.ts) unless a caller that reads only the build file asks for less. */
export type Raster = (svg: string) => Uint8Array;

export function buildVassalModule(data: ModuleData, images: ModuleImages, raster: Raster = svgToPng): VassalFiles {
  const ctx = vassalExportContext(data, images);
  const { files, notes, catalogue: cat, frames, places } = ctx;
  const enc = new TextEncoder();
  const gpid = cat.nextGpid;
  const slot = (d: PieceDefinition, width = DEFAULT_COUNTER_SIZE, height = width): Node => ({ $: { entryName: d.name, gpid: String(d.gpid), width: String(width), height: String(height) }, _: addPieceCommand(d) });

  // Maps: one per board.
  const maps: Node[] = data.boards.map((def) => {
    const frame = frames.get(def.id)!;
    // a square board goes out as its cells' regions (docs/vassal-export.md)
    const b = def.kind === 'square' ? squareAsPoints(def) : def;
    const boardNode: Node = { $: { name: b.name, image: boardImage(files, images, b, () => renderBoardSvg(data, b), notes, raster), reversible: 'false', width: String(frame.width), height: String(frame.height) } };
    if (b.kind === 'hex') {
      const plan = vassalHexGrid(b, frame);
      notes.push(...plan.notes);
      if (plan.grid.kind === 'hex') boardNode[`${GRID}HexGrid`] = [hexGridNode(plan.grid.hexGrid)];
      else {
        boardNode[`${GRID}ZonedGrid`] = [{
          [`${MAPGRID}Zone`]: plan.grid.zones.map((z) => ({
            $: { name: z.name, locationFormat: '$gridLocation$', path: z.path, useParentGrid: 'false', useHighlight: 'false', highlightProperty: '' },
            [`${GRID}HexGrid`]: [hexGridNode(z.hexGrid)],
          })),
        }];
      }
      if (Object.keys(b.hexsides).length) notes.push(`board ${b.id}: hexside features are drawn on the board picture only; VASSAL grids have no hexside terrain`);
    } else {
      const names = new Map<string, number>();
      for (const s of b.spaces) names.set(s.name, (names.get(s.name) ?? 0) + 1);
      boardNode[`${GRID}RegionGrid`] = [{
        $: { snapto: 'true', visible: 'false', fontsize: '9' },
        [`${GRID}Region`]: b.spaces.map((s) => {
          const p = frame.at(s.id);
          return { $: { name: names.get(s.name)! > 1 ? s.id : s.name, originx: String(Math.round(p.x)), originy: String(Math.round(p.y)) } };
        }),
      }];
      if (b.connections.length) notes.push(`board ${b.id}: connections are drawn on the board picture only; VASSAL regions are not linked`);
    }
    return mapNode({ mapName: b.name, buttonName: b.name, width: frame.width, height: frame.height, launch: false, board: boardNode });
  });

  // Boxes, hands and tracks: one map of labelled cells, each a Region.
  const holding = holdingBoard(data);
  if (holding) {
    const image = 'boxes-and-tracks.png';
    files.set(`images/${image}`, raster(holding.svg));
    maps.push(mapNode({
      mapName: HOLDING_MAP, buttonName: HOLDING_MAP, width: holding.width, height: holding.height, launch: true,
      board: {
        $: { name: HOLDING_MAP, image, reversible: 'false', width: String(holding.width), height: String(holding.height) },
        [`${GRID}RegionGrid`]: [{
          $: { snapto: 'true', visible: 'false', fontsize: '9' },
          [`${GRID}Region`]: holding.cells.map((c) => {
            const p = cellCentre(c);
            return { $: { name: c.region, originx: String(p.x), originy: String(p.y) } };
          }),
        }],
      },
    }));
  }

  // Decks on a map of their own, side by side, each with its discard spot below.
  if (data.decks.length) {
    const piles = data.decks.map((deck) => {
      const at = places.deck(deck.id)!;
      return {
        $: {
          name: deck.name, owningBoard: CARDS_MAP, x: String(at.x), y: String(at.y),
          width: String(CARD_WIDTH), height: String(CARD_HEIGHT), allowMultiple: 'false', allowSelect: 'false',
          faceDown: deck.secret ? 'Always' : 'Never', drawFaceUp: deck.secret ? 'false' : 'true', shuffle: 'Always', reversible: 'false',
          draw: 'true', color: '0,0,0', reshufflable: 'false', canSave: 'false',
        },
        [`${W}PieceSlot`]: deck.cards.map((card) => slot(cat.cards.get(card.id)!, CARD_WIDTH, CARD_HEIGHT)),
      };
    });
    const { width, height } = places.cardsBoard;
    maps.push(mapNode({
      mapName: CARDS_MAP, buttonName: CARDS_MAP, width, height, launch: true,
      board: { $: { name: CARDS_MAP, reversible: 'false', width: String(width), height: String(height), color: '230,230,230' } },
      extra: { [`${M}map.DrawPile`]: piles },
    }));
    if (data.decks.some((d) => d.secret)) notes.push('secret decks: cards carry a Mask with the deck\'s back, so VASSAL shows them face down, but it does not protect hidden hands in its files (reference §4.6); hand limits and reshuffle rules are not enforced');
  }

  // Palettes: piece types, each side's counters, markers and track markers.
  const panels: Node[] = [];
  const panel = (entryName: string, defs: PieceDefinition[]) => {
    if (defs.length) panels.push({ $: { entryName, nColumns: '6', fixed: 'false', vert: 'false' }, [`${W}PieceSlot`]: defs.map((d) => slot(d)) });
  };
  panel('Piece types', [...cat.pieceTypes.values()]);
  for (const side of data.sides) panel(side.name, data.pieces.filter((p) => p.side === side.id).map((p) => cat.pieces.get(p.id)!));
  panel('Markers', [...cat.markers.values(), ...cat.tracks.values()]);
  const hidden = [...cat.hiddenCards.values()];
  if (hidden.length) panels.push({ $: { entryName: 'Hidden cards', nColumns: '6', fixed: 'false', vert: 'false' }, [`${W}PieceSlot`]: hidden.map((d) => slot(d, CARD_WIDTH, CARD_HEIGHT)) });

  // Dice: each die, and each procedure's dice (its modifiers and table are in the charts).
  const dice: Node[] = data.dice.map((d) => diceButton(d.name ?? d.id, 1, d.sides));
  for (const p of data.procedures) {
    const [n, s] = p.dice.split('d').map(Number);
    dice.push(diceButton(p.name, n!, s!));
  }
  if (data.procedures.some((p) => p.modifiers.length)) notes.push('procedures: VASSAL dice buttons roll the dice only; modifiers and the table lookup are listed in the chart window for the players to apply');

  const seq = data.sequence;
  if (seq.phases.some((p) => p.segments.length) || seq.turnTypes.length) notes.push('sequence: segments and turn types (day/night…) are not in the VASSAL turn tracker, which shows turn and phase only');

  // Charts: one HTML page per table, with the procedures that use it.
  const charts: Node[] = data.tables.map((t) => {
    const file = `chart-${t.id}.html`;
    files.set(file, enc.encode(tableHtml(data, t.id)));
    return { $: { chartName: t.name, description: t.note ?? '', fileName: file } };
  });

  // Scenarios: a predefined setup each, from the engine's own initial state.
  const setups: Node[] = data.scenarios.map((sc) => {
    const file = `setup-${sc.id}.vsav`;
    const game = prepareGame(data, sc.id);
    const state = initialState(game);
    const ids = new VassalIds();
    const snapshot = withRealSecretCards(game, state, vassalSnapshot(game, state, cat, places, ids), cat, ids);
    notes.push(...snapshot.notes.map((n) => `scenario ${sc.id}: ${n}`));
    if (sc.reinforcements.length) notes.push(`scenario ${sc.id}: reinforcements after the first turn are not placed (VASSAL has no schedule); they stay in the palette`);
    files.set(file, savedGameFile({
      snapshot, boards: ctx.boards, deckTypes: ctx.deckTypes, lastTurn: game.lastTurn, phases: seq.phases.length,
      moduledata: ctx.moduledata, savedata: saveDataXml(data, sc),
    }));
    return { $: { name: sc.name, isMenu: 'false', useFile: 'true', file } };
  });

  const root: Node = {
    $: { name: data.title, version: data.version, description: data.description ?? '', VassalVersion: VASSAL_VERSION, nextPieceSlotId: String(gpid) },
    // First: VASSAL builds the root's children before adding its default encoder (reference §9).
    [`${M}BasicCommandEncoder`]: [''],
    [`${M}PlayerRoster`]: [{ $: { buttonText: 'Retire' }, entry: data.sides.map((s) => s.name) }],
    [`${M}Map`]: maps,
    [`${M}PieceWindow`]: [{ $: { name: 'Counters', text: 'Counters', hidden: 'false', scale: '1.0' }, [`${W}TabWidget`]: [{ $: { entryName: 'Counters' }, [`${W}PanelWidget`]: panels }] }],
    [`${M}DiceButton`]: dice,
    [`${M}turn.TurnTracker`]: [turnTrackerNode(seq)],
    ...(charts.length ? { [`${M}ChartWindow`]: [{ $: { name: 'Tables', text: 'Tables' }, [`${W}TabWidget`]: [{ $: { entryName: 'Tables' }, [`${W}HtmlChart`]: charts }] }] } : {}),
    [`${M}PredefinedSetup`]: setups,
  };
  const xml = new Builder({ xmldec: { version: '1.0', encoding: 'UTF-8', standalone: false }, renderOpts: { pretty: true, indent: '    ', newline: '\n' } })
    .buildObject({ [`${V}GameModule`]: root });
  files.set('buildFile.xml', enc.encode(xml));
  files.set('moduledata', enc.encode(ctx.moduledata));
  return { files, notes: [...new Set(notes)] };
}

function hexGridNode(g: VassalHexGrid): Node {
  return g.numbering ? { $: g.grid, [`${MAPGRID}HexGridNumbering`]: [{ $: g.numbering }] } : { $: g.grid };
}

function diceButton(name: string, nDice: number, nSides: number): Node {
  return { $: { name, text: name, tooltip: `Roll ${nDice}d${nSides}`, nDice: String(nDice), nSides: String(nSides), plus: '0', addToTotal: '0', reportTotal: String(nDice > 1), prompt: 'false', sortDice: 'false', keepDice: 'false' } };
}

function xmlDoc(root: string, node: Node): string {
  return new Builder({ xmldec: { version: '1.0', encoding: 'UTF-8', standalone: false }, renderOpts: { pretty: true, indent: '  ', newline: '\n' } }).buildObject({ [root]: node });
}

function moduleDataXml(data: ModuleData): string {
  return xmlDoc('data', { $: { version: '1' }, version: [data.version], extra1: [''], extra2: [''], VassalVersion: [VASSAL_VERSION], dateSaved: ['0'], description: [data.description ?? ''], name: [data.title] });
}

function saveDataXml(data: ModuleData, sc: ScenarioDef): string {
  return xmlDoc('data', { $: { version: '1' }, version: [data.version], extra1: [''], extra2: [''], VassalVersion: [VASSAL_VERSION], dateSaved: ['0'], description: [sc.name] });
}

function tableHtml(data: ModuleData, id: string): string {
  const t = data.tables.find((x) => x.id === id)!;
  const e = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const range = (min?: number, max?: number) => (min === undefined ? `≤ ${max}` : max === undefined ? `≥ ${min}` : min === max ? `${min}` : `${min}–${max}`);
  let html = `<html><body><h2>${e(t.name)}</h2><table border="1"><tr><th>${e(t.index)}</th>`;
  html += t.columns ? t.columns.map((c) => `<th>${e(c.id)}</th>`).join('') : '<th>result</th>';
  html += '</tr>';
  for (const r of t.rows) html += `<tr><td>${range(r.min, r.max)}</td>${(Array.isArray(r.result) ? r.result : [r.result]).map((x) => `<td>${e(x)}</td>`).join('')}</tr>`;
  html += '</table>';
  for (const p of data.procedures.filter((x) => x.table === id)) {
    html += `<h3>${e(p.name)}: ${e(p.dice)}</h3><ul>${p.modifiers.map((m) => `<li>${e(m.name)}${m.value === undefined ? '' : ` (${m.value > 0 ? '+' : ''}${m.value})`}</li>`).join('')}</ul>`;
    if (p.rule) html += `<p>${e(p.rule)}</p>`;
  }
  if (t.note) html += `<p>${e(t.note)}</p>`;
  return `${html}</body></html>\n`;
}
