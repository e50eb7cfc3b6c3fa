// The answers of docs/spec-answers.md that no other test pinned: each case is checked against the
// code as it ships (the log reader, the verifier, the signatures, the engine).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as openpgp from 'openpgp';
import { describe, expect, it } from 'vitest';
import { canonicalBytes } from '../../src/core/canonical.js';
import { sha256Hex } from '../../src/core/hash.js';
import type { AcceptanceBody, GenesisBody } from '../../src/core/protocol/bodies.js';
import { gameIdOf } from '../../src/core/protocol/game-id.js';
import { writeContainer, type ContainerEntry } from '../../src/log/container.js';
import { loadPrivateKey, loadPublicKey } from '../../src/log/keys.js';
import { logEntries, openLog, type LogFile } from '../../src/log/log-file.js';
import { signDetached, verifyDetached } from '../../src/log/signature.js';
import { verifyLog } from '../../src/log/verify.js';
import { assembleModule, moduleHash } from '../../src/core/module/assemble.js';
import { canonicalize } from '../../src/core/canonical.js';
import { newTurn } from '../core/engine/helpers.js';
import { moduleFiles, withEdit } from '../helpers/module-files.js';

const LOGS = join(import.meta.dirname, '..', '..', 'logs');
const golden = (): LogFile => openLog(readFileSync(join(LOGS, 'skirmish-golden.hexlog')), 'skirmish-golden.hexlog');
const key = async (side: string) => loadPrivateKey(readFileSync(join(LOGS, 'keys', `skirmish-${side}.key`), 'utf8'));
const zipOf = (log: LogFile): ContainerEntry[] => logEntries(log);

