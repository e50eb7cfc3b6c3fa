// `hexpost module bundle <dir> -o <file>.hexmod`: a module folder as one checked, deterministic zip.
import type { Command } from 'commander';
import { ModuleError, formatIssue } from '../core/module/issue.js';
import { bundleFolder } from '../export/bundle.js';
import { writeFileAtomic } from '../log/atomic-write.js';
import { CliError, EXIT_INVALID, EXIT_USAGE } from './exit.js';
import { printJson, type Output } from './output.js';

export function registerModuleBundle(module: Command, o: Output): void {
  module.command('bundle')
    .description('pack a module folder into a .hexmod bundle (zip with a manifest of SHA-256 hashes)')
    .argument('<dir>', 'module folder')
    .requiredOption('-o, --out <file>', 'bundle to write (.hexmod)')
    .option('--json', 'machine-readable result')
    .action(async (dir: string, opts: { out: string; json?: boolean }) => {
      if (!opts.out.endsWith('.hexmod')) throw new CliError(`${opts.out}: a bundle's name must end in .hexmod`, EXIT_USAGE);
      try {
        const { bytes, manifest: m } = await bundleFolder(dir);
        await writeFileAtomic(opts.out, bytes);
        if (opts.json) printJson(o, { ok: true, file: opts.out, id: m.id, version: m.version, hash: m.hash, files: m.files.length });
        else o.out(`wrote ${opts.out} (${m.id} ${m.version}, hash ${m.hash}, ${m.files.length} files)`);
      } catch (e) {
        if (e instanceof ModuleError) {
          for (const i of e.issues) o.err(formatIssue(i));
          throw new CliError(`${dir}: invalid module (${e.issues.length} problems); nothing written`, EXIT_INVALID);
        }
        throw e;
      }
    });
}
