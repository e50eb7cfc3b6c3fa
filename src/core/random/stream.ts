// Keyed word streams. An epoch key is derived once per dice epoch from chain values that were
// committed at genesis, so neither side can choose it; each roll record then gets its own
// stream from HMAC-SHA256(key, label ‖ counter ‖ block), so the n-th roll of an epoch is the same
// on every machine however often a turn is undone, forked or restarted.
//
// Byte layouts (all integers unsigned big-endian):
//   epoch key = HKDF-SHA256(ikm  = own dice value (32) ‖ each other player's latest dice value (32 each),
//                           salt = game id (32),
//                           info = "hexpost/dice-stream/v1" ‖ epoch (8), length 32)
//   block     = HMAC-SHA256(key, label ‖ counter (8) ‖ block index (4)), labels "roll", "shuffle", "draw"
//   words     = block split into 8 uint32 words, blocks 0, 1, 2, … consumed in order.
import { createHmac } from 'node:crypto';
import { ascii, checkInt, concat, toBytes32, u32be, u64be, type ByteInput, hkdf32 } from './bytes.js';
import { RandomProtocolError } from './errors.js';
import type { WordSource } from './uniform.js';

export const DICE_STREAM_INFO = 'hexpost/dice-stream/v1';

/** Most other players an epoch key mixes in (a sanity bound, not a game rule). */
export const MAX_OTHER_PLAYERS = 64;

export type StreamLabel = 'roll' | 'shuffle' | 'draw';

const LABELS: Record<StreamLabel, Uint8Array> = {
  roll: ascii('roll'),
  shuffle: ascii('shuffle'),
  draw: ascii('draw'),
};

export interface EpochKeyInput {
  /** Game id: SHA-256 of the accepted genesis, 32 bytes. */
  gameId: ByteInput;
  /** The epoch number of the player who rolls (a non-negative safe integer). */
  epoch: number;
  /** The dice-chain value this player reveals for this epoch. */
  ownValue: ByteInput;
  /**
   * Every other player's latest revealed dice-chain value (his anchor if he has revealed none
   * yet). Callers MUST pass them sorted by side id: the order is part of the key.
   */
  othersValues: readonly ByteInput[];
}

export function epochKey(input: EpochKeyInput): Uint8Array {
  const salt = toBytes32(input.gameId, 'game id');
  checkInt(input.othersValues.length, 0, MAX_OTHER_PLAYERS, 'number of other players');
  const ikm = concat(
    toBytes32(input.ownValue, 'own dice value'),
    ...input.othersValues.map((v, i) => toBytes32(v, `other player's dice value [${i}]`)),
  );
  const info = concat(ascii(DICE_STREAM_INFO), u64be(input.epoch, 'epoch'));
  return hkdf32(ikm, salt, info);
}

/** HMAC block `block` of the stream (label, counter) under `key`. */
export function streamBlock(key: ByteInput, label: StreamLabel, counter: number, block: number): Uint8Array {
  const k = toBytes32(key, 'stream key');
  const l = LABELS[label];
  if (!l) throw new RandomProtocolError('input.range', `unknown stream label "${String(label)}"`, { label: String(label) });
  const msg = concat(l, u64be(counter, 'counter'), u32be(block, 'block index'));
  return new Uint8Array(createHmac('sha256', k).update(msg).digest());
}

/** The uint32 words of stream (label, counter), produced lazily one HMAC block at a time. */
export class KeyedWordStream implements WordSource {
  private readonly key: Uint8Array;
  private block = 0;
  private buffer: DataView | null = null;
  private offset = 32;
  /** Words handed out so far (rejected ones included). */
  consumed = 0;

  constructor(key: ByteInput, readonly label: StreamLabel, readonly counter: number) {
    this.key = toBytes32(key, 'stream key');
    checkInt(counter, 0, Number.MAX_SAFE_INTEGER, 'counter');
  }

  next(): number {
    if (this.offset >= 32) {
      const bytes = streamBlock(this.key, this.label, this.counter, this.block++);
      this.buffer = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      this.offset = 0;
    }
    const w = this.buffer!.getUint32(this.offset);
    this.offset += 4;
    this.consumed++;
    return w;
  }
}

/**
 * Checks that roll counters run consecutively from `first` (one per roll record, shuffles
 * included, void rolls included): a repeat is roll.counter-reused, a hole is roll.counter-gap.
 * details.index is the position in `counters` of the first bad one.
 */
export function checkCounterSequence(counters: readonly number[], first: number): void {
  let expected = checkInt(first, 0, Number.MAX_SAFE_INTEGER, 'first counter');
  counters.forEach((c, index) => {
    if (c === expected) { expected++; return; }
    if (Number.isSafeInteger(c) && c < expected) {
      throw new RandomProtocolError('roll.counter-reused', `roll counter ${c} used again (expected ${expected})`, {
        index, counter: c, expected,
      });
    }
    throw new RandomProtocolError('roll.counter-gap', `roll counter ${c} where ${expected} was expected`, {
      index, counter: String(c), expected,
    });
  });
}
