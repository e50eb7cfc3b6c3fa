// `hexpost verify-proof`: checks an equivocation proof (docs/log-format.md, "Equivocation
// proofs") with nothing but the file: exit 0 when it proves that one player signed two different
// bodies of one segment, exit 1 with the reason otherwise.
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { HexlogError } from '../log/errors.js';
import { formatFingerprint } from '../log/keys.js';
import { checkProof, type Equivocation } from '../log/proof.js';
import { CliError, EXIT_INVALID } from './exit.js';
import { printJson, type Output } from './output.js';

/** Largest proof file read: one genesis (the module's data) and two segments. */
const MAX_PROOF_FILE = 32 * 1024 * 1024;

/** The one-line statement a proof makes. */
export function equivocationStatement(p: Equivocation): string {
  return `segment ${p.seq} of game ${p.game}: two different bodies both signed by ${p.author} (${formatFingerprint(p.fingerprint)})`;
}

export function registerVerifyProofCommand(program: Command, o: Output): void {
  program.command('verify-proof')
    .description('check an equivocation proof: two different bodies of one segment signed by one player\'s pinned key')
    .argument('<file>', 'the proof (.hexproof), as `hexpost proof` writes it')
    .option('--json', 'machine-readable result: {"ok":true,"game","seq","author","fingerprint","hashes"} or {"ok":false,"error":"…"}')
    .addHelpText('after', '\nExit 0: the file proves the equivocation. Exit 1: it does not, and the message says why.\n'
      + 'Checked with the file alone: the setup pins the author\'s key and fixes the game id, both bodies name that game\n'
      + 'and the same segment, and both signatures are by that key. No rule of the game is replayed.')
    .action(async (path: string, opts: { json?: boolean }) => {
      try {
        const bytes = await readFile(path).catch((e: NodeJS.ErrnoException) => { throw new CliError(`${path}: cannot read (${e.code ?? e.message})`); });
        if (bytes.byteLength > MAX_PROOF_FILE) throw new CliError(`${path}: ${bytes.byteLength} bytes is larger than a proof may be (${MAX_PROOF_FILE})`);
        const p = await checkProof(new Uint8Array(bytes), path);
        if (opts.json) { printJson(o, { ok: true, ...p }); return; }
        o.out(equivocationStatement(p));
        o.out(`  body hashes ${p.hashes[0]} (a/) and ${p.hashes[1]} (b/)`);
      } catch (e) {
        if (!(e instanceof HexlogError) && !(e instanceof CliError)) throw e;
        if (opts.json) printJson(o, { ok: false, error: e.message });
        throw new CliError(`not a proof of equivocation: ${e.message}`, EXIT_INVALID);
      }
    });
}
