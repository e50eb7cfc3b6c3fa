// `hexpost module import`: a VASSAL module (.vmod) as a Hexpost module folder, with a report of
// everything that did not map (docs/vassal-import.md). Reads the archive only: no VASSAL code runs.
import type { ModuleData } from '../../core/module/schema.js';
import { assembleModule } from '../../core/module/assemble.js';
import { formatIssue } from '../../core/module/issue.js';
import { unzipSync } from 'fflate';
import { descendants, parseBuildFile, type BuildElement } from './build-tree.js';
import { importBoards, type ImportedBoard, type ImportedBox } from './import-boards.js';
import { ImportReport } from './import-report.js';
import { slug, uniqueId } from './ids.js';
import { applyLike, type Connection } from './like-module.js';
import { importPiece, type ImportedPiece } from './piece-slot.js';
import { mapUnmapped } from './unmapped.js';
import { readSavedGame, savedGameText, savedPlacements } from './saved-setup.js';

export interface ImportOptions {
  /** the module id (default: from the module's name) */
  id?: string;
  /** a Hexpost module whose spaces (matched by name), sides, sequence and rules complete the import */
  like?: ModuleData;
  /** connections between spaces, by space name */
  connections?: Connection[];
}

export interface ImportResult {
  /** module-relative path → content (JSON text or image bytes) */
  files: Map<string, string | Uint8Array>;
  report: ImportReport;
  data: ModuleData;
}

export class ImportError extends Error {
  /** what was found before the import gave up, when it got that far */
  constructor(message: string, readonly report?: ImportReport, readonly title?: string) { super(message); }
}

