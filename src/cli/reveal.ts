// `hexpost reveal`: append the signed reveal of your hidden-chain values — those of ended deck
// periods whose cards have all left your hand, or with --final everything, ending the game for you.
import type { Command } from 'commander';
import { TurnSession } from '../log/turn-session.js';
import { CliError } from './exit.js';
import { loadKeyFile, readLogFile, sideOfKey, verifyForPlayer } from './log-io.js';
import { printJson, type Output } from './output.js';
import { sealAndWrite } from './seal.js';

export function registerRevealCommand(program: Command, o: Output): void {
  program.command('reveal')
    .description('append the signed reveal of your hidden values, so every tool can audit your secret draws')
    .argument('<log>', 'the game log')
    .requiredOption('--key <file>', 'your private key')
    .option('--final', 'the game is over for you: reveal every value (your remaining hand becomes public)')
    .option('--passphrase-env <var>', 'environment variable holding your key\'s passphrase')
    .option('--json', 'machine-readable result')
    .action(async (path: string, opts: { key: string; final?: boolean; passphraseEnv?: string; json?: boolean }) => {
      const log = await readLogFile(path);
      const key = await loadKeyFile(opts.key, opts.passphraseEnv);
      const side = sideOfKey(log, key);
      const v = await verifyForPlayer(o, log, { viewer: { side, key }, append: true });
      const final = !!opts.final || v.state.over;
      const session = new TurnSession(v, side, key);
      // Leaving the game, the hand is opened too, so every tool's state shows the cards (the
      // hidden values revealed below let everyone audit how they were drawn).
      if (final && (v.state.hands[side]?.hidden.length ?? 0) > 0) {
        const r = session.apply('reveal-hand');
        if (!r.ok) throw new CliError(r.error.message);
      }
      const reveals = session.revealable(final);
      if (!reveals.length && !final) {
        throw new CliError('nothing can be revealed yet: no deck period of yours has ended with all its cards out of your hand (use --final at the end of the game)');
      }
      const { segment, verified: after, file } = await sealAndWrite(o, path, session, { final });
      if (opts.json) { printJson(o, { seq: segment.body.seq, final, revealed: reveals.map((r) => r.period), audits: after.audits }); return; }
      o.out(`sealed segment ${segment.body.seq}: revealed hidden value${reveals.length === 1 ? '' : 's'} ${reveals.map((r) => `#${r.period}`).join(', ') || '(none)'}${final ? '; final' : ''}`);
      o.out(`wrote ${file}`);
    });
}
