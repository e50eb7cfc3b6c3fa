// Detached OpenPGP signatures over exact bytes (the canonical body), checked against ONE pinned key.
//
// Gotchas handled here, so callers cannot get them wrong:
// - openpgp's verify() resolves even when the signature is bad; the verdict is the per-signature
//   `verified` promise, which we await.
// - We never look for "some key that verifies": the caller passes the pinned key of the expected
//   author, the signature's issuer must be that key (or one of its subkeys), and exactly one
//   signature packet is allowed.
// - Signatures are made over binary data (type 0x00), never text mode, so line endings matter and
//   `gpg --verify body.json.sig body.json` checks the very bytes.
// - Verification is done "as of" the signature's own creation time, not the verifier's clock:
//   otherwise a signer whose clock runs a few minutes ahead produces signatures the opponent
//   rejects as "created in the future". Times are not security here (DESIGN.md "Numbers").

import * as openpgp from 'openpgp';
import type { PrivateKey, PublicKey } from 'openpgp';
import { HexlogError, type ErrorPlace } from './errors.js';
import { checkHexpostKey, fingerprintOf } from './keys.js';

export type SignatureFailure = 'malformed' | 'wrong-signer' | 'not-binary' | 'bad-signature';

export class SignatureError extends HexlogError {
  readonly reason: SignatureFailure;
  constructor(reason: SignatureFailure, detail: string, where: ErrorPlace = {}, options?: { cause?: unknown }) {
    super(detail, where, options);
    this.reason = reason;
  }
}

export interface VerifiedSignature {
  /** Fingerprint of the pinned primary key (40 lower-case hex). */
  fingerprint: string;
  /** Key id (16 lower-case hex) of the (sub)key that made the signature. */
  keyId: string;
  /** Creation time written in the signature by the signer's clock; informative only. */
  created: Date;
}

/** Largest armored signature accepted; a real one is about 400 bytes. */
export const MAX_SIGNATURE_TEXT = 16 * 1024;

const BEGIN = '-----BEGIN PGP SIGNATURE-----';
const END = '-----END PGP SIGNATURE-----';

/**
 * Why the text is more than one armored signature block, or null. openpgp.js reads the first
 * block and ignores the rest, while gpg reads them all (and would show a second signer, or fail):
 * so nothing may stand before the BEGIN line or after the END line but line ends and spaces.
 */
function outsideTheBlock(text: string): string | null {
  const begin = text.indexOf(BEGIN);
  if (begin < 0) return null; // not armored: readSignature says so
  if (text.slice(0, begin).trim() !== '') return 'text before the armored signature block (a .sig holds one block and nothing else)';
  const end = text.indexOf(END, begin);
  if (end < 0) return null; // truncated: readSignature says so
  if (text.indexOf(BEGIN, begin + BEGIN.length) >= 0 || text.slice(end + END.length).trim() !== '') {
    return 'text after the armored signature block (a .sig holds one block and nothing else: a second block would show gpg another signer)';
  }
  return null;
}

/** Sign `bytes` with a detached, armored, binary-mode signature. */
export async function signDetached(bytes: Uint8Array, privateKey: PrivateKey): Promise<string> {
  checkHexpostKey(privateKey);
  if (!privateKey.isDecrypted()) throw new SignatureError('malformed', 'the private key is still locked; load it with its passphrase first');
  const message = await openpgp.createMessage({ binary: bytes });
  return openpgp.sign({ message, signingKeys: privateKey, detached: true, format: 'armored' });
}

/**
 * Check a detached signature over `bytes` against the pinned public key of the expected author.
 * Resolves with details when good; rejects with a SignatureError saying what failed otherwise.
 */
export async function verifyDetached(
  bytes: Uint8Array, armoredSignature: string, pinnedKey: PublicKey | PrivateKey, where: ErrorPlace = {},
): Promise<VerifiedSignature> {
  const pinned: PublicKey = pinnedKey.isPrivate() ? (pinnedKey as PrivateKey).toPublic() : (pinnedKey as PublicKey);
  const pinnedFp = fingerprintOf(pinned);
  if (armoredSignature.length > MAX_SIGNATURE_TEXT) {
    throw new SignatureError('malformed', `signature is ${armoredSignature.length} characters, more than ${MAX_SIGNATURE_TEXT}`, where);
  }
  const extra = outsideTheBlock(armoredSignature);
  if (extra) throw new SignatureError('malformed', extra, where);
  let signature: openpgp.Signature;
  try {
    signature = await openpgp.readSignature({ armoredSignature });
  } catch (e) {
    throw new SignatureError('malformed', `not an armored OpenPGP signature (${(e as Error).message})`, where, { cause: e });
  }
  const packets = [...signature.packets];
  if (packets.length !== 1) {
    throw new SignatureError('malformed', `expected exactly one signature, found ${packets.length}`, where);
  }
  const packet = packets[0]!;
  if (packet.signatureType !== openpgp.enums.signature.binary) {
    throw new SignatureError('not-binary', `signature type is 0x${(packet.signatureType ?? -1).toString(16)}, expected 0x00 (binary document)`, where);
  }
  const issuer = packet.issuerKeyID.toHex().toLowerCase();
  const keysWithId = pinned.getKeys(packet.issuerKeyID);
  if (keysWithId.length === 0) {
    throw new SignatureError('wrong-signer', `signed by key id ${issuer}, which is not the pinned key ${pinnedFp}`, where);
  }
  if (packet.issuerFingerprint) {
    const issuerFp = Buffer.from(packet.issuerFingerprint).toString('hex');
    if (!keysWithId.some((k) => k.getFingerprint().toLowerCase() === issuerFp)) {
      throw new SignatureError('wrong-signer', `signed by key ${issuerFp}, which is not the pinned key ${pinnedFp}`, where);
    }
  }
  const created = packet.created;
  if (!(created instanceof Date)) throw new SignatureError('malformed', 'signature has no creation time', where);
  try {
    const message = await openpgp.createMessage({ binary: bytes });
    const result = await openpgp.verify({ message, signature, verificationKeys: [pinned], date: created, format: 'binary' });
    if (result.signatures.length !== 1) {
      throw new Error(`openpgp reported ${result.signatures.length} signatures`);
    }
    // verify() resolves for bad signatures too: the verdict is this promise.
    await result.signatures[0]!.verified;
  } catch (e) {
    throw new SignatureError('bad-signature', `BAD signature by ${pinnedFp}: the signed bytes differ or the signature is damaged (${(e as Error).message})`, where, { cause: e });
  }
  return { fingerprint: pinnedFp, keyId: issuer, created };
}
