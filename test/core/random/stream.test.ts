import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildChain, DICE_CHAIN_TAG } from '../../../src/core/random/chain.js';
import { RandomProtocolError } from '../../../src/core/random/errors.js';
import { checkCounterSequence, epochKey, KeyedWordStream, streamBlock } from '../../../src/core/random/stream.js';
import { CHAIN_LENGTH, DICE_SECRET_A, DICE_SECRET_B, GAME_ID } from './fixtures.js';

const a = buildChain(DICE_SECRET_A, CHAIN_LENGTH, DICE_CHAIN_TAG);
const b = buildChain(DICE_SECRET_B, CHAIN_LENGTH, DICE_CHAIN_TAG);
const hex = (u: Uint8Array) => Buffer.from(u).toString('hex');

describe('epoch keys', () => {
  const base = { gameId: GAME_ID, epoch: 1, ownValue: a.reveal(1), othersValues: [b.anchor] };

  it('is deterministic and depends on every input', () => {
    const k = hex(epochKey(base));
    expect(hex(epochKey({ ...base }))).toBe(k);
    expect(hex(epochKey({ ...base, epoch: 2 }))).not.toBe(k);
    expect(hex(epochKey({ ...base, ownValue: a.reveal(2) }))).not.toBe(k);
    expect(hex(epochKey({ ...base, othersValues: [b.reveal(1)] }))).not.toBe(k);
    expect(hex(epochKey({ ...base, gameId: 'a2'.repeat(32) }))).not.toBe(k);
    expect(hex(epochKey({ ...base, othersValues: [b.anchor, a.anchor] }))).not.toBe(
      hex(epochKey({ ...base, othersValues: [a.anchor, b.anchor] })));
  });

  it('validates its inputs', () => {
    expect(() => epochKey({ ...base, gameId: 'a1'.repeat(31) })).toThrow(RandomProtocolError);
    expect(() => epochKey({ ...base, epoch: -1 })).toThrow(RandomProtocolError);
    expect(() => epochKey({ ...base, othersValues: ['xyz'] })).toThrow(RandomProtocolError);
  });
});

describe('keyed word streams', () => {
  const key = epochKey({ gameId: GAME_ID, epoch: 1, ownValue: a.reveal(1), othersValues: [b.anchor] });

  it('reads HMAC(key, label ‖ counter (8 BE) ‖ block (4 BE)) as big-endian words, block after block', () => {
    const s = new KeyedWordStream(key, 'roll', 7);
    const words = Array.from({ length: 10 }, () => s.next());
    const mac = (block: number) => createHmac('sha256', key)
      .update(Buffer.concat([Buffer.from('roll'), Buffer.from([0, 0, 0, 0, 0, 0, 0, 7]), Buffer.from([0, 0, 0, block])]))
      .digest();
    const b0 = mac(0); const b1 = mac(1);
    expect(words.slice(0, 8)).toEqual(Array.from({ length: 8 }, (_, i) => b0.readUInt32BE(4 * i)));
    expect(words.slice(8)).toEqual([b1.readUInt32BE(0), b1.readUInt32BE(4)]);
    expect(hex(streamBlock(key, 'roll', 7, 1))).toBe(b1.toString('hex'));
    expect(s.consumed).toBe(10);
  });

  it('separates labels and counters', () => {
    const first = (label: 'roll' | 'shuffle' | 'draw', c: number) => hex(streamBlock(key, label, c, 0));
    const all = [first('roll', 0), first('roll', 1), first('shuffle', 0), first('draw', 0)];
    expect(new Set(all).size).toBe(4);
  });
});

describe('counter sequences', () => {
  const code = (counters: number[], first = 0) => {
    try { checkCounterSequence(counters, first); return 'ok'; } catch (e) { return (e as RandomProtocolError).code; }
  };
  it('accepts consecutive counters and names gaps and reuse with the index', () => {
    expect(code([0, 1, 2, 3])).toBe('ok');
    expect(code([5, 6], 5)).toBe('ok');
    expect(code([])).toBe('ok');
    expect(code([0, 2])).toBe('roll.counter-gap');
    expect(code([1], 0)).toBe('roll.counter-gap');
    expect(code([0, 1, 1])).toBe('roll.counter-reused');
    try { checkCounterSequence([0, 1, 0], 0); } catch (e) { expect((e as RandomProtocolError).details.index).toBe(2); }
  });
});
