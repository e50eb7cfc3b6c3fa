// Sealing a turn: the new log is verified in memory first (as the opponent's tool will), and only
// a log that passes is written, atomically; then its heads are remembered. A bug or a refused
// segment therefore never replaces the previous log.
import { rememberHeads } from '../log/fork-memory.js';
import { hexpostHome } from '../log/home.js';
import type { TurnSession } from '../log/turn-session.js';
import type { VerifiedLog } from '../log/verify.js';
import { CliError } from './exit.js';
import { now, verifyForPlayer, writeLogFile } from './log-io.js';
import type { Output } from './output.js';

export async function sealAndWrite(o: Output, path: string, session: TurnSession, options: { final?: boolean } = {}) {
  const { log, segment } = await session.seal(now(), options);
  const verified: VerifiedLog = await verifyForPlayer(o, log, { viewer: { side: session.side, key: session.key }, remember: false });
  await writeLogFile(path, log);
  // The log is written: a failure from here on must not read as if it was not.
  if (verified.gameId) {
    await rememberHeads(verified).catch((e: Error & { cause?: NodeJS.ErrnoException }) => {
      throw new CliError(`${path}: segment ${segment.body.seq} is sealed and the log is written (send it); but the state folder `
        + `${hexpostHome()} could not record it (${e.cause?.code ?? e.message}), so the fork check does not know this segment yet: `
        + 'free some space there, and the next hexpost verb on this log records it');
    });
  }
  return { log, segment, verified };
}
