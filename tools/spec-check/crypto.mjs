// The primitives of docs/dice-protocol.md §1–§5 and §8, written from that page.
import { createHash, createHmac } from 'node:crypto';

const enc = new TextEncoder();
export const bytes = (s) => enc.encode(s);
export const hex = (b) => Buffer.from(b).toString('hex');
export const unhex = (h) => {
  if (!/^[0-9a-f]{64}$/.test(h)) throw new Error(`not 64 lower-case hex digits: ${h}`);
  return Buffer.from(h, 'hex');
};
export const sha256 = (data) => createHash('sha256').update(data).digest();
export const sha256Hex = (data) => hex(sha256(data));
export const hmac = (key, msg) => createHmac('sha256', key).update(msg).digest();
const cat = (...parts) => Buffer.concat(parts.map((p) => Buffer.from(p)));
const u16 = (n) => { const b = Buffer.alloc(2); b.writeUInt16BE(n); return b; };
const u32 = (n) => { const b = Buffer.alloc(4); b.writeUInt32BE(n); return b; };
const u64 = (n) => { const b = Buffer.alloc(8); b.writeBigUInt64BE(BigInt(n)); return b; };

export const DICE_TAG = 'hexpost/dice-chain/v1';
export const HIDDEN_TAG = 'hexpost/hidden-chain/v1';

/** One chain step: SHA256(tag ‖ value) (hex in, hex out). */
export const chainStep = (tag, value) => sha256Hex(cat(bytes(tag), unhex(value)));

/** HKDF-SHA256 with L = 32 (one expand block). */
export function hkdf(ikm, salt, info) {
  const prk = hmac(salt, ikm);
  return hmac(prk, cat(info, [1]));
}

export function epochKey(gameId, epoch, own, others) {
  return hkdf(cat(unhex(own), ...others.map(unhex)), unhex(gameId), cat(bytes('hexpost/dice-stream/v1'), u64(epoch)));
}

export function sealedKey(gameId, id, own, values) {
  const d = bytes(id);
  return hkdf(cat(own ? unhex(own) : [], ...values.map(unhex)), unhex(gameId), cat(bytes('hexpost/sealed/v1'),
    u16(d.length), d));
}

export function drawKey(gameId, deckId, hiddenValue, opponentValues) {
  const d = bytes(deckId);
  return hkdf(cat(unhex(hiddenValue), ...opponentValues.map(unhex)), unhex(gameId),
    cat(bytes('hexpost/hidden-draw/v1'), u16(d.length), d));
}

/** The keyed word stream of §2: u32 words of HMAC(key, label ‖ u64(counter) ‖ u32(b)). */
export function* words(key, label, counter) {
  for (let b = 0; ; b++) {
    const block = hmac(key, cat(bytes(label), u64(counter), u32(b)));
    for (let i = 0; i < 8; i++) yield block.readUInt32BE(4 * i);
  }
}

export function uniform(stream, n) {
  const limit = Math.floor(2 ** 32 / n) * n;
  for (;;) {
    const w = stream.next().value;
    if (w < limit) return w % n;
  }
}

/** groups: [{count, sides}] → faces per group. */
export function roll(key, counter, groups) {
  const w = words(key, 'roll', counter);
  return groups.map(({ count, sides }) => Array.from({ length: count }, () => uniform(w, sides) + 1));
}

export function shuffle(key, counter, items) {
  const w = words(key, 'shuffle', counter);
  const a = [...items];
  for (let i = a.length - 1; i >= 1; i--) {
    const j = uniform(w, i + 1);
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

/** A hidden draw (§5): index among `undrawn`, the card, its salt and commitment. */
export function draw(key, counter, undrawn) {
  const index = uniform(words(key, 'draw', counter), undrawn.length);
  const card = undrawn[index];
  const salt = hmac(key, cat(bytes('salt'), u64(counter))).subarray(0, 16);
  return { index, card, salt: hex(salt), commitment: commitmentOf(card, hex(salt)) };
}

export function commitmentOf(card, saltHex) {
  return sha256Hex(cat(bytes('hexpost/card-commit/v1'), Buffer.from(saltHex, 'hex'), bytes(card)));
}

export function safetyCode(gameId, fingerprints) {
  const fprs = fingerprints.map((f) => f.toLowerCase()).sort();
  const d = sha256(bytes(`hexpost/safety-code/v1${gameId}${fprs.join('')}`));
  return d.readBigUInt64BE(0).toString().padStart(20, '0').match(/.{4}/g).join('-');
}
