// What a result does (procedure `outcomes`, docs/module-format.md): the effects of a table result
// applied as events — a step loss (the face's stepLoss face, or eliminated into the side's
// eliminated box), a marker, a track moved, a card out of the game — and what the book leaves to a
// player recorded as an obligation in the state: which of several pieces takes a loss, where a
// piece retreats, whether the attackers advance (an option of the phase). Pure: a function of the
// game, the state and the `resolved` event, so every tool — the one that resolves a sealed roll at
// the start of the opponent's segment, and every verifier after it — derives the same events.
import { fortFallEvents } from './control.js';
import { bindKind, type EffectDef } from '../module/procedure-schema.js';
import { clamp } from './modifier-groups.js';
import type { GameEvent, LostEvent, ObligedEvent, ResolvedEvent } from './events.js';
import { applyEvent } from './fold.js';
import type { Game } from './game.js';
import { effectHolds, rollsOwed, VALUE_NAME } from './outcome-rules.js';
import { boundIds, stepsLeft } from './procedure-binds.js';
import { pieceNumber } from './rule-scope.js';
import { pieceValue, pieceView } from './piece-values.js';
import { pointsEvents, trackBy } from './points-effect.js';
import { copyState, undrawnCount, type GameState } from './state.js';
import { applyLossPoints } from './loss-points.js';

/** The box a side's eliminated pieces go to (a box with `eliminated: true` owned by it), if any. */
export function eliminatedBox(game: Game, side: string): string | undefined {
  for (const b of game.boxes.values()) if (b.eliminated && b.owner === side) return b.id;
  return undefined;
}

/** One step lost by a piece: its stepLoss face, or eliminated. */
export function stepLoss(game: Game, state: GameState, id: string, extra: Pick<LostEvent, 'obligation' | 'by'> = {}): LostEvent {
  const p = state.pieces[id]!;
  const type = game.pieceTypes.get(game.pieces.get(id)!.type)!;
  const face = type.faces.find((f) => f.id === p.face) ?? type.faces[0]!;
  const e: LostEvent = { type: 'lost', piece: id, from: p.face, to: null, at: p.location };
  if (face.stepLoss !== undefined) e.to = face.stepLoss;
  else {
    const box = eliminatedBox(game, game.pieces.get(id)!.side);
    if (box !== undefined) e.box = box;
    // what is owed at a piece that leaves the map is void, and the event says which (the fold reads it)
    const voids = (state.obligations ?? []).filter((o) => o.kind === 'reply' && o.to === id).map((o) => o.id);
    if (voids.length) e.voids = voids;
  }
  return Object.assign(e, extra);
}

/**
 * Where a roll with outcomes is fought (the `resolved` event's `at`, for the battle report): the
 * location of the last piece or location bound — the defender comes after the attackers.
 */
export function placeOfRoll(game: Game, state: GameState, procedure: string, bound: Record<string, string> | undefined): string | undefined {
  const proc = game.procedures.get(procedure);
  if (!proc?.outcomes?.length || !bound) return undefined;
  for (const b of [...(proc.binds ?? [])].reverse()) {
    const v = bound[b.id];
    if (v === undefined) continue;
    const kind = bindKind(b);
    if (kind === 'location') return v;
    if (kind === 'piece' || kind === 'pieces') { const at = state.pieces[boundIds(v)[0]!]?.location; if (at) return at; }
  }
  return undefined;
}

/** The outcomes a result matches: the whole result, or one of its words ("D1" in "A1 D1"), in module order. */
function matching(game: Game, e: ResolvedEvent) {
  const proc = game.procedures.get(e.procedure);
  if (!proc?.outcomes?.length) return [];
  const words = e.result.split(/\s+/);
  return proc.outcomes.filter((o) => o.result === e.result || words.includes(o.result));
}

