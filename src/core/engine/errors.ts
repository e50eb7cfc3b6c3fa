// A command that cannot apply is refused with an EngineError; the state is left untouched.
// The message names the command's line (when known) and what is wrong, so a player can fix it.

export class EngineError extends Error {
  constructor(
    readonly reason: string,
    /** 1-based line of the command in its script, when known */
    readonly line?: number,
    /** the command as text, when known */
    readonly command?: string,
  ) {
    super(EngineError.describe(reason, line, command));
    this.name = 'EngineError';
  }

  /** The same error, now knowing where the command came from. */
  at(line: number | undefined, command: string | undefined): EngineError {
    return new EngineError(this.reason, line ?? this.line, command ?? this.command);
  }

  private static describe(reason: string, line?: number, command?: string): string {
    const where = line !== undefined ? `line ${line}` : '';
    const what = command !== undefined ? `"${command}"` : '';
    const prefix = [where, what].filter(Boolean).join(': ');
    return prefix ? `${prefix}: ${reason}` : reason;
  }
}

/** Throws an EngineError (without place; the caller adds line and command text). */
export function refuse(reason: string): never {
  throw new EngineError(reason);
}
