// A patched client: it writes the next segment of a side with whatever it likes in it, makes the
// state hash match what it wrote, and signs it with that side's real pinned key — everything an
// honest tool would refuse to do, except forging another player's signature.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PrivateKey } from 'openpgp';
import { expect } from 'vitest';
import { canonicalBytes } from '../../src/core/canonical.js';
import type { GameEvent } from '../../src/core/engine/events.js';
import { foldEvents } from '../../src/core/engine/fold.js';
import { stateHash } from '../../src/core/engine/state-hash.js';
import { sha256Hex } from '../../src/core/hash.js';
import { PROTOCOL_VERSION, type SegmentBody } from '../../src/core/protocol/bodies.js';
import { buildChain, DICE_CHAIN_TAG, HIDDEN_CHAIN_TAG, type HashChain } from '../../src/core/random/chain.js';
import { writeContainer } from '../../src/log/container.js';
import { segmentEntryName } from '../../src/log/entry-names.js';
import { logEntries, openLog, type LogFile } from '../../src/log/log-file.js';
import { signDetached } from '../../src/log/signature.js';
import { verifyLog, type VerifiedLog } from '../../src/log/verify.js';
import type { Table } from './cli.js';

export interface CheatContext {
  v: VerifiedLog;
  gameId: string;
  dice: HashChain;
  hidden: HashChain;
  /** the epoch and dice reveal an honest segment would carry here */
  epoch: number;
  reveal: string | undefined;
}

export type CheatBody = Partial<Pick<SegmentBody, 'entries' | 'resolutions' | 'hiddenReveals' | 'final' | 'reveal' | 'epoch' | 'state' | 'takeback'>>;

/** Appends a segment by `side` built by `make`, signed with `key` (the side's own pinned key). */
export async function cheat(log: LogFile, side: string, key: PrivateKey, make: (c: CheatContext) => CheatBody | Promise<CheatBody>): Promise<LogFile> {
  const v = await verifyLog(log, { viewer: { side, key } });
  const chains = v.chains!.clone();
  const length = log.genesis.body.chainLength;
  const dice = buildChain(v.secrets!.dice, length.dice, DICE_CHAIN_TAG);
  const hidden = buildChain(v.secrets!.hidden, length.hidden, HIDDEN_CHAIN_TAG);
  const epoch = chains.epochFor(side);
  const reveal = chains.startsEpoch(side) ? dice.reveal(epoch) : undefined;
  const parts = await make({ v, gameId: v.gameId!, dice, hidden, epoch, reveal });
  const entries = parts.entries ?? [];
  const events = [...(parts.resolutions ?? []), ...entries.filter((e) => !e.void).flatMap((e) => e.events)] as GameEvent[];
  let state = parts.state;
  if (state === undefined) {
    try { state = stateHash(foldEvents(v.state, events)); } catch { state = stateHash(v.state); }
  }
  const body: SegmentBody = {
    type: 'hexpost/segment', version: PROTOCOL_VERSION, game: v.gameId!, seq: v.segments + 1, author: side, prev: v.head,
    time: '2026-12-01T12:00:00+00:00', epoch: parts.epoch ?? epoch,
    ...((parts.reveal ?? reveal) ? { reveal: parts.reveal ?? reveal } : {}),
    ...(parts.hiddenReveals ? { hiddenReveals: parts.hiddenReveals } : {}),
    ...(parts.resolutions?.length ? { resolutions: parts.resolutions } : {}),
    entries, state,
    ...(parts.final ? { final: true as const } : {}),
    ...(parts.takeback ? { takeback: parts.takeback } : {}),
  };
  const bytes = canonicalBytes(body);
  const seg = { name: segmentEntryName(body.seq), body, bytes, hash: sha256Hex(bytes), signature: await signDetached(bytes, key) };
  return openLog(writeContainer(logEntries({ ...log, segments: [...log.segments, seg] })), log.file);
}

/** Writes a log to a file, as the cheater mails it. */
export function writeLog(path: string, log: LogFile): void {
  writeFileSync(path, writeContainer(logEntries(log)));
}

/**
 * Appends a segment in another player's name: `body` (seq, prev, game filled in) signed with `key`,
 * which is not that player's pinned key — the one thing a patched client cannot do honestly.
 */
export async function forge(log: LogFile, body: Omit<SegmentBody, 'type' | 'version' | 'game' | 'seq' | 'prev' | 'time'>, key: PrivateKey): Promise<LogFile> {
  const v = await verifyLog(log);
  const full: SegmentBody = { type: 'hexpost/segment', version: PROTOCOL_VERSION, game: v.gameId!, seq: v.segments + 1, prev: v.head, time: '2026-12-01T12:00:00+00:00', ...body };
  const bytes = canonicalBytes(full);
  const seg = { name: segmentEntryName(full.seq), body: full, bytes, hash: sha256Hex(bytes), signature: await signDetached(bytes, key) };
  return openLog(writeContainer(logEntries({ ...log, segments: [...log.segments, seg] })), log.file);
}

let forged = 0;
/**
 * The cheater mails `log`; the victim's stock tool must refuse it: `verify` and `receive` both
 * fail with `why`, and his copy stays byte for byte as it was.
 */
export async function expectRefused(t: Table, victim: string, log: LogFile, why: RegExp): Promise<void> {
  const file = join(t.dir, victim, `from-cheater-${++forged}.hexlog`);
  writeLog(file, log);
  const checked = await t.run(victim, 'verify', file);
  expect(checked.code, checked.out).toBe(1);
  expect(checked.err).toMatch(why);
  const before = readFileSync(t.log(victim));
  const got = await t.run(victim, 'receive', t.log(victim), file, '--key', t.key(victim));
  expect(got.code, got.out).toBe(1);
  expect(got.err).toMatch(why);
  expect(readFileSync(t.log(victim)).equals(before)).toBe(true);
}
