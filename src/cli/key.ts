// `hexpost key new|public`: a player's OpenPGP key (v4 Ed25519, GnuPG can import it).
import { readFile, writeFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { loadPublicKey, newKey } from '../log/keys.js';
import { writeFileAtomic } from '../log/atomic-write.js';
import { CliError, EXIT_USAGE } from './exit.js';
import { printJson, type Output } from './output.js';

export function registerKeyCommands(program: Command, o: Output): void {
  const key = program.command('key').description('make and show player keys');

  key.command('new')
    .description('make a v4 Ed25519 key; writes the private key to <file> and the public key to <file>.pub')
    .requiredOption('--name <name>', 'the player\'s name')
    .requiredOption('--email <email>', 'the player\'s e-mail address')
    .requiredOption('-o, --out <file>', 'private key file to write (armored)')
    .option('--passphrase-env <var>', 'protect the key with the passphrase in this environment variable')
    .option('--json', 'machine-readable result')
    .action(async (opts: { name: string; email: string; out: string; passphraseEnv?: string; json?: boolean }) => {
      let passphrase: string | undefined;
      if (opts.passphraseEnv) {
        passphrase = process.env[opts.passphraseEnv];
        if (!passphrase) throw new CliError(`--passphrase-env ${opts.passphraseEnv}: that environment variable is empty or not set`, EXIT_USAGE);
      }
      const exists = await readFile(opts.out).then(() => true, () => false);
      if (exists) throw new CliError(`${opts.out} exists; a key is never overwritten (choose another file)`);
      const k = await newKey({ name: opts.name, email: opts.email, passphrase });
      await writeFileAtomic(opts.out, k.privateKey, { mode: 0o600 });
      await writeFile(`${opts.out}.pub`, k.publicKey);
      if (opts.json) { printJson(o, { fingerprint: k.fingerprint, privateKey: opts.out, publicKey: `${opts.out}.pub` }); return; }
      o.out(`fingerprint ${k.fingerprint}`);
      o.out(`private key ${opts.out}${passphrase ? ' (passphrase protected)' : ''} — keep it to yourself`);
      o.out(`public key  ${opts.out}.pub — send it to your opponent`);
    });

  key.command('public')
    .description('print the armored public key of a key file (private or public)')
    .argument('<file>', 'key file')
    .action(async (file: string) => {
      const text = await readFile(file, 'utf8').catch((e: NodeJS.ErrnoException) => { throw new CliError(`${file}: cannot read (${e.code ?? e.message})`); });
      o.out((await loadPublicKey(text, { file })).armor());
    });
}
