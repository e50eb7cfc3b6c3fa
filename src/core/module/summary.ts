// What `module info` reports: identity and counts.
import { boardView } from './board-view.js';
import type { ModuleData } from './schema.js';

export interface ModuleSummary {
  id: string; version: string; title: string; hash: string;
  sides: string[]; scenarios: string[]; turns: [number, number];
  counts: {
    boards: number; hexes: number; spaces: number; pieceTypes: number; pieces: number; markerTypes: number;
    decks: number; cards: number; tables: number; procedures: number; tracks: number; boxes: number; phases: number;
  };
}

export function moduleSummary(m: ModuleData, hash: string): ModuleSummary {
  let hexes = 0;
  let spaces = 0;
  for (const b of m.boards) {
    if (b.kind === 'hex') hexes += boardView(b).locations().length;
    else spaces += boardView(b).locations().length;
  }
  return {
    id: m.id, version: m.version, title: m.title, hash,
    sides: m.sides.map((s) => s.id),
    scenarios: m.scenarios.map((s) => s.id),
    turns: [m.sequence.firstTurn, m.sequence.lastTurn],
    counts: {
      boards: m.boards.length, hexes, spaces,
      pieceTypes: m.pieceTypes.length, pieces: m.pieces.length, markerTypes: m.markerTypes.length,
      decks: m.decks.length, cards: m.decks.reduce((n, d) => n + d.cards.length, 0),
      tables: m.tables.length, procedures: m.procedures.length, tracks: m.tracks.length, boxes: m.boxes.length,
      phases: m.sequence.phases.length,
    },
  };
}
