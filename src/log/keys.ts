// Player keys: OpenPGP v4 Ed25519 (EdDSA "legacy" in RFC 9580 terms), the kind GnuPG 2.2 makes
// with `--quick-gen-key … ed25519` and can check, so any segment verifies with plain `gpg`.
// Keys made by GnuPG (`gpg --export-secret-keys --armor`, `gpg --export --armor`) load as is.

import * as openpgp from 'openpgp';
import type { Key, PrivateKey, PublicKey } from 'openpgp';
import { HexlogError } from './errors.js';

export type { Key, PrivateKey, PublicKey };

export class KeyError extends HexlogError {}

export interface NewKey {
  /** Armored private key (encrypted when a passphrase was given). */
  privateKey: string;
  /** Armored public key, to hand to the other players. */
  publicKey: string;
  /** Full fingerprint: 40 lower-case hex digits. */
  fingerprint: string;
  /** Armored revocation certificate; keep it safe. */
  revocationCertificate: string;
}

export async function newKey(options: { name: string; email: string; passphrase?: string | undefined }): Promise<NewKey> {
  const { privateKey, publicKey, revocationCertificate } = await openpgp.generateKey({
    type: 'ecc',
    curve: 'ed25519Legacy', // v4 EdDSA + a cv25519 encryption subkey; GnuPG 2.2 understands both
    userIDs: [{ name: options.name, email: options.email }],
    ...(options.passphrase ? { passphrase: options.passphrase } : {}),
    format: 'armored',
  });
  const key = await openpgp.readKey({ armoredKey: publicKey });
  return { privateKey, publicKey, fingerprint: fingerprintOf(key), revocationCertificate };
}

/** Read one armored private key and decrypt it when protected. */
export async function loadPrivateKey(armored: string, passphrase?: string, options: { file?: string } = {}): Promise<PrivateKey> {
  const where = { file: options.file };
  const keys = await readArmored(armored, options.file);
  const key = keys[0]!;
  if (!key.isPrivate()) throw new KeyError('this is a public key; a private key is needed here', where);
  checkHexpostKey(key, options.file);
  const priv = key as PrivateKey;
  if (priv.isDecrypted()) return priv;
  if (passphrase === undefined || passphrase === '') {
    throw new KeyError(`private key ${fingerprintOf(priv)} is protected by a passphrase; none was given`, where);
  }
  try {
    return await openpgp.decryptKey({ privateKey: priv, passphrase });
  } catch (e) {
    const msg = (e as Error).message;
    if (/passphrase/i.test(msg)) throw new KeyError(`wrong passphrase for private key ${fingerprintOf(priv)}`, where, { cause: e });
    throw new KeyError(`cannot decrypt private key ${fingerprintOf(priv)}: ${msg}`, where, { cause: e });
  }
}

/** Read one armored public key (an armored private key is accepted and reduced to its public part). */
export async function loadPublicKey(armored: string, options: { file?: string } = {}): Promise<PublicKey> {
  const keys = await readArmored(armored, options.file);
  const key = keys[0]!;
  checkHexpostKey(key, options.file);
  return key.isPrivate() ? (key as PrivateKey).toPublic() : (key as PublicKey);
}

async function readArmored(armored: string, file: string | undefined): Promise<Key[]> {
  // openpgp.js reads the first armored block only: a second block (a second key) would pass unseen
  const blocks = armored.match(/^-----BEGIN PGP (PUBLIC|PRIVATE) KEY BLOCK-----/gm)?.length ?? 0;
  if (blocks > 1) throw new KeyError(`expected exactly one key, found ${blocks} (one armored block each)`, { file });
  let keys: Key[];
  try {
    keys = await openpgp.readKeys({ armoredKeys: armored });
  } catch (e) {
    throw new KeyError(`not an armored OpenPGP key (${(e as Error).message})`, { file }, { cause: e });
  }
  if (keys.length !== 1) throw new KeyError(`expected exactly one key, found ${keys.length}`, { file });
  return keys;
}

