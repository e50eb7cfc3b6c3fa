// The state-hash test vectors printed in docs/state-format.md must be exactly what the code
// computes: the initial state's canonical text and hash, every documented event folded to the
// documented hash, and the engine's own events for the documented commands. To regenerate after a
// deliberate format change, print formatStateVectors(computeStateVectors()) between the markers.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { EventType } from '../../../src/core/engine/events.js';
import { initialState } from '../../../src/core/engine/initial-state.js';
import { canonicalText, stateHash } from '../../../src/core/engine/state-hash.js';
import { skirmishGame } from './helpers.js';
import { computeStateVectors, foldSteps, formatStateVectors, variantGame, type StateVectors } from './state-vectors.js';

/** Every event type (a new one fails to compile here until a vector covers it). */
const EVERY_TYPE: Record<EventType, true> = {
  'moved': true, 'rotated': true, 'flipped': true, 'marked': true, 'unmarked': true, 'value-set': true, 'track-set': true,
  'restacked': true, 'rolled': true, 'resolved': true, 'drew': true, 'period-began': true, 'shuffled': true, 'cards-added': true,
  'played': true, 'discarded': true, 'hand-revealed': true, 'turn-began': true, 'phase-began': true, 'arrived': true,
  'delayed': true, 'entry-delayed': true, 'game-ended': true, 'passed': true, 'noted': true, 'undone': true, 'sealed': true, 'answered': true,
  'lost': true, 'obliged': true, 'card-removed': true,
};

const DOC = new URL('../../../docs/state-format.md', import.meta.url);
const BEGIN = '<!-- state-vectors:begin -->';
const END = '<!-- state-vectors:end -->';

function documented(): StateVectors {
  const text = readFileSync(DOC, 'utf8');
  const start = text.indexOf(BEGIN);
  const end = text.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/state-format.md lacks the ${BEGIN} … ${END} block`);
  const m = /```json\n([\s\S]*?)\n```/.exec(text.slice(start + BEGIN.length, end));
  if (!m) throw new Error('no ```json block between the state-vector markers');
  return JSON.parse(m[1]!) as StateVectors;
}

describe('documented state vectors', () => {
  const doc = documented();
  const start = initialState(skirmishGame());

  it('give skirmish\'s initial state, byte for byte', () => {
    expect(canonicalText(start)).toBe(doc.initial.canonical);
    expect(stateHash(start)).toBe(doc.initial.hash);
  });

  it('fold to the documented hash after every step', () => {
    expect(foldSteps(start, doc.steps)).toEqual(doc.steps.map((s) => s.state));
  });

  it('give the variant\'s initial state, and fold its steps to the documented hashes', () => {
    const v = initialState(variantGame());
    expect(canonicalText(v)).toBe(doc.variant.initial.canonical);
    expect(stateHash(v)).toBe(doc.variant.initial.hash);
    expect(foldSteps(v, doc.variant.steps)).toEqual(doc.variant.steps.map((s) => s.state));
  });

  it('are what the engine and the protocol give for those commands', () => {
    const computed = computeStateVectors();
    expect(doc).toEqual(computed);
    expect(formatStateVectors(computed)).toBe(formatStateVectors(doc));
  });

  it('cover every event type', () => {
    const types = new Set([...doc.steps, ...doc.variant.steps].flatMap((s) => s.events.map((e) => e.type)));
    for (const t of Object.keys(EVERY_TYPE)) expect(types).toContain(t);
  });
});
