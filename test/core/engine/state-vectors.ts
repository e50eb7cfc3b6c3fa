// The state-hash test vectors of docs/state-format.md: skirmish's initial state, then three
// segments played with the real protocol randomness (fixed chain secrets), every entry and every
// resolution with the state hash after it. state-vectors.test.ts checks the documented block
// against this; to regenerate after a deliberate format change, print
// formatStateVectors(computeStateVectors()) and paste it between the markers.
import type { GameEvent } from '../../../src/core/engine/events.js';
import { applyEvent } from '../../../src/core/engine/fold.js';
import { initialState } from '../../../src/core/engine/initial-state.js';
import { canonicalText, stateHash } from '../../../src/core/engine/state-hash.js';
import { copyState, type GameState } from '../../../src/core/engine/state.js';
import { Turn } from '../../../src/core/engine/turn.js';
import { HandKnowledge } from '../../../src/core/protocol/hand-knowledge.js';
import { ProtocolRandomness } from '../../../src/core/protocol/protocol-randomness.js';
import { resolveSealed } from '../../../src/core/protocol/sealed-resolution.js';
import { buildChain, DICE_CHAIN_TAG, HIDDEN_CHAIN_TAG, type HashChain } from '../../../src/core/random/chain.js';
import { epochKey } from '../../../src/core/random/stream.js';
import { skirmishGame } from './helpers.js';

export interface StateStep {
  /** "<seq> <author>": the segment the events are logged in */
  segment: string;
  /** the entry's command, absent for a resolution */
  command?: string;
  void?: true;
  events: GameEvent[];
  /** stateHash after this step (a void entry changes nothing) */
  state: string;
}

export interface StateVectors {
  inputs: { gameId: string; chainLength: number; diceRed: string; diceBlue: string; hiddenRed: string };
  initial: { canonical: string; hash: string };
  steps: StateStep[];
  /** skirmish with the members of `changes` added (decks, a track, reinforcements and their rules, two turns) */
  variant: { changes: typeof VARIANT; initial: { canonical: string; hash: string }; steps: StateStep[] };
}

/** What the variant adds to skirmish (defaults written out: the engine reads the data as given). */
export const VARIANT = {
  sequence: { lastTurn: 2 },
  tracks: [{ id: 'vp', name: 'Victory points', min: 0, max: 10 }],
  pieces: [{ id: 'red-3', type: 'infantry', side: 'red', name: '3rd Red' }, { id: 'red-4', type: 'infantry', side: 'red', name: '4th Red' }, { id: 'red-5', type: 'infantry', side: 'red', name: '5th Red' }],
  decks: [{
    id: 'orders', name: 'Orders', secret: false, shuffleAtStart: true, reshuffle: 'when-empty',
    cards: [{ id: 'o1', name: 'Order 1' }, { id: 'o2', name: 'Order 2' }, { id: 'o3', name: 'Order 3' }, { id: 'o4', name: 'Order 4' }],
    sets: { reserve: ['o4'] },
  }],
  reinforcements: [{ piece: 'red-3', turn: 2, at: '0101', face: 'column' }, { piece: 'red-4', turn: 2, at: '0809' }, { piece: 'red-5', turn: 2, at: '0202' }],
  secretDeck: { id: 'intel', name: 'Intelligence', owner: 'red', secret: true, reshuffle: 'when-empty', cards: [{ id: 'i1', name: 'Intel 1' }, { id: 'i2', name: 'Intel 2' }] },
  rules: { reinforcements: { arrive: 'turn-start', enemy: 'delay', rule: 'V.1', choice: { rule: 'V.2', delay: 1, shift: 1 } }, permissions: { others: ['next'] } },
  phase: { id: 'orders', name: 'Orders', active: 'all', segments: [] },
  tables: [{ id: 'toll', name: 'Toll', index: 'total', rows: [{ result: 'hit' }] }],
  procedures: [{
    id: 'toll', name: 'Toll', dice: '1d6', table: 'toll', immediate: true, modifiers: [], inputs: [],
    binds: [{ id: 'pair', name: 'Two units', kind: 'pieces' }, { id: 'one', name: 'One unit' }],
    outcomes: [{ result: 'hit', effects: [{ loss: 1, of: 'pair' }, { loss: 1, of: 'one' }, { 'remove-card': 'o3' }] }],
  }],
};

