// Two versions of one segment (DESIGN.md, randomness protocol rule 9 "Forks"), examined with
// nothing but the setup that pins the players' keys and fixes the game id: both bodies must name
// that game and the same seq, and each must be signed by the pinned key of the side it names as
// author. Same author: equivocation, provable to anyone. Different authors: one player's segment
// was dropped and another's put in its place — a rewritten log, but nobody's two signatures.
// No rule of the game is replayed: the signatures are the whole proof.
import type { PublicKey } from 'openpgp';
import { z } from 'zod';
import { gameIdOf } from '../core/protocol/game-id.js';
import { HexlogError } from './errors.js';
import { fingerprintOf, loadPublicKey } from './keys.js';
import type { SignedBody } from './log-file.js';
import { verifyDetached } from './signature.js';

export class ProofError extends HexlogError {}

/** The setup bodies, with their signatures, as a log or a proof file holds them. */
export interface SignedSetup {
  genesis: SignedBody<unknown>;
  acceptances: SignedBody<unknown>[];
}

/** A body and its signature, with the name to report it by. */
export interface SegmentVersion {
  name: string;
  bytes: Uint8Array;
  signature: string;
  hash: string;
  body: unknown;
}

export interface PinnedSetup {
  game: string;
  creator: string;
  /** side → pinned fingerprint and armored key, as the genesis gives them */
  players: Map<string, { fingerprint: string; publicKey: string; key: PublicKey }>;
}

/** What two versions of one segment show. Hashes are in ascending order. */
export type VersionsVerdict =
  | { kind: 'equivocation'; game: string; seq: number; author: string; fingerprint: string; hashes: [string, string] }
  | { kind: 'different-authors'; game: string; seq: number; authors: [string, string]; hashes: [string, string] };

// Only the fields a proof rests on are read (other fields may come and go with the protocol's
// version: a proof stays checkable). The full shapes are src/core/protocol/body-schema.ts.
const Side = z.string().regex(/^[a-z0-9][a-z0-9._-]*$/, 'a side id');
const Fingerprint = z.string().regex(/^[0-9a-f]{40}$/, '40 lower-case hex digits');
const GenesisClaims = z.object({
  type: z.literal('hexpost/genesis'),
  creator: Side,
  players: z.array(z.object({ side: Side, fingerprint: Fingerprint, publicKey: z.string().max(64 * 1024) })).min(2).max(16),
});
const AcceptanceClaims = z.object({
  type: z.literal('hexpost/acceptance'),
  genesis: z.string().regex(/^[0-9a-f]{64}$/, '64 lower-case hex digits'),
  side: Side,
  fingerprint: Fingerprint,
});

const fail = (detail: string, file: string | undefined, place?: string): never => {
  throw new ProofError(detail, { file, place });
};

/**
 * The setup checked as far as a proof needs: the genesis and acceptance shapes, each pinned public
 * key with its fingerprint, the creator's signature on the genesis, each acceptance binding this
 * genesis and signed by its side, every side accepted; the game id they hash to.
 */
