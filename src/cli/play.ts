// `hexpost play`: the same as `turn`, at a prompt — each command's result at once, `undo`,
// `show`, `help`, and `seal` to sign and write (or `quit` to leave without writing).
import { createInterface } from 'node:readline';
import type { Command } from 'commander';
import { TurnSession } from '../log/turn-session.js';
import { describeEvent } from './describe.js';
import { guardOverwrite, loadKeyFile, logTarget, readLogFile, sideOfKey, verifyForPlayer } from './log-io.js';
import type { Output } from './output.js';
import { confirmSeal, sealAndWrite } from './seal.js';
import { CliError } from './exit.js';
import { readState, writeState } from '../log/home.js';
import { whoseMoveLine } from './whose-move.js';
import { showJson } from './show.js';
import { playTakeback, playTakebackLines, takebackCommand } from './play-takeback.js';
import type { VerifiedLog } from '../log/verify.js';

const HELP = `commands (one per line):
  move <piece> <loc> [<loc> …]     rotate <piece> <+n|-n|n>     flip <piece> [<face>]
  mark <target> <marker>           unmark <target> <marker>     set <piece> <prop>=<value>
  track <track> <+n|-n|n>          stack <piece> top|bottom     roll <dice> ["purpose"]
  resolve <procedure> [<modifier>=<value> …]                    draw <deck> [n]
  play <card> [as <use>]           discard <card>               shuffle <deck>
  add-cards <deck> <set>           reveal-hand                  note "<text>"
  next [phase]   the next segment (or, with "phase", the next phase)
  undo       takes back the previous command (an undone roll stays, marked void)
  rolls, procedures, shuffles and secret draws are sealed: their outcome comes with the opponent's
  reply, so nothing here (nor quitting and starting again) shows it before; immediate procedures
  (the module marks them) are rolled at once and marked so
  show       where everything stands;   hand   your hand
  seal       sign this turn and write the log;   quit   leave without writing
  takeback --to <seq>   propose voiding the commands of the segments after <seq> (its own segment,
             signed and written at once; your opponent accepts or declines; nothing is re-rolled)
  accept, decline       answer your opponent's take-back proposal (signed and written at once)`;

