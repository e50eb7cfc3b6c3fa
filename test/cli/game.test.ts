// `hexpost game new` refuses an opponent whose key is revoked or expired, before writing anything.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as openpgp from 'openpgp';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { canonicalBytes } from '../../src/core/canonical.js';
import { sha256Hex } from '../../src/core/hash.js';
import { writeContainer } from '../../src/log/container.js';
import { loadPrivateKey, loadPublicKey } from '../../src/log/keys.js';
import { logEntries } from '../../src/log/log-file.js';
import { proposeGame } from '../../src/log/setup.js';
import { fortySections, skirmishRaw } from '../helpers/hostile-modules.js';
import { ROOT } from '../helpers/module-files.js';

const dir = mkdtempSync(join(tmpdir(), 'hexpost-game-'));
const key = (name: string) => join(dir, `${name}.key`);

async function run(...args: string[]) {
  let out = '', err = '';
  process.env.HEXPOST_HOME = join(dir, 'home');
  const code = await main(['node', 'hexpost', ...args], { out: (t) => { out += `${t}\n`; }, err: (t) => { err += `${t}\n`; }, tty: false });
  return { code, out, err };
}

const propose = (opponentFile: string, out: string) => run('game', 'new', '--module', join(ROOT, 'modules/skirmish'),
  '--scenario', 'meeting', '--side', 'red', '--key', key('red'), '--opponent', `blue=${opponentFile}`, '-o', out);

beforeAll(async () => {
  for (const who of ['red', 'blue']) {
    expect((await run('key', 'new', '--name', who, '--email', `${who}@example.org`, '-o', key(who))).code).toBe(0);
  }
  const blue = await openpgp.readPrivateKey({ armoredKey: readFileSync(key('blue'), 'utf8') });
  const { publicKey } = await openpgp.revokeKey({ key: blue, format: 'armored' });
  writeFileSync(join(dir, 'blue-revoked.pub'), publicKey);
  const old = await openpgp.generateKey({
    type: 'ecc', curve: 'ed25519Legacy', userIDs: [{ name: 'Gone', email: 'gone@example.org' }],
    date: new Date(Date.now() - 30 * 24 * 3600_000), keyExpirationTime: 24 * 3600, format: 'armored',
  });
  writeFileSync(join(dir, 'blue-expired.pub'), old.publicKey);
});

describe('game new', () => {
  it('refuses a revoked opponent key and writes no log', async () => {
    const out = join(dir, 'revoked.hexlog');
    const r = await propose(join(dir, 'blue-revoked.pub'), out);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/blue-revoked\.pub: key [0-9A-F ]+ is revoked; ask its owner for his current key/);
    expect(existsSync(out)).toBe(false);
  });

  it('refuses an expired opponent key and writes no log', async () => {
    const out = join(dir, 'expired.hexlog');
    const r = await propose(join(dir, 'blue-expired.pub'), out);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/blue-expired\.pub: key [0-9A-F ]+ has expired; ask its owner to extend it/);
    expect(existsSync(out)).toBe(false);
  });

  it('proposes to a current key', async () => {
    const r = await propose(`${key('blue')}.pub`, join(dir, 'ok.hexlog'));
    expect(r.code, r.err).toBe(0);
  });
});

describe('game join of a hostile proposal', () => {
  async function hostile(raw: Record<string, unknown>, file: string, signature?: string): Promise<string> {
    const log = await proposeGame({
      module: { id: 'skirmish', version: '1.0.0', hash: sha256Hex(canonicalBytes(raw)), raw, sides: ['red', 'blue'], scenarios: ['meeting'] },
      scenario: 'meeting', side: 'red', key: await loadPrivateKey(readFileSync(key('red'), 'utf8')),
      opponents: [{ side: 'blue', key: await loadPublicKey(readFileSync(`${key('blue')}.pub`, 'utf8')) }], time: '2026-12-01T10:00:00Z',
    });
    const path = join(dir, file);
    writeFileSync(path, writeContainer(logEntries(signature ? { ...log, genesis: { ...log.genesis, signature } } : log)));
    return path;
  }

  it('refuses 10 million hexes under a forged signature, and under the creator\'s, with the reason', async () => {
    const honest = await hostile(skirmishRaw(), 'honest.hexlog');
    const honestSig = (await import('../../src/log/log-file.js')).openLog(new Uint8Array(readFileSync(honest)), honest).genesis.signature;
    const forged = await hostile(fortySections(), 'forged.hexlog', honestSig);
    const r = await run('game', 'join', forged, '--side', 'blue', '--key', key('blue'));
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/forged\.hexlog: genesis\.json\.sig: not signed by the creator red \(BAD signature/);
    const signed = await hostile(fortySections(), 'signed.hexlog');
    const s = await run('game', 'join', signed, '--side', 'blue', '--key', key('blue'));
    expect(s.code).toBe(1);
    expect(s.err).toContain('genesis.json: the embedded module is invalid: module.json: boards: the boards have 10000000 hexes in all, more than the cap of 100000');
  });
});
