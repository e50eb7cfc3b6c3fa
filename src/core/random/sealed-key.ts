// The key of a sealed commitment: it mixes the committing side's dice value of that epoch with
// the dice values that the other sides revealed only after they had received the commitment, so
// nobody could compute it while the commitment could still change (docs/dice-protocol.md §9).
import { ascii, checkInt, concat, toBytes32, u16be, utf8, type ByteInput, hkdf32 } from './bytes.js';
import { RandomProtocolError } from './errors.js';
import { MAX_OTHER_PLAYERS } from './stream.js';

export const SEALED_KEY_INFO = 'hexpost/sealed/v1';

export interface SealedKeyInput {
  gameId: ByteInput;
  /** the commitment's id, e.g. "red/3/0" (side/epoch/counter) or "setup/shuffle/deck" */
  id: string;
  /** the committing side's dice value of the epoch it committed in (absent for the setup) */
  own?: ByteInput;
  /** the values revealed for it, sorted by side id (the order is part of the key) */
  values: readonly ByteInput[];
}

export function sealedKey(input: SealedKeyInput): Uint8Array {
  const salt = toBytes32(input.gameId, 'game id');
  checkInt(input.values.length, 1, MAX_OTHER_PLAYERS, 'number of revealed values');
  const id = utf8(input.id);
  if (id.length === 0 || id.length > 1024) throw new RandomProtocolError('input.length', 'a sealed id has 1 to 1024 bytes', { length: id.length });
  const ikm = concat(
    ...(input.own === undefined ? [] : [toBytes32(input.own, 'own dice value')]),
    ...input.values.map((v, i) => toBytes32(v, `revealed value [${i}]`)),
  );
  const info = concat(ascii(SEALED_KEY_INFO), u16be(id.length, 'id length'), id);
  return hkdf32(ikm, salt, info);
}
