// Resolving sealed commitments at the start of a segment (docs/dice-protocol.md, "Sealed
// randomness"). The segment's author reveals his next dice value: every commitment that waited
// for it records it (`answered`), and those it completes get their outcome — the same events an
// immediate command would give, tagged with the commitment's id. Then the author commits to the
// cards of his own sealed draws that earlier replies resolved (`drew` with `sealed`), which only
// his tool can compute. These events open the segment (its `resolutions`); every tool derives
// them again, except the card commitments of another player, which it takes from the log and
// audits when the period's hidden value is revealed. Pure.
import { rollCommand, resolveCommand } from '../engine/dice.js';
import type { DrewEvent, GameEvent } from '../engine/events.js';
import type { Game } from '../engine/game.js';
import { parseLine } from '../engine/parse.js';
import type { DiceRequest, Randomness } from '../engine/randomness.js';
import { NO_RANDOMNESS } from '../engine/randomness.js';
import { applyEvent } from '../engine/fold.js';
import { outcomeEvents, placeOfRoll } from '../engine/outcomes.js';
import { copyState, type GameState, type SealedRecord } from '../engine/state.js';
import type { HashChain } from '../random/chain.js';
import { rollDice } from '../random/dice.js';
import { drawKey, drawWithKey } from '../random/hidden-draw.js';
import { sealedKey } from '../random/sealed-key.js';
import { shuffle } from '../random/shuffle.js';
import type { HandKnowledge } from './hand-knowledge.js';
import type { PendingDraw } from './protocol-randomness.js';

export interface ResolutionInput {
  game: Game;
  /** the state before the segment */
  state: GameState;
  gameId: string;
  seq: number;
  author: string;
  /** the author's dice reveal, when the segment opens an epoch (only then does it answer anything) */
  reveal: string | undefined;
  /** a side's hidden chain, where this tool holds it (the author's own tool, or the viewer's) */
  hiddenOf: (side: string) => HashChain | null;
  knowledge: HandKnowledge;
  /** checking: the resolutions the log holds (another player's card commitments are read from them) */
  logged?: readonly GameEvent[];
}

export interface Resolution {
  events: GameEvent[];
  /** card commitments this tool could not compute: audited when their period is revealed */
  pending: PendingDraw[];
}

/** The values a record was answered with, sorted by side id (the key's order). */
function valuesOf(r: SealedRecord): string[] {
  return Object.keys(r.values).sort().map((s) => r.values[s]!);
}

/** The key of a resolved roll, procedure or shuffle. */
function keyOf(gameId: string, r: SealedRecord): Uint8Array {
  return sealedKey({ gameId, id: r.id, ...(r.own === undefined ? {} : { own: r.own }), values: valuesOf(r) });
}

/** A Randomness that answers one roll or shuffle with the sealed key, at the commitment's counter. */
function keyed(key: Uint8Array, counter: number): Randomness {
  return {
    ...NO_RANDOMNESS,
    roll: (dice: readonly DiceRequest[]) => ({ counter, faces: rollDice(key, counter, dice).flat() }),
    shuffle: (_deck: string, cards: readonly string[]) => ({ counter, order: shuffle(key, counter, cards) }),
  };
}

/** The outcome of a completed roll, procedure or shuffle commitment. */
export function outcomeOf(game: Game, gameId: string, r: SealedRecord): GameEvent {
  const counter = r.counter ?? 0;
  const random = keyed(keyOf(gameId, r), counter);
  const by = { sealed: r.id, ...(r.side === undefined ? {} : { side: r.side }) };
  if (r.kind === 'shuffle') {
    return { type: 'shuffled', deck: r.deck!, counter, order: random.shuffle(r.deck!, r.cards!).order, ...by };
  }
  const parsed = parseLine(r.command ?? '');
  if (!parsed || (parsed.command.verb !== 'roll' && parsed.command.verb !== 'resolve')) {
    throw new Error(`sealed ${r.id}: "${r.command}" is not a roll or a procedure`);
  }
  const c = parsed.command;
  const e = c.verb === 'roll' ? rollCommand(c, random) : resolveCommand(game, c, random);
  // the board was read when the roll was committed: what it gave travels with the commitment
  const board = { ...(r.bound ? { bound: r.bound } : {}), ...(r.derived ? { derived: r.derived } : {}) };
  return { ...e, ...board, ...by } as GameEvent;
}

