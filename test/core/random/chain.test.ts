import { describe, expect, it } from 'vitest';
import { sha256 } from '../../../src/core/hash.js';
import {
  buildChain, chainHash, chainIndexOfReveal, chainStep, DICE_CHAIN_TAG, HIDDEN_CHAIN_TAG,
  revealIndexOf, revealsRemaining, verifyNext, verifyReveal,
} from '../../../src/core/random/chain.js';
import { RandomProtocolError } from '../../../src/core/random/errors.js';

const SECRET = '11'.repeat(32);

function codeOf(fn: () => unknown): string | undefined {
  try { fn(); } catch (e) { return e instanceof RandomProtocolError ? e.code : `not a RandomProtocolError: ${String(e)}`; }
  return undefined;
}

describe('hash chains', () => {
  const chain = buildChain(SECRET, 10, DICE_CHAIN_TAG);

  it('follows h_i = SHA-256(tag ‖ h_{i-1}) with the anchor h_n', () => {
    const tag = new TextEncoder().encode(DICE_CHAIN_TAG);
    let h = Buffer.from(SECRET, 'hex');
    for (let i = 0; i < 10; i++) h = Buffer.from(sha256(Buffer.concat([tag, h])));
    expect(chain.anchor).toBe(h.toString('hex'));
    expect(chain.reveal(10)).toBe(SECRET);
    expect(chain.reveal(0)).toBe(chain.anchor);
    expect(chainIndexOfReveal(10, 1)).toBe(9);
    expect(revealsRemaining(10, 3)).toBe(7);
  });

  it('verifies every reveal with one step against the previous one', () => {
    let previous = chain.anchor;
    for (let k = 1; k <= 10; k++) {
      const value = chain.reveal(k);
      expect(() => verifyNext(previous, value, DICE_CHAIN_TAG)).not.toThrow();
      expect(Buffer.from(chainStep(value, DICE_CHAIN_TAG)).toString('hex')).toBe(previous);
      verifyReveal(chain.anchor, value, k, DICE_CHAIN_TAG);
      expect(revealIndexOf(chain.anchor, value, DICE_CHAIN_TAG, 10)).toBe(k);
      previous = value;
    }
  });

  it('names a skipped reveal', () => {
    let err: RandomProtocolError | undefined;
    try { verifyNext(chain.reveal(2), chain.reveal(5), DICE_CHAIN_TAG); } catch (e) { err = e as RandomProtocolError; }
    expect(err?.code).toBe('chain.skipped');
    expect(err?.details.skipped).toBe(2);
    expect(codeOf(() => verifyNext(chain.anchor, chain.reveal(2), DICE_CHAIN_TAG))).toBe('chain.skipped');
  });

  it('names a reused and a stale value', () => {
    expect(codeOf(() => verifyNext(chain.reveal(3), chain.reveal(3), DICE_CHAIN_TAG))).toBe('chain.reused');
    expect(codeOf(() => verifyNext(chain.anchor, chain.anchor, DICE_CHAIN_TAG))).toBe('chain.reused');
    expect(codeOf(() => verifyNext(chain.reveal(3), chain.reveal(1), DICE_CHAIN_TAG))).toBe('chain.stale');
    expect(codeOf(() => verifyNext(chain.reveal(3), chain.anchor, DICE_CHAIN_TAG))).toBe('chain.stale');
  });

  it('rejects a forged value, and a value of the other chain type', () => {
    expect(codeOf(() => verifyNext(chain.anchor, 'ab'.repeat(32), DICE_CHAIN_TAG))).toBe('chain.mismatch');
    expect(codeOf(() => verifyNext(chain.anchor, chain.reveal(1), HIDDEN_CHAIN_TAG))).toBe('chain.mismatch');
    const hidden = buildChain(SECRET, 10, HIDDEN_CHAIN_TAG);
    expect(hidden.anchor).not.toBe(chain.anchor);
    expect(codeOf(() => verifyNext(chain.anchor, hidden.reveal(1), DICE_CHAIN_TAG))).toBe('chain.mismatch');
    expect(codeOf(() => verifyReveal(chain.anchor, chain.reveal(2), 3, DICE_CHAIN_TAG))).toBe('chain.mismatch');
    expect(revealIndexOf(chain.anchor, 'ab'.repeat(32), DICE_CHAIN_TAG, 20)).toBeNull();
  });

  it('classifies only within the search depth', () => {
    const long = buildChain(SECRET, 50, DICE_CHAIN_TAG);
    expect(codeOf(() => verifyNext(long.anchor, long.reveal(40), DICE_CHAIN_TAG, { searchDepth: 10 }))).toBe('chain.mismatch');
    expect(codeOf(() => verifyNext(long.anchor, long.reveal(40), DICE_CHAIN_TAG))).toBe('chain.skipped');
  });

  it('validates lengths, hex and indices', () => {
    expect(codeOf(() => buildChain('11'.repeat(31), 5, DICE_CHAIN_TAG))).toBe('input.length');
    expect(codeOf(() => buildChain('AB'.repeat(32), 5, DICE_CHAIN_TAG))).toBe('input.hex');
    expect(codeOf(() => buildChain('zz'.repeat(32), 5, DICE_CHAIN_TAG))).toBe('input.hex');
    expect(codeOf(() => buildChain(new Uint8Array(33), 5, DICE_CHAIN_TAG))).toBe('input.length');
    expect(codeOf(() => buildChain(SECRET, 0, DICE_CHAIN_TAG))).toBe('input.range');
    expect(codeOf(() => verifyNext(chain.anchor, chain.reveal(1).slice(2), DICE_CHAIN_TAG))).toBe('input.length');
    expect(codeOf(() => chain.reveal(11))).toBe('chain.exhausted');
    expect(codeOf(() => chain.reveal(-1))).toBe('input.range');
    expect(codeOf(() => chain.reveal(1.5))).toBe('input.range');
    expect(codeOf(() => buildChain(SECRET, 3, 'hexpost/other/v1' as typeof DICE_CHAIN_TAG))).toBe('input.range');
  });

  it('accepts bytes and hex alike and does not alias the secret', () => {
    const bytes = new Uint8Array(Buffer.from(SECRET, 'hex'));
    const c = buildChain(bytes, 10, DICE_CHAIN_TAG);
    bytes[0] = 0;
    expect(c.anchor).toBe(chain.anchor);
    expect(c.reveal(10)).toBe(SECRET);
    expect(Buffer.from(chainHash(SECRET, DICE_CHAIN_TAG, 10)).toString('hex')).toBe(chain.anchor);
  });
});
