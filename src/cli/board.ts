// `hexpost board`: the game on a local web page. Verifies the log, serves the page on 127.0.0.1
// with a secret token in its address, and runs until interrupted; the key never leaves this process.
import { spawn } from 'node:child_process';
import type { Command } from 'commander';
import { PageSession, type PageHost } from '../web/page-session.js';
import { startBoardServer } from '../web/server.js';
import { describeEvent } from './describe.js';
import { guardOverwrite, loadKeyFile, logTarget, readLogFile, sideOfKey, verifyForPlayer } from './log-io.js';
import type { Output } from './output.js';
import { sealAndWrite } from './seal.js';
import { showJson } from './show.js';
import { whoseMoveLine } from './whose-move.js';
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
  };
}

export function registerBoardCommand(program: Command, o: Output): void {
  program.command('board')
    .description('play your turn on a local web page (127.0.0.1 only); "seal and send" signs and writes it')
    .argument('<log>', 'the game log')
    .requiredOption('--key <file>', 'your private key')
    .option('--port <n>', 'port to listen on (default: any free port)', (x) => Number.parseInt(x, 10))
    .option('--no-open', 'print the address without opening a browser')
    .option('--passphrase-env <var>', 'environment variable holding your key\'s passphrase')
    .action(async (path: string, opts: { key: string; port?: number; open: boolean; passphraseEnv?: string }) => {
      const log = await readLogFile(path);
      // before any work: a copy older than the one it would be written over is refused now
      await guardOverwrite(logTarget(path), log);
      const key = await loadKeyFile(opts.key, opts.passphraseEnv);
      const side = sideOfKey(log, key);
      const session = await PageSession.open(path, log, side, key, pageHost(o, side, key));
      const server = await startBoardServer(session, { port: opts.port, log: (l) => o.err(l) });
      o.out(whoseMoveLine(session.verified, side));
      o.out(`${session.layout().title}: you play ${side}; log verified. The board page (keep the address private):`);
      o.out(server.url);
      if (opts.open && o.tty) openBrowser(server.url);
      await new Promise<void>((resolve) => {
        const stop = () => { process.off('SIGINT', stop); process.off('SIGTERM', stop); resolve(); };
        process.on('SIGINT', stop);
        process.on('SIGTERM', stop);
      });
      await server.close();
      o.out('board page closed');
    });
}

function openBrowser(url: string): void {
  const cmd = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  try {
    const child = spawn(cmd, [url], { stdio: 'ignore', detached: true });
    child.on('error', () => { /* no browser opener: the printed address is enough */ });
    child.unref();
  } catch { /* as above */ }
}
