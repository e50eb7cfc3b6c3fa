// A VASSAL saved game (.vsav, reference §4.1–4.4) holding a scenario's setup, for a
// PredefinedSetup: "begin_save", an empty version-check token, the AddPiece commands as one
// nested group, each map's board layout, "end_save"; ESC-joined, obfuscated as "!VCSK" + key +
// hex pairs (key 0, so the file is deterministic), zipped with savedata and moduledata.
import { encodeSequence, ESC, TAB } from './sequence-encoder.js';
import { writeZip } from '../zip.js';

export interface SavedGameInput {
  /** AddPiece commands of the pieces on the maps */
  pieces: readonly string[];
  /** map id → board name placed at (0,0) */
  boards: ReadonlyArray<readonly [string, string]>;
  moduledata: string;
  savedata: string;
}

export function savedGameCommand(input: SavedGameInput): string {
  const group = encodeSequence(['', ...input.pieces], ESC);
  const layouts = input.boards.map(([map, board]) => `${map}BoardPicker${TAB}${board}${TAB}0${TAB}0`);
  return encodeSequence(['begin_save', '', group, ...layouts, 'end_save'], ESC);
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
