// `hexpost export-vlog <game.hexlog> -o game.vlog [--module <dir|.hexmod>]`: the game as a VASSAL
// log, to step through in VASSAL with the module `hexpost module export --format vassal` writes.
// The log is verified first (every segment re-executed); a step per segment (docs/vassal-export.md).
import type { Command } from 'commander';
import type { GameEvent } from '../core/engine/events.js';
import { loadModule } from '../export/load-module.js';
import { vassalLogFile } from '../export/vassal/vlog.js';
import { writeFileAtomic } from '../log/atomic-write.js';
import { describeEvent } from './describe.js';
import { CliError, EXIT_INVALID } from './exit.js';
import { guardNotGameFile, readLogFile } from './log-io.js';
import { printJson, type Output } from './output.js';
import { verifySteps } from './replay.js';

/** Events told in the chat: dice, procedures, cards, notes (moves show on the map). */
const TOLD = new Set<GameEvent['type']>(['rolled', 'resolved', 'drew', 'shuffled', 'played', 'discarded', 'hand-revealed', 'cards-added', 'period-began', 'game-ended', 'noted', 'undone']);

export function registerExportVlogCommand(program: Command, o: Output): void {
  program.command('export-vlog')
    .description('write a game as a VASSAL log (.vlog) for the module that `module export --format vassal` writes')
    .argument('<log>', 'the game log (.hexlog)')
    .requiredOption('-o, --out <file>', '.vlog file to write')
    .option('--module <module>', 'the module folder or .hexmod bundle (for its own pictures); default: the module in the log')
    .option('--json', 'machine-readable result')
    .action(async (path: string, opts: { out: string; module?: string; json?: boolean }) => {
      const log = await readLogFile(path);
      await guardNotGameFile(opts.out, 'a VASSAL log');
      const { v, states } = await verifySteps(o, log);
      if (v.status === 'proposed') throw new CliError(`${path}: the game has not started (no player has joined)`, EXIT_INVALID);
      let images: ReadonlyMap<string, Uint8Array> = new Map();
      if (opts.module) {
        const m = await loadModule(opts.module);
        if (m.hash !== v.moduleHash) throw new CliError(`${opts.module}: not the module of ${path} (hash ${m.hash.slice(0, 12)}…, the log's is ${v.moduleHash.slice(0, 12)}…)`, EXIT_INVALID);
        images = m.source.other;
      }
      const steps = log.segments.map((s, i) => {
        const b = s.body;
        const chat = [`segment ${b.seq} by ${b.author}: turn ${states[i + 1]!.turn}, ${states[i + 1]!.phase}`];
        for (const e of b.entries) {
          chat.push(`${b.author}: ${e.command}${e.void ? ' (undone)' : ''}`);
          for (const ev of e.events as GameEvent[]) if (TOLD.has(ev.type)) chat.push(`  ${describeEvent(ev)}`);
        }
        return { chat, author: b.author, state: states[i + 1]! };
      });
      const r = vassalLogFile(v.module, images, v.game, states[0]!, steps, `${v.module.title}: ${v.game.scenario.name}, ${steps.length} segments`);
      await writeFileAtomic(opts.out, r.bytes);
      if (opts.json) { printJson(o, { ok: true, file: opts.out, steps: r.steps, notes: r.notes }); return; }
      o.out(`wrote ${opts.out} (${r.steps} steps)`);
      for (const n of r.notes) o.out(`  note: ${n}`);
    });
}
