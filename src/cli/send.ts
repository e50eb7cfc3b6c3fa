// `hexpost send`: a turn mail — only the segments the opponent's copy lacks (his own last segment
// is in the log, so he holds everything up to it), with a subject line naming game, turn and phase.
import type { Command } from 'commander';
import { readFile } from 'node:fs/promises';
import { armorKinds } from '../log/armor.js';
import { openLog, type LogFile } from '../log/log-file.js';
import { readTurnMail, recipientsHold, writeTurnMail, type TurnMail } from '../log/turn-mail.js';
import type { VerifiedLog } from '../log/verify.js';
import { CliError, EXIT_USAGE } from './exit.js';
import { isZip, loadKeyFile, readLogFile, sideOfKey, verifyForPlayer } from './log-io.js';
import { printJson, type Output } from './output.js';
import { writeFileAtomic } from '../log/atomic-write.js';
import { placeText, sideName } from './whose-move.js';
import { readMailConfig } from './mail-config.js';

export interface TurnMailText {
  subject: string;
  /** the whole mail as `send` prints it: Subject line, blank line, a short note, the armored block */
  text: string;
  from: number;
  to: number;
  sender: string;
}

/** The subject: "Hexpost: Paths of Glory 5c0d1e2f — turn 3, action round 3: Allied Powers (segments 7-8, Central Powers)". */
export function turnMailSubject(v: VerifiedLog, from: number, to: number, sender: string): string {
  const range = from === to ? `segment ${from}` : `segments ${from}-${to}`;
  return `Hexpost: ${v.module.title} ${v.gameId!.slice(0, 8)} — ${placeText(v, v.state)} (${range}, ${sideName(v, sender)})`;
}

/** The turn mail of a verified log from `sender`, holding the segments after `since` (default: what the others lack). */
export function turnMailOf(v: VerifiedLog, sender: string, since?: number): TurnMailText {
  const log = v.log;
  const after = since ?? recipientsHold(log, sender, v.module.sides.map((s) => s.id));
  const mail = writeTurnMail(log, v.gameId!, after);
  const subject = turnMailSubject(v, mail.from, mail.to, sender);
  const note = `Turn mail for ${v.module.title}, game ${v.gameId!.slice(0, 16)}…: segments ${mail.from}-${mail.to}.\n`
    + 'Receive it with: hexpost receive <your log> <this mail> (the whole mail, quoted or not, may be pasted).\n';
  return { subject, text: `Subject: ${subject}\n\n${note}\n${mail.text}`, from: mail.from, to: mail.to, sender };
}

/** The side sending: the key's, else the author of the last segment. */
export function senderOf(log: LogFile, side: string | undefined): string {
  if (side) return side;
  const last = log.segments.at(-1);
  if (!last) throw new CliError(`${log.file}: no segment yet, nothing to send; give --key to say who you are`, EXIT_USAGE);
  return last.body.author;
}

/**
 * Throws unless the turn mail may be written at `path` (docs/turn-mail.md, "Copies that cannot
 * hurt"): nothing there (or an empty file), or a turn mail of this game by the same sender that
 * ends no later than this one and agrees with the log — what an earlier `send` wrote. Never over a
 * log, e-mail text, a mail received from the opponent, another game's mail or a newer one.
 */
