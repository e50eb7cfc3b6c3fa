// Locations a piece can be in, by their text in commands and state:
//   "0502" or "field:0502"   a hex (or space) — the board prefix only where the board is not the
//                            scenario's; the canonical form drops it on the scenario's board
//   "red-eliminated"         a box
//   "vp@3"                   a track position
//   "hand:red"               a side's hand (a piece held off the map, e.g. a leader card)
import { EngineError } from './errors.js';
import type { Game } from './game.js';

export type LocationKind = 'hex' | 'space' | 'box' | 'track' | 'hand';

export interface Location {
  /** canonical text: the key in GameState.stacks */
  id: string;
  kind: LocationKind;
  /** board id, for hexes and spaces */
  board?: string;
  /** the label on that board */
  label?: string;
}

const cache = new WeakMap<Game, Map<string, Location | string>>();

/** Resolves a location's text, or throws an EngineError naming what was expected. */
export function resolveLocation(game: Game, text: string): Location {
  let memo = cache.get(game);
  if (!memo) { memo = new Map(); cache.set(game, memo); }
  let hit = memo.get(text);
  if (hit === undefined) {
    hit = resolve(game, text);
    memo.set(text, hit);
  }
  if (typeof hit === 'string') throw new EngineError(hit);
  return hit;
}

/** True when the text names a location (hex, space, box, track position or hand). */
export function isLocation(game: Game, text: string): boolean {
  try { resolveLocation(game, text); return true; } catch { return false; }
}

function resolve(game: Game, text: string): Location | string {
  const board = game.board;
  const kind = board.hex ? 'hex' : 'space';
  if (board.has(text)) return { id: text, kind, board: board.def.id, label: text };
  if (game.boxes.has(text)) return { id: text, kind: 'box' };
  const at = text.lastIndexOf('@');
  if (at > 0 && game.tracks.has(text.slice(0, at))) {
    const track = game.tracks.get(text.slice(0, at))!;
    const n = text.slice(at + 1);
    if (!/^-?\d+$/.test(n) || Number(n) < track.min || Number(n) > track.max) {
      return `"${text}": track ${track.id} runs from ${track.min} to ${track.max}`;
    }
    return { id: `${track.id}@${Number(n)}`, kind: 'track' };
  }
  const colon = text.indexOf(':');
  if (colon > 0) {
    const prefix = text.slice(0, colon), rest = text.slice(colon + 1);
    const other = game.boards.get(prefix);
    if (other) {
      if (!other.has(rest)) return `"${rest}" is not a ${other.hex ? 'hex' : 'space'} of board ${prefix}`;
      return other === board
        ? { id: rest, kind, board: prefix, label: rest }
        : { id: text, kind: other.hex ? 'hex' : 'space', board: prefix, label: rest };
    }
    if (prefix === 'hand' && game.sides.has(rest)) return { id: text, kind: 'hand' };
  }
  return `unknown location "${text}": expected a ${kind} of board ${board.def.id}, a box, <track>@<n> or hand:<side>`;
}
