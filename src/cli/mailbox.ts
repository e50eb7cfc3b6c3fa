// Sending turn mails over SMTP (nodemailer) and picking them up over IMAP (ImapFlow), with errors
// that say which server refused what. The mail is plain text: the turn mail exactly as `send`
// prints it, its Subject line as the subject.
import { ImapFlow } from 'imapflow';
import { simpleParser } from 'mailparser';
import nodemailer from 'nodemailer';
import { CliError } from './exit.js';
import type { MailConfig, Server } from './mail-config.js';

/** How long a server may take to answer before the verb gives up. */
const TIMEOUT_MS = 20_000;

function smtpTransport(s: Server) {
  return nodemailer.createTransport({
    host: s.host, port: s.port, secure: s.security === 'tls',
    requireTLS: s.security === 'starttls', ignoreTLS: s.security === 'none',
    auth: { user: s.user, pass: s.password },
    connectionTimeout: TIMEOUT_MS, greetingTimeout: TIMEOUT_MS, socketTimeout: TIMEOUT_MS,
  });
}

function imapClient(s: Server): ImapFlow {
  return new ImapFlow({
    host: s.host, port: s.port, secure: s.security === 'tls', doSTARTTLS: s.security === 'starttls' ? true : s.security === 'none' ? false : undefined,
    auth: { user: s.user, pass: s.password }, logger: false,
    connectionTimeout: TIMEOUT_MS, greetingTimeout: TIMEOUT_MS, socketTimeout: TIMEOUT_MS,
  });
}

/** A failure of a mail server, in words: which server, what it refused, and what it said. */
export function mailError(kind: 'SMTP' | 'IMAP', s: Server, e: unknown): CliError {
  const err = e as { code?: string; command?: string; responseText?: string; response?: string; authenticationFailed?: boolean; message?: string };
  const where = `${kind} server ${s.host}:${s.port}`;
  const said = err.responseText ?? err.response;
  // nodemailer wraps socket errors (ESOCKET, EDNS): the cause is in the message
  const text = `${err.code ?? ''} ${err.message ?? ''}`;
  if (err.code === 'EAUTH' || err.authenticationFailed) return new CliError(`${where} refused the login of ${s.user}${said ? ` (${said.trim()})` : ''}: check the user and password (hexpost mail setup)`);
  if (/ECONNREFUSED/.test(text)) return new CliError(`${where}: connection refused (nothing answers on port ${s.port}: is the host and port right?)`);
  if (/ETIMEDOUT|ETIMEOUT|ECONNECTION|timed? ?out/i.test(text)) return new CliError(`${where}: no answer within ${TIMEOUT_MS / 1000} s (is the host and port right, or a firewall in the way?)`);
  if (/ENOTFOUND|EAI_AGAIN/.test(text)) return new CliError(`${where}: no such host (${s.host})`);
  if (err.command === 'STARTTLS' || /does not support STARTTLS/i.test(text)) {
    return new CliError(`${where} does not offer STARTTLS${said ? ` (${said.trim()})` : ''}: with --security starttls the password is never sent `
      + 'unencrypted; use --security tls if the port expects TLS at once (465, 993)');
  }
  if (/wrong version number|SSL routines|ERR_SSL|EPROTO/.test(text)) {
    return new CliError(`${where}: the TLS handshake failed (${s.security === 'tls' ? 'the port does not speak TLS at once: try --security starttls, or ports 465/993 for tls' : (err.message ?? '').trim()})`);
  }
  if (/certificate|CERT_|self.signed/i.test(text)) return new CliError(`${where}: its TLS certificate is not trusted (${(err.message ?? '').trim()}); nothing was sent`);
  if (err.code === 'EENVELOPE' || err.code === 'EMESSAGE') return new CliError(`${where} refused the message${said ? `: ${said.trim()}` : ''}`);
  return new CliError(`${where}: ${said?.trim() ?? err.message?.trim() ?? String(e)}`);
}

/** Logs in to both servers and leaves (what `mail setup` checks). */
export async function checkMailbox(c: MailConfig): Promise<void> {
  const t = smtpTransport(c.smtp);
  try { await t.verify(); } catch (e) { throw mailError('SMTP', c.smtp, e); } finally { t.close(); }
  const client = imapClient(c.imap);
  try {
    await client.connect();
    await client.mailboxOpen(c.mailbox, { readOnly: true }).catch((e: unknown) => { throw new CliError(`IMAP server ${c.imap.host}:${c.imap.port}: no folder ${JSON.stringify(c.mailbox)} (${(e as Error).message})`); });
  } catch (e) {
    throw e instanceof CliError ? e : mailError('IMAP', c.imap, e);
  } finally {
    await client.logout().catch(() => undefined);
  }
}

export async function sendMail(c: MailConfig, to: string[], subject: string, text: string): Promise<string> {
  const t = smtpTransport(c.smtp);
  try {
    const r = await t.sendMail({ from: c.address, to, subject, text, headers: { 'X-Hexpost': 'turn mail' } });
    return r.messageId;
  } catch (e) {
    throw mailError('SMTP', c.smtp, e);
  } finally {
    t.close();
  }
}

export interface FoundMail { uid: number; subject: string; from: string; text: string }

/**
 * The unread messages of the mailbox whose text holds a turn mail (or an armored log) of this game,
 * oldest first. `onEach` receives each in turn; the message is marked read when it returns true.
 */
export async function pickUp(c: MailConfig, gameId: string, onEach: (m: FoundMail) => Promise<boolean>): Promise<number> {
  const client = imapClient(c.imap);
  let handled = 0;
  // a mail refused on receipt stops the pick-up and stays unread; its error is the receiver's own
  let refused: { error: unknown } | null = null;
  try {
    await client.connect();
    const lock = await client.getMailboxLock(c.mailbox);
    try {
      const uids = (await client.search({ seen: false }, { uid: true })) || [];
      for (const uid of [...uids].sort((a, b) => a - b)) {
        const m = await client.fetchOne(String(uid), { source: true }, { uid: true });
        if (!m || !m.source) continue;
        const parsed = await simpleParser(m.source);
        const text = parsed.text ?? '';
        if (!/-----BEGIN HEXPOST (TURN|LOG)-----/.test(text) || !text.toLowerCase().includes(`game: ${gameId}`)) continue;
        const found: FoundMail = { uid, subject: parsed.subject ?? '', from: parsed.from?.text ?? '', text };
        let take: boolean;
        try {
          take = await onEach(found);
        } catch (error) {
          refused = { error };
          break;
        }
        if (take) {
          await client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
          handled++;
        }
      }
    } finally {
      lock.release();
    }
  } catch (e) {
    throw e instanceof CliError ? e : mailError('IMAP', c.imap, e);
  } finally {
    await client.logout().catch(() => undefined);
  }
  if (refused) throw refused.error;
  return handled;
}
