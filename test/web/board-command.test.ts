// `hexpost board` from the command line: verifies, prints the address, serves until interrupted.
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { newSkirmish, players } from '../helpers/game.js';
import { onDisk } from './page-fixtures.js';

describe('hexpost board', () => {

  it('prints the page address on 127.0.0.1 with a token, serves it, and stops on SIGTERM', async () => {
    const p = await players();
    const files = await onDisk(p, await newSkirmish(p), 'red');
    let out = '';
    const before = process.listenerCount('SIGTERM');
    const done = main(['node', 'hexpost', 'board', files.logPath, '--key', files.keyPath, '--no-open'],
      { out: (t) => { out += `${t}\n`; }, err: () => {}, tty: false });
    await expect.poll(() => /http:\/\/127\.0\.0\.1:\d+\/t\/[A-Za-z0-9_-]{43}\//.test(out), { timeout: 20_000 }).toBe(true);
    expect(out).toContain('you play red');
    const url = /http:\S+/.exec(out)![0];
    const state = await (await fetch(`${url}api/state`)).json();
    expect(state).toMatchObject({ side: 'red', turn: 1, commands: 0 });
    expect((await fetch(url.replace(/\/t\/[^/]+\//, '/t/wrong/'))).status).toBe(404);
    // The verb's own listener is the one added: interrupt it as Ctrl+C would.
    expect(process.listenerCount('SIGTERM')).toBe(before + 1);
    process.emit('SIGTERM');
    expect(await done).toBe(0);
    expect(out).toContain('board page closed');
    await expect(fetch(`${url}api/state`)).rejects.toThrow();
  });

  it('refuses a key that plays no side', async () => {
    const p = await players();
    const files = await onDisk(p, await newSkirmish(p), 'red');
    const { writeFileSync } = await import('node:fs');
    const { newKey } = await import('../../src/log/keys.js');
    writeFileSync(files.keyPath, (await newKey({ name: 'Nobody', email: 'nobody@example.org' })).privateKey);
    let err = '';
    const code = await main(['node', 'hexpost', 'board', files.logPath, '--key', files.keyPath, '--no-open'], { out: () => {}, err: (t) => { err += t; }, tty: false });
    expect(code).toBe(1);
    expect(err).toContain('plays no side');
  });
});
