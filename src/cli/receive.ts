// `hexpost receive`: take the opponent's turn mail (from a file, standard input or a pasted
// e-mail, quoted or re-wrapped), check it continues the local copy, verify the result as a player's
// tool does, and append it. A whole log (.hexlog or armored) is accepted too, and replaces the
// local copy only when it holds everything the copy holds.
import { stat } from 'node:fs/promises';
import type { Command } from 'commander';
import type { GameEvent } from '../core/engine/events.js';
import { gameIdOf } from '../core/protocol/game-id.js';
import { armorKinds } from '../log/armor.js';
import { compareCopies } from '../log/copy-guard.js';
import { openLog, type LogFile } from '../log/log-file.js';
import { applyTurnMail, readTurnMail } from '../log/turn-mail.js';
import type { PrivateKey } from 'openpgp';
import type { VerifiedLog } from '../log/verify.js';
import { describeEvent } from './describe.js';
import { CliError } from './exit.js';
import { checkTurnMail } from './fork-report.js';
import { isZip, loadKeyFile, logBytes, logTarget, readInput, readLogFile, sideOfKey, verifyForPlayer, writeLogFile } from './log-io.js';
import { printJson, type Output } from './output.js';
import { playerName, sideName, whoseMoveLine } from './whose-move.js';
import { takebackText } from './takeback-text.js';

const gameIdOfLog = (log: LogFile) => gameIdOf(log.genesis.hash, Object.fromEntries(log.acceptances.map((a) => [a.body.side, a.hash])));

export function registerReceiveCommand(program: Command, o: Output): void {
  program.command('receive')
    .description('append the opponent\'s turn mail (or a whole log) to your copy, after verifying it')
    .argument('<log>', 'your copy of the game')
    .argument('[mail]', 'the turn mail: a file with the e-mail text; - or nothing reads standard input', '-')
    .option('--key <file>', 'your private key (verifies as you: your hand, your verification cache)')
    .option('--passphrase-env <var>', 'environment variable holding your key\'s passphrase')
    .option('--json', 'machine-readable result: {added, segments, head}')
    .action(async (path: string, mailPath: string, opts: { key?: string; passphraseEnv?: string; json?: boolean }) => {
      const raw = await readInput(mailPath, 'the mail');
      const key = opts.key ? await loadKeyFile(opts.key, opts.passphraseEnv) : undefined;
      const r = await receiveInto(o, path, raw, mailPath === '-' ? '<stdin>' : mailPath, key);
      if (opts.json) { printJson(o, { added: r.added, segments: r.verified.segments, head: r.verified.head, log: r.target, whoseMove: r.whoseMove }); return; }
      printReceived(o, r);
    });
}

export interface ReceivedMail {
  target: string;
  added: number[];
  /** false: the copy already held everything (nothing was written) */
  changed: boolean;
  verified: VerifiedLog;
  log: LogFile;
  whoseMove: string;
}

/**
 * Receives a turn mail or a whole log (bytes of a file, or e-mail text) into the copy at `path`:
 * checked against the copy, verified as the player's tool does, written under the copy checks.
 */
export async function receiveInto(o: Output, path: string, raw: Buffer, mailFile: string, key?: PrivateKey): Promise<ReceivedMail> {
  const isTurnMail = !isZip(raw) && armorKinds(raw.toString('utf8')).includes('TURN');
  const haveCopy = await stat(path).then(() => true, () => false);
  let next: LogFile;
  let added: number[];
  let changed: boolean;
  if (isTurnMail) {
    if (!haveCopy) throw new CliError(`${path}: no such file; a turn mail holds only the newest segments and is received into your copy of the game`);
    const local = await readLogFile(path, { lazy: true });
    const mail = readTurnMail(raw.toString('utf8'), mailFile);
    // two versions of one segment signed by one player are an equivocation, not "the copies differ"
    await checkTurnMail(local, mail, mailFile);
    ({ log: next, added } = applyTurnMail(local, gameIdOfLog(local), mail));
    changed = added.length > 0;
  } else {
    next = { ...openLog(logBytes(raw, mailFile), mailFile), file: path };
    const local = haveCopy ? await readLogFile(path) : null;
    const held = local?.segments.length ?? 0;
    added = next.segments.slice(held).map((_, i) => held + i + 1);
    // an older copy, another game's or a differing one is refused by writeLogFile, after verification
    changed = !local || compareCopies(local, next).kind !== 'same';
  }
  const side = key ? sideOfKey(next, key) : undefined;
  const v = await verifyForPlayer(o, next, key && side ? { viewer: { side, key } } : {});
  const target = logTarget(path);
  if (changed) await writeLogFile(target, next);
  return { target, added, changed, verified: v, log: next, whoseMove: whoseMoveLine(v, side) };
}

export function printReceived(o: Output, r: ReceivedMail): void {
  const v = r.verified;
  o.out(r.whoseMove);
  if (!r.changed) { o.out(`nothing new: ${r.target} already holds every segment in this mail; nothing was written`); return; }
  for (const seq of r.added) {
    const b = r.log.segments[seq - 1]!.body;
    o.out(`— segment ${seq} by ${playerName(v, b.author)} (${sideName(v, b.author)})`);
    for (const ev of (b.resolutions ?? []) as GameEvent[]) o.out(`  · ${describeEvent(ev)}`);
    for (const e of b.entries) {
      o.out(`  > ${e.command}${e.void ? '   (undone)' : ''}`);
      for (const ev of e.events as GameEvent[]) o.out(`      ${describeEvent(ev)}`);
    }
    const said = takebackText(b, v.takebacks);
    if (said) o.out(`  ${said}`);
  }
  const what = r.added.length ? `segment${r.added.length > 1 ? 's' : ''} ${r.added[0]}${r.added.length > 1 ? `-${r.added.at(-1)}` : ''}` : 'the whole log';
  o.out(`received ${what}, verified; wrote ${r.target}`);
}
