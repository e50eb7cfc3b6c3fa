// Attacks on the verified-prefix cache, with the stock CLI as the victim. Blue's tool has verified
// the log (its cache vouches for the 3 segments, entries it will not inflate again); red, or anyone
// who handles the file, then alters the prefix at the zip level. Each altered log must be refused
// or verified in full — never resumed from the cache — both with blue's whole state folder and
// with the cache alone (fork memory deleted); `turn` writes nothing on a refused log, and `receive`
// of it as a whole log leaves blue's own copy as it was.
import { closeSync, cpSync, openSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalBytes } from '../../src/core/canonical.js';
import type { AcceptanceBody, GenesisBody } from '../../src/core/protocol/bodies.js';
import { crc32, readContainer, type ContainerEntry } from '../../src/log/container.js';
import { loadPrivateKey, newKey } from '../../src/log/keys.js';
import { openLog } from '../../src/log/log-file.js';
import { sign } from '../../src/log/setup.js';
import { verifyLogCached } from '../../src/log/verify-cache.js';
import { runAs, twoPlayers, type Run, type Table } from '../helpers/cli.js';
import { buildZip, type RawEntry } from './zip-builder.js';

let t: Table;
let honest: Uint8Array;

const ok = (r: Run) => { expect(r.code, `${r.out}${r.err}`).toBe(0); return r; };

beforeAll(async () => {
  t = await twoPlayers();
  const play = async (side: string, name: string, lines: string[]) => {
    ok(await t.run(side, 'turn', t.log(side), '--key', t.key(side), '--script', t.file(side, `${name}.txt`, lines), '--yes'));
    const other = side === 'red' ? 'blue' : 'red';
    writeFileSync(t.log(other), readFileSync(t.log(side)));
  };
  await play('red', 't1', ['move red-1 0302 0402', 'roll 2d6 "morale"', 'next']);
  await play('blue', 't2', ['move blue-1 0807', 'roll 1d10 "fire"', 'next']);
  await play('red', 't3', ['rotate red-1 +1', 'note "end of turn"']);
  honest = new Uint8Array(readFileSync(t.log('blue')));
  // blue's tool verifies the log as he does before every move: without and with his key
  ok(await t.run('blue', 'verify', t.log('blue')));
  ok(await t.run('blue', 'turn', t.log('blue'), '--key', t.key('blue'), '--script', t.file('blue', 'dry.txt', ['note "x"']), '--dry-run'));
}, 120_000);

/** The honest log's entries as stored, in zip order, for rebuilding with changes. */
function rawEntries(): Entry[] {
  return readContainer(honest).map((e: ContainerEntry) => ({
    name: e.name, raw: e.stored!.raw, method: e.stored!.method, size: e.data.byteLength, crc: e.stored!.crc, data: e.data,
  }));
}

type Entry = RawEntry & { data: Uint8Array };
/** The entry `e` holding `data`, stored uncompressed (method 0) with its right CRC. */
const storedAs = (e: RawEntry, data: Uint8Array): Entry => ({ name: e.name, raw: data, method: 0, size: data.byteLength, crc: crc32(data), data });
const at = (entries: RawEntry[], name: string) => entries.findIndex((e) => e.name === name);

let cases = 0;
/** A victim: blue's state folder as it is now, copied (with or without fork memory). */
function victim(forkMemory: boolean): string {
  const side = `blue-${++cases}`;
  const home = join(t.dir, `home-${side}`);
  cpSync(join(t.dir, 'home-blue'), home, { recursive: true });
  if (!forkMemory) for (const f of readdirSync(home)) if (/^(game-|seen-)/.test(f)) rmSync(join(home, f));
  return side;
}

/** Runs blue's `verify` and `turn` on the altered log; both must fail as `refusal` says, and write nothing. */
async function refused(altered: Uint8Array, refusal: RegExp): Promise<void> {
  for (const forkMemory of [true, false]) {
    const file = join(t.dir, 'blue', `altered-${cases + 1}.hexlog`);
    writeFileSync(file, altered);
    const side = victim(forkMemory);
    const v = await runAs(t.dir, side, ['verify', file]);
    expect(v.code, v.out).not.toBe(0);
    if (process.env.SHOW_REFUSALS) console.log(v.err);
    expect(v.err).toMatch(refusal);
    const turn = await runAs(t.dir, side, ['turn', file, '--key', t.key('blue'), '--script', join(t.dir, 'blue', 'dry.txt'), '--yes']);
    expect(turn.code, turn.out).not.toBe(0);
    expect(turn.err).toMatch(refusal);
    expect(Buffer.from(readFileSync(file)).equals(Buffer.from(altered))).toBe(true);
    // received as a whole log into blue's own copy: refused, the copy left as it was
    const mine = join(t.dir, 'blue', `mine-${cases}.hexlog`);
    writeFileSync(mine, honest);
    const received = await runAs(t.dir, side, ['receive', mine, file, '--key', t.key('blue')]);
    expect(received.code, received.out).not.toBe(0);
    expect(received.err).toMatch(refusal);
    expect(Buffer.from(readFileSync(mine)).equals(Buffer.from(honest))).toBe(true);
  }
}

