import { describe, expect, it } from 'vitest';
import { loadPrivateKey, loadPublicKey, newKey } from '../../src/log/keys.js';
import { decryptFromSelf, encryptToSelf, SelfEncryptError } from '../../src/log/self-encrypt.js';

describe('encrypt to self', () => {
  it('round-trips, and no other key can decrypt', async () => {
    const a = await newKey({ name: 'Anna', email: 'anna@example.org' });
    const k = await newKey({ name: 'Karl', email: 'karl@example.org' });
    const annaPriv = await loadPrivateKey(a.privateKey);
    const karlPriv = await loadPrivateKey(k.privateKey);
    const secret = new Uint8Array(32).map((_, i) => i * 7);
    const enc = await encryptToSelf(secret, await loadPublicKey(a.publicKey));
    expect(Buffer.from(enc).includes(Buffer.from(secret))).toBe(false);
    expect(await decryptFromSelf(enc, annaPriv)).toEqual(secret);
    expect(await decryptFromSelf(await encryptToSelf(secret, annaPriv), annaPriv)).toEqual(secret);
    await expect(decryptFromSelf(enc, karlPriv, { file: 'g.hexlog', place: 'genesis' })).rejects.toThrow(SelfEncryptError);
    await expect(decryptFromSelf(enc, karlPriv, { file: 'g.hexlog', place: 'genesis' })).rejects.toThrow(/^g\.hexlog: genesis: this secret is not encrypted to key/);
    await expect(decryptFromSelf(new Uint8Array([1, 2, 3]), annaPriv)).rejects.toThrow(/not an OpenPGP message/);
    const tampered = enc.slice();
    tampered[tampered.length - 5]! ^= 0x40;
    await expect(decryptFromSelf(tampered, annaPriv)).rejects.toThrow(SelfEncryptError);
  });
});
