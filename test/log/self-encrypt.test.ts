import { afterAll, describe, expect, it } from 'vitest';
import { hasGpg, TempGpg } from './gpg-helper.js';
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

describe('encrypt to self with a GnuPG key', () => {
  const g = hasGpg() ? new TempGpg() : undefined;
  afterAll(() => g?.dispose());
  it.runIf(hasGpg())('needs an encryption subkey, and works once one is added', async () => {
    g!.ok(['--passphrase', '', '--quick-gen-key', 'T <t@example.org>', 'ed25519', 'sign', 'never']);
    const fpr = /^fpr:{9}([0-9A-F]{40}):/m.exec(g!.ok(['--with-colons', '--fingerprint', 't@example.org']))![1]!;
    const signOnly = await loadPublicKey(g!.ok(['--armor', '--export', fpr]));
    await expect(encryptToSelf(new Uint8Array([1]), signOnly)).rejects.toThrow(/gpg --quick-add-key <fingerprint> cv25519 encr never/);
    g!.ok(['--passphrase', '', '--quick-add-key', fpr, 'cv25519', 'encr', 'never']);
    const priv = await loadPrivateKey(g!.ok(['--armor', '--export-secret-keys', fpr]));
    const enc = await encryptToSelf(new Uint8Array([1, 2, 3]), await loadPublicKey(g!.ok(['--armor', '--export', fpr])));
    expect(await decryptFromSelf(enc, priv)).toEqual(new Uint8Array([1, 2, 3]));
    // GnuPG decrypts it too.
    const dec = g!.run(['--pinentry-mode', 'loopback', '--passphrase', '', '--decrypt'], enc);
    expect(dec.status).toBe(0);
    expect(dec.stdout).toBe('\x01\x02\x03');
  });
});