export async function guardMailTarget(path: string, v: VerifiedLog, mail: TurnMailText): Promise<void> {
  const existing = await readFile(path).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return null;
    throw new CliError(`${path}: cannot read the file to be replaced (${e.code ?? e.message}); nothing was written`);
  });
  if (!existing || existing.toString('utf8').trim() === '') return;
  const refuse = (why: string): never => {
    throw new CliError(`${path} ${why}: the turn mail is not written over it; nothing was written`);
  };
  if (isZip(existing)) {
    let log = false;
    try { openLog(new Uint8Array(existing), path); log = true; } catch { /* another zip */ }
    refuse(log ? 'holds a Hexpost game log' : 'is a zip file, not a turn mail');
  }
  const text = existing.toString('utf8');
  const kinds = armorKinds(text);
  if (kinds.includes('LOG')) refuse('holds e-mail text (an armored log)');
  if (!kinds.includes('TURN')) refuse('exists and is not a turn mail (no HEXPOST TURN block)');
  let old: TurnMail;
  try {
    old = readTurnMail(text, path);
  } catch (e) {
    return refuse(`holds a turn mail that cannot be read (${(e as Error).message})`);
  }
  const range = (from: number, to: number) => (from === to ? `segment ${from}` : `segments ${from}-${to}`);
  const oldTo = old.after.seq + old.segments.length;
  const oldRange = range(old.after.seq + 1, oldTo);
  if (old.game !== v.gameId) {
    refuse(`holds a turn mail of another game (${old.game.slice(0, 16)}…), `
      + `not of this one (${v.gameId!.slice(0, 16)}…)`);
  }
  const author = old.segments.at(-1)!.body.author;
  if (author !== mail.sender) refuse(`holds a turn mail from ${sideName(v, author)} (${oldRange}), not one you sent`);
  if (oldTo > mail.to) {
    refuse(`holds a newer turn mail of this game (${oldRange}) than this one (${range(mail.from, mail.to)}): `
      + `your log is older than the copy that sent it (segment ${mail.to} of ${oldTo})`);
  }
  old.segments.forEach((s, i) => {
    const seq = old.after.seq + 1 + i;
    const mine = v.log.segments[seq - 1];
    if (mine?.hash !== s.hash) refuse(`holds a turn mail whose segment ${seq} differs from your log's`);
  });
}

export function registerSendCommand(program: Command, o: Output): void {
  program.command('send')
    .description('write a turn mail: only the segments your opponent\'s copy lacks, with a subject line')
    .argument('<log>', 'the game log')
    .option('--key <file>', 'your private key (says which side you are; default: the author of the last segment)')
    .option('--since <seq>', 'send the segments after <seq> (default: after the opponent\'s own last segment)', (x) => Number.parseInt(x, 10))
    .option('-o, --out <file>', 'write the mail to a file instead of standard output')
    .option('--mail', 'send it over SMTP (hexpost mail setup) to the opponents\' key addresses')
    .option('--to <address...>', 'with --mail: the addresses instead of those of the opponents\' keys')
    .option('--passphrase-env <var>', 'environment variable holding your key\'s passphrase')
    .option('--json', 'machine-readable result: {subject, text, from, to}')
    .action(async (path: string, opts: { key?: string; since?: number; out?: string; mail?: boolean; to?: string[]; passphraseEnv?: string; json?: boolean }) => {
      const log = await readLogFile(path, { lazy: true });
      if (log.acceptances.length + 1 !== log.genesis.body.players.length) {
        throw new CliError(`${path}: the game has not started (waiting for every player to join): send the whole log (hexpost armor)`);
      }
      const key = opts.key ? await loadKeyFile(opts.key, opts.passphraseEnv) : undefined;
      const side = key ? sideOfKey(log, key) : undefined;
      const v = await verifyForPlayer(o, log, key && side ? { viewer: { side, key } } : {});
      const mail = turnMailOf(v, senderOf(log, side), opts.since);
      if (opts.mail) {
        const config = await readMailConfig();
        const to = opts.to ?? v.module.sides.map((s) => s.id).filter((s) => s !== mail.sender).map((s) => {
          const address = v.keys.get(s)?.users.find((u) => u.userID?.email)?.userID?.email;
          if (!address) throw new CliError(`the key pinned for ${s} has no e-mail address: give --to`, EXIT_USAGE);
          return address;
        });
        // the mail libraries load only when mail is sent
        const { sendMail } = await import('./mailbox.js');
        const id = await sendMail(config, to, mail.subject, mail.text.slice(mail.text.indexOf('\n\n') + 2));
        if (opts.json) { printJson(o, { subject: mail.subject, from: mail.from, to: mail.to, bytes: Buffer.byteLength(mail.text), sentTo: to, messageId: id }); return; }
        o.out(`sent segments ${mail.from}-${mail.to} to ${to.join(', ')} (${Buffer.byteLength(mail.text)} bytes)\nSubject: ${mail.subject}`);
        return;
      }
      if (opts.out) {
        await guardMailTarget(opts.out, v, mail);
        await writeFileAtomic(opts.out, mail.text);
      }
      if (opts.json) { printJson(o, { subject: mail.subject, from: mail.from, to: mail.to, bytes: Buffer.byteLength(mail.text), ...(opts.out ? { out: opts.out } : { text: mail.text }) }); return; }
      if (opts.out) o.out(`wrote ${opts.out}: segments ${mail.from}-${mail.to}, ${Buffer.byteLength(mail.text)} bytes\nSubject: ${mail.subject}`);
      else o.out(mail.text);
    });
}
