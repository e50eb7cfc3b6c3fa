// The owner's choice for a blocked entry (Eylau 6.72 "若指定入场格子被敌方单位封锁，或处于敌方火力射击
// 范围内，玩家可选择将该批增援延迟1、2或3个回合入场。每延迟1个回合，这批单位的可选入场位置可在原入场格子
// 周边最多4格范围内选取"): `delay <piece> <turns> [<hex>]` delays the piece's whole group (the
// reinforcements of its side due on the same turn at the same hex, not yet in play) by up to
// `choice.delay` turns in all, and may move its entry up to `choice.shift` hexes from the
// scenario's entry hex for each turn of delay. Whether the entry is blocked or under fire is the
// players' to judge (the fire ranges are in chapter 11, cut from our text).
import type { PlacementDef } from '../module/schema.js';
import type { CommandOf } from './commands.js';
import type { CommandContext } from './context.js';
import { refuse } from './errors.js';
import type { EntryDelayedEvent } from './events.js';
import type { Game } from './game.js';
import { resolveLocation } from './locations.js';
import type { GameState } from './state.js';

/** When and where a scenario reinforcement arrives now: the scenario's, unless its owner delayed it. */
export function entryOf(game: Game, state: GameState, r: PlacementDef & { turn: number }):
  { turn: number; at: string; face?: string } {
  return state.entries?.[r.piece] ?? { turn: r.turn, at: resolveLocation(game, r.at).id };
}

export function delayCommand(game: Game, state: GameState, c: CommandOf<'delay'>, ctx: CommandContext): EntryDelayedEvent {
  const choice = game.module.rules?.reinforcements?.choice;
  if (!choice) refuse(`this module gives no choice to delay reinforcements (rules.reinforcements.choice)`);
  const r = game.scenario.reinforcements.find((x) => x.piece === c.piece);
  if (!r) refuse(`${c.piece} is not a reinforcement of scenario ${game.scenario.id}`);
  const side = game.pieces.get(c.piece)!.side;
  if (ctx.side !== undefined && ctx.side !== side) {
    refuse(`${c.piece} belongs to ${side}: delaying it is ${side}'s choice (${choice.rule})`);
  }
  if (state.pieces[c.piece]!.location !== null) {
    refuse(`${c.piece} is in play already: only a group not yet arrived may be delayed (${choice.rule})`);
  }
  const now = entryOf(game, state, r);
  const group = game.scenario.reinforcements.filter((x) => {
    if (game.pieces.get(x.piece)!.side !== side || state.pieces[x.piece]!.location !== null) return false;
    const e = entryOf(game, state, x);
    return e.turn === now.turn && e.at === now.at;
  });
  const turn = now.turn + c.turns;
  const at = c.at === undefined ? now.at : resolveLocation(game, c.at).id;
  const hex = game.board.hex;
  if (at !== now.at && (!hex || !hex.has(at))) refuse(`${c.at} is not a hex of the board: an entry moves to another hex (${choice.rule})`);
  // each piece's delay is counted from its scenario turn and hex: 1, 2 or 3 turns in all, however
  // often it is chosen, and the entry moved 4 hexes at most for each of them
  for (const x of group) {
    const total = turn - x.turn, turns = `turn${total === 1 ? '' : 's'}`;
    if (total > choice.delay) {
      refuse(`${x.piece} is due on turn ${x.turn}; ${c.turns} more would delay it ${total} ${turns}, `
        + `and ${choice.rule} allows at most ${choice.delay}`);
    }
    const origin = resolveLocation(game, x.at).id;
    const d = origin === at ? 0 : hex!.distance(origin, at), most = choice.shift * total;
    if (d > most) {
      refuse(`${at} is ${d} hexes from ${x.piece}'s entry hex ${origin}; delayed ${total} ${turns}, `
        + `${choice.rule} allows at most ${most} (${choice.shift} a turn)`);
    }
  }
  const e: EntryDelayedEvent = { type: 'entry-delayed', pieces: group.map((x) => x.piece), turn, at, rule: choice.rule };
  if (c.faces) e.faces = chosenFaces(game, group.map((x) => x.piece), c.faces, choice.exceptFaces ?? [], choice.rule);
  return e;
}

/**
 * 6.72 "增援单位可选用除方阵阵型以外的任意阵型入场": each piece of the group enters on the first face
 * listed that its counter has (the others keep the scenario's); a face no piece has, or one the
 * rule excludes, is refused.
 */
function chosenFaces(
  game: Game, pieces: readonly string[], faces: readonly string[], except: readonly string[], rule: string,
): Record<string, string> {
  const barred = faces.find((f) => except.includes(f));
  if (barred) refuse(`a delayed group may enter on any face but ${except.join(', ')} (${rule}): not ${barred}`);
  const out: Record<string, string> = {};
  const used = new Set<string>();
  for (const id of pieces) {
    const type = game.pieceTypes.get(game.pieces.get(id)!.type)!;
    const f = faces.find((x) => type.faces.some((y) => y.id === x));
    if (f) { out[id] = f; used.add(f); }
  }
  const unused = faces.find((f) => !used.has(f));
  if (unused) refuse(`no piece of the group (${pieces.join(', ')}) has a face "${unused}"`);
  return out;
}
