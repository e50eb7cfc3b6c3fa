// The test vectors printed in docs/dice-protocol.md must be exactly what the code computes.
// To regenerate after a deliberate protocol change (a new version tag!), print
// formatVectors(computeVectors(findRejectionCounter(key, REJECTION_SIDES))) and paste it between
// the markers.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { rejectionLimit } from '../../../src/core/random/uniform.js';
import { computeVectors, formatVectors, REJECTION_SIDES, type Vectors } from './vectors.js';

const DOC = new URL('../../../docs/dice-protocol.md', import.meta.url);
const BEGIN = '<!-- test-vectors:begin -->';
const END = '<!-- test-vectors:end -->';

function documented(): Vectors {
  const text = readFileSync(DOC, 'utf8');
  const start = text.indexOf(BEGIN);
  const end = text.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/dice-protocol.md lacks the ${BEGIN} … ${END} block`);
  const block = text.slice(start + BEGIN.length, end);
  const m = /```json\n([\s\S]*?)\n```/.exec(block);
  if (!m) throw new Error('no ```json block between the test-vector markers');
  return JSON.parse(m[1]!) as Vectors;
}

describe('documented test vectors', () => {
  const doc = documented();

  it('match the code exactly', () => {
    const computed = computeVectors(doc.rejection.counter);
    expect(doc).toEqual(computed);
    expect(formatVectors(computed)).toBe(formatVectors(doc));
  });

  it('include a roll whose first word is rejected', () => {
    expect(doc.rejection.sides).toBe(REJECTION_SIDES);
    expect(doc.rejection.word0).toBeGreaterThanOrEqual(rejectionLimit(REJECTION_SIDES));
    expect(doc.rejection.word1).toBeLessThan(rejectionLimit(REJECTION_SIDES));
    expect(doc.rejection.face).toBe((doc.rejection.word1 % REJECTION_SIDES) + 1);
  });
});
