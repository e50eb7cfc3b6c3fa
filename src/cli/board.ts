// `hexpost board`: the game on a local web page. Verifies the log, serves the page on 127.0.0.1
// with a secret token in its address, and runs until interrupted; the key never leaves this process.
// The browser is opened on a launch page only the player can read (src/web/launch-page.ts), so the
// token never stands in a command line, which every local user can read.
import { modulePictures } from './module-pictures.js';
import { spawn } from 'node:child_process';
import type { Command } from 'commander';
import { PageSession, type PageHost } from '../web/page-session.js';
import { hexpostHome } from '../log/home.js';
import { writeLaunchPage } from '../web/launch-page.js';
import { startBoardServer } from '../web/server.js';
import { describeEvent } from './describe.js';
import { guardOverwrite, loadKeyFile, logTarget, readLogFile, sideOfKey, verifyForPlayer } from './log-io.js';
import type { Output } from './output.js';
import { sealAndWrite } from './seal.js';
import { showJson } from './show.js';
import { whoseMoveLine } from './whose-move.js';
import { openTakebackLines } from './takeback.js';
import { takebackField } from './takeback-choice.js';
import { takebackText } from './takeback-text.js';
import type { PrivateKey } from 'openpgp';

/** What the page borrows from the CLI: the same verification, writing, words and view as `play`. */
export function pageHost(o: Output, side: string, key: PrivateKey): PageHost {
  return {
    verify: (log, options) => verifyForPlayer(o, log, { viewer: { side, key }, append: true, ...options }),
    // Sealed exactly as `turn` and `play` seal.
    seal: (path, session) => sealAndWrite(o, path, session),
    describeEvent,
    showJson,
    whoseMove: (v, s, state) => whoseMoveLine(v, s, state),
    takebackText,
    takebackLines: (v, s) => (v.takebacks.open ? openTakebackLines(v, v.takebacks.open, s) : []),
    takebackField: (v, s, answer) => takebackField(v.log.file, v, s, answer),
  };
}

export function registerBoardCommand(program: Command, o: Output): void {
  program.command('board')
    .description('play your turn on a local web page (127.0.0.1 only); "seal and send" signs and writes it. The page shows '
      + 'what your reveal resolves (the opponent\'s sealed rolls, your sealed draws); your own sealed rolls, procedures, '
      + 'shuffles and draws show as "sealed" until the opponent\'s reply, however often the page is reloaded')
    .argument('<log>', 'the game log')
    .requiredOption('--key <file>', 'your private key')
    .option('--port <n>', 'port to listen on (default: any free port)', (x) => Number.parseInt(x, 10))
    .option('--no-open', 'print the address without opening a browser')
    .option('--passphrase-env <var>', 'environment variable holding your key\'s passphrase')
    .option('--module <folder>', 'the game\'s module folder: its own map and counter pictures are drawn')
    .action(async (path: string, opts: { key: string; port?: number; open: boolean; passphraseEnv?: string; module?: string }) => {
      const log = await readLogFile(path);
      // before any work: a copy older than the one it would be written over is refused now
      await guardOverwrite(logTarget(path), log);
      const key = await loadKeyFile(opts.key, opts.passphraseEnv);
      const side = sideOfKey(log, key);
      const host = pageHost(o, side, key);
      if (opts.module) host.images = await modulePictures(opts.module, log.genesis.body.module.hash);
      const session = await PageSession.open(path, log, side, key, host);
      const server = await startBoardServer(session, { port: opts.port, log: (l) => o.err(l) });
      o.out(whoseMoveLine(session.verified, side));
      o.out(`${session.layout().title}: you play ${side}; log verified. The board page (keep the address private):`);
      o.out(server.url);
      // From a terminal, or when $BROWSER names the browser to use.
      const wanted = opts.open && (o.tty || !!process.env['BROWSER']);
      const launch = wanted ? await writeLaunchPage(hexpostHome(), server.url) : null;
      if (launch) openBrowser(launch.href, opts.passphraseEnv);
      try {
        await new Promise<void>((resolve) => {
          const stop = () => { process.off('SIGINT', stop); process.off('SIGTERM', stop); resolve(); };
          process.on('SIGINT', stop);
          process.on('SIGTERM', stop);
        });
      } finally {
        await launch?.remove();
        await server.close();
      }
      o.out('board page closed');
    });
}

/** Opens `href` (the launch page: no secret in it) with $BROWSER or the system's opener. */
function openBrowser(href: string, passphraseEnv: string | undefined): void {
  const opener = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  const cmd = process.env['BROWSER'] || opener;
  // The browser needs no passphrase: keep it out of the environment it inherits.
  const env = { ...process.env };
  if (passphraseEnv) delete env[passphraseEnv];
  try {
    const child = spawn(cmd, [href], { stdio: 'ignore', detached: true, env });
    child.on('error', () => { /* no browser opener: the printed address is enough */ });
    child.unref();
  } catch { /* as above */ }
}
