// Stacking limits where a piece comes to stand: module.rules.stackLimit (pieces in a location)
// and module.rules.stacking (per arm: pieces of some types of one side). Warnings, or refusals
// where `stacking` is strict.
import { warning } from './context.js';
import type { Warning } from './events.js';
import type { Game } from './game.js';
import type { GameState } from './state.js';

/** The stacking breaches of `piece` coming to `to`, with `arriving` pieces already on their way there. */
export function stackingWarnings(game: Game, state: GameState, piece: string, to: string, arriving: readonly string[] = []): Warning[] {
  const out: Warning[] = [];
  const here = [...(state.stacks[to] ?? []).filter((x) => x !== piece), ...arriving];
  const limit = game.module.rules?.stackLimit;
  if (limit !== undefined && here.length + 1 > limit) {
    out.push(warning(game, 'stacking', `${to} would hold ${here.length + 1} pieces; the stacking limit is ${limit}`));
  }
  const def = game.pieces.get(piece)!;
  for (const r of game.module.rules?.stacking ?? []) {
    // a face the limit leaves out (Eylau 6.64 "道路纵队单位不受常规堆叠数量限制"): neither counted nor checked
    const left = (id: string) => r.exceptFaces?.includes(state.pieces[id]?.face ?? '') ?? false;
    if (!r.types.includes(def.type) || left(piece)) continue;
    const n = 1 + here.filter((id) => {
      const d = game.pieces.get(id)!;
      return d.side === def.side && r.types.includes(d.type) && !left(id);
    }).length;
    // the book's consequence, where the module gives it (Eylau 6.12: the players mark the disorder)
    const then = r.consequence ? `: ${r.consequence}` : '';
    if (n > r.limit) out.push(warning(game, 'stacking', `${to} would hold ${n} ${r.types.join('/')} of ${def.side}; the limit is ${r.limit}${r.rule ? ` (${r.rule})` : ''}${then}`));
  }
  return out;
}