export function variantGame() {
  return skirmishGame((m) => {
    Object.assign(m.sequence, VARIANT.sequence);
    m.tracks.push(...structuredClone(VARIANT.tracks));
    m.pieces.push(...structuredClone(VARIANT.pieces));
    m.decks.push(...(structuredClone([...VARIANT.decks, VARIANT.secretDeck]) as typeof m.decks));
    m.rules = { ...m.rules, ...structuredClone(VARIANT.rules) } as typeof m.rules;
    m.sequence.phases.push(structuredClone(VARIANT.phase) as (typeof m.sequence.phases)[number]);
    m.scenarios.find((s) => s.id === 'meeting')!.reinforcements.push(...structuredClone(VARIANT.reinforcements));
    m.tables.push(...(structuredClone(VARIANT.tables) as typeof m.tables));
    m.procedures.push(...(structuredClone(VARIANT.procedures) as typeof m.procedures));
  });
}

const INPUTS = {
  gameId: 'a1'.repeat(32), chainLength: 100,
  diceRed: '01'.repeat(32), diceBlue: '02'.repeat(32), hiddenRed: '03'.repeat(32),
};

/** The commands of each segment; `@card0` … stand for red's drawn cards, known to his tool. */
const SEGMENT1 = [
  'move red-1 0302 0402', 'rotate red-1 +1', 'flip red-2 column', 'mark red-1 disordered', 'mark 0303|0304 bridge-out',
  'unmark red-1 disordered', 'set blue-1 strength=5', 'move red-2 0303 0402', 'stack red-2 bottom', 'roll 2d6+1 "vector"',
  'resolve fire range=-1 woods', 'draw red-cards 3', 'roll 1d6', 'undo', 'note "end of red\'s move"', 'next', 'next',
];
const SEGMENT2 = ['move blue-1 0708', 'next', 'next'];
const SEGMENT3 = ['play @card0 as order', 'discard @card1', 'reveal-hand'];

type Script = [seq: number, author: 'red' | 'blue', epoch: number, commands: string[]][];

const VARIANT_SCRIPT: Script = [
  [1, 'red', 1, ['track vp +2', 'delay red-5 1 0203', 'draw intel 2', 'next', 'next']],
  [2, 'blue', 1, ['next', 'next', 'next']],
  [3, 'red', 2, ['next', 'draw orders 2', 'resolve toll pair=red-1,red-2 one=blue-2', 'lose red-2', 'discard @top0', 'add-cards orders reserve', 'discard @card0', 'draw intel 1', 'next', 'next', 'next', 'next', 'next']],
  [4, 'blue', 2, ['next']],
];

export function computeStateVectors(): StateVectors {
  const main = playScript(skirmishGame(), [[1, 'red', 1, SEGMENT1], [2, 'blue', 1, SEGMENT2], [3, 'red', 2, SEGMENT3]]);
  const variant = playScript(variantGame(), VARIANT_SCRIPT);
  return { inputs: INPUTS, ...main, variant: { changes: VARIANT, ...variant } };
}

