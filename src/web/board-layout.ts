// What the page needs once, for the whole session: the board picture (drawn by the export layer's
// renderer, the same one `hexpost render` uses), where every hex or space is with its terrain for
// the hover label, and the module's boxes, tracks, procedures, dice, decks and marker types for
// the panels and menus. Coordinates are the board picture's, so the page snaps to real centres.
import type { ModuleImages } from '../export/module-images.js';
import type { Game } from '../core/engine/game.js';
import { terrainIndex } from '../core/module/terrain-index.js';
import { boardFrame, renderBoardSvg, type BoardFrame } from '../export/board-svg.js';
import { nested } from '../export/game-picture.js';

export const PAGE_HEX_SIZE = 40;

export interface PageLocation {
  /** hex label or space id, as commands name it */
  id: string;
  x: number;
  y: number;
  /** terrain names, for the hover label */
  terrain: string[];
  /** a space's name (point boards) */
  name?: string;
}

export interface BoardLayout {
  board: { id: string; name: string; kind: 'hex' | 'points'; orientation: 'flat' | 'pointy' | null; width: number; height: number; hexSize: number; svg: string };
  locations: PageLocation[];
  /** point boards: the connections (hex boards: adjacency is one centre-to-centre distance) */
  connections: [string, string][];
  boxes: { id: string; name: string; owner: string | null }[];
  tracks: { id: string; name: string; min: number; max: number; labels: Record<string, string> }[];
  procedures: { id: string; name: string; dice: string; rule: string | null;
    modifiers: { id: string; name: string; value: number | null; rule: string | null; byBoard: boolean }[];
    inputs: { id: string; name: string }[];
    /** what the roll is for: `piece=<id>`, `crossing=<hexside>` (the board's modifiers read them) */
    binds: { id: string; name: string }[] }[];
  dice: { id: string; sides: number; name: string }[];
  decks: { id: string; name: string; owner: string | null; secret: boolean }[];
  markerTypes: { id: string; name: string; on: string[] }[];
  sides: { id: string; name: string; color: string | null }[];
  /** every card of the module with its values (public data: the page shows a card's values wherever it names it) */
  cards: Record<string, { name: string; values: Record<string, unknown> }>;
}

export function boardLayout(game: Game, images?: ModuleImages): { layout: BoardLayout; frame: BoardFrame } {
  const m = game.module;
  const frame = boardFrame(game.board.def, { hexSize: PAGE_HEX_SIZE });
  const def = frame.board; // a square board as its cells' spaces
  // The renderer's own document, nested in the page's SVG.
  const svg = nested(renderBoardSvg(m, game.board.def, { hexSize: PAGE_HEX_SIZE, images }));
  const names = new Map(m.terrain.map((t) => [t.id, t.name]));
  const index = terrainIndex(def);
  const spaceNames = def.kind === 'points' ? new Map(def.spaces.map((s) => [s.id, s.name])) : undefined;
  const locations = game.board.locations().map((id) => {
    const p = frame.at(id);
    const loc: PageLocation = { id, x: round(p.x), y: round(p.y), terrain: index.hexTerrain(id).map((t) => names.get(t) ?? t) };
    const name = spaceNames?.get(id);
    if (name) loc.name = name;
    return loc;
  });
  return {
    frame,
    layout: {
      board: {
        id: def.id, name: def.name, kind: def.kind, orientation: def.kind === 'hex' ? def.orientation : null,
        width: frame.width, height: frame.height, hexSize: frame.hexSize, svg,
      },
      locations,
      connections: def.kind === 'points' ? def.connections.map((c) => [c.a, c.b]) : [],
      boxes: m.boxes.map((b) => ({ id: b.id, name: b.name, owner: b.owner ?? null })),
      tracks: m.tracks.map((t) => ({ id: t.id, name: t.name, min: t.min, max: t.max, labels: t.labels ?? {} })),
      procedures: m.procedures.map((p) => ({
        id: p.id, name: p.name, dice: p.dice, rule: p.rule ?? null,
        modifiers: p.modifiers.map((x) => ({ id: x.id, name: x.name, value: x.value ?? null, rule: x.rule ?? null, byBoard: x.when !== undefined })),
        inputs: p.inputs.map((x) => ({ id: x.id, name: x.name })),
        binds: (p.binds ?? []).map((x) => ({ id: x.id, name: x.name })),
      })),
      dice: m.dice.map((d) => ({ id: d.id, sides: d.sides, name: d.name ?? d.id })),
      decks: m.decks.map((d) => ({ id: d.id, name: d.name, owner: d.owner ?? null, secret: d.secret })),
      markerTypes: m.markerTypes.map((t) => ({ id: t.id, name: t.name, on: t.on })),
      sides: m.sides.map((s) => ({ id: s.id, name: s.name, color: s.color ?? null })),
      cards: Object.fromEntries(m.decks.flatMap((d) => d.cards.map((c) => [c.id, { name: c.name, values: c.values ?? {} }]))),
    },
  };
}

const round = (n: number) => Math.round(n * 100) / 100;
