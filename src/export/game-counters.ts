// Counter pictures of a game in progress, drawn once each as an SVG <symbol> and placed with
// <use>: a board of 600 counters repeats a few dozen pictures, and an archive with a picture per
// step would otherwise carry every counter once per step.
import type { ModuleImages } from './module-images.js';
import type { Game } from '../core/engine/game.js';
import type { PieceState } from '../core/engine/state.js';
import type { Orientation } from '../core/geometry/spec.js';
import { counterGroup, markerPicture, pieceFacePicture, type CounterPicture } from './counter-svg.js';
import { num } from './svg.js';

export class GameCounters {
  private readonly symbols = new Map<string, { id: string; markup: string }>();

  constructor(readonly game: Game, readonly orientation: Orientation, readonly images?: ModuleImages) {}

  /** Symbol id of a piece on its current face (facing is applied where it is placed). */
  piece(id: string, p: PieceState): string {
    const def = this.game.pieces.get(id);
    const type = def && this.game.pieceTypes.get(def.type);
    const face = type?.faces.find((f) => f.id === p.face) ?? type?.faces[0];
    if (!def || !type || !face) return this.picture(unknownPicture(id));
    // A value set in play shows on the counter like a printed one.
    const shown = Object.keys(p.values).length ? { ...def, values: { ...(def.values ?? {}), ...p.values } } : def;
    return this.picture(pieceFacePicture(this.game.module, type, face, shown, this.orientation, this.images));
  }

  marker(typeId: string): string {
    const m = this.game.markerTypes.get(typeId);
    return this.picture(m ? markerPicture(m) : unknownPicture(typeId));
  }

  /** Whether a piece is drawn turned: its face (or type) faces a vertex or a hexside. */
  faces(id: string, p: PieceState): boolean {
    if (p.facing === null) return false;
    const def = this.game.pieces.get(id);
    const type = def && this.game.pieceTypes.get(def.type);
    const face = type?.faces.find((f) => f.id === p.face);
    return (face?.facing ?? type?.facing ?? 'none') !== 'none';
  }

  /** The <defs> holding every symbol asked for so far, in first-use order (deterministic). */
  defs(): string {
    let out = '<defs>\n';
    for (const s of this.symbols.values()) out += s.markup;
    return `${out}</defs>\n`;
  }

  /** Counters that look alike share one symbol. */
  private picture(p: CounterPicture): string {
    const key = JSON.stringify(p);
    let s = this.symbols.get(key);
    if (!s) {
      const id = `ctr${this.symbols.size + 1}`;
      // Drawn at a unit of 100 and scaled where used, so one symbol serves every size.
      s = { id, markup: `<symbol id="${id}" viewBox="0 0 ${UNIT} ${UNIT}">\n${counterGroup(p, UNIT)}</symbol>\n` };
      this.symbols.set(key, s);
    }
    return s.id;
  }
}

const UNIT = 100;

/** A counter placed with its top-left corner at (x, y), `size` pixels wide, turned `deg` about its centre. */
export function useCounter(symbol: string, x: number, y: number, size: number, deg = 0): string {
  const turn = deg ? ` transform="rotate(${num(deg)} ${num(x + size / 2)} ${num(y + size / 2)})"` : '';
  return `<use href="#${symbol}" x="${num(x)}" y="${num(y)}" width="${num(size)}" height="${num(size)}"${turn}/>\n`;
}

function unknownPicture(id: string): CounterPicture {
  return { title: id, face: '?', values: [], background: '#ff00ff', facing: 'none', orientation: 'flat' };
}
