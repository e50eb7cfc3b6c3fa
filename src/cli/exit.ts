// Exit codes (DESIGN.md): 0 ok, 1 the input is invalid or a check failed, 2 usage error.
export const EXIT_OK = 0;
export const EXIT_INVALID = 1;
export const EXIT_USAGE = 2;

/** A failure to report to the user and exit with `code`; `json` is printed instead under --json. */
export class CliError extends Error {
  constructor(message: string, readonly code = EXIT_INVALID, readonly json?: unknown) {
    super(message);
  }
}
