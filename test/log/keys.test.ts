import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  checkKeyUsable, KeyError, fingerprintOf, formatFingerprint, loadPrivateKey, loadPublicKey, newKey, normalizeFingerprint, sameFingerprint,
} from '../../src/log/keys.js';
import * as openpgp from 'openpgp';
import { hasGpg, TempGpg } from './gpg-helper.js';

const gpgs: TempGpg[] = [];
afterAll(() => gpgs.forEach((g) => g.dispose()));

describe('keys', () => {
  it('makes a v4 Ed25519 key and loads it back', async () => {
    const k = await newKey({ name: 'Anna', email: 'anna@example.org' });
    expect(k.fingerprint).toMatch(/^[0-9a-f]{40}$/);
    const priv = await loadPrivateKey(k.privateKey);
    const pub = await loadPublicKey(k.publicKey);
    expect(fingerprintOf(priv)).toBe(k.fingerprint);
    expect(fingerprintOf(pub)).toBe(k.fingerprint);
    expect(pub.keyPacket.version).toBe(4);
    expect(pub.isPrivate()).toBe(false);
    expect(fingerprintOf(await loadPublicKey(k.privateKey))).toBe(k.fingerprint);
    expect((await loadPublicKey(k.privateKey)).isPrivate()).toBe(false);
  });

  it('handles passphrases', async () => {
    const k = await newKey({ name: 'Karl', email: 'karl@example.org', passphrase: 'correct horse' });
    expect(k.privateKey).toContain('PRIVATE KEY');
    await expect(loadPrivateKey(k.privateKey)).rejects.toThrow(/protected by a passphrase; none was given/);
    await expect(loadPrivateKey(k.privateKey, 'wrong', { file: 'karl.asc' })).rejects.toThrow(/^karl\.asc: wrong passphrase/);
    const priv = await loadPrivateKey(k.privateKey, 'correct horse');
    expect(priv.isDecrypted()).toBe(true);
  });

  it('refuses non-keys, several keys, public keys as private, and other algorithms', async () => {
    await expect(loadPublicKey('hello', { file: 'x.asc' })).rejects.toThrow(KeyError);
    await expect(loadPublicKey('hello', { file: 'x.asc' })).rejects.toThrow(/x\.asc: not an armored OpenPGP key/);
    const a = await newKey({ name: 'A', email: 'a@example.org' });
    const b = await newKey({ name: 'B', email: 'b@example.org' });
    await expect(loadPrivateKey(a.publicKey)).rejects.toThrow(/this is a public key/);
    const both = await openpgp.readKeys({ armoredKeys: a.publicKey + '\n' + b.publicKey }).catch(() => null);
    if (both && both.length === 2) {
      await expect(loadPublicKey(a.publicKey + '\n' + b.publicKey)).rejects.toThrow(/exactly one key, found 2/);
    }
    const rsa = await openpgp.generateKey({ type: 'rsa', rsaBits: 2048, userIDs: [{ name: 'R' }], format: 'armored' });
    await expect(loadPublicKey(rsa.publicKey)).rejects.toThrow(/uses rsa.*Hexpost needs an Ed25519 signing key/);
    const v6 = await openpgp.generateKey({ type: 'curve25519', userIDs: [{ name: 'S' }], format: 'armored', config: { v6Keys: true } });
    await expect(loadPublicKey(v6.publicKey)).rejects.toThrow(/version 6 key/);
  });

  it('formats and compares fingerprints', () => {
    const fp = '064951a9070186158c048ae8b976c0e17ee29ed4';
    expect(formatFingerprint(fp)).toBe('0649 51A9 0701 8615 8C04  8AE8 B976 C0E1 7EE2 9ED4');
    expect(normalizeFingerprint('0x' + fp.toUpperCase())).toBe(fp);
    expect(normalizeFingerprint(formatFingerprint(fp))).toBe(fp);
    expect(sameFingerprint(fp, formatFingerprint(fp))).toBe(true);
    expect(() => normalizeFingerprint('b976c0e17ee29ed4')).toThrow(/40 hex digits/);
  });

  it.runIf(hasGpg())('loads keys exported from GnuPG', async () => {
    const g = new TempGpg();
    gpgs.push(g);
    g.ok(['--passphrase', '', '--quick-gen-key', 'T <t@example.org>', 'ed25519', 'sign', 'never']);
    const secret = g.ok(['--armor', '--export-secret-keys', 't@example.org']);
    const pub = g.ok(['--armor', '--export', 't@example.org']);
    const gpgFp = /^fpr:{9}([0-9A-F]{40}):/m.exec(g.ok(['--with-colons', '--fingerprint', 't@example.org']))![1]!.toLowerCase();
    expect(fingerprintOf(await loadPublicKey(pub))).toBe(gpgFp);
    const priv = await loadPrivateKey(secret);
    expect(fingerprintOf(priv)).toBe(gpgFp);
    expect(priv.isDecrypted()).toBe(true);

    // Protected by a passphrase in GnuPG.
    g.ok(['--pinentry-mode', 'loopback', '--passphrase', 'pw', '--quick-gen-key', 'P <p@example.org>', 'ed25519', 'sign', 'never']);
    const prot = g.ok(['--pinentry-mode', 'loopback', '--passphrase', 'pw', '--armor', '--export-secret-keys', 'p@example.org']);
    await expect(loadPrivateKey(prot)).rejects.toThrow(/protected by a passphrase/);
    await expect(loadPrivateKey(prot, 'nope')).rejects.toThrow(/wrong passphrase/);
    expect((await loadPrivateKey(prot, 'pw')).isDecrypted()).toBe(true);

    // And GnuPG reads ours.
    const ours = await newKey({ name: 'Ours', email: 'ours@example.org' });
    g.ok(['--import'], ours.publicKey);
    const listed = g.ok(['--with-colons', '--fingerprint', 'ours@example.org']);
    expect(listed).toContain(ours.fingerprint.toUpperCase());
    expect(listed).toMatch(/^pub:[^:]*:255:22:/m); // 255-bit, algorithm 22 = EdDSA
  });

  it('refuses a signing subkey GnuPG 2.2 cannot check (openpgp.js would sign with it)', async () => {
    const { privateKey, publicKey } = await openpgp.generateKey({
      type: 'ecc', curve: 'ed25519Legacy', userIDs: [{ name: 'Sub', email: 'sub@example.org' }],
      subkeys: [{}, { type: 'curve25519', sign: true }], format: 'armored',
    });
    await expect(loadPublicKey(publicKey, { file: 'sub.asc' })).rejects.toThrow(/sub\.asc: key [0-9a-f]{40} has a signing subkey [0-9a-f]{40} of kind ed25519 \(v4\), which GnuPG 2\.2 cannot check/);
    await expect(loadPrivateKey(privateKey)).rejects.toThrow(/has a signing subkey .* which GnuPG 2\.2 cannot check/);
    // an Ed25519-legacy signing subkey, as gpg --quick-add-key <fpr> ed25519 sign makes, is fine
    const fine = await openpgp.generateKey({
      type: 'ecc', curve: 'ed25519Legacy', userIDs: [{ name: 'Sub', email: 'sub@example.org' }],
      subkeys: [{}, { type: 'ecc', curve: 'ed25519Legacy', sign: true }], format: 'armored',
    });
    await expect(loadPublicKey(fine.publicKey)).resolves.toBeTruthy();
  });

  it.runIf(hasGpg())('gpg indeed cannot check what such a subkey signs', async () => {
    const { privateKey, publicKey } = await openpgp.generateKey({
      type: 'ecc', curve: 'ed25519Legacy', userIDs: [{ name: 'Sub', email: 'sub@example.org' }],
      subkeys: [{}, { type: 'curve25519', sign: true }], format: 'object',
    });
    const data = new TextEncoder().encode('{"seq":1}');
    const sig = await openpgp.sign({ message: await openpgp.createMessage({ binary: data }), signingKeys: privateKey, detached: true });
    const g = new TempGpg();
    gpgs.push(g);
    g.run(['--import'], publicKey.armor());
    writeFileSync(join(g.home, 'b.json'), data);
    writeFileSync(join(g.home, 'b.json.sig'), sig);
    expect(g.run(['--verify', join(g.home, 'b.json.sig'), join(g.home, 'b.json')]).status).not.toBe(0);
  });

  it('checkKeyUsable refuses a revoked and an expired key, and passes a current one', async () => {
    const k = await newKey({ name: 'Old', email: 'old@example.org' });
    const key = await loadPublicKey(k.publicKey);
    await expect(checkKeyUsable(key, new Date())).resolves.toBeUndefined();
    const { publicKey: revoked } = await openpgp.revokeKey({ key: await loadPrivateKey(k.privateKey), format: 'armored' });
    await expect(checkKeyUsable(await loadPublicKey(revoked), new Date(), 'old.asc')).rejects.toThrow(/old\.asc: key [0-9A-F ]+ is revoked; ask its owner for his current key/);
    const past = new Date(Date.now() - 10 * 24 * 3600_000);
    const expiring = await openpgp.generateKey({
      type: 'ecc', curve: 'ed25519Legacy', userIDs: [{ name: 'Gone', email: 'gone@example.org' }], date: past, keyExpirationTime: 24 * 3600, format: 'armored',
    });
    const expired = await loadPublicKey(expiring.publicKey);
    await expect(checkKeyUsable(expired, new Date())).rejects.toThrow(/has expired; ask its owner to extend it/);
    await expect(checkKeyUsable(expired, new Date(past.getTime() + 3600_000))).resolves.toBeUndefined();
  });
});
