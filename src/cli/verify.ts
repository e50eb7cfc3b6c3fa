// `hexpost verify`: the whole log, every signature, every roll; exit 1 naming the segment if not.
import type { Command } from 'commander';
import { LogError } from '../log/log-file.js';
import { CliError, EXIT_INVALID } from './exit.js';
import { readLogFile, verifyForPlayer } from './log-io.js';
import { pendingAudits } from '../log/verify.js';
import { printJson, type Output } from './output.js';
import { whoseMoveLine } from './whose-move.js';

export function registerVerifyCommand(program: Command, o: Output): void {
  program.command('verify')
    .description('verify a game log: signatures by the pinned keys, hash chain, dice, draws, rules')
    .argument('<log>', 'the game log (.hexlog, or its armored text)')
    .option('--json', 'machine-readable result: {"ok":true,"segments":N,"head":"…"} or {"ok":false,"error":{"seq":N,"message":"…"}}')
    .action(async (path: string, opts: { json?: boolean }) => {
      try {
        const log = await readLogFile(path, { lazy: true });
        const v = await verifyForPlayer(o, log);
        const pending = pendingAudits(v).map((a) => ({ side: a.side, deck: a.deck, period: a.period, draws: a.draws }));
        const sealed = (v.state.sealed ?? []).map((r) => ({ id: r.id, kind: r.kind, side: r.side ?? null, awaiting: r.awaiting }));
        if (opts.json) {
          printJson(o, { ok: true, segments: v.segments, head: v.head, game: v.gameId, status: v.status, whoseMove: whoseMoveLine(v), pendingAudits: pending, sealed });
          return;
        }
        o.out(whoseMoveLine(v));
        o.out(`${path}: ok — ${v.status}, ${v.segments} segment${v.segments === 1 ? '' : 's'}, head ${v.head}`);
        if (v.safetyCode) o.out(`safety code ${v.safetyCode}`);
        for (const a of pending) {
          o.out(`audit pending: ${a.draws} hidden draw${a.draws === 1 ? '' : 's'} of ${a.side}'s ${a.deck} (period ${a.period}), checked when its hidden value is revealed (at the latest in ${a.side}'s final segment)`);
        }
        for (const r of sealed) o.out(`sealed ${r.kind} ${r.id}: waiting for ${r.awaiting.join(', ') || `${r.side} to commit to the cards`}`);
      } catch (e) {
        if (!opts.json || e instanceof CliError && e.code !== EXIT_INVALID) throw e;
        const seq = e instanceof LogError ? e.seq ?? null : null;
        printJson(o, { ok: false, error: { seq, message: (e as Error).message } });
        throw new CliError('', EXIT_INVALID);
      }
    });
}
