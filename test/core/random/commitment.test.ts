import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cardCommitment, checkOpening, commitmentSalt, opensCommitment } from '../../../src/core/random/commitment.js';
import { RandomProtocolError } from '../../../src/core/random/errors.js';

const KEY = '5a'.repeat(32);

describe('card commitments', () => {
  const salt = commitmentSalt(KEY, 0);

  it('is SHA-256(tag ‖ 16-byte salt ‖ UTF-8 card id)', () => {
    expect(salt).toHaveLength(16);
    const expected = createHash('sha256')
      .update(Buffer.concat([Buffer.from('hexpost/card-commit/v1'), salt, Buffer.from('général', 'utf8')])).digest('hex');
    expect(cardCommitment(salt, 'général')).toBe(expected);
  });

  it('opens only with the right card and the right salt', () => {
    const c = cardCommitment(salt, 'ace');
    expect(opensCommitment(c, 'ace', salt)).toBe(true);
    expect(opensCommitment(c, 'ace', Buffer.from(salt).toString('hex'))).toBe(true);
    expect(opensCommitment(c, 'king', salt)).toBe(false);
    expect(opensCommitment(c, 'ace', commitmentSalt(KEY, 1))).toBe(false);
    expect(opensCommitment(c, 'ace', commitmentSalt('5b'.repeat(32), 0))).toBe(false);
    expect(() => checkOpening(c, 'ace', salt)).not.toThrow();
    try { checkOpening(c, 'king', salt); expect.unreachable(); } catch (e) {
      expect((e as RandomProtocolError).code).toBe('commit.mismatch');
    }
  });

  it('validates salt length and card ids', () => {
    expect(() => cardCommitment(new Uint8Array(15), 'ace')).toThrow(RandomProtocolError);
    expect(() => cardCommitment(salt, '')).toThrow(RandomProtocolError);
    expect(() => cardCommitment(salt, 'a\ud800b')).toThrow(RandomProtocolError);
    expect(cardCommitment(salt, '\ud83c\udca1')).toMatch(/^[0-9a-f]{64}$/);
  });
});
