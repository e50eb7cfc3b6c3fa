// Exit codes (DESIGN.md): 0 ok, 1 the input is invalid or a check failed, 2 usage error. And how a
// verb ends when something goes wrong that no check foresaw: one line naming the verb, the file it
// was working on and what failed, never a stack trace (HEXPOST_DEBUG=1 adds it); a closed pipe
// (`hexpost history log | head`) ends the verb quietly.
import { existsSync } from 'node:fs';
import { EngineError } from '../core/engine/errors.js';
import { GeometryError } from '../core/geometry/errors.js';
import { ModuleError } from '../core/module/issue.js';
import { ZipError } from '../core/zip.js';
import { HexlogError } from '../log/errors.js';

export const EXIT_OK = 0;
export const EXIT_INVALID = 1;
export const EXIT_USAGE = 2;

/** A failure to report to the user and exit with `code`; `json` is printed instead under --json. */
export class CliError extends Error {
  constructor(message: string, readonly code = EXIT_INVALID, readonly json?: unknown) {
    super(message);
  }
}

/** HEXPOST_DEBUG=1 (or true): failures show their stack. */
export function debugging(): boolean {
  const v = process.env['HEXPOST_DEBUG'];
  return v === '1' || v === 'true';
}

/** A refusal Hexpost words itself (its message names the file and the place), or a system call's error. */
function isWorded(e: unknown): boolean {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  return e instanceof HexlogError || e instanceof ZipError || e instanceof EngineError || e instanceof GeometryError
    || e instanceof ModuleError || (e instanceof Error && typeof code === 'string' && /^E[A-Z]+$/.test(code));
}

/**
 * The lines that report an error no CliError words: Hexpost's own refusals as they are; anything
 * else (a bug) as one line naming the verb and the file of the command line it was working on.
 */
export function failureLines(e: unknown, argv: readonly string[]): string[] {
  const message = e instanceof Error ? e.message : String(e);
  const lines = isWorded(e) ? [`hexpost: ${message}`]
    : [`hexpost: ${where(argv)}internal error: ${oneLine(message)} (a bug: please report it; HEXPOST_DEBUG=1 shows where)`];
  if (debugging() && e instanceof Error && e.stack) lines.push(e.stack);
  return lines;
}

/** "verify game.hexlog: " — the verb and the first operand that is a file, from the command line. */
function where(argv: readonly string[]): string {
  const args = argv.slice(2);
  const words = args.filter((a) => !a.startsWith('-')).slice(0, 2);
  const verb = words.filter((a) => /^[a-z]+$/.test(a) && !existsSync(a)).join(' ');
  const file = args.find((a) => !a.startsWith('-') && existsSync(a));
  return [verb, file].filter(Boolean).join(' ') + (verb || file ? ': ' : '');
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim() || 'unknown error';
}

/**
 * For the real process only: stdout or stderr closed by the reader (EPIPE) ends the verb quietly
 * with 0, and an exception that escapes every verb (an event handler's) prints one line, exit 1.
 */
export function installProcessGuards(argv: readonly string[]): void {
  for (const stream of [process.stdout, process.stderr]) {
    // nothing more can be said on a broken stream: end, quietly after EPIPE (the reader had enough)
    stream.on('error', (e: NodeJS.ErrnoException) => process.exit(e.code === 'EPIPE' ? EXIT_OK : EXIT_INVALID));
  }
  const crash = (e: unknown) => {
    try {
      process.stderr.write(`${failureLines(e, argv).join('\n')}\n`);
    } finally {
      process.exit(EXIT_INVALID);
    }
  };
  process.on('uncaughtException', crash);
  process.on('unhandledRejection', crash);
}