export async function importVassalModule(bytes: Uint8Array, file: string, options: ImportOptions = {}): Promise<ImportResult> {
  // fflate, not the export's strict reader: VASSAL's archives hold directory entries ("images/").
  // Entry names are only looked up, never used as paths (images are copied under cleaned names).
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes, { filter: (f) => !f.name.endsWith('/') && f.originalSize <= 256 * 1024 * 1024 });
  } catch (e) { throw new ImportError(`${file}: not a VASSAL module (not a zip archive: ${(e as Error).message})`); }
  const archive = new Map(Object.entries(entries));
  const buildName = archive.has('buildFile.xml') ? 'buildFile.xml' : archive.has('buildFile') ? 'buildFile' : null;
  if (!buildName) throw new ImportError(`${file}: no buildFile.xml (nor an old-style buildFile) in the archive: not a VASSAL module`);
  const root = await parseBuildFile(new TextDecoder().decode(archive.get(buildName)!), `${file}!${buildName}`);
  if (!/GameModule$|BasicModule$/.test(root.tag)) throw new ImportError(`${file}!${buildName}: the root element is ${root.tag}, not a GameModule`);
  const report = new ImportReport();
  const all = descendants(root);
  const title = root.attrs.name?.trim() || 'Imported VASSAL module';
  const id = options.id ?? (slug(title) || 'imported');

  const prototypes = new Map(all.filter((e) => e.tag.endsWith('PrototypeDefinition')).map((e) => [e.attrs.name ?? '', e.text]));
  const zoneBoxes: ImportedBox[] = [];
  const boards = importBoards(root, archive, report, zoneBoxes);
  if (!boards.length) {
    mapUnmapped(all, report);
    throw new ImportError(`${file}: no board could be imported: no grid, region or zone that maps (see the report)`, report, title);
  }
  const files = new Map<string, string | Uint8Array>();
  const images = new Set<string>();
  /** Copies a VASSAL image into images/ and returns its module path, or undefined (reported). */
  const image = (name: string, where: string): string | undefined => {
    if (!name) return undefined;
    if (name.includes('$')) { report.add('expression', where, `image name "${name}" is a $property$ pattern: not imported`); return undefined; }
    const bytes = archive.get(`images/${name}`);
    if (!bytes) { report.add('missing image', where, `"${name}" is not in the archive`); return undefined; }
    const path = `images/${name.replace(/[^A-Za-z0-9._-]/g, '_')}`;
    if (!images.has(path)) { images.add(path); files.set(path, bytes); }
    return path;
  };

  // Sides: the player roster's entries.
  const sideNames = all.filter((e) => e.tag.endsWith('PlayerRoster')).flatMap((r) => r.children.filter((c) => c.tag === 'entry').map((c) => c.text.trim())).filter(Boolean);
  const sideIds = new Set<string>();
  let sides = sideNames.map((n) => ({ id: uniqueId(slug(n) || 'side', sideIds), name: n }));
  if (!sides.length) { report.add('sides', '/GameModule', 'no PlayerRoster sides: one side "Player" made'); sides = [{ id: 'player', name: 'Player' }]; }

  // Pieces: every slot outside decks is a piece type with one counter; at-start stack slots are placed.
  const typeIds = new Set<string>(), pieceIds = new Set<string>();
  const pieceTypes: object[] = [], pieces: { id: string; type: string; side: string; name?: string }[] = [];
  const placements: { piece: string; at: string }[] = [];
  /** BasicPiece name → counters of that name, in palette order (saved setups name pieces so) */
  const counters = new Map<string, string[]>();
  const sideOf = (el: BuildElement, p: ImportedPiece, list: { id: string; name: string }[]) => {
    const hay = `${el.path} ${Object.values(p.values).join(' ')}`.toLowerCase();
    const hit = list.find((s) => hay.includes(s.name.toLowerCase()) || new RegExp(`\\b${s.id}\\b`).test(hay));
    if (!hit) report.add('side guessed', el.path, `no side named in the slot's palette path or values: given to ${list[0]!.name}`);
    return (hit ?? list[0]!).id;
  };
  const slots = all.filter((e) => /widget\.(PieceSlot|CardSlot)$/.test(e.tag));
  const inside = (el: BuildElement, cls: string) => el.path.includes(`/${cls}`);
  const pieceSides = options.like?.sides ?? sides;
  for (const el of slots.filter((e) => !inside(e, 'DrawPile['))) {
    let p: ImportedPiece;
    try { p = importPiece(el.text, prototypes); } catch (e) { report.add('unreadable piece', el.path, (e as Error).message); continue; }
    reportPiece(report, el, p);
    const name = (el.attrs.entryName || p.name || 'Piece').trim();
    const typeId = uniqueId(slug(name) || 'piece', typeIds);
    const faceIds = new Set<string>();
    const faces = p.faces.length >= 2
      ? p.faces.map((f) => ({ id: uniqueId(slug(f.name) || 'face', faceIds), name: f.name, values: p.values, image: image(f.image, el.path) }))
      : [{ id: 'front', name, values: p.values, image: image(p.image || p.faces[0]?.image || '', el.path) }];
    pieceTypes.push({ id: typeId, name, facing: p.facings === 6 ? 'vertex' : 'none', faces: faces.map((f) => (f.image ? f : { ...f, image: undefined })) });
    const pid = uniqueId(typeId, pieceIds);
    pieces.push({ id: pid, type: typeId, side: sideOf(el, p, pieceSides), name: p.name && p.name !== name ? p.name : undefined });
    const basicName = p.name || name;
    (counters.get(basicName) ?? counters.set(basicName, []).get(basicName)!).push(pid);
    if (inside(el, 'SetupStack[') || inside(el, 'SetupStack/')) {
      const at = setupLocation(el, boards, all);
      if (at) placements.push({ piece: pid, at });
      else report.add('at-start stack', el.path, 'its board or location is not imported: the piece is not placed');
    }
  }

  // Decks: each DrawPile with its cards.
  const deckIds = new Set<string>();
  const cardIds = new Set<string>(); // card ids are unique across decks
  for (const pile of all.filter((e) => e.tag.endsWith('map.DrawPile'))) {
    const cards: object[] = [];
    for (const el of pile.children.filter((c) => /widget\.(PieceSlot|CardSlot)$/.test(c.tag))) {
      let p: ImportedPiece;
      try { p = importPiece(el.text, prototypes); } catch (e) { report.add('unreadable piece', el.path, (e as Error).message); continue; }
      reportPiece(report, el, p);
      const name = (el.attrs.entryName || p.name || 'Card').trim();
      // The face: the BasicPiece image, else the first level of the innermost Layer; the back: the Mask image.
      const face = image(p.image || p.faces[0]?.image || '', el.path);
      const back = image(p.mask ?? '', el.path);
      if (p.faces.length >= 2) report.add('card picture', el.path, `a card with a ${p.faces.length}-level Layer: only its first level is its picture`);
      cards.push({
        id: uniqueId(slug(name) || 'card', cardIds), name, ...(Object.keys(p.values).length ? { values: p.values } : {}),
        ...(face ? { image: face } : {}), ...(back ? { back } : {}),
      });
    }
    const name = pile.attrs.name || 'Deck';
    if (!cards.length) { report.add('deck', pile.path, 'no cards in the deck: not imported'); continue; }
    const did = uniqueId(slug(name) || 'deck', deckIds);
    let secret = pile.attrs.faceDown === 'Always';
    const owner = secret ? ownerOf(pile, pieceSides) : undefined;
    if (secret && !owner) {
      secret = false;
      report.add('deck', pile.path, 'a face-down deck whose owner no side name in its name or place tells: imported as a public deck; set "owner" and "secret" in its file');
    }
    files.set(`decks/${did}.json`, json({ id: did, name, ...(owner ? { owner } : {}), secret, cards }));
  }

  // Dice and the turn tracker.
  const dieIds = new Set<string>();
  const dice = all.filter((e) => /module\.DiceButton$/.test(e.tag)).map((e) => {
    if (Number(e.attrs.nDice ?? 2) !== 1 || Number(e.attrs.plus ?? 0) || Number(e.attrs.addToTotal ?? 0)) {
      report.add('dice', e.path, `${e.attrs.nDice ?? 2}d${e.attrs.nSides ?? 6}${e.attrs.plus && e.attrs.plus !== '0' ? ` +${e.attrs.plus} each` : ''}: imported as one d${e.attrs.nSides ?? 6}; roll it as many times`);
    }
    return { id: uniqueId(slug(e.attrs.name || e.attrs.text || 'die') || 'die', dieIds), sides: Math.max(2, Number(e.attrs.nSides ?? 6)), name: e.attrs.name || undefined };
  });
  const sequence = options.like?.sequence ?? turnSequence(all, report);

  mapUnmapped(all, report);
  const hexTerrain = options.like?.terrain.find((t) => t.on === 'hex')?.id ?? 'clear';
  const pointBoards = boards.map((b) => {
    const picture = b.image ? { image: image(b.image.slice('images/'.length), `/Board[${b.name}]`) } : {};
    if (b.grid?.kind === 'hex') {
      const { kind, orientation, shifted, sections, placement } = b.grid;
      return { id: b.id, name: b.name, kind, orientation, shifted, sections, placement, width: b.width, height: b.height, terrain: { default: hexTerrain }, ...picture };
    }
    if (b.grid?.kind === 'square') return { id: b.id, name: b.name, ...b.grid, width: b.width, height: b.height, ...picture };
    return { id: b.id, name: b.name, kind: 'points', width: b.width, height: b.height, spaces: b.spaces, ...picture };
  });
  const needsClear = !options.like && boards.some((b) => b.grid?.kind === 'hex');
  const boxIds = new Set<string>();
  const boxes = zoneBoxes.map((z) => ({ id: uniqueId(slug(z.name) || 'box', boxIds), name: z.name }));
  for (const z of zoneBoxes) report.add('zone', z.where, `a zone without a grid of its own over the board's grid: imported as a holding box`);
  const liked = applyLike(pointBoards, options.like, options.connections ?? [], report);
  for (const b of liked.boards) files.set(`boards/${b.id}.json`, json(b));
  const version = /^\d+\.\d+\.\d+/.test(root.attrs.version ?? '') ? root.attrs.version!.match(/^\d+\.\d+\.\d+/)![0] : '0.1.0';
  const like = options.like;
  files.set('module.json', json({
    id, version, title, ...(root.attrs.description ? { description: root.attrs.description } : {}),
    sides: like?.sides ?? sides, dice: like?.dice.length ? like.dice : dice,
    ...(like ? { terrain: like.terrain, boxes: like.boxes, tracks: like.tracks } : {}),
    ...(!like && needsClear ? { terrain: [{ id: 'clear', name: 'Clear', on: 'hex' }] } : {}),
    ...(!like && boxes.length ? { boxes } : {}),
  }));
  files.set('pieces.json', json({ pieceTypes, pieces, ...(like?.markerTypes.length ? { markerTypes: like.markerTypes } : {}) }));
  if (like && (like.tables.length || like.procedures.length)) files.set('tables.json', json({ tables: like.tables, procedures: like.procedures }));
  files.set('sequence.json', json(sequence));
  const scenario = (sid: string, name: string, board: string, setup: { piece: string; at: string }[]) => json({
    id: sid, name, board, setup: setup.map((p) => (p.at.startsWith(`${board}:`) ? { piece: p.piece, at: p.at.slice(board.length + 1) } : p)),
  });
  const scenarioIds = new Set<string>(['at-start']);
  files.set('scenarios/at-start.json', scenario('at-start', 'At start (the module\'s at-start stacks)', boards[0]!.id, placements));
  const edges = new Map(all.filter((e) => /\.(Map|PrivateMap|PlayerHand)$/.test(e.tag)).map((e) => [e.attrs.mapName ?? '', { x: Number(e.attrs.edgeWidth ?? 0) || 0, y: Number(e.attrs.edgeHeight ?? 0) || 0 }]));
  let savedSetups = 0;
  for (const s of all.filter((e) => e.tag.endsWith('PredefinedSetup') && e.attrs.file && e.attrs.useFile !== 'false')) {
    const entry = archive.get(s.attrs.file!);
    if (!entry) { report.add('predefined setup', s.path, `"${s.attrs.file}" is not in the archive`); continue; }
    let save;
    try { save = readSavedGame(savedGameText(entry, `${file}!${s.attrs.file}`)); } catch (e) { report.add('predefined setup', s.path, (e as Error).message); continue; }
    const r = savedPlacements(save, counters, boards, edges, s.path, report);
    if (!r.board) { report.add('predefined setup', s.path, 'no piece of it lies on an imported board: not imported'); continue; }
    const name = s.attrs.name || s.attrs.file!;
    const sid = uniqueId(slug(name) || 'setup', scenarioIds);
    files.set(`scenarios/${sid}.json`, scenario(sid, name, r.board, r.setup));
    savedSetups++;
    report.note(`predefined setup "${name}" (${s.attrs.file}): ${r.setup.length} of its ${save.pieces.length} pieces placed, as scenario ${sid}`);
  }
  report.mapped.unshift(`${liked.boards.length} boards (${boards.reduce((t, b) => t + b.spaces.length, 0)} spaces, hexes and cells), ${pieceTypes.length} piece types, ${pieces.length} pieces, ${deckIds.size} decks, ${dice.length} dice, ${sides.length} sides`);
  report.mapped.splice(1, 0, `${placements.length} pieces placed from the at-start stacks; ${savedSetups} predefined setups as scenarios`);
  if (like) report.note(`from the --like module ${like.id}: sides, sequence, terrain, boxes, tracks, tables, procedures; ${liked.matched} spaces matched by name, ${liked.connections} connections`);

  let text = new Map([...files].filter(([, v]) => typeof v === 'string') as [string, string][]);
  let assembled = assembleModule(text);
  // a --like module's procedure may read counter values the imported counters do not carry (Paths
  // of Glory's fire strength reads `firing.combat`): it is left out and reported, not the import refused
  const broken = new Map<number, string>();
  for (const issue of like ? assembled.issues : []) {
    const line = formatIssue(issue), n = /^tables\.json: procedures\[(\d+)\]/.exec(line)?.[1];
    if (n !== undefined && !broken.has(Number(n))) broken.set(Number(n), line);
  }
  if (like && broken.size) {
    for (const [i, line] of broken) report.add('procedure', `--like ${like.id}: ${like.procedures[i]!.id}`, `left out: ${line}`);
    files.set('tables.json', json({ tables: like.tables, procedures: like.procedures.filter((_, i) => !broken.has(i)) }));
    text = new Map([...files].filter(([, v]) => typeof v === 'string') as [string, string][]);
    assembled = assembleModule(text);
  }
  if (!assembled.data) throw new ImportError(`${file}: the imported module does not validate:\n${assembled.issues.slice(0, 20).map(formatIssue).join('\n')}`);
  return { files, report, data: assembled.data };
}

