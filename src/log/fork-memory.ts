// Fork detection: the heads a player's tool has seen, per game, in his state folder. Two different
// signed bodies with the same game id and seq are proof of equivocation; a log that rewrites a
// segment already seen is refused with both hashes.
import { LogError } from './log-file.js';
import { readState, writeState } from './home.js';
import type { VerifiedLog } from './verify.js';

interface Seen {
  game: string;
  /** seq → body hash of every segment seen */
  segments: Record<string, string>;
}

const fileOf = (gameId: string) => `game-${gameId}.json`;

export async function checkHeads(v: VerifiedLog, home?: string): Promise<void> {
  const seen = (await readState(fileOf(v.gameId!), home)) as Seen | undefined;
  if (!seen) return;
  for (const s of v.log.segments) {
    const before = seen.segments[String(s.body.seq)];
    if (before !== undefined && before !== s.hash) {
      throw new LogError(
        `segment ${s.body.seq} was seen before with body hash ${before}; this log has ${s.hash}: `
        + `two different signed versions of the same segment (a fork: the log was rewritten)`,
        { file: v.log.file, place: s.name, seq: s.body.seq },
      );
    }
  }
}

export async function rememberHeads(v: VerifiedLog, home?: string): Promise<void> {
  const seen = ((await readState(fileOf(v.gameId!), home)) as Seen | undefined) ?? { game: v.gameId!, segments: {} };
  let changed = false;
  for (const s of v.log.segments) {
    if (seen.segments[String(s.body.seq)] === undefined) { seen.segments[String(s.body.seq)] = s.hash; changed = true; }
  }
  if (changed) await writeState(fileOf(v.gameId!), seen as unknown as Parameters<typeof writeState>[1], home);
}
