// The hexpost program: one file per verb under src/cli/, registered here.
import { Command, CommanderError } from 'commander';
import { CliError, EXIT_INVALID, EXIT_OK, EXIT_USAGE, failureLines, installProcessGuards } from './exit.js';
import { processOutput, type Output } from './output.js';
import { registerModuleCommands } from './module.js';
import { registerDemo } from './demo.js';
import { registerKeyCommands } from './key.js';
import { registerGameCommands } from './game.js';
import { registerTurnCommand } from './turn.js';
import { registerPlayCommand } from './play.js';
import { registerVerifyCommand } from './verify.js';
import { registerShowCommand } from './show.js';
import { registerHistoryCommand } from './history.js';
import { registerArmorCommands } from './armor.js';
import { registerAuditCommand } from './audit.js';
import { registerRevealCommand } from './reveal.js';
import { registerReachCommand } from './reach.js';
import { registerRenderCommand } from './render.js';
import { registerReplayCommand } from './replay.js';
import { registerArchiveCommand } from './archive.js';
import { registerBoardCommand } from './board.js';
import { registerProofCommand } from './proof.js';
import { registerVerifyProofCommand } from './verify-proof.js';
import { registerExportVlogCommand } from './export-vlog.js';
import { registerReceiveCommand } from './receive.js';
import { registerMailCommands } from './mail.js';
import { registerSendCommand } from './send.js';
import { registerTakebackCommand } from './takeback.js';

export type Register = (program: Command, o: Output) => void;

const VERBS: Register[] = [
  registerKeyCommands, registerGameCommands, registerTurnCommand, registerPlayCommand, registerVerifyCommand,
  registerShowCommand, registerSendCommand, registerReceiveCommand, registerMailCommands, registerReachCommand, registerHistoryCommand, registerAuditCommand, registerRevealCommand, registerArmorCommands,
  registerModuleCommands, registerDemo, registerBoardCommand,
  registerRenderCommand, registerReplayCommand, registerArchiveCommand, registerExportVlogCommand,
  registerProofCommand, registerVerifyProofCommand,
  registerTakebackCommand,
];

export function buildProgram(o: Output): Command {
  const program = new Command('hexpost')
    .description('Board wargames played by e-mail: modules, a deterministic engine, and a signed move log with fair dice.')
    .version('0.1.0')
    .showHelpAfterError()
    .configureOutput({ writeOut: (s) => o.out(s), writeErr: (s) => o.err(s) });
  for (const register of VERBS) register(program, o);
  // Usage errors exit 2 everywhere, nested commands included.
  const exitOverride = (cmd: Command) => { cmd.exitOverride(); cmd.commands.forEach(exitOverride); };
  exitOverride(program);
  return program;
}

/** Runs the CLI; returns the exit code rather than exiting, so tests can call it in-process. */
export async function main(argv: string[], o: Output = processOutput): Promise<number> {
  if (o === processOutput) installProcessGuards(argv);
  const program = buildProgram(o);
  try {
    await program.parseAsync(argv);
    return EXIT_OK;
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.code === 'commander.help') return EXIT_OK;
      return EXIT_USAGE;
    }
    if (e instanceof CliError) {
      if (e.json !== undefined) o.out(JSON.stringify(e.json, null, 2));
      if (e.message) o.err(`hexpost: ${e.message}`);
      return e.code;
    }
    for (const line of failureLines(e, argv)) o.err(line);
    return EXIT_INVALID;
  }
}
