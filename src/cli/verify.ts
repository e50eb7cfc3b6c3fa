// `hexpost verify`: the whole log, every signature, every roll; exit 1 naming the segment if not.
import type { Command } from 'commander';
import { LogError } from '../log/log-file.js';
import { CliError, EXIT_INVALID } from './exit.js';
import { readLogFile, verifyForPlayer } from './log-io.js';
import { printJson, type Output } from './output.js';
import { whoseMoveLine } from './whose-move.js';

export function registerVerifyCommand(program: Command, o: Output): void {
  program.command('verify')
    .description('verify a game log: signatures by the pinned keys, hash chain, dice, draws, rules')
    .argument('<log>', 'the game log (.hexlog, or its armored text)')
    .option('--json', 'machine-readable result: {"ok":true,"segments":N,"head":"…"} or {"ok":false,"error":{"seq":N,"message":"…"}}')
    .action(async (path: string, opts: { json?: boolean }) => {
      try {
        const log = await readLogFile(path);
        const v = await verifyForPlayer(o, log);
        if (opts.json) {
          printJson(o, { ok: true, segments: v.segments, head: v.head, game: v.gameId, status: v.status, whoseMove: whoseMoveLine(v) });
          return;
        }
        o.out(whoseMoveLine(v));
        o.out(`${path}: ok — ${v.status}, ${v.segments} segment${v.segments === 1 ? '' : 's'}, head ${v.head}`);
        if (v.safetyCode) o.out(`safety code ${v.safetyCode}`);
      } catch (e) {
        if (!opts.json || e instanceof CliError && e.code !== EXIT_INVALID) throw e;
        const seq = e instanceof LogError ? e.seq ?? null : null;
        printJson(o, { ok: false, error: { seq, message: (e as Error).message } });
        throw new CliError('', EXIT_INVALID);
      }
    });
}
