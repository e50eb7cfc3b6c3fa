// The whole VASSAL module (reference §1–§2): buildFile.xml (built with xml2js), moduledata, the
// images and one saved game per scenario. Class names and attributes are only those the
// reference lists; docs/vassal-export.md gives the mapping and what cannot map.
import { Builder } from 'xml2js';
import type { BoardDef, ModuleData, PieceDef, PieceTypeDef, ScenarioDef } from '../../core/module/schema.js';
import { boardFrame, renderBoardSvg, type BoardFrame } from '../board-svg.js';
import { renderCardSvg, CARD_HEIGHT, CARD_WIDTH } from '../card-svg.js';
import { DEFAULT_COUNTER_SIZE, markerPicture, pieceFacePicture, renderCounterSvg } from '../counter-svg.js';
import { vassalHexGrid, type Attrs, type VassalHexGrid } from './hex-grid.js';
import { addPieceCommand, type PieceDefinition } from './piece-definition.js';
import { savedGameFile } from './saved-game.js';
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

export function buildVassalModule(data: ModuleData, images: ModuleImages): VassalFiles {
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

  let gpid = 1;
  const sideName = new Map(data.sides.map((s) => [s.id, s.name]));
  const frames = new Map<string, BoardFrame>(data.boards.map((b) => [b.id, boardFrame(b)]));
  const orientationOf = (b: BoardDef) => (b.kind === 'hex' ? b.orientation : 'flat');
  const mainBoard = data.boards[0]!;

  // Pieces: one definition per counter (and per piece type, for a generic slot).
  const defs = new Map<string, PieceDefinition>();
  const typeDefs = new Map<string, PieceDefinition>();
  const definition = (type: PieceTypeDef, piece?: PieceDef): PieceDefinition => {
    const faces = type.faces;
    const picName = piece ? `piece-${piece.id}` : `type-${type.id}`;
    const faceImages = faces.map((f) => image(`${picName}-${f.id}`, renderCounterSvg(pieceFacePicture(data, type, f, piece, orientationOf(mainBoard))), f.image));
    const properties: [string, string][] = [['Type', type.name]];
    if (piece) properties.unshift(['Side', sideName.get(piece.side) ?? piece.side]);
    const first = { ...faces[0]!.values, ...(piece?.values ?? {}) };
    for (const [k, v] of Object.entries(first)) properties.push([k, String(v)]);
    if (faces.length > 1) {
      for (const f of faces) for (const [k, v] of Object.entries({ ...f.values, ...(piece?.values ?? {}) })) properties.push([`${f.id}_${k}`, String(v)]);
    }
    const facing = faces.some((f) => (f.facing ?? type.facing) !== 'none') ? 6 : 0;
    return { name: piece?.name ?? type.name, faceImages, faceNames: faces.map((f) => f.name), facings: facing, properties, gpid: gpid++ };
  };
  for (const t of data.pieceTypes) typeDefs.set(t.id, definition(t));
  for (const p of data.pieces) defs.set(p.id, definition(data.pieceTypes.find((t) => t.id === p.type)!, p));
  const markerDefs = new Map<string, PieceDefinition>(data.markerTypes.map((m) => [m.id, {
    name: m.name, faceImages: [image(`marker-${m.id}`, renderCounterSvg(markerPicture(m)), m.image)], faceNames: [m.name], facings: 0,
    properties: [['Type', m.name], ...Object.entries(m.values ?? {}).map(([k, v]) => [k, String(v)] as [string, string])], gpid: gpid++,
  }]));
  const slot = (d: PieceDefinition, width = DEFAULT_COUNTER_SIZE, height = width): Node => ({ $: { entryName: d.name, gpid: String(d.gpid), width: String(width), height: String(height) }, _: addPieceCommand(d) });

  // Maps: one per board.
  const mapName = (b: BoardDef) => b.name;
  const maps: Node[] = data.boards.map((b) => {
    const frame = frames.get(b.id)!;
    const boardNode: Node = { $: { name: b.name, image: image(`board-${b.id}`, renderBoardSvg(data, b), b.image), reversible: 'false', width: String(frame.width), height: String(frame.height) } };
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
    return {
      $: { mapName: mapName(b), markMoved: 'Never', edgeWidth: '0', edgeHeight: '0', allowMultiple: 'false', launch: 'false', buttonName: b.name },
      [`${M}map.BoardPicker`]: [{ $: { title: b.name }, [`${BP}Board`]: [boardNode] }],
    };
  });

  // Decks on a map of their own, side by side.
  if (data.decks.length) {
    const gap = 20;
    const piles = data.decks.map((deck, i) => {
      return {
        $: {
          name: deck.name, owningBoard: 'Cards', x: String(gap + CARD_WIDTH / 2 + i * (CARD_WIDTH + gap)), y: String(gap + CARD_HEIGHT / 2),
          width: String(CARD_WIDTH), height: String(CARD_HEIGHT), allowMultiple: 'false', allowSelect: 'false',
          faceDown: deck.secret ? 'Always' : 'Never', drawFaceUp: deck.secret ? 'false' : 'true', shuffle: 'Always', reversible: 'false',
          draw: 'true', color: '0,0,0', reshufflable: 'false', canSave: 'false',
        },
        [`${W}PieceSlot`]: deck.cards.map((card) => slot({
          name: card.name, faceImages: [image(`card-${deck.id}-${card.id}`, renderCardSvg(card))], faceNames: [card.name], facings: 0,
          properties: [['Deck', deck.name], ...Object.entries(card.values ?? {}).map(([k, v]) => [k, String(v)] as [string, string])], gpid: gpid++,
        }, CARD_WIDTH, CARD_HEIGHT)),
      };
    });
    maps.push({
      $: { mapName: 'Cards', markMoved: 'Never', edgeWidth: '0', edgeHeight: '0', allowMultiple: 'false', launch: 'true', buttonName: 'Cards' },
      [`${M}map.BoardPicker`]: [{ $: { title: 'Cards' }, [`${BP}Board`]: [{ $: { name: 'Cards', reversible: 'false', width: String(gap + data.decks.length * (CARD_WIDTH + gap)), height: String(CARD_HEIGHT + 2 * gap), color: '230,230,230' } }] }],
      [`${M}map.DrawPile`]: piles,
    });
    if (data.decks.some((d) => d.secret)) notes.push('secret decks: VASSAL keeps drawn cards face down but does not protect hidden hands (reference §4.6); hand limits and reshuffle rules are not enforced');
  }

  // Palettes: piece types, each side's counters, markers.
  const panels: Node[] = [];
  if (typeDefs.size) panels.push({ $: { entryName: 'Piece types', nColumns: '6', fixed: 'false', vert: 'false' }, [`${W}PieceSlot`]: [...typeDefs.values()].map((d) => slot(d)) });
  for (const side of data.sides) {
    const mine = data.pieces.filter((p) => p.side === side.id).map((p) => slot(defs.get(p.id)!));
    if (mine.length) panels.push({ $: { entryName: side.name, nColumns: '6', fixed: 'false', vert: 'false' }, [`${W}PieceSlot`]: mine });
  }
  if (markerDefs.size) panels.push({ $: { entryName: 'Markers', nColumns: '6', fixed: 'false', vert: 'false' }, [`${W}PieceSlot`]: [...markerDefs.values()].map((d) => slot(d)) });

  // Dice: each die, and each procedure's dice (its modifiers and table are in the charts).
  const dice: Node[] = data.dice.map((d) => diceButton(d.name ?? d.id, 1, d.sides));
  for (const p of data.procedures) {
    const [n, s] = p.dice.split('d').map(Number);
    dice.push(diceButton(p.name, n!, s!));
  }
  if (data.procedures.some((p) => p.modifiers.length)) notes.push('procedures: VASSAL dice buttons roll the dice only; modifiers and the table lookup are listed in the chart window for the players to apply');

  // Turn sequence: turns, then phases.
  const seq = data.sequence;
  const turnTracker: Node = {
    $: { name: 'Turn', buttonText: 'Turn', lengthStyle: 'Maximum' },
    [`${M}turn.CounterTurnLevel`]: [{
      $: { name: 'Turn', property: 'Turn', start: String(seq.firstTurn), incr: '1', loop: 'false', loopLimit: String(seq.lastTurn) },
      [`${M}turn.ListTurnLevel`]: [{ $: { name: 'Phase', property: 'Phase', list: encodeSequence(seq.phases.map((p) => p.name), ','), prompt: 'false' } }],
    }],
  };
  if (seq.phases.some((p) => p.segments.length) || seq.turnTypes.length) notes.push('sequence: segments and turn types (day/night…) are not in the VASSAL turn tracker, which shows turn and phase only');

  // Charts: one HTML page per table, with the procedures that use it.
  const charts: Node[] = data.tables.map((t) => {
    const file = `chart-${t.id}.html`;
    files.set(file, enc.encode(tableHtml(data, t.id)));
    return { $: { chartName: t.name, description: t.note ?? '', fileName: file } };
  });

  // Scenarios: a predefined setup each.
  const moduledata = moduleDataXml(data);
  const setups: Node[] = data.scenarios.map((sc) => {
    const file = `setup-${sc.id}.vsav`;
    files.set(file, savedGameFile({ pieces: scenarioPieces(data, sc, frames, defs, markerDefs, notes), boards: data.boards.map((b) => [mapName(b), b.name] as const), moduledata, savedata: saveDataXml(data, sc) }));
    return { $: { name: sc.name, isMenu: 'false', useFile: 'true', file } };
  });

  const root: Node = {
    $: { name: data.title, version: data.version, description: data.description ?? '', VassalVersion: VASSAL_VERSION, nextPieceSlotId: String(gpid) },
    [`${M}PlayerRoster`]: [{ $: { buttonText: 'Retire' }, entry: data.sides.map((s) => s.name) }],
    [`${M}Map`]: maps,
    [`${M}PieceWindow`]: [{ $: { name: 'Counters', text: 'Counters', hidden: 'false', scale: '1.0' }, [`${W}TabWidget`]: [{ $: { entryName: 'Counters' }, [`${W}PanelWidget`]: panels }] }],
    [`${M}DiceButton`]: dice,
    [`${M}turn.TurnTracker`]: [turnTracker],
    ...(charts.length ? { [`${M}ChartWindow`]: [{ $: { name: 'Tables', text: 'Tables' }, [`${W}TabWidget`]: [{ $: { entryName: 'Tables' }, [`${W}HtmlChart`]: charts }] }] } : {}),
    [`${M}PredefinedSetup`]: setups,
  };
  if (data.boxes.length || data.tracks.length) notes.push('boxes and tracks are not exported: VASSAL would need extra maps or zones drawn for them');
  const xml = new Builder({ xmldec: { version: '1.0', encoding: 'UTF-8', standalone: false }, renderOpts: { pretty: true, indent: '    ', newline: '\n' } })
    .buildObject({ [`${V}GameModule`]: root });
  files.set('buildFile.xml', enc.encode(xml));
  files.set('moduledata', enc.encode(moduledata));
  return { files, notes: [...new Set(notes)] };
}