/** The cards of a resolved sealed draw, as its owner computes them. */
function drawCards(input: ResolutionInput, r: SealedRecord, hidden: HashChain): { counter: number; card: string; salt: string; commitment: string }[] {
  const key = drawKey({ gameId: input.gameId, deckId: r.deck!, hiddenValue: hidden.reveal(r.period! + 1), opponentValues: valuesOf(r) });
  return r.indices!.map((index) => {
    const d = drawWithKey(key, index, input.knowledge.undrawn(r.side!, r.deck!, r.period!, index, r.pool!, r.held));
    input.knowledge.add({ side: r.side!, deck: r.deck!, period: r.period!, index, card: d.card, salt: d.salt, commitment: d.commitment });
    return { ...d, counter: index };
  });
}

export function resolveSealed(input: ResolutionInput): Resolution {
  const { state, author, reveal } = input;
  const events: GameEvent[] = [];
  const pending: PendingDraw[] = [];
  const records = (state.sealed ?? []).map((r) => ({ ...r, values: { ...r.values }, awaiting: r.awaiting.slice() }));
  /** the state as the events so far leave it, once a result has effects to derive from it */
  let work: GameState | null = null;
  for (const r of records) {
    if (reveal === undefined || !r.awaiting.includes(author)) continue;
    const answered: GameEvent = { type: 'answered', id: r.id, side: author, value: reveal };
    events.push(answered);
    if (work) applyEvent(work, answered);
    r.values[author] = reveal;
    r.awaiting = r.awaiting.filter((s) => s !== author);
    if (r.awaiting.length) continue;
    if (r.kind !== 'draw') {
      const e = outcomeOf(input.game, input.gameId, r);
      events.push(e);
      if (e.type === 'resolved' && input.game.procedures.get(e.procedure)?.outcomes) {
        // what the result does follows it, on the state as the events before it left it
        if (!work) { work = copyState(state); for (const x of events.slice(0, -1)) applyEvent(work, x); }
        const at = placeOfRoll(input.game, work, e.procedure, e.bound);
        if (at !== undefined) e.at = at;
        applyEvent(work, e);
        for (const x of outcomeEvents(input.game, work, e)) { applyEvent(work, x); events.push(x); }
      } else if (work) applyEvent(work, e);
      continue;
    }
    {
      // the owner's cards are known to his own tool from now on (a viewer's `show --key`)
      const hidden = input.hiddenOf(r.side!);
      if (hidden) drawCards(input, r, hidden);
    }
  }
  // The author commits to the cards of his draws that earlier replies resolved.
  for (const r of records) {
    if (r.kind !== 'draw' || r.side !== author || r.awaiting.length) continue;
    const hidden = input.hiddenOf(author);
    let draws: { counter: number; commitment: string }[];
    if (hidden) {
      draws = (input.knowledge.cardAt(author, r.deck!, r.period!, r.indices![0]!) === undefined ? drawCards(input, r, hidden)
        : r.indices!.map((index) => {
          const k = input.knowledge.ofSide(author).find((x) => x.deck === r.deck && x.period === r.period && x.index === index)!;
          return { counter: index, commitment: k.commitment };
        })).map(({ counter, commitment }) => ({ counter, commitment }));
    } else {
      const logged = input.logged?.find((e): e is DrewEvent => e.type === 'drew' && e.sealed === r.id);
      if (!logged?.draws) throw new Error(`${author} must commit to the cards of his sealed draw ${r.id} (resolved by the reply) in this segment`);
      draws = logged.draws.map((d) => ({ counter: d.counter, commitment: d.commitment }));
      if (draws.map((d) => d.counter).join() !== r.indices!.join()) {
        throw new Error(`${author} commits to draws #${draws.map((d) => d.counter).join(', #')} of sealed draw ${r.id}, which drew #${r.indices!.join(', #')}`);
      }
      const values = valuesOf(r);
      for (const d of draws) {
        pending.push({
          side: author, deck: r.deck!, period: r.period!, index: d.counter, commitment: d.commitment, pool: r.pool!,
          ...(r.held ? { held: r.held } : {}), opponentValues: values, seq: input.seq,
        });
      }
    }
    events.push({ type: 'drew', deck: r.deck!, side: author, period: r.period!, draws, sealed: r.id });
  }
  return { events, pending };
}