/** Refuse keys other than v4 Ed25519 (EdDSA legacy): other kinds would not verify everywhere. */
export function checkHexpostKey(key: Key, file?: string): void {
  const fp = fingerprintOf(key);
  const info = key.getAlgorithmInfo();
  if (key.keyPacket.version !== 4) {
    throw new KeyError(`key ${fp} is a version ${key.keyPacket.version} key; Hexpost needs a v4 Ed25519 key (GnuPG 2.2 reads no v6 keys)`, { file });
  }
  if (info.algorithm !== 'eddsaLegacy' || info.curve !== 'ed25519Legacy') {
    throw new KeyError(`key ${fp} uses ${info.algorithm}${info.curve ? '/' + info.curve : ''}; Hexpost needs an Ed25519 signing key (e.g. gpg --quick-gen-key 'Name <mail>' ed25519 sign never)`, { file });
  }
  // openpgp.js signs with a signing subkey when there is one: a kind GnuPG 2.2 cannot check (the
  // RFC 9580 Ed25519, Ed448, a v6 subkey…) would make "gpg alone" fail for the whole game.
  for (const sub of key.subkeys) {
    if (!canSign(sub)) continue;
    const s = sub.getAlgorithmInfo();
    if (sub.keyPacket.version !== 4 || s.algorithm !== 'eddsaLegacy' || s.curve !== 'ed25519Legacy') {
      const kind = `${s.algorithm}${s.curve ? '/' + s.curve : ''} (v${sub.keyPacket.version})`;
      throw new KeyError(`key ${fp} has a signing subkey ${sub.getFingerprint().toLowerCase()} of kind ${kind}, which GnuPG 2.2 `
        + 'cannot check; signing subkeys must be v4 Ed25519 too (gpg --quick-add-key <fpr> ed25519 sign)', { file });
    }
  }
}

const SIGNING_ALGORITHMS = new Set(['rsaEncryptSign', 'rsaSign', 'dsa', 'ecdsa', 'eddsaLegacy', 'ed25519', 'ed448']);

/** A subkey that may sign: its binding says so, or it says nothing and its algorithm can. */
function canSign(sub: Key['subkeys'][number]): boolean {
  const flags = sub.bindingSignatures.map((b) => b.keyFlags?.[0]).filter((f): f is number => f !== undefined);
  if (flags.length) return flags.some((f) => (f & openpgp.enums.keyFlags.signData) !== 0);
  return SIGNING_ALGORITHMS.has(sub.getAlgorithmInfo().algorithm);
}

/**
 * Refuse a key that is revoked, expired or has no valid signing key as of `date`: proposing a game
 * to such a key would make a log whose signatures its owner's tools (and gpg) reject.
 */
export async function checkKeyUsable(key: Key, date: Date, file?: string): Promise<void> {
  const fp = formatFingerprint(fingerprintOf(key));
  try {
    await key.verifyPrimaryKey(date);
  } catch (e) {
    const msg = (e as Error).message;
    const where = { file }, cause = { cause: e };
    if (/revoked/i.test(msg)) throw new KeyError(`key ${fp} is revoked; ask its owner for his current key`, where, cause);
    if (/expired/i.test(msg)) {
      throw new KeyError(`key ${fp} has expired; ask its owner to extend it (gpg --quick-set-expire) and send it again`, where, cause);
    }
    throw new KeyError(`key ${fp} is not valid: ${msg}`, { file }, { cause: e });
  }
  try {
    await key.getSigningKey(undefined, date);
  } catch (e) {
    throw new KeyError(`key ${fp} has no valid signing key (${(e as Error).message})`, { file }, { cause: e });
  }
}

/** Full fingerprint of the primary key: 40 lower-case hex digits. */
export function fingerprintOf(key: Key): string {
  return key.getFingerprint().toLowerCase();
}

/** Accept a fingerprint as people type it (spaces, upper case, 0x prefix) and return 40 lower-case hex. */
export function normalizeFingerprint(text: string): string {
  const fp = text.replace(/^0x/i, '').replace(/[\s:]/g, '').toLowerCase();
  if (!/^[0-9a-f]{40}$/.test(fp)) throw new KeyError(`not a full v4 fingerprint (40 hex digits): ${JSON.stringify(text.slice(0, 60))}`);
  return fp;
}

/** The fingerprint as GnuPG prints it: ten groups of four upper-case digits. */
export function formatFingerprint(fingerprint: string): string {
  const fp = normalizeFingerprint(fingerprint).toUpperCase();
  const groups = fp.match(/.{4}/g)!;
  return `${groups.slice(0, 5).join(' ')}  ${groups.slice(5).join(' ')}`;
}

export function sameFingerprint(a: string, b: string): boolean {
  return normalizeFingerprint(a) === normalizeFingerprint(b);
}
