// `hexpost module import <file.vmod> -o modules/<id> [--like <module>] [--connections <file>] [--json]`:
// a VASSAL module as a Hexpost module folder, with import-report.md beside it (docs/vassal-import.md).
// Refuses to write into a folder that already holds a module.
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Command } from 'commander';
import { ModuleError, formatIssue } from '../core/module/issue.js';
import { loadModule } from '../export/load-module.js';
import { ImportError, importVassalModule } from '../export/vassal-import/import-module.js';
import type { Connection } from '../export/vassal-import/like-module.js';
import { writeFileAtomic } from '../log/atomic-write.js';
import { CliError, EXIT_INVALID, EXIT_USAGE } from './exit.js';
import { printJson, type Output } from './output.js';

export function registerModuleImport(module: Command, o: Output): void {
  module.command('import')
    .description('write a Hexpost module from a VASSAL module (.vmod), with a report of everything that did not map')
    .argument('<vmod>', 'the VASSAL module')
    .requiredOption('-o, --out <dir>', 'module folder to write (must not hold a module yet)')
    .option('--id <id>', 'module id (default: from the module\'s name)')
    .option('--like <module>', 'a Hexpost module of the same game: spaces matched by name give connections; sides, sequence and rules come from it')
    .option('--connections <file>', 'JSON list of connections by space name: [{"a": "Paris", "b": "Sedan"}]')
    .option('--json', 'machine-readable result')
    .action(async (path: string, opts: { out: string; id?: string; like?: string; connections?: string; json?: boolean }) => {
      if (existsSync(join(opts.out, 'module.json'))) throw new CliError(`${opts.out}: already holds a module (module.json); nothing written`, EXIT_USAGE);
      let bytes: Buffer;
      try { bytes = await readFile(path); } catch (e) { throw new CliError(`${path}: cannot read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`); }
      let like;
      if (opts.like) {
        try { like = (await loadModule(opts.like)).data; } catch (e) {
          if (!(e instanceof ModuleError)) throw e;
          for (const i of e.issues) o.err(formatIssue(i));
          throw new CliError(`${opts.like}: invalid module; nothing written`, EXIT_INVALID);
        }
      }
      let connections: Connection[] | undefined;
      if (opts.connections) {
        try {
          connections = JSON.parse(await readFile(opts.connections, 'utf8')) as Connection[];
          if (!Array.isArray(connections) || connections.some((c) => typeof c?.a !== 'string' || typeof c?.b !== 'string')) throw new Error('expected a list of {"a": name, "b": name}');
        } catch (e) { throw new CliError(`${opts.connections}: ${(e as Error).message}`, EXIT_USAGE); }
      }
      let r;
      try { r = await importVassalModule(new Uint8Array(bytes), path, { id: opts.id, like, connections }); } catch (e) {
        if (e instanceof ImportError) {
          if (e.report) {
            // nothing importable, but what was found is worth reading
            await mkdir(opts.out, { recursive: true });
            await writeFileAtomic(join(opts.out, 'import-report.md'), e.report.markdown(e.title ?? basename(path), basename(path)));
            o.err(`the report of what was found: ${join(opts.out, 'import-report.md')}`);
          }
          throw new CliError(e.message, EXIT_INVALID);
        }
        throw e;
      }
      for (const [name, content] of r.files) {
        const full = join(opts.out, name);
        await mkdir(dirname(full), { recursive: true });
        await writeFileAtomic(full, content);
      }
      const reportFile = join(opts.out, 'import-report.md');
      await writeFileAtomic(reportFile, r.report.markdown(r.data.title, basename(path)));
      if (opts.json) { printJson(o, { ok: true, module: r.data.id, dir: opts.out, mapped: r.report.mapped, unmapped: r.report.items }); return; }
      o.out(`wrote ${opts.out} (${r.data.id}: ${r.report.mapped[0]})`);
      o.out(`${r.report.items.reduce((t, i) => t + i.count, 0)} things did not map (${r.report.items.length} kinds): see ${reportFile}`);
    });
}