export async function pinnedSetup(setup: SignedSetup, file?: string): Promise<PinnedSetup> {
  const at = setup.genesis.name;
  const g = GenesisClaims.safeParse(setup.genesis.body);
  if (!g.success) fail(`not a genesis body (${issue(g.error.issues[0])})`, file, at);
  const genesis = g.data!;
  const players: PinnedSetup['players'] = new Map();
  for (const p of genesis.players) {
    const key = await loadPublicKey(p.publicKey).catch((e: Error) => fail(`players.${p.side}.publicKey: ${e.message}`, file, at));
    const fp = fingerprintOf(key);
    if (fp !== p.fingerprint) fail(`the key given for ${p.side} is ${fp}, not the pinned ${p.fingerprint}`, file, at);
    if (players.has(p.side)) fail(`side ${p.side} is listed twice`, file, at);
    players.set(p.side, { fingerprint: p.fingerprint, publicKey: p.publicKey, key });
  }
  const creator = players.get(genesis.creator) ?? fail(`the creator ${genesis.creator} is not a player`, file, at);
  await signedBy(setup.genesis, creator.key, genesis.creator, file);
  const accepted: Record<string, string> = {};
  for (const a of setup.acceptances) {
    const r = AcceptanceClaims.safeParse(a.body);
    if (!r.success) fail(`not an acceptance body (${issue(r.error.issues[0])})`, file, a.name);
    const body = r.data!;
    const pinned = players.get(body.side);
    if (!pinned || body.side === genesis.creator || accepted[body.side]) {
      fail(`"${body.side}" is not a side that accepts this game once`, file, a.name);
    }
    if (body.genesis !== setup.genesis.hash) fail(`accepts proposal ${body.genesis}, not this one (${setup.genesis.hash})`, file, a.name);
    if (body.fingerprint !== pinned!.fingerprint) {
      fail(`fingerprint ${body.fingerprint} differs from the pinned ${pinned!.fingerprint}`, file, a.name);
    }
    await signedBy(a, pinned!.key, body.side, file);
    accepted[body.side] = a.hash;
  }
  const missing = [...players.keys()].filter((s) => s !== genesis.creator && !accepted[s]);
  if (missing.length) fail(`no acceptance by ${missing.join(', ')}: the game has no id yet`, file);
  return { game: gameIdOf(setup.genesis.hash, accepted), creator: genesis.creator, players };
}

/**
 * Two versions of one segment against a setup. Throws ProofError naming the version and what is
 * wrong when they prove nothing (same body, another game, another seq, a signature that fails).
 */
export async function examineVersions(
  setup: SignedSetup | PinnedSetup, a: SegmentVersion, b: SegmentVersion, file?: string,
): Promise<VersionsVerdict> {
  const pinned = 'game' in setup ? setup : await pinnedSetup(setup, file);
  if (a.hash === b.hash) fail('the two versions are the same body: that proves nothing', file);
  const [x, y] = a.hash < b.hash ? [a, b] : [b, a];
  const [cx, cy] = [claimsOf(x, pinned, file), claimsOf(y, pinned, file)];
  if (cx.seq !== cy.seq) fail(`the versions are of different segments (${cx.seq} and ${cy.seq})`, file);
  await signedBy(x, pinned.players.get(cx.author)!.key, cx.author, file);
  await signedBy(y, pinned.players.get(cy.author)!.key, cy.author, file);
  const common = { game: pinned.game, seq: cx.seq, hashes: [x.hash, y.hash] as [string, string] };
  if (cx.author !== cy.author) return { kind: 'different-authors', ...common, authors: [cx.author, cy.author] };
  return { kind: 'equivocation', ...common, author: cx.author, fingerprint: pinned.players.get(cx.author)!.fingerprint };
}

/** What a segment body says about itself: it must be a segment of this game by one of its players. */
function claimsOf(v: SegmentVersion, pinned: PinnedSetup, file: string | undefined): { seq: number; author: string } {
  const b = v.body as Record<string, unknown> | null;
  if (typeof b !== 'object' || b === null || Array.isArray(b) || b.type !== 'hexpost/segment') fail('not a segment body', file, v.name);
  if (b!.game !== pinned.game) fail(`names game ${String(b!.game)}, not ${pinned.game} (the game the setup fixes)`, file, v.name);
  if (typeof b!.seq !== 'number' || !Number.isSafeInteger(b!.seq) || b!.seq < 1) fail('has no seq', file, v.name);
  if (typeof b!.author !== 'string' || !pinned.players.has(b!.author)) {
    fail(`names author ${JSON.stringify(b!.author)}, not a player`, file, v.name);
  }
  return { seq: b!.seq as number, author: b!.author as string };
}

type Signed = { name: string; bytes: Uint8Array; signature: string };

async function signedBy(s: Signed, key: PublicKey, side: string, file: string | undefined): Promise<void> {
  await verifyDetached(s.bytes, s.signature, key).catch((e: Error) => {
    const why = (e as { detail?: string }).detail ?? e.message;
    return fail(`not signed by ${side}'s pinned key ${fingerprintOf(key)} (${why})`, file, `${s.name}.sig`);
  });
}

function issue(i: { path: PropertyKey[]; message: string } | undefined): string {
  return i ? `${i.path.map(String).join('.') || '(body)'}: ${i.message}` : 'malformed';
}
