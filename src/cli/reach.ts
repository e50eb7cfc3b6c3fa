// `hexpost reach`: where a piece can still go this phase, with the exact MP and a cheapest path.
import type { Command } from 'commander';
import { reachOf } from '../core/engine/reach.js';
import { formatMixed, formatRational } from '../core/rational.js';
import { CliError } from './exit.js';
import { readLogFile, verifyForPlayer } from './log-io.js';
import { printJson, type Output } from './output.js';

export function registerReachCommand(program: Command, o: Output): void {
  program.command('reach')
    .description('every hex or space a piece can still reach this phase, with its exact MP cost and a cheapest path')
    .argument('<log>', 'the game log')
    .argument('<piece>', 'piece id')
    .option('--mode <mode>', 'move in a movement mode of the module (e.g. grand-tactical), as move --mode does')
    .option('--bonus <name>', 'the same as --mode (older name)')
    .option('--json', 'machine-readable result')
    .action(async (path: string, piece: string, opts: { mode?: string; bonus?: string; json?: boolean }) => {
      const v = await verifyForPlayer(o, await readLogFile(path));
      let r;
      try { r = reachOf(v.game, v.state, piece, opts.mode ?? opts.bonus); } catch (e) { throw new CliError(`${path}: ${(e as Error).message}`); }
      if (opts.json) {
        printJson(o, {
          piece, left: formatRational(r.left), warnings: r.warnings.map((w) => w.message),
          reachable: r.reachable.map((x) => ({ at: x.location, mp: formatRational(x.cost), path: x.path })),
        });
        return;
      }
      for (const w of r.warnings) o.out(`warning: ${w.message}`);
      o.out(`${piece} has ${formatMixed(r.left)} MP left this phase; it can reach ${r.reachable.length} location${r.reachable.length === 1 ? '' : 's'}:`);
      for (const x of r.reachable) o.out(`  ${x.location.padEnd(8)} ${formatMixed(x.cost).padStart(6)} MP  via ${x.path.join(' ')}`);
    });
}