export function registerPlayCommand(program: Command, o: Output): void {
  program.command('play')
    .description('play your turn at a prompt; `seal` signs and writes it (sealed rolls and draws show their outcome only '
      + 'with the opponent\'s reply; what your reveal resolves is shown first)')
    .argument('<log>', 'the game log')
    .requiredOption('--key <file>', 'your private key')
    .option('--yes', 'seal even if you are still the active side, and quit without asking')
    .option('--passphrase-env <var>', 'environment variable holding your key\'s passphrase')
    .action(async (path: string, opts: { key: string; yes?: boolean; passphraseEnv?: string }) => {
      const log = await readLogFile(path);
      // before any work: a copy older than the one it would be written over is refused now
      await guardOverwrite(logTarget(path), log);
      const key = await loadKeyFile(opts.key, opts.passphraseEnv);
      const side = sideOfKey(log, key);
      const v = await verifyForPlayer(o, log, { viewer: { side, key }, append: true });
      const open = v.takebacks.open;
      // The opponent's take-back awaits this player's answer: nothing but accept or decline can be sent.
      const answering = !!open && open.awaiting.includes(side) && !open.accepted.includes(side);
      const session = answering ? null : new TurnSession(v, side, key);
      o.out(whoseMoveLine(v, side));
      o.out(`${v.module.title}: you play ${side}; log verified (${v.segments} segments). Type help for commands.`);
      for (const l of playTakebackLines(v, side)) o.out(l);
      for (const e of session?.resolutions ?? []) o.out(`  ·  ${describeEvent(e)}`);
      // On a terminal: line editing and the command history of earlier sessions (↑, ↓).
      const history = await loadHistory();
      const typed: string[] = [];
      const given = () => session?.turn.entries.length ?? 0;
      let lines: AsyncIterator<string>;
      const openPrompt = () => {
        const r = createInterface({
          input: process.stdin, terminal: o.tty,
          ...(o.tty ? { output: process.stdout, history: [...typed].reverse().concat(history), historySize: HISTORY_SIZE } : {}),
        });
        // Ctrl-C with a turn in progress does not throw it away: quit asks first
        r.on('SIGINT', () => {
          if (!given()) { r.close(); return; }
          o.out('\n(Ctrl-C) type quit to leave (it asks before discarding this turn), or seal to sign it');
          prompt();
        });
        lines = r[Symbol.asyncIterator]();
        return r;
      };
      let rl = openPrompt();
      const nextLine = async (): Promise<string | null> => { const r = await lines.next(); return r.done ? null : String(r.value); };
      const prompt = () => {
        const s = session?.state ?? v.state;
        if (o.tty) { rl.setPrompt(`${side} · turn ${s.turn} ${s.phase}> `); rl.prompt(); }
      };
      let line = 0;
      let done = false;
      prompt();
      for (;;) {
        const raw = await nextLine();
        if (raw === null) {
          // Ctrl-D on a terminal with a turn in progress: asked about, as quit is
          if (!o.tty || !given() || opts.yes) break;
          rl.close();
          rl = openPrompt();
          o.out(`input ended (Ctrl-D): leaving discards this turn (${given()} command${given() > 1 ? 's' : ''} not sealed). Quit anyway? [y/N]`);
          const answer = (await nextLine())?.trim().toLowerCase();
          if (answer === undefined || answer === 'y' || answer === 'yes') { o.out('left without writing anything'); done = true; break; }
          o.out('not quitting: go on (seal writes the turn)');
          prompt();
          continue;
        }
        line++;
        const text = raw.trim();
        if (text && text !== 'quit' && text !== 'exit' && text !== typed.at(-1)) typed.push(text);
        if (text === 'help') o.out(HELP);
        else if (text === 'quit' || text === 'exit') {
          if (given() && !opts.yes) {
            o.out(`quit discards this turn (${given()} command${given() > 1 ? 's' : ''} not sealed). Quit anyway? [y/N]`);
            const answer = (await nextLine())?.trim().toLowerCase();
            if (answer === undefined) break;
            if (answer !== 'y' && answer !== 'yes') { o.out('not quitting: go on (seal writes the turn)'); prompt(); continue; }
          }
          o.out('left without writing anything'); done = true; break;
        } else if (text === 'show' || text === 'hand') {
          const j = showJson({ ...v, state: session?.state ?? v.state, knowledge: session?.knowledge ?? v.knowledge }, side);
          if (text === 'show') {
            o.out(whoseMoveLine(v, side, session?.state ?? v.state));
            o.out(`turn ${j.turn}, phase ${j.phase}, ${j.active} active${j.clock ? `, ${j.clock}` : ''}`);
            for (const [id, p] of Object.entries(j.pieces)) if (p.at) o.out(`  ${id.padEnd(14)} ${p.at.padEnd(10)} ${p.face}${p.facing !== null ? ` facing ${p.facing}` : ''}${p.markers.length ? ` [${p.markers.join(', ')}]` : ''}`);
          }
          o.out(`your hand: ${j.hand?.cards.map((c) => c.card).join(', ') || '(empty)'}`);
        } else if (takebackCommand(text) !== null) {
          const choice = takebackCommand(text)!;
          try {
            if (typeof choice === 'object' && 'error' in choice) throw new CliError(choice.error);
            const ask = nextLine;
            done = await playTakeback({ o, path, v, side, key, given: session?.turn.entries.filter((e) => !e.void && e.command !== 'undo').length ?? 0, yes: opts.yes, ask }, choice);
          } catch (e) {
            if (!(e instanceof CliError)) throw e;
            o.out(`refused: ${e.message}`);
          }
          if (done) break;
        } else if (!session) {
          o.out(`refused: "${text}": ${playerAnswer(v)}`);
        } else if (text === 'seal') {
          try {
            await confirmSeal(o, session, { yes: opts.yes, ask: nextLine });
          } catch (e) {
            if (!(e instanceof CliError)) throw e;
            o.out(`${e.message}; go on, or seal again`);
            prompt();
            continue;
          }
          const { segment, file } = await sealAndWrite(o, path, session);
          o.out(`sealed segment ${segment.body.seq}; wrote ${file} — send it on (hexpost send ${file} for the turn mail)`);
          done = true;
          break;
        } else {
          const r = session.apply(raw, line);
          if (!r.ok) o.out(`refused: ${r.error.message}`);
          else for (const e of r.events) o.out(`  ${describeEvent(e)}`);
        }
        prompt();
      }
      rl.close();
      await saveHistory([...typed.reverse(), ...history]);
      if (!done) o.out('input ended before `seal`: nothing was written');
    });
}

const HISTORY_SIZE = 500;
const HISTORY_FILE = 'play-history.json';

/** The command lines typed at earlier prompts, newest first (readline's order), from the state folder. */
async function loadHistory(): Promise<string[]> {
  const saved = await readState(HISTORY_FILE).catch(() => undefined) as { lines?: unknown } | undefined;
  return Array.isArray(saved?.lines) ? saved.lines.filter((l): l is string => typeof l === 'string').slice(0, HISTORY_SIZE) : [];
}

/** Kept in the state folder (0600): the lines may name pieces and plans, nothing secret. */
async function saveHistory(lines: string[]): Promise<void> {
  await writeState(HISTORY_FILE, { lines: lines.slice(0, HISTORY_SIZE) }).catch(() => undefined);
}

/** Why nothing but an answer can be given while the opponent's take-back awaits it. */
function playerAnswer(v: VerifiedLog): string {
  const open = v.takebacks.open!;
  return `answer the take-back proposed in segment ${open.seq} first: accept, or decline (show and hand work meanwhile)`;
}
