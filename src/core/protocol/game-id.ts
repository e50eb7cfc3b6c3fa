// The game id and the safety code both players compare over another channel.
import { canonicalize } from '../canonical.js';
import { sha256, sha256Hex } from '../hash.js';

/**
 * Game id = SHA-256 of the canonical JSON {"acceptances":{side: hash},"genesis": hash}, where each
 * hash is SHA-256 of a body's canonical bytes: the id exists only once every player has accepted,
 * and changes if any proposal or acceptance byte does.
 */
export function gameIdOf(genesisHash: string, acceptanceHashes: Record<string, string>): string {
  return sha256Hex(canonicalize({ genesis: genesisHash, acceptances: acceptanceHashes }));
}

/**
 * Safety code: the first 64 bits of SHA-256("hexpost/safety-code/v1" ‖ game id ‖ the sorted
 * fingerprints), written as 20 decimal digits in five groups (2^64 < 10^20, so no digit is
 * favoured): easy to read aloud and compare over another channel.
 */
export function safetyCode(gameId: string, fingerprints: readonly string[]): string {
  const digest = sha256(`hexpost/safety-code/v1${gameId}${[...fingerprints].map((f) => f.toLowerCase()).sort().join('')}`);
  let n = 0n;
  for (let i = 0; i < 8; i++) n = (n << 8n) | BigInt(digest[i]!);
  return n.toString().padStart(20, '0').match(/.{4}/g)!.join('-');
}
