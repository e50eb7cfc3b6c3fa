// Sealing a turn: the new log is verified in memory first (as the opponent's tool will), and only
// a log that passes is written, atomically; then its heads are remembered. A bug or a refused
// segment therefore never replaces the previous log. A log read from pasted e-mail text is written
// beside it (logTarget), never over it; writeLogFile refuses a newer copy or another game's log.
import { createInterface } from 'node:readline';
import { rememberHeads } from '../log/fork-memory.js';
import { hexpostHome } from '../log/home.js';
import type { TurnSession } from '../log/turn-session.js';
import type { VerifiedLog } from '../log/verify.js';
import { guardOverwrite, logTarget, now, verifyForPlayer, writeLogFile } from './log-io.js';
import { CliError } from './exit.js';
import type { Output } from './output.js';
import { movingSides, placeText, sideName } from './whose-move.js';

export async function sealAndWrite(o: Output, path: string, session: TurnSession, options: { final?: boolean } = {}) {
  const { log, segment } = await session.seal(now(), options);
  const file = logTarget(path);
  await guardOverwrite(file, log);
  const verified: VerifiedLog = await verifyForPlayer(o, log, { viewer: { side: session.side, key: session.key }, remember: false });
  await writeLogFile(file, log);
  // The log is written: a failure from here on must not read as if it was not.
  if (verified.gameId) {
    await rememberHeads(verified).catch((e: Error & { cause?: NodeJS.ErrnoException }) => {
      throw new CliError(`${file}: segment ${segment.body.seq} is sealed and the log is written (send it); but the state folder `
        + `${hexpostHome()} could not record it (${e.cause?.code ?? e.message}), so the fork check does not know this segment yet: `
        + 'free some space there, and the next hexpost verb on this log records it');
    });
  }
  return { log, segment, verified, file };
}

/**
 * The warning before sealing a turn that leaves its author the only side to move (he has not
 * passed the move on with `next`), or null. Phases where every side acts are not warned about.
 */
export function stillActiveWarning(session: TurnSession): string | null {
  const v = session.verified;
  const moving = movingSides(v, session.state);
  if (moving.length !== 1 || moving[0] !== session.side) return null;
  return `you are still the active side (${sideName(v, session.side)}, ${placeText(v, session.state)}): `
    + 'your opponent cannot move until you pass the move on with `next`';
}

/**
 * Sealing while still the active side: with --yes it goes ahead; on a terminal the player is asked
 * (`ask` returns his answer); with no one to ask (a script, CI) it is refused, nothing written.
 */
/**
 * The warning before sealing a segment out of turn, or null: the author is not among the sides to
 * move when his segment starts, and nothing waits for him (his reveal answers no sealed commitment).
 * A reply that resolves the opponent's combat is never out of turn.
 */
export function outOfTurnWarning(session: TurnSession): string | null {
  const v = session.verified;
  const moving = movingSides(v, v.state);
  if (!moving.length || moving.includes(session.side)) return null;
  if (session.resolutions.some((e) => e.type === 'answered') || session.takeback) return null;
  return `it is not your move (${moving.map((s) => sideName(v, s)).join(' and ')}, ${placeText(v, v.state)}) and nothing of yours is awaited: `
    + 'this segment would be played out of turn';
}

/**
 * The warning before sealing a segment whose author still owes a draw a result asked of him (Cold War
 * 34.3: the card an event check of 10 draws is owed by the roller's next segment), or null.
 */
export function owedDrawWarning(session: TurnSession): string | null {
  const draws = (session.state.obligations ?? []).filter((x) => x.kind === 'draw' && x.side === session.side);
  if (!draws.length) return null;
  return `you still owe ${draws.map((x) => `draw ${x.deck}${x.count > 1 ? ` ${x.count}` : ''} (${x.procedure}${x.rule ? ` ${x.rule}` : ''})`).join(', ')}: `
    + 'a result asked it of this segment';
}

export async function confirmSeal(o: Output, session: TurnSession, options: { yes?: boolean; ask?: (() => Promise<string | null>) | undefined }): Promise<void> {
  const outOfTurn = outOfTurnWarning(session);
  const warning = outOfTurn ?? owedDrawWarning(session) ?? stillActiveWarning(session);
  if (!warning) return;
  if (options.yes) { o.err(`note: ${warning} (sealed anyway: --yes)`); return; }
  if (!options.ask && outOfTurn) throw new CliError(`${warning}; nothing was written. Receive your opponent's turn first, or give --yes to seal anyway`);
  if (!options.ask) throw new CliError(`${warning}; nothing was written. ${warning.startsWith('you still owe') ? 'Draw first' : 'End with `next`'}, or give --yes to seal anyway`);
  o.out(`${warning}. Seal anyway? [y/N]`);
  const answer = (await options.ask())?.trim().toLowerCase();
  if (answer !== 'y' && answer !== 'yes') throw new CliError('not sealed: nothing was written');
}

/** One line from the terminal, or null when standard input is not one (nobody to ask). */
export function terminalQuestion(): (() => Promise<string | null>) | undefined {
  if (!process.stdin.isTTY) return undefined;
  return async () => {
    const rl = createInterface({ input: process.stdin, output: process.stdout });
    try {
      return await new Promise<string>((resolve) => rl.question('> ', resolve));
    } finally {
      rl.close();
    }
  };
}
