// Base class for every error the log layer raises on bad input.
// The message always starts with the file (when known) and the place inside it
// (JSON path, entry name, line number), then says what was expected, per DESIGN.md "Errors".

export interface ErrorPlace {
  /** The file the bad input came from, as the user named it (or a label such as "<stdin>"). */
  file?: string | undefined;
  /** Where in that file: a JSON path, an entry name, a line number. */
  place?: string | undefined;
}

export class HexlogError extends Error {
  readonly file: string | undefined;
  readonly place: string | undefined;
  /** The bare explanation, without file and place. */
  readonly detail: string;

  constructor(detail: string, where: ErrorPlace = {}, options?: { cause?: unknown }) {
    super(formatMessage(detail, where), options);
    this.name = new.target.name;
    this.file = where.file;
    this.place = where.place;
    this.detail = detail;
  }
}

export function formatMessage(detail: string, where: ErrorPlace): string {
  const parts: string[] = [];
  if (where.file) parts.push(where.file);
  if (where.place) parts.push(where.place);
  parts.push(detail);
  return parts.join(': ');
}
