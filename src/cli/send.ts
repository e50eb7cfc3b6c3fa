// `hexpost send`: a turn mail — only the segments the opponent's copy lacks (his own last segment
// is in the log, so he holds everything up to it), with a subject line naming game, turn and phase.
import type { Command } from 'commander';
import type { LogFile } from '../log/log-file.js';
import { recipientsHold, writeTurnMail } from '../log/turn-mail.js';
import type { VerifiedLog } from '../log/verify.js';
import { CliError, EXIT_USAGE } from './exit.js';
import { isZip, loadKeyFile, readInput, readLogFile, sideOfKey, verifyForPlayer } from './log-io.js';
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
        const existing = await readInput(opts.out).catch(() => null);
        if (existing && isZip(existing)) throw new CliError(`${opts.out} is a zip (a log?), not a mail: it is not written over; nothing was written`);
        await writeFileAtomic(opts.out, mail.text);
      }
      if (opts.json) { printJson(o, { subject: mail.subject, from: mail.from, to: mail.to, bytes: Buffer.byteLength(mail.text), ...(opts.out ? { out: opts.out } : { text: mail.text }) }); return; }
      if (opts.out) o.out(`wrote ${opts.out}: segments ${mail.from}-${mail.to}, ${Buffer.byteLength(mail.text)} bytes\nSubject: ${mail.subject}`);
      else o.out(mail.text);
    });
}
