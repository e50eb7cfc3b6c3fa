// Setting up a game: the creator's signed proposal and each other player's signed acceptance.
// Chain secrets come from the machine's CSPRNG here (core never makes randomness), and travel in
// the log encrypted to their owner's own key.
import { randomBytes } from 'node:crypto';
import type { PrivateKey, PublicKey } from 'openpgp';
import { canonicalBytes } from '../core/canonical.js';
import { sha256Hex } from '../core/hash.js';
import type { AcceptanceBody, ChainSecrets, Commitments, GenesisBody } from '../core/protocol/bodies.js';
import { PROTOCOL_VERSION } from '../core/protocol/bodies.js';
import { buildChain, DICE_CHAIN_TAG, HIDDEN_CHAIN_TAG } from '../core/random/chain.js';
import { acceptanceEntryName, GENESIS_ENTRY } from './entry-names.js';
import { fingerprintOf } from './keys.js';
import { LogError, type LogFile, type SignedBody } from './log-file.js';
import { decryptFromSelf, encryptToSelf } from './self-encrypt.js';
import { signDetached } from './signature.js';

/** Chains long enough for any game: one dice value per epoch, one hidden value per deck period. */
export const DEFAULT_CHAIN_LENGTH = { dice: 20_000, hidden: 2_000 } as const;

export interface ProposeInput {
  module: { id: string; version: string; hash: string; raw: Record<string, unknown>; sides: string[]; scenarios: string[] };
  scenario: string;
  side: string;
  key: PrivateKey;
  opponents: { side: string; key: PublicKey }[];
  time: string;
  chainLength?: { dice: number; hidden: number };
}

export async function sign<T>(name: string, body: T, key: PrivateKey): Promise<SignedBody<T>> {
  const bytes = canonicalBytes(body);
  return { name, body, bytes, signature: await signDetached(bytes, key), hash: sha256Hex(bytes) };
}

/** New chain secrets, their commitments, and the secrets encrypted to the player's own key. */
async function newChains(key: PrivateKey, chainLength: { dice: number; hidden: number }): Promise<{ commitments: Commitments; secrets: string }> {
  const secrets: ChainSecrets = { dice: randomBytes(32).toString('hex'), hidden: randomBytes(32).toString('hex') };
  const commitments = {
    dice: buildChain(secrets.dice, chainLength.dice, DICE_CHAIN_TAG).anchor,
    hidden: buildChain(secrets.hidden, chainLength.hidden, HIDDEN_CHAIN_TAG).anchor,
  };
  const sealed = await encryptToSelf(canonicalBytes(secrets), key);
  return { commitments, secrets: Buffer.from(sealed).toString('base64') };
}

export async function proposeGame(input: ProposeInput): Promise<LogFile & { file: string }> {
  const { module } = input;
  if (!module.scenarios.includes(input.scenario)) {
    throw new LogError(`module ${module.id} has no scenario "${input.scenario}" (it has ${module.scenarios.join(', ')})`);
  }
  const sides = new Set([input.side, ...input.opponents.map((o) => o.side)]);
  if (sides.size !== 1 + input.opponents.length) throw new LogError('each side may be given once');
  for (const s of sides) if (!module.sides.includes(s)) throw new LogError(`module ${module.id} has no side "${s}" (it has ${module.sides.join(', ')})`);
  const missing = module.sides.filter((s) => !sides.has(s));
  if (missing.length) throw new LogError(`every side needs a player: give --opponent ${missing[0]}=<public key file>`);
  const players = [
    { side: input.side, fingerprint: fingerprintOf(input.key), publicKey: input.key.toPublic().armor() },
    ...input.opponents.map((o) => ({ side: o.side, fingerprint: fingerprintOf(o.key), publicKey: o.key.armor() })),
  ].sort((a, b) => (a.side < b.side ? -1 : 1));
  const fps = new Set(players.map((p) => p.fingerprint));
  if (fps.size !== players.length) throw new LogError('two sides have the same key: each player needs his own');
  const chainLength = input.chainLength ?? { ...DEFAULT_CHAIN_LENGTH };
  const { commitments, secrets } = await newChains(input.key, chainLength);
  const body: GenesisBody = {
    type: 'hexpost/genesis', version: PROTOCOL_VERSION,
    module: { id: module.id, version: module.version, hash: module.hash, data: module.raw },
    scenario: input.scenario,
    nonce: randomBytes(32).toString('hex'),
    time: input.time,
    creator: input.side,
    players, chainLength, commitments, secrets,
  };
  return { file: '', genesis: await sign(GENESIS_ENTRY, body, input.key), acceptances: [], segments: [] };
}

export async function acceptGame(log: LogFile, side: string, key: PrivateKey, time: string): Promise<LogFile> {
  const g = log.genesis.body;
  const player = g.players.find((p) => p.side === side);
  if (!player) throw new LogError(`the game has no side "${side}" (it has ${g.players.map((p) => p.side).join(', ')})`, { file: log.file });
  if (side === g.creator) throw new LogError(`${side} created this game; the other players join it`, { file: log.file });
  if (log.acceptances.some((a) => a.body.side === side)) throw new LogError(`${side} has already joined`, { file: log.file });
  if (player.fingerprint !== fingerprintOf(key)) {
    throw new LogError(`the game pins key ${player.fingerprint} for ${side}, but this key is ${fingerprintOf(key)}`, { file: log.file });
  }
  const { commitments, secrets } = await newChains(key, g.chainLength);
  const body: AcceptanceBody = {
    type: 'hexpost/acceptance', version: PROTOCOL_VERSION,
    genesis: log.genesis.hash, side, fingerprint: player.fingerprint, time, commitments, secrets,
  };
  return { ...log, acceptances: [...log.acceptances, await sign(acceptanceEntryName(side), body, key)] };
}

/** A player's chain secrets, read back from the log with his own key. */
export async function readSecrets(sealed: string, key: PrivateKey, where: { file?: string; place?: string } = {}): Promise<ChainSecrets> {
  const bytes = await decryptFromSelf(new Uint8Array(Buffer.from(sealed, 'base64')), key, where);
  const parsed = JSON.parse(new TextDecoder().decode(bytes)) as ChainSecrets;
  if (!/^[0-9a-f]{64}$/.test(parsed.dice ?? '') || !/^[0-9a-f]{64}$/.test(parsed.hidden ?? '')) {
    throw new LogError('the decrypted chain secrets are malformed', where);
  }
  return parsed;
}