function playScript(game: ReturnType<typeof skirmishGame>, script: Script): { initial: { canonical: string; hash: string }; steps: StateStep[] } {
  const chain = (secret: string, tag: typeof DICE_CHAIN_TAG | typeof HIDDEN_CHAIN_TAG) => buildChain(secret, INPUTS.chainLength, tag);
  const dice = { red: chain(INPUTS.diceRed, DICE_CHAIN_TAG), blue: chain(INPUTS.diceBlue, DICE_CHAIN_TAG) };
  const hidden: Record<string, HashChain> = { red: chain(INPUTS.hiddenRed, HIDDEN_CHAIN_TAG) };
  const knowledge = new HandKnowledge();
  const start = initialState(game);
  const steps: StateStep[] = [];
  let state = start;
  // the latest revealed dice value of each side (the anchor before the first reveal)
  const latest: Record<string, string> = { red: dice.red.anchor, blue: dice.blue.anchor };

  const segment = (seq: number, author: 'red' | 'blue', epoch: number, commands: string[]) => {
    const other = author === 'red' ? 'blue' : 'red';
    const reveal = dice[author].reveal(epoch);
    const label = `${seq} ${author}`;
    const res = resolveSealed({
      game, state, gameId: INPUTS.gameId, seq, author, reveal,
      hiddenOf: (side) => (side === author ? hidden[side] ?? null : null), knowledge,
    });
    state = copyState(state);
    for (const e of res.events) {
      applyEvent(state, e);
      steps.push({ segment: label, events: [e], state: stateHash(state) });
    }
    latest[author] = reveal;
    const randomness = new ProtocolRandomness({
      gameId: INPUTS.gameId, author, seq,
      epochKey: epochKey({ gameId: INPUTS.gameId, epoch, ownValue: reveal, othersValues: [latest[other]!] }),
      nextCounter: 0, opponentValues: [latest[other]!], hidden: hidden[author] ?? null, knowledge,
      epoch, ownValue: reveal, awaiting: [other], hiddenRevealed: 0,
    });
    const turn = new Turn(game, state, { side: author }, randomness);
    const cards = knowledge.ofSide(author).map((k) => k.card);
    for (const c of commands) {
      const text = c.replace(/@card(\d)/, (_, i: string) => cards[Number(i)]!)
        .replace(/@top(\d)/, (_, i: string) => turn.state.hands[author]!.cards[Number(i)]!);
      const r = turn.apply(text);
      if (!r.ok) throw r.error;
    }
    let s = state;
    for (const entry of turn.seal()) {
      if (!entry.void) { s = copyState(s); for (const e of entry.events) applyEvent(s, e); }
      steps.push({ segment: label, command: entry.command, ...(entry.void ? { void: true as const } : {}), events: entry.events, state: stateHash(s) });
    }
    state = turn.state;
  };
  for (const [seq, author, epoch, commands] of script) segment(seq, author, epoch, commands);
  return { initial: { canonical: canonicalText(start), hash: stateHash(start) }, steps };
}

/** The documented form: one step a line, so that the doc reads as a list. */
export function formatStateVectors(v: StateVectors): string {
  const steps = v.steps.map((s) => '    ' + JSON.stringify(s)).join(',\n');
  return [
    '{',
    `  "inputs": ${JSON.stringify(v.inputs)},`,
    `  "initial": {`,
    `    "canonical": ${JSON.stringify(v.initial.canonical)},`,
    `    "hash": ${JSON.stringify(v.initial.hash)}`,
    '  },',
    '  "steps": [',
    steps,
    '  ],',
    '  "variant": {',
    `    "changes": ${JSON.stringify(v.variant.changes)},`,
    `    "initial": {"canonical": ${JSON.stringify(v.variant.initial.canonical)}, "hash": ${JSON.stringify(v.variant.initial.hash)}},`,
    '    "steps": [',
    v.variant.steps.map((s) => '      ' + JSON.stringify(s)).join(',\n'),
    '    ]',
    '  }',
    '}',
  ].join('\n');
}

/** Folds the documented steps from a state (void entries are not folded), returning each hash. */
export function foldSteps(start: GameState, steps: readonly StateStep[]): string[] {
  const s = copyState(start);
  return steps.map((step) => {
    if (!step.void) for (const e of step.events) applyEvent(s, e);
    return stateHash(s);
  });
}
