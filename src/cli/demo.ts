// `hexpost demo` (what `npm start` runs): validates and describes every bundled module.
// Once the log exists it plays a scripted exchange; see docs/cli.md.
import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { moduleHash } from '../core/module/assemble.js';
import { formatIssue } from '../core/module/issue.js';
import { moduleSummary } from '../core/module/summary.js';
import { readModule } from '../export/load-module.js';
import { CliError } from './exit.js';
import type { Output } from './output.js';

/** The repository's modules/ folder, found from this file (dist/src/cli or src/cli). */
export function bundledModulesDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    dir = dirname(dir);
    if (dir.endsWith('dist')) continue;
    return join(dir, 'modules');
  }
  return join(process.cwd(), 'modules');
}

export function registerDemo(program: Command, o: Output): void {
  program.command('demo')
    .description('the quick-start demo: checks and describes the bundled modules')
    .action(async () => {
      const root = bundledModulesDir();
      const ids = (await readdir(root, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name).sort();
      let bad = 0;
      for (const id of ids) {
        const m = await readModule(join(root, id));
        if (!m.assembled.data) {
          bad++;
          o.out(`✗ ${id}: ${m.issues.length} problems`);
          for (const i of m.issues.slice(0, 10)) o.out(`    ${formatIssue(i)}`);
          continue;
        }
        const s = moduleSummary(m.assembled.data, moduleHash(m.assembled.raw));
        o.out(`✓ ${s.id} ${s.version} — ${s.title}`);
        o.out(`    ${s.counts.hexes + s.counts.spaces} locations, ${s.counts.pieces} pieces, ${s.counts.cards} cards, ${s.counts.procedures} procedures; hash ${s.hash.slice(0, 16)}…`);
      }
      if (bad) throw new CliError(`${bad} module(s) invalid`);
    });
}
