// docs/log-format.md "Signatures": a detached, armored, binary-mode signature by the pinned key,
// exactly one, checked as of its own creation time.
import * as openpgp from 'openpgp';

export async function readPinnedKey(armored, fingerprint, where) {
  // one armored block holding one key (openpgp.js would read the first of several blocks only)
  const blocks = armored.match(/^-----BEGIN PGP PUBLIC KEY BLOCK-----/gm)?.length ?? 0;
  if (blocks !== 1) throw new Error(`${where}: expected exactly one key, found ${blocks} armored blocks`);
  const keys = await openpgp.readKeys({ armoredKeys: armored });
  if (keys.length !== 1) throw new Error(`${where}: expected exactly one key, found ${keys.length}`);
  const key = keys[0];
  if (key.getFingerprint() !== fingerprint)
    throw new Error(`${where}: the key's fingerprint is ${key.getFingerprint()}, not the pinned ${fingerprint}`);
  if (key.keyPacket.version !== 4 || key.keyPacket.algorithm !== openpgp.enums.publicKey.eddsaLegacy)
    throw new Error(`${where}: not a v4 Ed25519 key`);
  return key;
}

export async function checkSignature(bytes, armored, key, where) {
  const blocks = armored.match(/-----BEGIN PGP SIGNATURE-----/g) ?? [];
  if (blocks.length !== 1) throw new Error(`${where}: malformed signature (${blocks.length} armored blocks)`);
  const signature = await openpgp.readSignature({ armoredSignature: armored });
  const packets = signature.packets;
  if (packets.length !== 1) throw new Error(`${where}: malformed signature (${packets.length} signatures)`);
  const sig = packets[0];
  if (sig.signatureType !== openpgp.enums.signature.binary) throw new Error(`${where}: not-binary signature`);
  const ids = [key, ...key.subkeys].map((k) => k.getKeyID().toHex());
  if (!ids.includes(sig.issuerKeyID.toHex())) throw new Error(`${where}: wrong-signer`);
  const message = await openpgp.createMessage({ binary: bytes });
  const result = await openpgp.verify({ message, signature, verificationKeys: key, date: sig.created,
    format: 'binary' });
  try { await result.signatures[0].verified; } catch (e) { throw new Error(`${where}: bad-signature (${e.message})`); }
}
