// `replay --since-mine`: the catch-up steps (catch-up.ts) on a terminal, or as plain lines or JSON.
import type { LogFile } from '../log/log-file.js';
import { catchUpSteps } from './catch-up.js';
import { CliError, EXIT_USAGE } from './exit.js';
import { loadKeyFile, sideOfKey } from './log-io.js';
import { printJson, type Output } from './output.js';
import { interactiveReplay, stepLines, verifySteps } from './replay.js';
import { playerName, whoseMoveLine } from './whose-move.js';

export async function replaySinceMine(o: Output, log: LogFile, opts: { key?: string; side?: string; passphraseEnv?: string; json?: boolean }): Promise<void> {
  let side = opts.side;
  if (opts.key) side = sideOfKey(log, await loadKeyFile(opts.key, opts.passphraseEnv));
  if (!side) throw new CliError('--since-mine needs --key (or --side): whose last segment to start after', EXIT_USAGE);
  const sides = log.genesis.body.players.map((p) => p.side);
  if (!sides.includes(side)) throw new CliError(`--side ${side}: not a side of this game (${sides.join(', ')})`, EXIT_USAGE);
  const gs = await verifySteps(o, log);
  const steps = catchUpSteps(gs, side);
  const total = log.segments.length;
  if (opts.json) { printJson(o, { side, whoseMove: whoseMoveLine(gs.v, side), steps }); return; }
  if (!steps.length) { o.out(`${whoseMoveLine(gs.v, side)}\nnothing since your last segment (${total}): you are up to date`); return; }
  const from = steps[0]!.seq;
  const intro = `since your last segment: ${from === total ? `segment ${from}` : `segments ${from}-${total}`}, `
    + `by ${[...new Set(steps.map((s) => playerName(gs.v, s.author!)))].join(' and ')}, in ${steps.length} step${steps.length > 1 ? 's' : ''}`;
  if (o.tty && process.stdin.isTTY) {
    await interactiveReplay(steps, process.stdin, (t) => o.out(t));
    o.out(whoseMoveLine(gs.v, side));
    return;
  }
  o.out(whoseMoveLine(gs.v, side));
  o.out(intro);
  for (const s of steps) o.out(stepLines(s, total).join('\n'));
}
