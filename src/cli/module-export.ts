// `hexpost module export <dir|.hexmod> --format vassal -o <file>.vmod`.
import { guardNotGameFile } from './log-io.js';
import type { Command } from 'commander';
import { loadModule } from '../export/load-module.js';
import { vassalModuleBytes } from '../export/vassal/vmod.js';
import { writeFileAtomic } from '../log/atomic-write.js';
import { ModuleError, formatIssue } from '../core/module/issue.js';
import { CliError, EXIT_INVALID, EXIT_USAGE } from './exit.js';
import { printJson, type Output } from './output.js';

export function registerModuleExport(module: Command, o: Output): void {
  module.command('export')
    .description('write a module in another program\'s format (VASSAL .vmod); lists what could not be mapped')
    .argument('<module>', 'module folder or .hexmod bundle')
    .requiredOption('--format <format>', 'vassal')
    .requiredOption('-o, --out <file>', 'file to write')
    .option('--json', 'machine-readable result')
    .action(async (path: string, opts: { format: string; out: string; json?: boolean }) => {
      if (opts.format !== 'vassal') throw new CliError(`--format ${opts.format}: only "vassal" is supported`, EXIT_USAGE);
      let m;
      try {
        m = await loadModule(path);
      } catch (e) {
        if (!(e instanceof ModuleError)) throw e;
        for (const i of e.issues) o.err(formatIssue(i));
        throw new CliError(`${path}: invalid module (${e.issues.length} problems); nothing written`, EXIT_INVALID);
      }
      const { bytes, notes, entries } = vassalModuleBytes(m.data, m.source);
      await guardNotGameFile(opts.out, 'a VASSAL module');
      await writeFileAtomic(opts.out, bytes);
      if (opts.json) { printJson(o, { ok: true, file: opts.out, format: 'vassal', entries: entries.length, notes }); return; }
      o.out(`wrote ${opts.out} (${entries.length} entries)`);
      for (const n of notes) o.out(`  note: ${n}`);
    });
}
