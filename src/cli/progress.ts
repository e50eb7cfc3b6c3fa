// A progress bar on a terminal (cli-progress), nothing when the output is piped.
import cliProgress from 'cli-progress';
import type { Output } from './output.js';

export interface Progress { update(done: number): void; stop(): void }

export function progressBar(o: Output, label: string, total: number): Progress | null {
  if (!o.tty) return null;
  const bar = new cliProgress.SingleBar({
    format: `${label} [{bar}] {value}/{total} segments`,
    stream: process.stderr,
    clearOnComplete: true,
    hideCursor: true,
  }, cliProgress.Presets.shades_classic);
  bar.start(total, 0);
  return { update: (done) => bar.update(done), stop: () => bar.stop() };
}
