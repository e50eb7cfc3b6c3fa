// The player's mailbox settings (`hexpost mail setup`): SMTP to send turn mails, IMAP to pick them
// up. Kept in the state folder as mail.json, mode 0600 in a 0700 folder: the password is there and
// nowhere else, and a file others can read is refused until its mode is fixed.
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { hexpostHome, readState, writeState } from '../log/home.js';
import type { Json } from '../log/json.js';
import { CliError } from './exit.js';

export type Security = 'tls' | 'starttls' | 'none';
export const SECURITIES: readonly Security[] = ['tls', 'starttls', 'none'];

export interface Server { host: string; port: number; security: Security; user: string; password: string }

export interface MailConfig {
  /** the player's own address: From of his turn mails */
  address: string;
  smtp: Server;
  imap: Server;
  /** the IMAP folder turn mails arrive in */
  mailbox: string;
}

export const MAIL_FILE = 'mail.json';

export function mailConfigPath(home = hexpostHome()): string {
  return join(home, MAIL_FILE);
}

/** Only a server on this machine may be reached without TLS (the password would travel in clear). */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

export async function writeMailConfig(c: MailConfig, home = hexpostHome()): Promise<void> {
  await writeState(MAIL_FILE, c as unknown as Json, home);
}

export async function readMailConfig(home = hexpostHome()): Promise<MailConfig> {
  const path = mailConfigPath(home);
  const st = await stat(path).catch(() => null);
  if (!st) throw new CliError(`${path}: no mailbox set up (hexpost mail setup)`);
  if ((st.mode & 0o077) !== 0) {
    throw new CliError(`${path}: holds your mail password but others may read it (mode ${(st.mode & 0o777).toString(8)}): chmod 600 ${path}`);
  }
  const c = (await readState(MAIL_FILE, home)) as unknown as MailConfig;
  const bad = (what: string) => new CliError(`${path}: ${what} (run hexpost mail setup again)`);
  if (typeof c?.address !== 'string' || typeof c.mailbox !== 'string') throw bad('address or mailbox missing');
  for (const k of ['smtp', 'imap'] as const) {
    const s = c[k];
    if (!s || typeof s.host !== 'string' || !Number.isInteger(s.port) || !SECURITIES.includes(s.security) || typeof s.user !== 'string' || typeof s.password !== 'string') {
      throw bad(`${k}: expected {host, port, security, user, password}`);
    }
  }
  return c;
}
