// The mailbox against real servers: Postfix (SMTP with AUTH) delivering to Dovecot (IMAP), both
// on 127.0.0.1, started here from the Debian packages .ci/run installs (tools/mail/servers.sh).
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/module-files.js';
import { twoPlayers, type Table } from '../helpers/cli.js';

const script = join(ROOT, 'tools', 'mail', 'servers.sh');
const have = spawnSync('sh', ['-c', 'command -v dovecot && command -v postfix']).status === 0;
const root = process.getuid?.() === 0;
if (!(have && root)) {
  // CI installs the packages (.ci/run) and runs as root: there, a missing server is a failure.
  if (process.env.CI) throw new Error('the mail servers are missing: .ci/run installs dovecot-imapd dovecot-lmtpd postfix');
  console.warn('test/cli/mailbox: dovecot/postfix absent (or not root), skipping the mail server tests (apt-get install dovecot-imapd dovecot-lmtpd postfix; CI installs them)');
}

interface Servers { smtp: { host: string; port: number }; imap: { host: string; port: number }; users: Record<'anna' | 'ben', { address: string; password: string }> }

describe.skipIf(!(have && root))('turn mails through real SMTP and IMAP servers', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hexpost-mail-servers-'));
  let servers: Servers;
  let t: Table;
  const setup = (side: string, who: 'anna' | 'ben', pass: string) => {
    process.env.HEXPOST_TEST_PASSWORD = pass;
    return t.run(side, 'mail', 'setup', '--address', servers.users[who].address, '--smtp', `${servers.smtp.host}:${servers.smtp.port}`,
      '--imap', `${servers.imap.host}:${servers.imap.port}`, '--security', 'none', '--password-env', 'HEXPOST_TEST_PASSWORD');
  };

  beforeAll(async () => {
    const up = spawnSync('bash', [script, 'start', dir], { encoding: 'utf8' });
    expect(up.status, `${up.stdout}${up.stderr}`).toBe(0);
    servers = JSON.parse(readFileSync(join(dir, 'servers.json'), 'utf8')) as Servers;
    t = await twoPlayers('skirmish', 'meeting', ['red', 'blue'], ['Anna', 'Ben'], [servers.users.anna.address, servers.users.ben.address]);
  }, 60_000);

  afterAll(() => {
    spawnSync('bash', [script, 'stop', dir]);
  });

  it('mail setup logs in, keeps the password in a 0600 file, and says clearly when the server refuses', async () => {
    const bad = await setup('red', 'anna', 'not-the-password');
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/SMTP server 127\.0\.0\.1:\d+ refused the login of anna@hexpost\.test \(535 .*\): check the user and password/);
    const ok = await setup('red', 'anna', servers.users.anna.password);
    expect(ok.code, ok.err).toBe(0);
    const file = join(t.dir, 'home-red', 'mail.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect((await setup('blue', 'ben', servers.users.ben.password)).code).toBe(0);
    const clear = await t.run('red', 'mail', 'setup', '--address', 'x@example.org', '--smtp', 'mail.example.org:25', '--imap', 'mail.example.org:143', '--security', 'none', '--password-env', 'HEXPOST_TEST_PASSWORD');
    expect(clear.code).toBe(2);
    expect(clear.err).toMatch(/would send your password in clear/);
  });

  it('says in words why a server cannot be used: nothing listening, no STARTTLS, no TLS on the port', async () => {
    process.env.HEXPOST_TEST_PASSWORD = servers.users.anna.password;
    const before = readFileSync(join(t.dir, 'home-red', 'mail.json'));
    const run = (smtp: number, security: string) => t.run('red', 'mail', 'setup', '--address', servers.users.anna.address,
      '--smtp', `127.0.0.1:${smtp}`, '--imap', `127.0.0.1:${servers.imap.port}`, '--security', security, '--password-env', 'HEXPOST_TEST_PASSWORD');
    const closed = await run(servers.smtp.port + 1, 'none');
    expect(closed.code).toBe(1);
    expect(closed.err).toMatch(new RegExp(`SMTP server 127\\.0\\.0\\.1:${servers.smtp.port + 1}: connection refused \\(nothing answers on port`));
    const starttls = await run(servers.smtp.port, 'starttls');
    expect(starttls.err).toMatch(/SMTP server 127\.0\.0\.1:\d+ does not offer STARTTLS \(502 .*\): with --security starttls the password is never sent unencrypted/);
    const tls = await run(servers.smtp.port, 'tls');
    expect(tls.err).toMatch(/SMTP server 127\.0\.0\.1:\d+: the TLS handshake failed \(the port does not speak TLS at once/);
    // the settings that worked stay
    expect(readFileSync(join(t.dir, 'home-red', 'mail.json')).equals(before)).toBe(true);
  });

  it('a file others can read is refused until its mode is fixed', async () => {
    const file = join(t.dir, 'home-blue', 'mail.json');
    chmodSync(file, 0o644);
    const r = await t.run('blue', 'inbox', t.log('blue'));
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/holds your mail password but others may read it \(mode 644\): chmod 600/);
    chmodSync(file, 0o600);
  });

  it('turns go out over SMTP and come in over IMAP, both ways, and the copies agree', async () => {
    // a mail of no game of ours waits in Ben's inbox: it is left alone
    const other = nodemailer.createTransport({ host: servers.smtp.host, port: servers.smtp.port, secure: false, ignoreTLS: true, auth: { user: servers.users.anna.address, pass: servers.users.anna.password } });
    await other.sendMail({ from: servers.users.anna.address, to: servers.users.ben.address, subject: 'lunch?', text: 'not a turn' });
    other.close();

    const t1 = await t.run('red', 'turn', t.log('red'), '--key', t.key('red'), '--script', t.file('red', 't1.txt', ['move red-1 0302', 'roll 2d6 "morale"', 'next', 'next']));
    expect(t1.code, t1.err).toBe(0);
    const sent = await t.run('red', 'send', t.log('red'), '--key', t.key('red'), '--mail');
    expect(sent.code, sent.err).toBe(0);
    expect(sent.out).toMatch(/sent segments 1-1 to ben@hexpost\.test/);
    const got = await pickUp('blue');
    expect(got.out).toMatch(/mail from .*anna@hexpost\.test.*: Hexpost: Skirmish .* — turn 1, blue movement \(segment 1, Red\)/);
    expect(got.out).toMatch(/your move \(Blue, turn 1, blue movement\)/);
    expect(got.out).toMatch(/received segment 1, verified/);
    expect(got.out).toMatch(/picked up 1 turn mail/);

    const t2 = await t.run('blue', 'turn', t.log('blue'), '--key', t.key('blue'), '--script', t.file('blue', 't2.txt', ['move blue-1 0807', 'next', 'next']));
    expect(t2.code, t2.err).toBe(0);
    expect((await t.run('blue', 'send', t.log('blue'), '--key', t.key('blue'), '--mail')).code).toBe(0);
    const back = await pickUp('red');
    expect(back.out).toMatch(/received segment 2, verified/);
    expect(readFileSync(t.log('red')).equals(readFileSync(t.log('blue')))).toBe(true);
    const none = await t.run('blue', 'inbox', t.log('blue'));
    expect(none.out).toMatch(/no unread turn mail for this game in INBOX/);
    expect(none.err).not.toMatch(/older/);
  });

  it('inbox on an older copy, with no mail waiting, says the copy is older than the one seen', async () => {
    const old = join(t.dir, 'blue', 'old.hexlog');
    copyFileSync(t.log('blue'), old);
    const t3 = await t.run('blue', 'turn', t.log('blue'), '--key', t.key('blue'), '--script', t.file('blue', 't3.txt', ['roll 1d6']), '--yes');
    expect(t3.code, t3.err).toBe(0);
    const r = await t.run('blue', 'inbox', old, '--key', t.key('blue'));
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/no unread turn mail for this game in INBOX/);
    expect(r.err).toMatch(/old\.hexlog: this copy is older than yours \(segment 2 of 3\); play on the newest copy \(one is kept at .*seen-[0-9a-f]{64}\.hexlog\)/);
  });

  /** Delivery takes a moment: ask until the mail is there. */
  async function pickUp(side: string) {
    for (let i = 0; i < 50; i++) {
      const r = await t.run(side, 'inbox', t.log(side), '--key', t.key(side));
      expect(r.code, r.err).toBe(0);
      if (!/no unread turn mail/.test(r.out)) return r;
      await new Promise((res) => setTimeout(res, 200));
    }
    throw new Error(`no turn mail reached ${side}`);
  }
});