function hexGridNode(g: VassalHexGrid): Node {
  return g.numbering ? { $: g.grid, [`${MAPGRID}HexGridNumbering`]: [{ $: g.numbering }] } : { $: g.grid };
}

function diceButton(name: string, nDice: number, nSides: number): Node {
  return { $: { name, text: name, tooltip: `Roll ${nDice}d${nSides}`, nDice: String(nDice), nSides: String(nSides), plus: '0', addToTotal: '0', reportTotal: String(nDice > 1), prompt: 'false', sortDice: 'false', keepDice: 'false' } };
}

function scenarioPieces(data: ModuleData, sc: ScenarioDef, frames: Map<string, BoardFrame>, defs: Map<string, PieceDefinition>, markers: Map<string, PieceDefinition>, notes: string[]): string[] {
  const board = data.boards.find((b) => b.id === (sc.board ?? data.boards[0]!.id))!;
  const frame = frames.get(board.id)!;
  const has = (at: string) => (board.kind === 'hex' ? frame.hex!.has(at) : board.spaces.some((s) => s.id === at));
  const out: string[] = [];
  let id = 1;
  const place = (d: PieceDefinition, at: string, face?: number, facing?: number) => {
    const p = frame.at(at);
    out.push(addPieceCommand({ ...d, face, facing, at: { map: board.name, x: Math.round(p.x), y: Math.round(p.y) } }, String(1000 + id++)));
  };
  const offMap = new Set<string>();
  let offCount = 0;
  for (const pl of sc.setup) {
    if (!has(pl.at)) { offMap.add(pl.at); offCount++; continue; }
    const piece = data.pieces.find((p) => p.id === pl.piece)!;
    const type = data.pieceTypes.find((t) => t.id === piece.type)!;
    const face = pl.face ? Math.max(0, type.faces.findIndex((f) => f.id === pl.face)) : 0;
    place(defs.get(pl.piece)!, pl.at, face, pl.facing);
    for (const m of pl.markers ?? []) place(markers.get(m)!, pl.at);
  }
  for (const m of sc.markers) if (has(m.at)) place(markers.get(m.marker)!, m.at);
  if (offCount) notes.push(`scenario ${sc.id}: ${offCount} pieces start off the map (${[...offMap].join(', ')}); they stay in the palette`);
  if (sc.reinforcements.length) notes.push(`scenario ${sc.id}: reinforcements are not placed (VASSAL has no schedule); they stay in the palette`);
  return out;
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
