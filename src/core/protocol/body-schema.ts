// Shape checks for bodies read from a log: a hostile file gets a clear "entry: path: expected"
// error before any field is trusted. Mirrors bodies.ts.
import { z } from 'zod';

const Hex64 = z.string().regex(/^[0-9a-f]{64}$/, '64 lower-case hex digits');
const Fingerprint = z.string().regex(/^[0-9a-f]{40}$/, 'a full v4 fingerprint: 40 lower-case hex digits');
const SideId = z.string().regex(/^[a-z0-9][a-z0-9._-]*$/, 'a side id');
const Text = (max: number) => z.string().max(max);
const Commitments = z.object({ dice: Hex64, hidden: Hex64 }).strict();
const isObject = (v: unknown): boolean => typeof v === 'object' && v !== null && !Array.isArray(v);

export const GenesisSchema = z.object({
  type: z.literal('hexpost/genesis'),
  version: z.literal(2, { error: 'protocol version 2 expected (sealed randomness); a log of protocol 1 was made by an older Hexpost' }),
  module: z.object({
    id: z.string(), version: z.string(), hash: Hex64,
    data: z.record(z.string(), z.unknown()),
  }).strict(),
  scenario: z.string(),
  nonce: Hex64,
  time: Text(64),
  creator: SideId,
  players: z.array(z.object({ side: SideId, fingerprint: Fingerprint, publicKey: Text(64 * 1024) }).strict()).min(2).max(16),
  chainLength: z.object({ dice: z.number().int().min(1).max(100_000), hidden: z.number().int().min(1).max(100_000) }).strict(),
  commitments: Commitments,
  secrets: Text(64 * 1024),
}).strict();

export const AcceptanceSchema = z.object({
  type: z.literal('hexpost/acceptance'),
  version: z.literal(2, { error: 'protocol version 2 expected (sealed randomness); a log of protocol 1 was made by an older Hexpost' }),
  genesis: Hex64,
  side: SideId,
  fingerprint: Fingerprint,
  time: Text(64),
  commitments: Commitments,
  secrets: Text(64 * 1024),
}).strict();

export const SegmentSchema = z.object({
  type: z.literal('hexpost/segment'),
  version: z.literal(2, { error: 'protocol version 2 expected (sealed randomness); a log of protocol 1 was made by an older Hexpost' }),
  game: Hex64,
  seq: z.number().int().min(1),
  author: SideId,
  prev: Hex64,
  time: Text(64),
  epoch: z.number().int().min(1),
  reveal: Hex64.optional(),
  hiddenReveals: z.array(z.object({ period: z.number().int().min(1), value: Hex64 }).strict()).max(1000).optional(),
  resolutions: z.array(z.custom<Record<string, unknown>>(isObject, 'expected an object')).min(1).max(10_000).optional(),
  entries: z.array(z.object({
    command: z.string().max(64 * 1024),
    // Each event is re-derived by the rules and compared with this one, so its shape needs no
    // more than "an object" here (a record schema per event costs a tenth of a verification).
    events: z.array(z.custom<Record<string, unknown>>(isObject, 'expected an object')).max(10_000),
    void: z.literal(true).optional(),
  }).strict()).max(10_000),
  state: Hex64,
  final: z.literal(true).optional(),
  takeback: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('propose'), to: z.number().int().min(0) }).strict(),
    z.object({ kind: z.literal('accept'), proposal: Hex64, to: z.number().int().min(0) }).strict(),
    z.object({ kind: z.literal('decline'), proposal: Hex64 }).strict(),
  ]).optional(),
}).strict();
