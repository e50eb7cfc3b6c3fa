// Encrypt bytes to the player's own key, so his chain secrets can travel inside the log
// (DESIGN.md, randomness protocol point 5). Output is a binary OpenPGP message; put it in
// canonical JSON as base64. Only the holder of the private key can read it back.

import * as openpgp from 'openpgp';
import type { PrivateKey, PublicKey } from 'openpgp';
import { HexlogError, type ErrorPlace } from './errors.js';
import { fingerprintOf } from './keys.js';

export class SelfEncryptError extends HexlogError {}

/** Largest encrypted message accepted for decryption; chain secrets are tiny. */
export const MAX_SELF_ENCRYPTED_BYTES = 64 * 1024;

export async function encryptToSelf(bytes: Uint8Array, ownKey: PublicKey | PrivateKey): Promise<Uint8Array> {
  const pub = ownKey.isPrivate() ? (ownKey as PrivateKey).toPublic() : (ownKey as PublicKey);
  try {
    const message = await openpgp.createMessage({ binary: bytes });
    return await openpgp.encrypt({ message, encryptionKeys: pub, format: 'binary' });
  } catch (e) {
    const hint = /encryption key/i.test((e as Error).message)
      ? '; the key has no usable encryption subkey (with GnuPG: gpg --quick-add-key <fingerprint> cv25519 encr never)'
      : '';
    throw new SelfEncryptError(`cannot encrypt to key ${fingerprintOf(pub)} (${(e as Error).message})${hint}`, {}, { cause: e });
  }
}

export async function decryptFromSelf(encrypted: Uint8Array, ownPrivateKey: PrivateKey, where: ErrorPlace = {}): Promise<Uint8Array> {
  if (encrypted.byteLength > MAX_SELF_ENCRYPTED_BYTES) {
    throw new SelfEncryptError(`encrypted secret is ${encrypted.byteLength} bytes, more than ${MAX_SELF_ENCRYPTED_BYTES}`, where);
  }
  if (!ownPrivateKey.isDecrypted()) {
    throw new SelfEncryptError('the private key is still locked; load it with its passphrase first', where);
  }
  let message: openpgp.Message<Uint8Array>;
  try {
    message = await openpgp.readMessage({ binaryMessage: encrypted });
  } catch (e) {
    throw new SelfEncryptError(`not an OpenPGP message (${(e as Error).message})`, where, { cause: e });
  }
  const fp = fingerprintOf(ownPrivateKey);
  const wanted = new Set(ownPrivateKey.getKeys().map((k) => k.getKeyID().toHex()));
  const recipients = message.getEncryptionKeyIDs().map((id) => id.toHex());
  if (!recipients.some((id) => wanted.has(id))) {
    throw new SelfEncryptError(`this secret is not encrypted to key ${fp} (recipients: ${recipients.join(', ') || 'none'})`, where);
  }
  try {
    const { data } = await openpgp.decrypt({ message, decryptionKeys: ownPrivateKey, format: 'binary' });
    return data as Uint8Array;
  } catch (e) {
    throw new SelfEncryptError(`cannot decrypt with key ${fp} (${(e as Error).message})`, where, { cause: e });
  }
}
