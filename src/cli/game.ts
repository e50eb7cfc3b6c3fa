// `hexpost game new|join`: the signed proposal and the acceptances that start a game.
import { readFile, stat } from 'node:fs/promises';
import type { Command } from 'commander';
import { loadModule } from '../export/load-module.js';
import { checkKeyUsable, loadPublicKey } from '../log/keys.js';
import { acceptGame, proposeGame } from '../log/setup.js';
import { verifyLog } from '../log/verify.js';
import { CliError, EXIT_USAGE } from './exit.js';
import { loadKeyFile, now, readLogFile, verifyForPlayer, writeLogFile } from './log-io.js';
import { printJson, type Output } from './output.js';

const collect = (value: string, previous: string[] = []) => [...previous, value];

export function registerGameCommands(program: Command, o: Output): void {
  const game = program.command('game').description('set up a game between players');

  game.command('new')
    .description('propose a game: pins every player\'s key and your commitments; send the log to your opponent')
    .requiredOption('--module <module>', 'module folder or .hexmod bundle')
    .requiredOption('--scenario <id>', 'scenario id')
    .requiredOption('--side <side>', 'the side you play')
    .requiredOption('--key <file>', 'your private key')
    .requiredOption('--opponent <side=file>', 'a side and its player\'s public key file (repeat for each)', collect)
    .requiredOption('-o, --out <log>', 'the .hexlog to write')
    .option('--passphrase-env <var>', 'environment variable holding your key\'s passphrase')
    .option('--json', 'machine-readable result')
    .action(async (opts: { module: string; scenario: string; side: string; key: string; opponent: string[]; out: string; passphraseEnv?: string; json?: boolean }) => {
      if (await stat(opts.out).then(() => true, () => false)) throw new CliError(`${opts.out} exists; a log is never overwritten by game new`);
      const m = await loadModule(opts.module);
      const key = await loadKeyFile(opts.key, opts.passphraseEnv);
      await checkKeyUsable(key, new Date(), opts.key);
      const opponents = [];
      for (const spec of opts.opponent) {
        const eq = spec.indexOf('=');
        if (eq <= 0) throw new CliError(`--opponent ${spec}: expected <side>=<public key file>`, EXIT_USAGE);
        const file = spec.slice(eq + 1);
        const text = await readFile(file, 'utf8').catch((e: NodeJS.ErrnoException) => { throw new CliError(`${file}: cannot read (${e.code ?? e.message})`); });
        const opponentKey = await loadPublicKey(text, { file });
        // A revoked or expired key cannot play: say so now, not when his first signature fails.
        await checkKeyUsable(opponentKey, new Date(), file);
        opponents.push({ side: spec.slice(0, eq), key: opponentKey });
      }
      const log = await proposeGame({
        module: { id: m.data.id, version: m.data.version, hash: m.hash, raw: m.raw, sides: m.data.sides.map((s) => s.id), scenarios: m.data.scenarios.map((s) => s.id) },
        scenario: opts.scenario, side: opts.side, key, opponents, time: now(),
      });
      await writeLogFile(opts.out, { ...log, file: opts.out });
      if (opts.json) { printJson(o, { log: opts.out, module: m.data.id, hash: m.hash, scenario: opts.scenario, side: opts.side }); return; }
      o.out(`proposed ${m.data.title} (${m.data.id} ${m.data.version}), scenario ${opts.scenario}; you play ${opts.side}`);
      o.out(`wrote ${opts.out}: send it to ${opponents.map((x) => x.side).join(', ')} to join (hexpost game join)`);
    });

  game.command('join')
    .description('accept a proposed game: verifies it, adds your signed acceptance, prints the safety code')
    .argument('<log>', 'the .hexlog you received')
    .requiredOption('--side <side>', 'the side you play')
    .requiredOption('--key <file>', 'your private key')
    .option('--passphrase-env <var>', 'environment variable holding your key\'s passphrase')
    .option('--json', 'machine-readable result')
    .action(async (path: string, opts: { side: string; key: string; passphraseEnv?: string; json?: boolean }) => {
      const log = await readLogFile(path);
      await verifyLog(log);
      const key = await loadKeyFile(opts.key, opts.passphraseEnv);
      const joined = await acceptGame(log, opts.side, key, now());
      const v = await verifyForPlayer(o, joined);
      await writeLogFile(path, joined);
      if (opts.json) { printJson(o, { log: path, game: v.gameId, safetyCode: v.safetyCode, status: v.status }); return; }
      o.out(`joined as ${opts.side}; ${v.gameId ? `game ${v.gameId.slice(0, 16)}…` : 'waiting for the other players'}`);
      if (v.safetyCode) {
        o.out(`safety code ${v.safetyCode}`);
        o.out('compare it with your opponent over another channel (telephone, chat): he sees it with `hexpost show`.');
      }
      o.out(`wrote ${path}: send it back`);
    });
}