/** `roller`: the side that made the roll, where the event does not say (an unsealed roll) */
export function outcomeEvents(game: Game, state: GameState, e: ResolvedEvent, roller?: string): GameEvent[] {
  const outcomes = matching(game, e);
  if (!outcomes.length) return [];
  const proc = game.procedures.get(e.procedure)!;
  const by = e.sealed ?? `#${e.counter}`;
  const bound = e.bound ?? {};
  const work = copyState(state);
  const out: GameEvent[] = [];
  const emit = (x: GameEvent) => { applyEvent(work, x); out.push(x); };
  const onMap = (s: GameState, id: string) => { const at = s.pieces[id]?.location; return at != null && game.board.has(at); };
  const onBoard = (bind: string) => boundIds(bound[bind]).filter((id) => onMap(work, id));
  /** where a bind stood before the result (a piece's location, or the location or hexside bound) */
  const placeOf = (bind: string): string | undefined => {
    const first = boundIds(bound[bind])[0];
    if (first !== undefined && state.pieces[first]) return state.pieces[first]!.location ?? undefined;
    return bound[bind];
  };
  let k = 0;
  // ids are unique among the open obligations (an immediate roll's counter restarts each epoch)
  const taken = new Set((state.obligations ?? []).map((o) => o.id));
  const nextId = () => { let id; do id = `${by}/${++k}`; while (taken.has(id)); return id; };
  const oblige = (o: Omit<ObligedEvent, 'type' | 'id' | 'procedure'>, rule: string | undefined) =>
    emit({ type: 'obliged', id: nextId(), ...o, procedure: e.procedure, ...(rule ? { rule } : {}) });
  for (const { effects } of outcomes) {
    for (const fx of effects as EffectDef[]) {
      if (fx.when !== undefined && !effectHolds(game, work, proc, e, fx.when, fx.rule ?? `${e.procedure} outcomes`)) continue;
      if ('loss' in fx) {
        const pieces = onBoard(fx.of);
        if (!pieces.length) continue;
        const total = pieces.reduce((a, id) => a + stepsLeft(game, work, id), 0);
        if (pieces.length === 1 || fx.loss >= total) {
          // no choice left: the engine takes the steps itself
          for (const id of pieces) {
            let n = pieces.length === 1 ? Math.min(fx.loss, total) : stepsLeft(game, work, id);
            while (n-- > 0) emit(stepLoss(game, work, id, { by }));
          }
        } else oblige({ kind: 'loss', side: game.pieces.get(pieces[0]!)!.side, pieces, count: fx.loss }, fx.rule);
      } else if ('points' in fx) {
        pointsEvents(game, work, fx, onBoard(fx.of), by, (o) => oblige(o, fx.rule), emit);
      } else if ('loss-points' in fx) {
        applyLossPoints(game, { work, emit, oblige, step: (id) => stepLoss(game, work, id, { by }) }, onBoard(fx.of), fx['loss-points'], fx.by, fx.rule);
      } else if ('retreat' in fx) {
        const pieces = onBoard(fx.of);
        if (pieces.length) oblige({ kind: 'retreat', side: game.pieces.get(pieces[0]!)!.side, pieces, count: fx.retreat }, fx.rule);
      } else if ('advance' in fx) {
        const pieces = onBoard(fx.advance);
        const to = placeOf(fx.into);
        if (pieces.length && to !== undefined) {
          oblige({ kind: 'advance', side: game.pieces.get(pieces[0]!)!.side, pieces, count: pieces.length, to, optional: true,
            ...(fx.length !== undefined ? { length: fx.length } : {}) }, fx.rule);
        }
      } else if ('mark' in fx) {
        if (fx.on !== undefined) for (const id of onBoard(fx.on)) emit({ type: 'marked', target: id, kind: 'piece', marker: fx.mark });
        const at = fx.at === undefined ? undefined : placeOf(fx.at);
        if (at !== undefined && game.board.has(at)) {
          emit({ type: 'marked', target: at, kind: game.board.hex ? 'hex' : 'space', marker: fx.mark });
          // a fort destroyed: its space passes to the units standing in it (rules.control, §11)
          if (fx.mark === game.module.rules?.control?.destroyed) for (const x of fortFallEvents(game, work, at)) emit(x);
        }
        else if (at !== undefined && at.includes('|')) emit({ type: 'marked', target: game.board.hexside(at), kind: 'hexside', marker: fx.mark });
      } else if ('unmark' in fx) {
        if (fx.on !== undefined) {
          for (const id of onBoard(fx.on)) if (work.pieces[id]!.markers.includes(fx.unmark)) emit({ type: 'unmarked', target: id, kind: 'piece', marker: fx.unmark });
        }
        const at = fx.at === undefined ? undefined : placeOf(fx.at);
        if (at !== undefined && (work.markers[at] ?? []).includes(fx.unmark)) {
          emit({ type: 'unmarked', target: at, kind: game.board.has(at) ? (game.board.hex ? 'hex' : 'space') : 'hexside', marker: fx.unmark });
        }
      } else if ('draw' in fx) {
        const draw = drawOwed(game, work, fx.draw, fx.count ?? 1, e.side ?? roller);
        if (draw) oblige(draw, fx.rule);
      } else if ('track' in fx) {
        const t = game.tracks.get(fx.track);
        if (!t) continue;
        const from = work.tracks[fx.track] ?? t.min;
        const to = clamp(from + trackBy(game, work, fx.by, fx.rule), t.min, t.max);
        if (to !== from) emit({ type: 'track-set', track: fx.track, from, to });
      } else if ('reply' in fx) {
        // mutual fire (basic rules 8.1): the piece fired on owes its rolls back, once per pair
        // nothing is owed by, nor at, a unit the result (or an earlier one) took off the map
        // — but a `simultaneous` reply (8.1 "双方判定数据都是用判定时候的"): owed by the piece as the board
        // stood before this result, read there, and owed still if the result took it off
        const before = fx.simultaneous ? state : work;
        const [who] = fx.simultaneous ? boundIds(bound[fx.by]).filter((id) => onMap(before, id)) : onBoard(fx.by);
        const [at] = onBoard(fx.at);
        if (who === undefined || at === undefined) continue;
        const n = VALUE_NAME.test(fx.rolls) ? Number(pieceValue(pieceView(game, before, who), fx.rolls) ?? 0)
          : rollsOwed(game, before, proc, e, fx.rolls, fx.rule ?? `${e.procedure} outcomes`);
        const owed = (work.obligations ?? []).some((o) => o.kind === 'reply' && o.reply === fx.reply && o.pieces[0] === who && o.to === at);
        const gone = fx.simultaneous && !onMap(work, who) ? { from: state.pieces[who]!.location! } : {};
        if (Number.isInteger(n) && n > 0 && !owed) {
          oblige({ kind: 'reply', side: game.pieces.get(who)!.side, pieces: [who], count: n, to: at, reply: fx.reply,
            ...(fx.simultaneous ? { simultaneous: true as const } : {}), ...gone }, fx.rule);
        }
      } else if ('value' in fx) {
        // a count kept on the pieces (basic rules 9.5: the melee points scored against a defender), or a
        // number a result takes away (Eylau 6.32: one strength point): moved `by`, never below 0
        for (const id of onBoard(fx.on)) {
          const p = pieceView(game, work, id);
          const from = pieceValue(p, fx.value) ?? null;
          const now = pieceNumber(p, fx.value);
          const to = fx.to ?? Math.max(0, (now.den === 1 ? now.num : 0) + (fx.by ?? 0)); // values are whole numbers
          if (from !== to) emit({ type: 'value-set', piece: id, prop: fx.value, from, to });
        }
      } else {
        const card = fx['remove-card'];
        const c = game.cards.get(card);
        if (!c) continue;
        const d = work.decks[c.deck.id];
        const holder = Object.entries(work.hands).find(([, h]) => h.cards.includes(card))?.[0];
        if (d?.order.includes(card)) emit({ type: 'card-removed', deck: c.deck.id, card, from: 'order', by });
        else if (d?.discard.includes(card)) emit({ type: 'card-removed', deck: c.deck.id, card, from: 'discard', by });
        else if (holder !== undefined) emit({ type: 'card-removed', deck: c.deck.id, card, from: 'hand', side: holder, by });
      }
    }
  }
  return out;
}

/**
 * The draw a result asks of the roller (outcomes `draw`): from the deck, or from the one of the decks
 * listed that he owns; nothing when he owns none of them or the deck has no card left to draw (Cold
 * War 34.3 "若己方事件牌组无卡可抽，此次掷骰结果无效").
 */
function drawOwed(game: Game, state: GameState, decks: string | string[], count: number, roller: string | undefined) {
  const list = typeof decks === 'string' ? [decks] : decks;
  const def = list.length === 1 ? game.decks.get(list[0]!) : list.map((d) => game.decks.get(d)).find((d) => d?.owner !== undefined && d.owner === roller);
  const side = def?.owner ?? roller;
  if (!def || side === undefined) return undefined;
  const d = state.decks[def.id]!;
  const left = (def.secret ? undrawnCount(d) : d.order.length) + (def.reshuffle === 'when-empty' ? d.discard.length : 0);
  if (left === 0) return undefined;
  return { kind: 'draw' as const, side, pieces: [], count: Math.min(count, left), deck: def.id };
}