describe('a tampered prefix is never resumed from the cache', () => {
  it('the honest log resumes (the baseline the attacks start from)', async () => {
    const side = victim(true);
    process.env.HEXPOST_HOME = join(t.dir, `home-${side}`);
    const r = await verifyLogCached(openLog(honest, 'honest.hexlog', { lazy: true }));
    expect(r.resumedFrom).toBe(3);
  });

  it('one byte of a compressed prefix entry changed (same length, CRC claim kept): refused by its CRC or deflate check', async () => {
    const entries = rawEntries();
    const k = at(entries, '000001.json');
    const raw = new Uint8Array(entries[k]!.raw);
    raw[Math.floor(raw.length / 2)]! ^= 0x10;
    entries[k] = { ...entries[k]!, raw };
    await refused(buildZip(entries), /000001\.json.*(CRC-32 mismatch|corrupt deflate|inflates to|truncated deflate)/);
  });

  it('a prefix body changed (same length, a valid CRC): refused, its signature fails', async () => {
    const entries = rawEntries();
    const k = at(entries, '000002.json');
    const text = new TextDecoder().decode(entries[k]!.data);
    const changed = text.replace(/"time":"20/, '"time":"21');
    expect(changed).not.toBe(text);
    entries[k] = storedAs(entries[k]!, new TextEncoder().encode(changed));
    await refused(buildZip(entries), /000002\.json\.sig: segment 2: not signed by blue's pinned key/);
  });

  it('a CRC claim changed in both headers, the data left alone: refused as the strict reader refuses it', async () => {
    const entries = rawEntries();
    const k = at(entries, '000002.json.sig');
    entries[k] = { ...entries[k]!, crc: (entries[k]!.crc! ^ 1) >>> 0 };
    await refused(buildZip(entries), /000002\.json\.sig.*CRC-32 mismatch/);
  });

  it('two prefix bodies swapped between their names: refused', async () => {
    const entries = rawEntries();
    const a = at(entries, '000001.json'), b = at(entries, '000002.json');
    const [x, y] = [entries[a]!, entries[b]!];
    entries[a] = { ...y, name: x.name };
    entries[b] = { ...x, name: y.name };
    await refused(buildZip(entries), /the body says seq 2, but the entry is named 000001\.json/);
  });

  it("a prefix segment's signature replaced by one of another segment: refused", async () => {
    const entries = rawEntries();
    const a = at(entries, '000001.json.sig'), b = at(entries, '000003.json.sig');
    entries[a] = { ...entries[b]!, name: entries[a]!.name };
    await refused(buildZip(entries), /000001\.json\.sig: segment 1: not signed by red's pinned key/);
  });

  it('an extra entry (an unknown name, a duplicate name, a segment that repeats one): refused', async () => {
    const entries = rawEntries();
    const unknown = [...entries.slice(0, 4), storedAs({ name: 'notes.json', raw: new Uint8Array(), size: 0 }, new TextEncoder().encode('{}')), ...entries.slice(4)];
    await refused(buildZip(unknown), /notes\.json.*unexpected entry/);
    const k = at(entries, '000002.json');
    const duplicate = [...entries.slice(0, k + 2), entries[k]!, entries[k + 1]!, ...entries.slice(k + 2)];
    await refused(buildZip(duplicate), /duplicate entry name/);
    const repeated = [...entries, { ...entries[k]!, name: '000004.json' }, { ...entries[k + 1]!, name: '000004.json.sig' }];
    await refused(buildZip(repeated), /body says seq 2, but the entry is named 000004\.json/);
  });

  it('a changed genesis, re-signed by its creator (red, the attacker): refused, the acceptance no longer matches', async () => {
    const entries = rawEntries();
    const g = at(entries, 'genesis.json');
    const body = JSON.parse(new TextDecoder().decode(entries[g]!.data)) as GenesisBody;
    (body as { time: string }).time = '2030-01-01T00:00:00Z';
    const red = await loadPrivateKey(readFileSync(t.key('red'), 'utf8'));
    const signed = await sign('genesis.json', body, red);
    entries[g] = storedAs(entries[g]!, canonicalBytes(body));
    entries[g + 1] = storedAs(entries[g + 1]!, new TextEncoder().encode(signed.signature));
    await refused(buildZip(entries), /accept-blue\.json: accepts proposal [0-9a-f]{64}, not this one/);
  });

  it("blue's pinned key replaced by one red made, genesis and blue's acceptance re-signed with it: refused (the segments name the game the real setup made)", async () => {
    const entries = rawEntries();
    const g = at(entries, 'genesis.json'), acc = at(entries, 'accept-blue.json');
    const fake = await newKey({ name: 'Ben', email: 'b@example.org' });
    const fakeKey = await loadPrivateKey(fake.privateKey);
    const body = JSON.parse(new TextDecoder().decode(entries[g]!.data)) as GenesisBody;
    Object.assign(body.players.find((x) => x.side === 'blue')!, { publicKey: fake.publicKey, fingerprint: fake.fingerprint });
    const red = await loadPrivateKey(readFileSync(t.key('red'), 'utf8'));
    const genesis = await sign('genesis.json', body, red);
    const acceptance = JSON.parse(new TextDecoder().decode(entries[acc]!.data)) as AcceptanceBody;
    Object.assign(acceptance, { genesis: genesis.hash, fingerprint: fake.fingerprint });
    const accepted = await sign('accept-blue.json', acceptance, fakeKey);
    for (const [k, s] of [[g, genesis], [acc, accepted]] as const) {
      entries[k] = storedAs(entries[k]!, s.bytes);
      entries[k + 1] = storedAs(entries[k + 1]!, new TextEncoder().encode(s.signature));
    }
    await refused(buildZip(entries), /000001\.json: belongs to game [0-9a-f]{64}, not this game|key [0-9a-f]{40} plays no side in this game/);
  });
});

describe('the same log stored differently is verified in full, and accepted', () => {
  const fullyVerified = async (altered: Uint8Array) => {
    const file = join(t.dir, 'blue', `restored-${cases + 1}.hexlog`);
    writeFileSync(file, altered);
    const side = victim(true);
    ok(await runAs(t.dir, side, ['verify', file]));
    const again = victim(true);
    process.env.HEXPOST_HOME = join(t.dir, `home-${again}`);
    const r = await verifyLogCached(openLog(altered, file, { lazy: true }));
    expect(r.resumedFrom).toBeNull();
    return r.ignored;
  };

  it('a prefix entry stored uncompressed (another zip tool): the cache does not match, the full verification passes', async () => {
    const entries = rawEntries();
    const k = at(entries, '000001.json');
    entries[k] = storedAs(entries[k]!, entries[k]!.data);
    expect(await fullyVerified(buildZip(entries))).toMatch(/differ from the ones verified \(as stored\)/);
  });

  it('the zip entries in another order: verified in full (never resumed), and accepted', async () => {
    const entries = rawEntries();
    const a = at(entries, '000001.json'), b = at(entries, '000002.json');
    const reordered = [...entries];
    reordered.splice(a, 2, entries[b]!, entries[b + 1]!);
    reordered.splice(b, 2, entries[a]!, entries[a + 1]!);
    expect(await fullyVerified(buildZip(reordered))).toMatch(/not in log order/);
  });
});

describe("blue's own copy, which his tool wrote or read (its stamp), altered in place", () => {
  /** Blue's tool reads `own` (a copy of the honest log) once, which stamps it; then the attacker alters it. */
  const stampedThenAltered = async (alter: (file: string) => void, refusal: RegExp) => {
    const side = victim(true);
    const file = join(t.dir, 'blue', `own-${cases}.hexlog`);
    writeFileSync(file, honest);
    ok(await runAs(t.dir, side, ['verify', file]));
    expect(readdirSync(join(t.dir, `home-${side}`, 'cache')).some((f) => f.startsWith('stamp-'))).toBe(true);
    alter(file);
    const v = await runAs(t.dir, side, ['verify', file]);
    expect(v.code, v.out).not.toBe(0);
    expect(v.err).toMatch(refusal);
    const turn = await runAs(t.dir, side, ['turn', file, '--key', t.key('blue'), '--script', join(t.dir, 'blue', 'dry.txt'), '--yes']);
    expect(turn.code, turn.out).not.toBe(0);
    expect(turn.err).toMatch(refusal);
  };

  it('one compressed byte changed in place, same size, its modification time put back: refused (the change time moved)', async () => {
    await stampedThenAltered((file) => {
      const before = statSync(file);
      const entries = rawEntries();
      const k = at(entries, '000001.json');
      const bytes = new Uint8Array(readFileSync(file));
      // the middle of 000001.json's compressed data, which follows its name in its local header
      const name = Buffer.from('000001.json');
      const header = Buffer.from(bytes).indexOf(name);
      const fd = openSync(file, 'r+');
      const pos = header + name.length + Math.floor(entries[k]!.raw.length / 2);
      writeSync(fd, new Uint8Array([bytes[pos]! ^ 0x10]), 0, 1, pos);
      closeSync(fd);
      utimesSync(file, before.atime, before.mtime);
      expect(statSync(file).size).toBe(before.size);
    }, /000001\.json.*(CRC-32 mismatch|corrupt deflate|inflates to|truncated deflate)/);
  });

  it('replaced by another file of the same size (a CRC claim changed): refused', async () => {
    const entries = rawEntries();
    const k = at(entries, '000002.json.sig');
    entries[k] = { ...entries[k]!, crc: (entries[k]!.crc! ^ 1) >>> 0 };
    const altered = buildZip(entries);
    await stampedThenAltered((file) => {
      expect(altered.byteLength).toBe(statSync(file).size);
      writeFileSync(file, altered);
    }, /000002\.json\.sig.*CRC-32 mismatch/);
  });
});
