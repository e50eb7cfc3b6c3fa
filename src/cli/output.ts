// Where command output goes; tests and the demo capture it instead of the real terminal.
export interface Output {
  out(text: string): void;
  err(text: string): void;
  /** true when stdout is a terminal (progress bars, colours) */
  tty: boolean;
}

export const processOutput: Output = {
  out: (t) => process.stdout.write(t.endsWith('\n') ? t : `${t}\n`),
  err: (t) => process.stderr.write(t.endsWith('\n') ? t : `${t}\n`),
  tty: !!process.stdout.isTTY,
};

export function printJson(o: Output, value: unknown): void {
  o.out(JSON.stringify(value, null, 2));
}
