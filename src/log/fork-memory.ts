// Fork detection: the heads a player's tool has seen, per game, in his state folder. Two different
// signed bodies with the same game id and seq are proof of equivocation; a log that rewrites a
// segment already seen is refused with both hashes.
import { classifyEntryName } from './entry-names.js';
import { LogError, type SignedBody } from './log-file.js';
import { readState, writeState } from './home.js';
import type { VerifiedLog } from './verify.js';

interface Seen {
  game: string;
  /** seq → body hash of every segment seen */
  segments: Record<string, string>;
}

const fileOf = (gameId: string) => `game-${gameId}.json`;

/** A segment's seq from its entry name (which its body was checked to match): no body is parsed. */
function seqOf(s: SignedBody<unknown>): number {
  const kind = classifyEntryName(s.name);
  if (kind?.kind !== 'segment') throw new Error(`${s.name} is not a segment entry`);
  return kind.seq;
}

export async function checkHeads(v: VerifiedLog, home?: string): Promise<void> {
  const seen = (await readState(fileOf(v.gameId!), home)) as Seen | undefined;
  if (!seen) return;
  for (const s of v.log.segments) {
    const seq = seqOf(s);
    const before = seen.segments[String(seq)];
    if (before !== undefined && before !== s.hash) {
      throw new LogError(
        `segment ${seq} was seen before with body hash ${before}; this log has ${s.hash}: `
        + `two different signed versions of the same segment (a fork: the log was rewritten)`,
        { file: v.log.file, place: s.name, seq },
      );
    }
  }
}

export async function rememberHeads(v: VerifiedLog, home?: string): Promise<void> {
  const seen = ((await readState(fileOf(v.gameId!), home)) as Seen | undefined) ?? { game: v.gameId!, segments: {} };
  let changed = false;
  for (const s of v.log.segments) {
    const seq = String(seqOf(s));
    if (seen.segments[seq] === undefined) { seen.segments[seq] = s.hash; changed = true; }
  }
  if (changed) await writeState(fileOf(v.gameId!), seen as unknown as Parameters<typeof writeState>[1], home);
}
