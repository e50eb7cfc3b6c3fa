// `hexpost armor|dearmor`: an e-mail-safe text form of a log, and back.
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { armor, checkGameLine, dearmor } from '../log/armor.js';
import { openLog } from '../log/log-file.js';
import { writeFileAtomic } from '../log/atomic-write.js';
import { CliError } from './exit.js';
import { guardOverwrite, readLogFile } from './log-io.js';
import type { Output } from './output.js';

export function registerArmorCommands(program: Command, o: Output): void {
  program.command('armor')
    .description('print the log as e-mail-safe text (survives quoting and re-wrapped lines)')
    .argument('<log>', 'the game log')
    .action(async (path: string) => {
      const bytes = new Uint8Array(await readFile(path).catch((e: NodeJS.ErrnoException) => { throw new CliError(`${path}: cannot read (${e.code ?? e.message})`); }));
      const log = await readLogFile(path);
      const { verifyLog } = await import('../log/verify.js');
      const v = await verifyLog(log);
      o.out(armor(bytes, v.gameId ? { gameId: v.gameId } : {}));
    });

  program.command('dearmor')
    .description('read a log back from pasted text (an e-mail, quoted or re-wrapped) and write it')
    .argument('<text>', 'file holding the pasted text; - reads standard input')
    .requiredOption('-o, --out <log>', 'the .hexlog to write')
    .action(async (path: string, opts: { out: string }) => {
      let text: string;
      if (path === '-') {
        const chunks: Buffer[] = [];
        for await (const c of process.stdin) chunks.push(c as Buffer);
        text = Buffer.concat(chunks).toString('utf8');
      } else {
        text = await readFile(path, 'utf8').catch((e: NodeJS.ErrnoException) => { throw new CliError(`${path}: cannot read (${e.code ?? e.message})`); });
      }
      const d = dearmor(text, { file: path === '-' ? '<stdin>' : path });
      // refuse anything that is not a log before writing it: every body parsed (openLog leaves
      // segment bodies until they are read); never over a newer copy, another game's log or e-mail text
      const log = openLog(d.bytes, opts.out);
      for (const s of log.segments) void s.body;
      await guardOverwrite(opts.out, log);
      checkGameLine(d, log, path === '-' ? '<stdin>' : path);
      await writeFileAtomic(opts.out, d.bytes);
      o.out(`wrote ${opts.out} (${d.bytes.byteLength} bytes${d.gameId ? `, game ${d.gameId.slice(0, 16)}…` : ''})`);
    });
}
