// `hexpost proof`: writes the proof that a player signed two versions of one segment, from a log
// and the copy of the game this tool has seen (or a second log), so that anyone can check it with
// `hexpost verify-proof` or with gpg alone (docs/log-format.md, "Equivocation proofs").
import { stat } from 'node:fs/promises';
import type { Command } from 'commander';
import { writeFileAtomic } from '../log/atomic-write.js';
import { armorKinds } from '../log/armor.js';
import { findEquivocation, gameIdOfLog, seenCopy, seenCopyPath, type FoundEquivocation } from '../log/fork-memory.js';
import type { LogFile } from '../log/log-file.js';
import { buildProof, checkProof } from '../log/proof.js';
import { readTurnMail } from '../log/turn-mail.js';
import { CliError } from './exit.js';
import { mailAsLog, mailEquivocation } from './fork-report.js';
import { isZip, readInput, readLogFile } from './log-io.js';
import { printJson, type Output } from './output.js';
import { equivocationStatement } from './verify-proof.js';

export function registerProofCommand(program: Command, o: Output): void {
  program.command('proof')
    .description('write the proof that a player signed two versions of one segment (equivocation)')
    .argument('<log>', 'a log holding one version')
    .argument('[other]', 'a log or a turn mail holding the other version (default: the copy of this game your tool has seen)')
    .requiredOption('-o, --out <file>', 'the proof file to write (.hexproof); never overwritten')
    .option('--json', 'machine-readable result: {"proof","game","seq","author","fingerprint","hashes"}')
    .addHelpText('after', '\nThe first segment where the two logs hold different bodies by the same author is proved. Exit 1, and\n'
      + 'nothing written, when no player signed two versions (a dropped segment, an older copy, nothing different).\n'
      + 'Check the file with `hexpost verify-proof <file>`, or with gpg alone (docs/log-format.md).')
    .action(async (path: string, otherPath: string | undefined, opts: { out: string; json?: boolean }) => {
      if (await stat(opts.out).then(() => true, () => false)) throw new CliError(`${opts.out} exists; a proof is never written over a file`);
      const log = await readLogFile(path);
      const gameId = gameIdOfLog(log);
      if (!gameId) throw new CliError(`${path}: a proposal that not every player has accepted holds no segment to prove anything with`);
      let other: LogFile | null;
      let from: string;
      const raw = otherPath ? await readInput(otherPath, 'the other version') : null;
      if (otherPath && raw && !isZip(raw) && armorKinds(raw.toString('utf8')).includes('TURN')) {
        // a turn mail: the other version is the log the mail tells of (this copy, then the mail's segments)
        const mail = readTurnMail(raw.toString('utf8'), otherPath);
        if (mail.game !== gameId) throw new CliError(`${otherPath}: a turn mail of another game than ${path} (game ${gameId})`);
        other = mailAsLog(log, mail, otherPath);
        from = otherPath;
        const found = await mailEquivocation(log, mail, otherPath);
        if (!found) throw new CliError(`${path}: ${nothingToProve(other, log, from)}: nothing to prove`);
        await writeProof(o, found, log, opts);
        return;
      }
      if (otherPath) {
        other = await readLogFile(otherPath);
        if (gameIdOfLog(other) !== gameId) throw new CliError(`${otherPath}: not a log of the same game as ${path} (game ${gameId})`);
        from = otherPath;
      } else {
        other = await seenCopy(gameId);
        from = `the copy you have seen (${seenCopyPath(gameId)})`;
        if (!other) {
          throw new CliError(`${path}: your tool keeps no copy of game ${gameId.slice(0, 16)}… to compare with; `
            + `name the log that holds the other version: hexpost proof ${path} <other log> -o ${opts.out}`);
        }
      }
      const found = await findEquivocation(other, log);
      if (!found) throw new CliError(`${path}: ${nothingToProve(other, log, from)}: nothing to prove`);
      await writeProof(o, found, log, opts);
    });
}

/** Builds the proof, checks it as verify-proof will, and writes it. */
async function writeProof(o: Output, found: FoundEquivocation, log: LogFile, opts: { out: string; json?: boolean }): Promise<void> {
  const { bytes, proof } = await buildProof(log, found.versions[0], found.versions[1], opts.out);
  await checkProof(bytes, opts.out);
  await writeFileAtomic(opts.out, bytes);
  if (opts.json) { printJson(o, { proof: opts.out, ...proof }); return; }
  o.out(equivocationStatement(proof));
  o.out(`  body hashes ${proof.hashes[0]} and ${proof.hashes[1]}`);
  o.out(`wrote ${opts.out} (${bytes.byteLength} bytes): anyone can check it with \`hexpost verify-proof ${opts.out}\`, `
    + 'or with gpg alone (docs/log-format.md)');
}

/** Why two logs of one game prove no equivocation. */
function nothingToProve(other: LogFile, log: LogFile, from: string): string {
  const bySeq = new Map(other.segments.map((s) => [s.name, s]));
  const diff = log.segments.find((s) => bySeq.has(s.name) && bySeq.get(s.name)!.hash !== s.hash);
  if (!diff) return `no segment differs from ${from} (this log has ${log.segments.length} segments, that one ${other.segments.length})`;
  const seen = bySeq.get(diff.name)!;
  return `segment ${diff.body.seq} differs from ${from}, but no player signed two versions of one segment `
    + `(there: by ${seen.body.author}, here: by ${diff.body.author}, or a signature fails)`;
}