describe('docs/spec-answers.md', () => {
  it('segment numbering: an entry 000000.json is refused; a body whose seq is not its name is refused', async () => {
    const entries = zipOf(golden());
    const first = entries.find((e) => e.name === '000001.json')!,
      sig = entries.find((e) => e.name === '000001.json.sig')!;
    const zero = [...entries, { ...first, name: '000000.json' }, { ...sig, name: '000000.json.sig' }];
    await expect(verifyLog(openLog(writeContainer(zero), 'zero.hexlog'))).rejects.toThrow(/seq|000000/);
    const renamed = entries.map((e) => (e.name === '000001.json' ? { ...e,
      name: '000007.json' } : e.name === '000001.json.sig' ? { ...e, name: '000007.json.sig' } : e));
    await expect(verifyLog(openLog(writeContainer(renamed), 'renamed.hexlog'))).rejects.toThrow(/seq/);
  });

  it('extra entries are refused; the zip order of the entries does not matter', async () => {
    const entries = zipOf(golden());
    expect(() => openLog(writeContainer([...entries, { ...entries[0]!, name: 'notes.json' }]), 'extra.hexlog')).toThrow(/unexpected entry|notes/);
    const reversed = openLog(writeContainer([...entries].reverse()), 'reversed.hexlog');
    const v = await verifyLog(reversed);
    expect(v.segments).toBe(6);
    expect(v.head).toBe((await verifyLog(golden())).head);
  });

  it('the head of a log with no segment is the game id; before every acceptance, the genesis hash', async () => {
    const log = golden();
    const none = await verifyLog({ ...log, segments: [] });
    const g = log.genesis.hash, a = log.acceptances[0]!.hash;
    expect(none.head).toBe(gameIdOf(g, { blue: a }));
    expect(log.segments[0]!.body.prev).toBe(none.head);
    const proposed = await verifyLog({ ...log, acceptances: [], segments: [] });
    expect(proposed.head).toBe(g);
  });

  it('a key block holding two keys is refused, even re-signed by everyone', async () => {
    const log = golden();
    const red = await key('red'), blue = await key('blue');
    const body = structuredClone(log.genesis.body) as GenesisBody;
    const bluePlayer = body.players.find((p) => p.side === 'blue')!;
    bluePlayer.publicKey = `${bluePlayer.publicKey}\n${red.toPublic().armor()}`;
    const bytes = canonicalBytes(body);
    const genesis = { ...log.genesis, body, bytes, hash: sha256Hex(bytes), signature: await signDetached(bytes, red) };
    const acc = structuredClone(log.acceptances[0]!.body) as AcceptanceBody;
    acc.genesis = genesis.hash;
    const accBytes = canonicalBytes(acc);
    const acceptance = { ...log.acceptances[0]!, body: acc, bytes: accBytes, hash: sha256Hex(accBytes),
      signature: await signDetached(accBytes, blue) };
    const forged = openLog(writeContainer(logEntries({ ...log, genesis, acceptances: [acceptance], segments: [] })),
      'two-keys.hexlog');
    await expect(verifyLog(forged)).rejects.toThrow(/exactly one key, found 2/);
  });

  it('key expiry: a signature made while the key was valid verifies after the key expired', async () => {
    const born = new Date('2026-01-01T00:00:00Z');
    const k = await openpgp.generateKey({ type: 'ecc', curve: 'ed25519Legacy', userIDs: [{ name: 'Expiring',
      email: 'e@example.org' }], date: born, keyExpirationTime: 86_400, format: 'object' });
    const bytes = new TextEncoder().encode('{"a":1}');
    const sign = async (date: Date) => openpgp.sign({ message: await openpgp.createMessage({ binary: bytes }),
      signingKeys: k.privateKey, detached: true, format: 'armored', date });
    const pub = await loadPublicKey(k.publicKey.armor());
    // made on 1 January, the key expired on 2 January, checked today (later): still good
    await expect(verifyDetached(bytes, await sign(new Date('2026-01-01T06:00:00Z')), pub)).resolves.toBeTruthy();
  });

  it('reveal-hand leaves the cards in the hand; a later play opens the card again by its commitment', () => {
    const { turn } = newTurn();
    expect(turn.apply('draw red-cards 2').ok).toBe(true);
    const r = turn.apply('reveal-hand');
    expect(r.ok).toBe(true);
    const hidden = turn.state.hands['red']!.hidden;
    expect(hidden).toHaveLength(2);
    const card = hidden[0]!.card!, commitment = hidden[0]!.commitment!;
    const p = turn.apply(`play ${card}`);
    expect(p.ok && p.events[0]).toMatchObject({ type: 'played', card, commitment });
    expect(turn.state.hands['red']!.hidden.map((h) => h.commitment)).not.toContain(commitment);
    expect(turn.apply('reveal-hand').ok && turn.state.hands['red']!.hidden).toHaveLength(1);
  });

  it('the module hash: the files merged as written, $schema dropped at the top only, one place per member', () => {
    const files = moduleFiles('skirmish');
    const a = assembleModule(files);
    const raw = a.raw as Record<string, unknown>;
    expect(Object.keys(raw)).toContain('sequence');
    expect((raw.boards as { id: string }[]).map((b) => b.id)).toEqual(['field', 'village']);
    expect(moduleHash(raw)).toBe(sha256Hex(canonicalize(raw)));
    const twice = withEdit(files, 'pieces.json', (j) => { j.title = 'Again'; });
    expect(assembleModule(twice).issues.map((i) => i.message).join()).toMatch(/already given in module\.json/);
    const inner = withEdit(files, 'module.json', (j) => { j.sides[0].$schema = 'x'; });
    expect(moduleHash(assembleModule(inner).raw)).not.toBe(moduleHash(raw));
  });

  it('secrets: a verifier does not decrypt them; the owner\'s tool refuses chains without his pinned anchors',
    async () => {
    const log = golden();
    const blue = await key('blue');
    const acc = structuredClone(log.acceptances[0]!.body) as AcceptanceBody;
    acc.commitments = { ...acc.commitments, dice: 'ab'.repeat(32) };
    const bytes = canonicalBytes(acc);
    const acceptance = { ...log.acceptances[0]!, body: acc, bytes, hash: sha256Hex(bytes),
      signature: await signDetached(bytes, blue) };
    const forged = openLog(writeContainer(logEntries({ ...log, acceptances: [acceptance], segments: [] })),
      'anchors.hexlog');
    await expect(verifyLog(forged)).resolves.toBeTruthy();
    await expect(verifyLog(forged, { viewer: { side: 'blue', key: blue } })).rejects.toThrow(/secrets do not match the commitments/);
  });
});
