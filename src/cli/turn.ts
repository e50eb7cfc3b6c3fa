// `hexpost turn`: verify the whole log, apply a script of commands, seal and sign one segment,
// write the log atomically, and say what happened.
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import type { GameEvent } from '../core/engine/events.js';
import { warningsOf } from '../core/engine/execute.js';
import { TurnSession } from '../log/turn-session.js';
import { describeEvent } from './describe.js';
import { CliError } from './exit.js';
import { guardOverwrite, loadKeyFile, logTarget, readLogFile, sideOfKey, verifyForPlayer } from './log-io.js';
import { printJson, type Output } from './output.js';
import { confirmSeal, sealAndWrite, terminalQuestion } from './seal.js';
import { whoseMoveLine } from './whose-move.js';

export async function readScript(path: string): Promise<string> {
  if (path === '-') {
    const chunks: Buffer[] = [];
    for await (const c of process.stdin) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }
  return readFile(path, 'utf8').catch((e: NodeJS.ErrnoException) => { throw new CliError(`${path}: cannot read the script (${e.code ?? e.message})`); });
}

export function registerTurnCommand(program: Command, o: Output): void {
  program.command('turn')
    .description('verify the log, apply a script of commands, and append your signed segment')
    .argument('<log>', 'the game log')
    .requiredOption('--key <file>', 'your private key')
    .requiredOption('--script <file>', 'commands, one per line (# comments); - reads standard input')
    .option('--dry-run', 'show what would happen; write nothing. It shows what your reveal resolves (the opponent\'s sealed '
      + 'rolls and your sealed draws) and what your commands do; your own sealed rolls, draws and shuffles show as '
      + '"sealed": nobody, you included, knows them before the opponent\'s reply')
    .option('--yes', 'seal even if you are still the active side (scripts)')
    .option('--passphrase-env <var>', 'environment variable holding your key\'s passphrase')
    .option('--json', 'machine-readable result')
    .action(async (path: string, opts: { key: string; script: string; dryRun?: boolean; yes?: boolean; passphraseEnv?: string; json?: boolean }) => {
      const log = await readLogFile(path, { lazy: true });
      // before any work: a copy older than the one it would be written over is refused now
      await guardOverwrite(logTarget(path), log);
      const key = await loadKeyFile(opts.key, opts.passphraseEnv);
      const side = sideOfKey(log, key);
      const v = await verifyForPlayer(o, log, { viewer: { side, key }, append: true });
      const session = new TurnSession(v, side, key);
      if (!opts.json) o.out(whoseMoveLine(v, side));
      const script = await readScript(opts.script);
      const lines = script.split(/\r?\n/);
      const report: { line: number; command: string; events: GameEvent[] }[] = [];
      const resolutions = session.resolutions;
      if (!opts.json) for (const e of resolutions) o.out(`  ·  ${describeEvent(e)}`);
      for (let i = 0; i < lines.length; i++) {
        const r = session.apply(lines[i]!, i + 1);
        if (!r.ok) throw new CliError(`${opts.script === '-' ? '<stdin>' : opts.script}: ${r.error.message}; nothing was written`);
        if (r.events.length) report.push({ line: i + 1, command: lines[i]!.trim(), events: r.events });
      }
      const all = report.flatMap((r) => r.events);
      if (!opts.dryRun) {
        // the script may be standard input: then there is no one to ask
        await confirmSeal(o, session, { yes: opts.yes, ask: opts.script === '-' ? undefined : terminalQuestion() });
        const { segment, file } = await sealAndWrite(o, path, session);
        if (opts.json) {
          printJson(o, { ok: true, whoseMove: whoseMoveLine(session.verified, side, session.state), seq: segment.body.seq, head: segment.hash, resolutions, commands: report, warnings: warningsOf(all) });
          return;
        }
        for (const r of report) for (const e of r.events) o.out(`${String(r.line).padStart(3)}  ${describeEvent(e)}`);
        o.out(`sealed segment ${segment.body.seq} as ${side} (epoch ${segment.body.epoch}${segment.body.hiddenReveals?.length ? `, revealed hidden value${segment.body.hiddenReveals.length > 1 ? 's' : ''} ${segment.body.hiddenReveals.map((h) => `#${h.period}`).join(', ')}` : ''}); wrote ${file}${file !== path ? ` (${path} holds e-mail text and is left as it was)` : ''}`);
      } else {
        if (opts.json) { printJson(o, { ok: true, dryRun: true, resolutions, commands: report, warnings: warningsOf(all) }); return; }
        for (const r of report) for (const e of r.events) o.out(`${String(r.line).padStart(3)}  ${describeEvent(e)}`);
        o.out('dry run: nothing written');
      }
      const warnings = warningsOf(all);
      if (warnings.length && !opts.json) o.out(`${warnings.length} warning${warnings.length > 1 ? 's' : ''} (rules left to the players)`);
    });
}
