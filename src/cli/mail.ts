// `hexpost mail setup` and `hexpost inbox`: the player's mailbox. Setup stores the SMTP and IMAP
// settings (password included) in the state folder, mode 0600, after logging in to both; inbox
// picks up the unread turn mails of a game over IMAP and receives each into the local copy.
import { createInterface } from 'node:readline';
import type { Command } from 'commander';
import { gameIdOf } from '../core/protocol/game-id.js';
import { CliError, EXIT_USAGE } from './exit.js';
import { olderCopyNote } from './fork-report.js';
import { loadKeyFile, readLogFile } from './log-io.js';
import { isLoopback, mailConfigPath, readMailConfig, SECURITIES, writeMailConfig, type MailConfig, type Security } from './mail-config.js';
import { printJson, type Output } from './output.js';
import { printReceived, receiveInto } from './receive.js';

function hostPort(what: string, text: string): { host: string; port: number } {
  const m = /^(\[[^\]]+\]|[^:\s]+):(\d{1,5})$/.exec(text);
  const port = m ? Number(m[2]) : NaN;
  if (!m || port < 1 || port > 65535) throw new CliError(`--${what} ${text}: expected <host>:<port>, e.g. mail.example.org:587`, EXIT_USAGE);
  return { host: m[1]!.replace(/^\[|\]$/g, ''), port };
}

/** The password: from the named environment variable, or typed at the terminal (not echoed). */
async function password(env: string | undefined): Promise<string> {
  if (env !== undefined) {
    const v = process.env[env];
    if (v === undefined || v === '') throw new CliError(`--password-env ${env}: that environment variable is not set`, EXIT_USAGE);
    return v;
  }
  if (!process.stdin.isTTY) throw new CliError('no terminal to type the password at: give --password-env <var>', EXIT_USAGE);
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const muted = rl as unknown as { _writeToOutput: (s: string) => void };
  process.stdout.write('mail password: ');
  muted._writeToOutput = () => undefined;
  try {
    return await new Promise<string>((resolve) => rl.question('', resolve));
  } finally {
    rl.close();
    process.stdout.write('\n');
  }
}

export function registerMailCommands(program: Command, o: Output): void {
  const mail = program.command('mail').description('your mailbox: send turn mails over SMTP, pick them up over IMAP');

  mail.command('setup')
    .description('store your SMTP and IMAP settings (mode 0600 in your state folder) after logging in to both')
    .requiredOption('--address <address>', 'your e-mail address (From of your turn mails)')
    .requiredOption('--smtp <host:port>', 'the server that sends your mail (587 with starttls, 465 with tls)')
    .requiredOption('--imap <host:port>', 'the server that holds your mailbox (143 with starttls, 993 with tls)')
    .option('--security <kind>', `tls, starttls or none (none: only for a server on this machine)`, 'starttls')
    .option('--user <name>', 'login name on both servers (default: the address)')
    .option('--password-env <var>', 'environment variable holding the password (else it is asked for)')
    .option('--mailbox <folder>', 'the IMAP folder turn mails arrive in', 'INBOX')
    .option('--no-check', 'store without logging in to the servers')
    .option('--json', 'machine-readable result')
    .action(async (opts: { address: string; smtp: string; imap: string; security: string; user?: string; passwordEnv?: string; mailbox: string; check: boolean; json?: boolean }) => {
      if (!SECURITIES.includes(opts.security as Security)) throw new CliError(`--security ${opts.security}: expected ${SECURITIES.join(', ')}`, EXIT_USAGE);
      const security = opts.security as Security;
      const smtp = hostPort('smtp', opts.smtp), imap = hostPort('imap', opts.imap);
      if (security === 'none' && !(isLoopback(smtp.host) && isLoopback(imap.host))) {
        throw new CliError('--security none would send your password in clear over the network: only for a server on this machine (127.0.0.1, localhost)', EXIT_USAGE);
      }
      const user = opts.user ?? opts.address;
      const pass = await password(opts.passwordEnv);
      const c: MailConfig = {
        address: opts.address, mailbox: opts.mailbox,
        smtp: { ...smtp, security, user, password: pass }, imap: { ...imap, security, user, password: pass },
      };
      if (opts.check) await (await import('./mailbox.js')).checkMailbox(c);
      await writeMailConfig(c);
      if (opts.json) { printJson(o, { file: mailConfigPath(), address: c.address, checked: opts.check }); return; }
      o.out(`${opts.check ? 'logged in to both servers; ' : ''}wrote ${mailConfigPath()} (mode 0600: your password is kept there only)`);
    });

  program.command('inbox')
    .description('pick up the unread turn mails of this game from your mailbox (IMAP) and receive each into your copy')
    .argument('<log>', 'your copy of the game')
    .option('--key <file>', 'your private key (verifies as you)')
    .option('--passphrase-env <var>', 'environment variable holding your key\'s passphrase')
    .action(async (path: string, opts: { key?: string; passphraseEnv?: string }) => {
      const c = await readMailConfig();
      const local = await readLogFile(path);
      if (local.acceptances.length + 1 !== local.genesis.body.players.length) throw new CliError(`${path}: the game has not started; nothing to pick up`);
      const gameId = gameIdOf(local.genesis.hash, Object.fromEntries(local.acceptances.map((a) => [a.body.side, a.hash])));
      const key = opts.key ? await loadKeyFile(opts.key, opts.passphraseEnv) : undefined;
      const { pickUp } = await import('./mailbox.js');
      const n = await pickUp(c, gameId, async (m) => {
        o.out(`mail from ${m.from}: ${m.subject}`);
        printReceived(o, await receiveInto(o, path, Buffer.from(m.text, 'utf8'), `${c.mailbox} message ${m.uid}`, key));
        return true;
      });
      o.out(n ? `picked up ${n} turn mail${n > 1 ? 's' : ''} (marked read)` : `no unread turn mail for this game in ${c.mailbox}`);
      // nothing came, but the copy may be behind one this tool has seen (a received mail says so itself)
      const older = n ? null : await olderCopyNote(local);
      if (older) o.err(`hexpost: note: ${older}`);
    });
}
