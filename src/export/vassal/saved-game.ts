// A VASSAL saved game (.vsav, reference §4.1–4.4 and §9): "begin_save", an empty version-check
// token, the AddPiece commands as one nested group (pieces first, then the Stacks and Decks that
// list them), each map's board layout, the turn tracker's state, "end_save"; ESC-joined,
// obfuscated as "!VCSK" + key + hex pairs (key 0, so the file is deterministic), zipped with
// savedata and moduledata. A .vlog is the same file with LOG steps after the snapshot.
import { encodeSequence, ESC, TAB } from './sequence-encoder.js';
import { addPieceCommand } from './piece-definition.js';
import type { PlacedDeck, PlacedPiece, PlacedStack, VassalSnapshot } from './game-snapshot.js';
import { turnCommand } from './turn-tracker.js';
import { writeZip } from '../zip.js';

export interface SavedGameInput {
  snapshot: VassalSnapshot;
  /** map id → board name placed at (0,0) */
  boards: ReadonlyArray<readonly [string, string]>;
  /** deck id → the Deck's type string */
  deckTypes: ReadonlyMap<string, string>;
  lastTurn: number;
  phases: number;
  moduledata: string;
  savedata: string;
  /** encoded LOG steps after the snapshot (a .vlog) */
  steps?: readonly string[];
}

export function placedPieceCommand(p: PlacedPiece, map: string | null = p.map): string {
  return addPieceCommand({ ...p.def, face: p.face, facing: p.facing, at: { map: map ?? 'null', x: map ? p.x : 0, y: map ? p.y : 0 } }, p.id);
}

export function stackCommand(s: PlacedStack): string {
  return encodeSequence(['+', s.id, 'stack', encodeSequence([s.map, s.x, s.y, ...s.pieces, '@@1'], ';')], '/');
}

/** Deck.getState: map, position, face-down, the card ids bottom first. */
export function deckState(d: PlacedDeck): string {
  return encodeSequence([d.map, d.x, d.y, d.faceDown, encodeSequence(d.cards, ',')], ';');
}

export function deckCommand(d: PlacedDeck, type: string): string {
  return encodeSequence(['+', d.id, type, deckState(d)], '/');
}

export function savedGameCommand(input: SavedGameInput): string {
  const s = input.snapshot;
  const adds = [
    ...s.pieces.map((p) => placedPieceCommand(p)),
    ...s.stacks.map(stackCommand),
    ...s.decks.map((d) => deckCommand(d, input.deckTypes.get(d.deck)!)),
  ];
  const group = encodeSequence(['', ...adds], ESC);
  const layouts = input.boards.map(([map, board]) => `${map}BoardPicker${TAB}${board}${TAB}0${TAB}0`);
  const turn = turnCommand({ ...s.turn, lastTurn: input.lastTurn, phases: input.phases });
  return encodeSequence(['begin_save', '', group, ...layouts, turn, 'end_save', ...(input.steps ?? [])], ESC);
}

export function obfuscate(text: string, key = 0): string {
  const bytes = new TextEncoder().encode(text);
  let out = `!VCSK${key.toString(16).padStart(2, '0')}`;
  for (const b of bytes) out += ((b ^ key) & 0xff).toString(16).padStart(2, '0');
  return out;
}

export function savedGameFile(input: SavedGameInput): Uint8Array {
  const enc = new TextEncoder();
  return writeZip([
    { name: 'savedGame', data: enc.encode(obfuscate(savedGameCommand(input))) },
    { name: 'savedata', data: enc.encode(input.savedata) },
    { name: 'moduledata', data: enc.encode(input.moduledata) },
  ], 'savedGame');
}
