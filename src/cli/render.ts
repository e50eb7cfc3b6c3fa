// `hexpost render`: the board as it stood after a segment, as SVG or PNG — counters, stacks,
// markers, tracks and boxes, and that segment's moves as arrows and its rolls listed.
import { extname } from 'node:path';
import type { Command } from 'commander';
import { writeFileAtomic } from '../log/atomic-write.js';
import { renderGameSvg } from '../export/game-picture.js';
import { svgToPng } from '../export/game-png.js';
import type { VerifiedLog } from '../log/verify.js';
import { CliError, EXIT_USAGE } from './exit.js';
import { loadKeyFile, readLogFile, sideOfKey, verifyForPlayer } from './log-io.js';
import type { Output } from './output.js';
import { showJson } from './show.js';
import { modulePictures } from './module-pictures.js';
import type { ModuleImages } from '../export/module-images.js';

export interface RenderOptions {
  hexSize?: number;
  labels?: boolean;
  viewerSide?: string;
  images?: ModuleImages;
}

/** The picture of a verified log's state (after its last verified segment). */
export function gameSvgOf(v: VerifiedLog, options: RenderOptions = {}): string {
  const seq = v.segments;
  const body = seq ? v.log.segments[seq - 1]!.body : undefined;
  const hand = options.viewerSide ? showJson(v, options.viewerSide).hand : undefined;
  return renderGameSvg({
    game: v.game, state: v.state,
    last: body ? { seq: body.seq, author: body.author, entries: body.entries } : undefined,
    hand: hand ? { side: hand.side, cards: hand.cards.map((c) => c.card) } : undefined,
    caption: seq ? `after segment ${seq} of ${v.log.segments.length}` : 'at the start',
  }, { hexSize: options.hexSize, labels: options.labels, images: options.images });
}

const positive = (what: string) => (x: string) => {
  const n = Number(x);
  if (!Number.isInteger(n) || n < 0) throw new CliError(`${what} must be a whole number, got "${x}"`, EXIT_USAGE);
  return n;
};

export function registerRenderCommand(program: Command, o: Output): void {
  program.command('render')
    .description('the board as it stood after a segment, as SVG or PNG (by the -o file\'s extension)')
    .argument('<log>', 'the game log')
    .requiredOption('-o, --output <file>', 'the picture to write: <name>.svg or <name>.png')
    .option('--at <seq>', 'as it stood after segment <seq> (0: the start)', positive('--at'))
    .option('--key <file>', 'your private key: your hidden hand is listed')
    .option('--passphrase-env <var>', 'environment variable holding your key\'s passphrase')
    .option('--hex-size <px>', 'hex centre-to-corner size in pixels (default 40)', positive('--hex-size'))
    .option('--width <px>', 'PNG only: scale the picture to this width', positive('--width'))
    .option('--no-labels', 'leave out hex labels')
    .option('--module <folder>', 'the game\'s module folder: its own map and counter pictures are drawn')
    .action(async (path: string, opts: { output: string; at?: number; key?: string; passphraseEnv?: string; hexSize?: number; width?: number; labels: boolean; module?: string }) => {
      const kind = extname(opts.output).toLowerCase();
      if (kind !== '.svg' && kind !== '.png') throw new CliError(`-o ${opts.output}: the file must end in .svg or .png`, EXIT_USAGE);
      const log = await readLogFile(path);
      if (opts.at !== undefined && opts.at > log.segments.length) {
        throw new CliError(`--at ${opts.at}: ${path} has ${log.segments.length} segment${log.segments.length === 1 ? '' : 's'}`, EXIT_USAGE);
      }
      const key = opts.key ? await loadKeyFile(opts.key, opts.passphraseEnv) : undefined;
      const side = key ? sideOfKey(log, key) : undefined;
      const v = await verifyForPlayer(o, log, { upTo: opts.at, viewer: key && side ? { side, key } : undefined, remember: opts.at === undefined });
      const images = await modulePictures(opts.module, v.moduleHash);
      const svg = gameSvgOf(v, { hexSize: opts.hexSize || undefined, labels: opts.labels, viewerSide: side, images });
      const bytes = kind === '.png' ? svgToPng(svg, { width: opts.width || undefined }) : new TextEncoder().encode(svg);
      await writeFileAtomic(opts.output, bytes);
      o.out(`${opts.output}: ${v.module.title}, ${v.segments ? `after segment ${v.segments}` : 'at the start'} (${bytes.byteLength} bytes)`);
    });
}
