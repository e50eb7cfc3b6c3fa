// A VASSAL saved game (.vsav, reference §4.1–4.4) read as a Hexpost scenario: the `savedGame`
// entry de-obfuscated ("!VCSK" + key + hex pairs, or plain text), its command tree walked for the
// AddPiece commands, each piece matched to an imported counter by its BasicPiece name (copies in
// palette order) and placed on the nearest space of the board the save lays on its map.
import { unzipSync } from 'fflate';
import type { ImportedBoard } from './import-boards.js';
import type { ImportReport } from './import-report.js';
import { decodeSequence } from './sequence-decoder.js';
import { traitsOf } from './piece-slot.js';

const ESC = '\u001b';

export interface SavedPiece { name: string; map: string; x: number; y: number }
export interface SavedGame { pieces: SavedPiece[]; boards: Map<string, string> }

/** The text of a save's command stream. */
export function savedGameText(vsav: Uint8Array, file: string): string {
  let entries: Record<string, Uint8Array>;
  try { entries = unzipSync(vsav, { filter: (f) => f.name === 'savedGame' }); } catch (e) {
    throw new Error(`${file}: not a saved game (not a zip archive: ${(e as Error).message})`);
  }
  const raw = entries.savedGame;
  if (!raw) throw new Error(`${file}: no savedGame entry`);
  const text = new TextDecoder().decode(raw);
  if (!text.startsWith('!VCSK')) {
    if (text.startsWith('VOBS') || text.startsWith('!VOXZ') || raw[0] === 0xfd) throw new Error(`${file}!savedGame: a VASSAL 3.8 obfuscation format, not read yet`);
    return text;
  }
  const key = parseInt(text.slice(5, 7), 16);
  const bytes = new Uint8Array((text.length - 7) >> 1);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(text.substr(7 + 2 * i, 2), 16) ^ key;
  return new TextDecoder().decode(bytes);
}

/** The pieces a save adds (not stacks, decks or cards inside decks) and each map's board. */
export function readSavedGame(text: string): SavedGame {
  const pieces: SavedPiece[] = [];
  const boards = new Map<string, string>();
  const walk = (cmd: string, depth: number) => {
    if (cmd.startsWith('+/')) {
      const parts = decodeSequence(cmd, '/');
      if (parts[2] === 'stack' || parts[2]?.startsWith('deck;')) return;
      try {
        const traits = traitsOf(cmd);
        const basic = traits[traits.length - 1]!;
        if (basic.prefix !== 'piece;') return;
        const name = decodeSequence(basic.type.slice(6), ';')[3] ?? '';
        const [map, x, y] = decodeSequence(basic.state, ';');
        if (map && map !== 'null') pieces.push({ name, map, x: Number(x), y: Number(y) });
      } catch { /* a piece we cannot read is left out */ }
      return;
    }
    const bp = /^(.*)BoardPicker\t([^\t]*)/.exec(cmd);
    if (bp && depth > 0) { boards.set(bp[1]!, bp[2]!.replace(/\/rev$/, '')); return; }
    if (depth > 6 || !cmd.includes(ESC)) return;
    for (const sub of decodeSequence(cmd, ESC)) walk(sub, depth + 1);
  };
  walk(text, 0);
  return { pieces, boards };
}

/**
 * Placements of a save: each saved piece matched by name to the next unused counter of that
 * name, on the nearest space of its map's board. Returns the board played on (the one holding most
 * pieces) and the placements as "<board id>:<space id>".
 */
export function savedPlacements(save: SavedGame, counters: ReadonlyMap<string, string[]>, boards: readonly ImportedBoard[], mapEdges: ReadonlyMap<string, { x: number; y: number }>,
  where: string, report: ImportReport): { board?: string; setup: { piece: string; at: string }[] } {
  const used = new Map<string, number>();
  const setup: { piece: string; at: string }[] = [];
  const perBoard = new Map<string, number>();
  let unknown = 0, noBoard = 0;
  for (const p of save.pieces) {
    const copies = counters.get(p.name);
    if (!copies) { unknown++; continue; }
    const n = used.get(p.name) ?? 0;
    if (n >= copies.length) { report.add('saved setup', where, `more pieces named "${p.name}" than palette slots of that name: the extra ones are not placed`); continue; }
    const boardName = save.boards.get(p.map);
    const board = boards.find((b) => b.map === p.map && (!boardName || b.name === boardName));
    if (!board) { noBoard++; continue; }
    const edge = mapEdges.get(p.map) ?? { x: 0, y: 0 };
    const x = p.x - edge.x, y = p.y - edge.y;
    const near = board.spaces.reduce((best, s) => ((s.x - x) ** 2 + (s.y - y) ** 2 < (best.x - x) ** 2 + (best.y - y) ** 2 ? s : best));
    used.set(p.name, n + 1);
    setup.push({ piece: copies[n]!, at: `${board.id}:${near.id}` });
    perBoard.set(board.id, (perBoard.get(board.id) ?? 0) + 1);
  }
  if (unknown) report.add('saved setup', where, `${unknown} pieces match no palette or at-start slot by name (cards, pieces made in play): not placed`);
  if (noBoard) report.add('saved setup', where, `${noBoard} pieces lie on a map whose board is not imported: not placed`);
  const board = [...perBoard].sort((a, b) => b[1] - a[1])[0]?.[0];
  return { board, setup };
}
