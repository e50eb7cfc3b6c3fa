// What a player's tool says when a log disagrees with what it has seen of the game (fork memory,
// src/log/fork-memory.ts): an equivocation (two versions of one segment signed by one player),
// a dropped segment (a player's segment replaced by another's), or merely an older copy.
import {
  compareWithSeen, findEquivocation, gameIdOfLog, rememberSeen, seenCopy, seenCopyPath, type Comparison, type FoundEquivocation,
} from '../log/fork-memory.js';
import type { TurnMail } from '../log/turn-mail.js';
import { formatFingerprint } from '../log/keys.js';
import { LogError, type LogFile } from '../log/log-file.js';
import type { VerifiedLog } from '../log/verify.js';
import { CliError } from './exit.js';
import type { Output } from './output.js';

export interface ForkCheck {
  gameId: string | null;
  cmp: Comparison;
}

const short = (id: string) => `${id.slice(0, 16)}…`;

/**
 * Before verification: compares the log with what was seen. An equivocation is reported at once,
 * from the signatures alone, whatever the rest of the log holds (the cheater's second version
 * need not even follow the rules).
 */
export async function checkBeforeVerify(log: LogFile): Promise<ForkCheck> {
  const gameId = gameIdOfLog(log);
  if (!gameId) return { gameId, cmp: { kind: 'unseen' } };
  const cmp = await compareWithSeen(log, gameId);
  if (cmp.kind !== 'conflict') return { gameId, cmp };
  const copy = await seenCopy(gameId);
  const found = copy ? await findEquivocation(copy, log) : null;
  if (found) throw equivocationError(found, log.file, `hexpost proof ${log.file}`, "this log's");
  return { gameId, cmp };
}

/**
 * "<file>: this copy is older than yours (segment N of M) …" when fork memory has seen a newer log of
 * the game than `log` (only hashes are compared: nothing is verified); null otherwise.
 */
export async function olderCopyNote(log: LogFile): Promise<string | null> {
  const gameId = gameIdOfLog(log);
  const cmp = gameId ? await compareWithSeen(log, gameId) : null;
  if (cmp?.kind !== 'older') return null;
  return `${log.file}: this copy is older than yours (segment ${cmp.segments} of ${cmp.seen}); `
    + `play on the newest copy (one is kept at ${seenCopyPath(gameId!)})`;
}

/** The report of an equivocation found between what was seen and what was received. */
function equivocationError(found: FoundEquivocation, file: string, proofCommand: string, received: string): LogError {
  const { verdict: e, versions: [seen, now] } = found;
  const who = `${e.author} (${formatFingerprint(e.fingerprint)})`;
  return new LogError(
    `segment ${e.seq} of game ${short(e.game)}: two different versions, both signed by ${who}: `
    + `body hash ${seen.hash} (the one you have seen) and ${now.hash} (${received}). `
    + `${e.author} sent two versions of one segment (equivocation); `
    + `\`${proofCommand} -o ${e.author}-equivocation.hexproof\` writes the proof anyone can check`,
    { file, place: now.name, seq: e.seq },
  );
}

/** The log a turn mail tells of: the local copy up to the segment the mail continues, then the mail's segments. */
export function mailAsLog(local: LogFile, mail: TurnMail, file: string): LogFile {
  return { ...local, file, segments: [...local.segments.slice(0, mail.after.seq), ...mail.segments] };
}

/**
 * Two versions of one segment between a turn mail and what this tool holds — the local copy, else
 * the copy fork memory keeps — signed by one player; null when there are none.
 */
export async function mailEquivocation(local: LogFile, mail: TurnMail, mailFile: string): Promise<FoundEquivocation | null> {
  const told = mailAsLog(local, mail, mailFile);
  const found = await findEquivocation(local, told);
  if (found) return found;
  const gameId = gameIdOfLog(local);
  // the kept copy is opened only when its index shows a conflict (an honest mail costs one small read)
  if (!gameId || (await compareWithSeen(told, gameId)).kind !== 'conflict') return null;
  const copy = await seenCopy(gameId);
  return copy ? findEquivocation(copy, told) : null;
}

/** Before a turn mail is applied: an equivocation in it is reported as such (not as copies that differ). */
export async function checkTurnMail(local: LogFile, mail: TurnMail, mailFile: string): Promise<void> {
  const found = await mailEquivocation(local, mail, mailFile);
  if (found) throw equivocationError(found, mailFile, `hexpost proof ${local.file} ${mailFile}`, "this mail's");
}

/**
 * After a verification that passed: a conflict that is no equivocation (a dropped segment) is
 * refused; an older copy is refused to a verb that appends, and noted to the others; a newer log
 * is remembered (unless `remember` is false).
 */
export async function checkAfterVerify(
  o: Output, v: VerifiedLog, check: ForkCheck, options: { append?: boolean; remember?: boolean },
): Promise<void> {
  const { gameId, cmp } = check;
  if (!gameId) return;
  const kept = seenCopyPath(gameId);
  if (cmp.kind === 'conflict') {
    const copy = await seenCopy(gameId);
    const seen = copy?.segments.find((s) => s.hash === cmp.seenHash);
    const now = v.log.segments.find((s) => s.hash === cmp.logHash)!;
    // `show --at` verifies only a prefix: a later segment's signature was not checked
    const signed = v.segments >= cmp.seq ? 'signed by' : 'claiming to be by';
    if (seen) {
      throw new LogError(
        `this log drops segment ${cmp.seq} that you have seen, signed by ${seen.body.author} (body hash ${cmp.seenHash}), `
        + `and holds in its place a segment ${cmp.seq} ${signed} ${now.body.author} (body hash ${cmp.logHash}): `
        + `the log was rewritten after that segment; the copy you have seen (${cmp.seen} segments) is kept at ${kept}`,
        { file: v.log.file, place: now.name, seq: cmp.seq },
      );
    }
    throw new LogError(
      `segment ${cmp.seq} differs from the one you have seen: body hash ${cmp.seenHash} (seen) and ${cmp.logHash} `
      + `(this log's, ${signed} ${now.body.author}); the version you saw is not kept `
      + '(a state folder from an older Hexpost), so no proof can be written',
      { file: v.log.file, place: now.name, seq: cmp.seq },
    );
  }
  if (cmp.kind === 'older') {
    const what = `older than the copy you have (segment ${cmp.segments} of ${cmp.seen})`;
    if (options.append) {
      throw new CliError(`${v.log.file}: ${what}: a segment written on it would fork the game, so nothing is written; `
        + `play on the newest copy (one is kept at ${kept})`);
    }
    o.err(`hexpost: note: ${v.log.file}: ${what}; the newest copy you have seen is kept at ${kept}`);
    return;
  }
  if (options.remember === false) return;
  // A full state folder must not stop a verb that only reads: fork memory is told again next time.
  await rememberSeen(v.log, gameId).catch((e: Error & { cause?: NodeJS.ErrnoException }) => {
    o.err(`hexpost: note: the state folder could not record this log (${e.cause?.code ?? e.message}); `
      + 'the fork check knows it once there is room and a verb reads it again');
  });
}