/** The side a deck belongs to: a side's name, or its id as a word, in the deck's name or path. */
function ownerOf(pile: BuildElement, sides: readonly { id: string; name: string }[]): string | undefined {
  const hay = `${pile.attrs.name ?? ''} ${pile.path}`.toLowerCase();
  const hits = sides.filter((s) => hay.includes(s.name.toLowerCase()) || new RegExp(`\\b${s.id}\\b`).test(hay));
  return hits.length === 1 ? hits[0]!.id : undefined;
}

function reportPiece(report: ImportReport, el: BuildElement, p: ImportedPiece): void {
  for (const u of p.unmapped) report.add('trait', el.path, u);
  for (const m of p.missingPrototypes) report.add('prototype', el.path, `prototype "${m}" is not defined in the module`);
}

/** An at-start stack's place: "<board id>:<space id>", by the stack's grid location or nearest region. */
function setupLocation(slot: BuildElement, boards: ImportedBoard[], all: BuildElement[]): string | undefined {
  const stack = all.find((e) => e.tag.endsWith('map.SetupStack') && e.children.includes(slot));
  if (!stack) return undefined;
  const mapName = /\/Map\[([^\]]*)\]/.exec(stack.path)?.[1];
  const candidates = boards.filter((b) => (stack.attrs.owningBoard ? b.name === stack.attrs.owningBoard : b.map === mapName));
  for (const b of candidates) {
    if (stack.attrs.useGridLocation === 'true' && stack.attrs.location) {
      const s = b.spaces.find((x) => x.name === stack.attrs.location);
      if (s) return `${b.id}:${s.id}`;
    }
    const x = Number(stack.attrs.x), y = Number(stack.attrs.y);
    if (Number.isFinite(x) && Number.isFinite(y) && b.spaces.length) {
      const near = b.spaces.reduce((best, s) => ((s.x - x) ** 2 + (s.y - y) ** 2 < (best.x - x) ** 2 + (best.y - y) ** 2 ? s : best));
      return `${b.id}:${near.id}`;
    }
  }
  return undefined;
}

