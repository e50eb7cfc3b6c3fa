// `hexpost module validate|info|schema`: check a module, describe it, publish its JSON Schema.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Command } from 'commander';
import { moduleHash } from '../core/module/assemble.js';
import { formatIssue } from '../core/module/issue.js';
import { moduleSummary } from '../core/module/summary.js';
import { jsonSchemas } from '../core/module/json-schema.js';
import { readModule } from '../export/load-module.js';
import { CliError, EXIT_INVALID } from './exit.js';
import { printJson, type Output } from './output.js';
import { registerModuleBundle } from './module-bundle.js';
import { registerModuleExport } from './module-export.js';
import { registerModuleImport } from './module-import.js';

export function registerModuleCommands(program: Command, o: Output): void {
  const module = program.command('module').description('check, describe and publish game modules');

  module.command('validate')
    .description('check a module folder or .hexmod bundle; lists every problem as file: json.path: message')
    .argument('<module>', 'module folder or .hexmod bundle')
    .option('--json', 'machine-readable result')
    .action(async (path: string, opts: { json?: boolean }) => {
      const m = await readModule(path);
      if (opts.json) {
        printJson(o, { ok: m.issues.length === 0, issues: m.issues });
      } else if (m.issues.length === 0) {
        o.out(`${path}: valid (${m.assembled.data!.id} ${m.assembled.data!.version}, hash ${moduleHash(m.assembled.raw)})`);
      } else {
        for (const issue of m.issues) o.out(formatIssue(issue));
        o.err(`${m.issues.length} problem${m.issues.length === 1 ? '' : 's'} in ${path}`);
      }
      if (m.issues.length) throw new CliError('', EXIT_INVALID);
    });

  module.command('info')
    .description('id, version, content hash and counts of a module')
    .argument('<module>', 'module folder or .hexmod bundle')
    .option('--json', 'machine-readable result')
    .action(async (path: string, opts: { json?: boolean }) => {
      const m = await readModule(path);
      if (!m.assembled.data) {
        for (const issue of m.issues) o.err(formatIssue(issue));
        throw new CliError(`${path}: invalid module (${m.issues.length} problems; see \`hexpost module validate\`)`);
      }
      const summary = moduleSummary(m.assembled.data, moduleHash(m.assembled.raw));
      if (opts.json) { printJson(o, summary); return; }
      o.out(`${summary.title}`);
      o.out(`  id ${summary.id}  version ${summary.version}`);
      o.out(`  hash ${summary.hash}`);
      o.out(`  sides ${summary.sides.join(', ')}`);
      const c = summary.counts;
      o.out(`  boards ${c.boards}, hexes ${c.hexes}, spaces ${c.spaces}, piece types ${c.pieceTypes}, pieces ${c.pieces}, markers ${c.markerTypes}`);
      o.out(`  decks ${c.decks} (${c.cards} cards), tables ${c.tables}, procedures ${c.procedures}, tracks ${c.tracks}, boxes ${c.boxes}`);
      o.out(`  turns ${summary.turns[0]}–${summary.turns[1]}, ${c.phases} phases; scenarios ${summary.scenarios.join(', ')}`);
    });

  registerModuleBundle(module, o);
  registerModuleExport(module, o);
  registerModuleImport(module, o);

  module.command('schema')
    .description('write the JSON Schema of every module file kind, for editors to complete module files')
    .requiredOption('-o, --out <dir>', 'folder to write <kind>.schema.json into')
    .action(async (opts: { out: string }) => {
      await mkdir(opts.out, { recursive: true });
      for (const [kind, schema] of Object.entries(jsonSchemas())) {
        await writeFile(join(opts.out, `${kind}.schema.json`), `${JSON.stringify(schema, null, 2)}\n`);
      }
      o.out(`wrote ${Object.keys(jsonSchemas()).length} schemas to ${opts.out}`);
    });
}
