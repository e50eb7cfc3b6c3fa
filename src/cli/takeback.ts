// `hexpost takeback`: propose voiding the segments after one (`--to`), accept or decline the
// opponent's proposal, or (with neither) show what is open. Each is a signed segment that travels
// in the turn mails like any other; nothing is rewritten, and nothing is ever re-rolled
// (docs/log-format.md, "Take-backs").
import type { Command } from 'commander';
import type { GameEvent } from '../core/engine/events.js';
import { voidedSegments, type OpenTakeback, type TakebackLedger } from '../core/protocol/takeback.js';
import type { LogFile } from '../log/log-file.js';
import { TurnSession } from '../log/turn-session.js';
import type { VerifiedLog } from '../log/verify.js';
import { describeEvent } from './describe.js';
import { CliError, EXIT_USAGE } from './exit.js';
import { guardOverwrite, loadKeyFile, logTarget, readLogFile, sideOfKey, verifyForPlayer } from './log-io.js';
import { printJson, type Output } from './output.js';
import { sealAndWrite } from './seal.js';
import { playerName, sideName, whoseMoveLine } from './whose-move.js';
import { rangeText } from './takeback-text.js';
import { takebackDoneLines, takebackField } from './takeback-choice.js';


/** What a take-back to `to` would void: one line per voided command, by segment. */
export function voidedLines(log: LogFile, from: number, through: number): string[] {
  const out: string[] = [];
  for (let s = from; s <= through; s++) {
    const b = log.segments[s - 1]!.body;
    const commands = b.entries.filter((e) => !e.void && e.command !== 'undo');
    out.push(`  segment ${s} by ${b.author}: ${commands.length ? commands.map((e) => e.command).join('; ') : '(no commands)'}`);
  }
  return out;
}

/** The open proposal in words, for the player who must answer it or waits for the answer. */
export function openTakebackLines(v: VerifiedLog, open: OpenTakeback, viewer?: string): string[] {
  const range = rangeText(open.to + 1, open.seq - 1);
  const head = `${playerName(v, open.by)} (${sideName(v, open.by)}) proposes in segment ${open.seq} to take back ${range}, `
    + `back to the position after segment ${open.to}; rolls and cards stay as they fell:`;
  const waiting = open.awaiting.filter((s) => !open.accepted.includes(s));
  const tail = viewer && waiting.includes(viewer)
    ? 'your answer: hexpost takeback <log> --accept, or --decline (you send nothing else until you answer)'
    : `waiting for ${waiting.map((s) => playerName(v, s)).join(', ')} to accept or decline`;
  return [head, ...voidedLines(v.log, open.to + 1, open.seq - 1), tail];
}

/** The ledger as JSON for `--json`. */
const ledgerJson = (l: TakebackLedger) => ({ open: l.open, agreements: l.agreements, declined: l.declined, voided: [...voidedSegments(l)].sort((a, b) => a - b) });

export function registerTakebackCommand(program: Command, o: Output): void {
  program.command('takeback')
    .description('propose a take-back (--to <seq>), accept or decline your opponent\'s, or show the open one; it takes effect '
      + 'only when both have signed, and never re-rolls: a segment that rolled, drew or showed a card cannot be taken back')
    .argument('<log>', 'the game log')
    .option('--to <seq>', 'propose voiding the segments after <seq> (0: back to the start)', (x) => Number.parseInt(x, 10))
    .option('--accept', 'accept the open proposal: the voided segments\' commands are undone for both of you')
    .option('--decline', 'decline the open proposal: the game goes on from the last segment')
    .option('--key <file>', 'your private key (needed to propose or answer)')
    .option('--passphrase-env <var>', 'environment variable holding your key\'s passphrase')
    .option('--json', 'machine-readable result')
    .action(async (path: string, opts: { to?: number; accept?: boolean; decline?: boolean; key?: string; passphraseEnv?: string; json?: boolean }) => {
      const chosen = [opts.to !== undefined, !!opts.accept, !!opts.decline].filter(Boolean).length;
      if (chosen > 1) throw new CliError('give one of --to, --accept and --decline', EXIT_USAGE);
      if (opts.to !== undefined && !Number.isInteger(opts.to)) throw new CliError('--to needs a segment number', EXIT_USAGE);
      const log = await readLogFile(path);
      if (!chosen) {
        const key = opts.key ? await loadKeyFile(opts.key, opts.passphraseEnv) : undefined;
        const side = key ? sideOfKey(log, key) : undefined;
        const v = await verifyForPlayer(o, log, key && side ? { viewer: { side, key } } : {});
        if (opts.json) { printJson(o, ledgerJson(v.takebacks)); return; }
        if (v.takebacks.open) for (const l of openTakebackLines(v, v.takebacks.open, side)) o.out(l);
        else o.out('no take-back is open');
        for (const a of v.takebacks.agreements) o.out(`agreed in segment ${a.agreed}: ${rangeText(a.from, a.through)} voided (proposed by ${a.by} in segment ${a.proposal})`);
        for (const d of v.takebacks.declined) o.out(`declined in segment ${d.at} by ${d.by}: the proposal of segment ${d.proposal}`);
        return;
      }
      if (!opts.key) throw new CliError('--key is needed to propose or answer a take-back', EXIT_USAGE);
      await guardOverwrite(logTarget(path), log);
      const key = await loadKeyFile(opts.key, opts.passphraseEnv);
      const side = sideOfKey(log, key);
      const v = await verifyForPlayer(o, log, { viewer: { side, key }, append: true });
      const field = takebackField(path, v, side, opts.to !== undefined ? { to: opts.to } : opts.accept ? 'accept' : 'decline');
      const session = new TurnSession(v, side, key, field);
      const { segment, verified, file } = await sealAndWrite(o, path, session);
      const seq = segment.body.seq;
      const result = { ok: true, seq, head: segment.hash, takeback: field, whoseMove: whoseMoveLine(verified, side), ...ledgerJson(verified.takebacks) };
      if (opts.json) { printJson(o, result); return; }
      o.out(result.whoseMove);
      for (const e of session.resolutions as GameEvent[]) o.out(`  ·  ${describeEvent(e)}`);
      for (const l of takebackDoneLines(field, seq, verified, (from, through) => voidedLines(log, from, through))) o.out(l);
      o.out(`wrote ${file}; send it: hexpost send ${path}`);
    });
}