/** The first turn tracker: a counter level's start and loop limit, the list level's entries as phases. */
function turnSequence(all: BuildElement[], report: ImportReport): object {
  const counter = all.find((e) => e.tag.endsWith('turn.CounterTurnLevel'));
  const list = all.find((e) => e.tag.endsWith('turn.ListTurnLevel'));
  const firstTurn = Number(counter?.attrs.start ?? 1) || 1;
  let lastTurn = Number(counter?.attrs.loopLimit ?? -1);
  if (!(lastTurn >= firstTurn)) {
    lastTurn = firstTurn + 98;
    report.add('sequence', counter?.path ?? '/GameModule', `no last turn in the turn tracker: turns ${firstTurn}–${lastTurn}; set lastTurn in sequence.json`);
  }
  const names = list ? decodeList(list.attrs.list ?? '') : [];
  const ids = new Set<string>();
  const phases = (names.length ? names : ['Play']).map((n) => ({ id: uniqueId(slug(n) || 'phase', ids), name: n, active: 'all' }));
  if (!list) report.add('sequence', '/GameModule', 'no phase list in a turn tracker: one phase "Play", active for all');
  else report.add('sequence', list.path, 'phases are active for all sides: VASSAL does not say who moves; set "active" in sequence.json');
  return { firstTurn, lastTurn, phases };
}

function decodeList(s: string): string[] {
  return s.split(/(?<!\\),/).map((x) => x.replace(/\\,/g, ',').trim()).filter(Boolean);
}

function json(v: unknown): string {
  return `${JSON.stringify(v, (_k, x) => (x === undefined ? undefined : x), 2)}\n`;
}

