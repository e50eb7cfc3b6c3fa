// Card commitments: a hidden draw is logged only as SHA-256(tag ‖ salt ‖ card id). The salt is
// HMAC-SHA256(draw key, "salt" ‖ counter) cut to 16 bytes, so
//  - the owner (who knows the draw key) can open it by publishing card id + salt;
//  - the opponent cannot test card ids against it (128 unknown salt bits);
//  - once the period's hidden-chain value is revealed, anyone recomputes key, salt and card and
//    checks every commitment of that period.
// The tag and the salt have fixed lengths, so the card id needs no length prefix.
import { createHmac } from 'node:crypto';
import { sha256 } from '../hash.js';
import { ascii, checkInt, concat, equalBytes, hex, toBytes, toBytes32, u64be, utf8, type ByteInput } from './bytes.js';
import { RandomProtocolError } from './errors.js';

export const CARD_COMMIT_TAG = 'hexpost/card-commit/v1';
export const SALT_LENGTH = 16;
/** Longest card id (UTF-8 bytes) a commitment accepts. */
export const MAX_CARD_ID_BYTES = 1024;

const TAG = ascii(CARD_COMMIT_TAG);
const SALT_LABEL = ascii('salt');

/** salt = HMAC-SHA256(draw key, "salt" ‖ counter (8 bytes BE))[0..16). */
export function commitmentSalt(drawKey: ByteInput, counter: number): Uint8Array {
  const key = toBytes32(drawKey, 'draw key');
  checkInt(counter, 0, Number.MAX_SAFE_INTEGER, 'draw counter');
  const mac = createHmac('sha256', key).update(concat(SALT_LABEL, u64be(counter))).digest();
  return new Uint8Array(mac.subarray(0, SALT_LENGTH));
}

function cardIdBytes(cardId: string): Uint8Array {
  // A lone surrogate would be encoded as U+FFFD, so two different ids could commit alike.
  if (typeof cardId !== 'string' || cardId.length === 0 || /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(cardId)) {
    throw new RandomProtocolError('input.range', `card id must be a non-empty well-formed string`, { cardId: String(cardId) });
  }
  const bytes = utf8(cardId);
  checkInt(bytes.length, 1, MAX_CARD_ID_BYTES, 'card id length');
  return bytes;
}

/** Commitment (lower-case hex) = SHA-256("hexpost/card-commit/v1" ‖ salt (16) ‖ UTF-8 card id). */
export function cardCommitment(salt: ByteInput, cardId: string): string {
  return hex(sha256(concat(TAG, toBytes(salt, SALT_LENGTH, 'commitment salt'), cardIdBytes(cardId))));
}

/** True when (card id, salt) opens the commitment. */
export function opensCommitment(commitment: ByteInput, cardId: string, salt: ByteInput): boolean {
  const c = toBytes32(commitment, 'commitment');
  return equalBytes(c, toBytes32(cardCommitment(salt, cardId), 'commitment'));
}

/** Throws commit.mismatch unless (card id, salt) opens the commitment. */
export function checkOpening(commitment: ByteInput, cardId: string, salt: ByteInput): void {
  if (!opensCommitment(commitment, cardId, salt)) {
    throw new RandomProtocolError('commit.mismatch', `card "${cardId}" with this salt does not open the commitment`, {
      commitment: typeof commitment === 'string' ? commitment : hex(commitment),
      cardId,
      salt: typeof salt === 'string' ? salt : hex(salt),
    });
  }
}
