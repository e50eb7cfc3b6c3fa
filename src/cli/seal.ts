// Sealing a turn: the new log is verified in memory first (as the opponent's tool will), and only
// a log that passes is written, atomically; then its heads are remembered. A bug or a refused
// segment therefore never replaces the previous log. A log read from pasted e-mail text is written
// beside it (logTarget), never over it; writeLogFile refuses a newer copy or another game's log.
import { rememberHeads } from '../log/fork-memory.js';
import type { TurnSession } from '../log/turn-session.js';
import type { VerifiedLog } from '../log/verify.js';
import { guardOverwrite, logTarget, now, verifyForPlayer, writeLogFile } from './log-io.js';
import type { Output } from './output.js';

export async function sealAndWrite(o: Output, path: string, session: TurnSession, options: { final?: boolean } = {}) {
  const { log, segment } = await session.seal(now(), options);
  const file = logTarget(path);
  await guardOverwrite(file, log);
  const verified: VerifiedLog = await verifyForPlayer(o, log, { viewer: { side: session.side, key: session.key }, remember: false });
  await writeLogFile(file, log);
  if (verified.gameId) await rememberHeads(verified);
  return { log, segment, verified, file };
}
