// Where a Hexpost location is in the VASSAL module: a board's map and pixel for hexes and spaces,
// a cell of the "Boxes and tracks" map for boxes, track positions and hands, and the Cards map for
// decks and their discard piles. Maps have no edge padding, so board pixels are map pixels.
import type { ModuleData } from '../../core/module/schema.js';
import type { BoardFrame } from '../board-svg.js';
import { CARD_HEIGHT, CARD_WIDTH } from '../card-svg.js';
import { cellCentre, HOLDING_MAP, type HoldingBoard } from './holding-board.js';

export const CARDS_MAP = 'Cards';
const GAP = 20;

export interface MapPoint { map: string; x: number; y: number }

export interface VassalPlaces {
  /** "<board>:<label>", "<board>:<a>|<b>" (a hexside: its midpoint), a box id, "<track>@<n>", "hand:<side>" or "discard:<deck>" */
  locate(location: string): MapPoint | undefined;
  /** where a deck's draw pile is */
  deck(deckId: string): MapPoint | undefined;
  /** the Cards map's size */
  cardsBoard: { width: number; height: number };
}

export function vassalPlaces(data: ModuleData, frames: ReadonlyMap<string, BoardFrame>, holding: HoldingBoard | undefined): VassalPlaces {
  const boardName = new Map(data.boards.map((b) => [b.id, b.name]));
  const cells = new Map((holding?.cells ?? []).map((c) => [c.location, cellCentre(c)]));
  const decks = new Map(data.decks.map((d, i) => [d.id, i]));
  const pile = (i: number, row: number): MapPoint => ({
    map: CARDS_MAP, x: GAP + CARD_WIDTH / 2 + i * (CARD_WIDTH + GAP), y: GAP + CARD_HEIGHT / 2 + row * (CARD_HEIGHT + GAP),
  });
  return {
    locate(location) {
      if (location.startsWith('discard:')) {
        const i = decks.get(location.slice(8));
        return i === undefined ? undefined : pile(i, 1);
      }
      const cell = cells.get(location);
      if (cell) return { map: HOLDING_MAP, ...cell };
      const colon = location.indexOf(':');
      if (colon < 0) return undefined;
      const board = location.slice(0, colon), label = location.slice(colon + 1);
      const frame = frames.get(board);
      if (!frame || !boardName.has(board)) return undefined;
      try {
        const ends = label.split('|').map((l) => frame.at(l));
        const x = ends.reduce((t, p) => t + p.x, 0) / ends.length, y = ends.reduce((t, p) => t + p.y, 0) / ends.length;
        return { map: boardName.get(board)!, x: Math.round(x), y: Math.round(y) };
      } catch { return undefined; }
    },
    deck(deckId) {
      const i = decks.get(deckId);
      return i === undefined ? undefined : pile(i, 0);
    },
    cardsBoard: { width: GAP + data.decks.length * (CARD_WIDTH + GAP), height: 2 * CARD_HEIGHT + 3 * GAP },
  };
}
