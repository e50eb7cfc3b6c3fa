// Equivocation proofs (src/log/proof.ts): what they prove, and every way a file that proves
// nothing is refused.
import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalBytes } from '../../src/core/canonical.js';
import { readContainer, writeContainer, type ContainerEntry } from '../../src/log/container.js';
import { fingerprintOf } from '../../src/log/keys.js';
import type { LogFile } from '../../src/log/log-file.js';
import { buildProof, checkProof } from '../../src/log/proof.js';
import { forge, newSkirmish, playTurn, players, type Players } from '../helpers/game.js';

let p: Players;
let start: LogFile;
let one: LogFile;
let two: LogFile;
let proof: Uint8Array;

beforeAll(async () => {
  p = await players();
  start = await newSkirmish(p);
  // Red's patched client: two different segment 1, both signed with his pinned key.
  one = await playTurn(start, p, 'red', ['roll 1d6 "first try"']);
  two = await playTurn(start, p, 'red', ['move red-1 0302', 'roll 1d6 "second try"']);
  proof = (await buildProof(two, one.segments[0]!, two.segments[0]!, 'p.hexproof')).bytes;
});

const entriesOf = (zip: Uint8Array) => readContainer(zip).map((e) => ({ name: e.name, data: e.data }));
const edit = (f: (entries: ContainerEntry[]) => ContainerEntry[]) => writeContainer(f(entriesOf(proof)));
const text = (s: string) => new TextEncoder().encode(s);

describe('a proof of equivocation', () => {
  it('holds the manifest, the author\'s key, the setup and both signed versions, and proves what it says', async () => {
    const names = entriesOf(proof).map((e) => e.name);
    expect(names).toEqual(['proof.json', 'author.asc', 'genesis.json', 'genesis.json.sig', 'accept-blue.json', 'accept-blue.json.sig',
      'a/000001.json', 'a/000001.json.sig', 'b/000001.json', 'b/000001.json.sig']);
    const hashes = [one.segments[0]!.hash, two.segments[0]!.hash].sort();
    const game = one.segments[0]!.body.game;
    const fingerprint = fingerprintOf(p.red);
    await expect(checkProof(proof, 'p.hexproof')).resolves.toEqual({ game, seq: 1, author: 'red', fingerprint, hashes });
    const manifest = new TextDecoder().decode(entriesOf(proof)[0]!.data);
    expect(manifest).toBe(`{"author":"red","fingerprint":"${fingerprint}","game":"${game}","hashes":["${hashes[0]}","${hashes[1]}"],`
      + '"seq":1,"type":"hexpost/equivocation-proof","version":1}');
    // The same two versions always give the same file, whichever is named first.
    expect((await buildProof(one, two.segments[0]!, one.segments[0]!)).bytes).toEqual(proof);
  });

  it('refuses two players\' segments of one seq: a dropped segment proves no equivocation', async () => {
    const blues = await playTurn(one, p, 'blue', ['note "blue\'s segment 2"']);
    const reds = await playTurn(one, p, 'red', ['note "red dropped blue\'s segment 2"']);
    await expect(buildProof(reds, blues.segments[1]!, reds.segments[1]!)).rejects.toThrow(/segment 2: one version is signed by \w+, the other by \w+; two players' segments of one seq prove no equivocation/);
  });

  it('refuses the same body twice, a body of another game, and a body whose signature fails', async () => {
    await expect(buildProof(one, one.segments[0]!, one.segments[0]!)).rejects.toThrow(/the same body: that proves nothing/);
    const otherGame = await playTurn(await newSkirmish(p), p, 'red', ['roll 1d6']);
    await expect(buildProof(one, one.segments[0]!, otherGame.segments[0]!)).rejects.toThrow(/000001\.json: names game [0-9a-f]{64}, not [0-9a-f]{64}/);
    const s = two.segments[0]!;
    const tampered = { ...s, bytes: text(new TextDecoder().decode(s.bytes).replace('"time":"2026', '"time":"2027')) };
    expect(tampered.bytes).not.toEqual(s.bytes);
    tampered.hash = 'f'.repeat(64);
    await expect(buildProof(one, one.segments[0]!, tampered)).rejects.toThrow(/000001\.json\.sig: not signed by red's pinned key [0-9a-f]{40} \(BAD signature/);
    // A segment re-signed by blue's key while naming red as its author.
    const forged = await forge(two, p, 1, (b) => { b.author = 'blue'; });
    await expect(buildProof(one, one.segments[0]!, { ...forged.segments[0]!, signature: two.segments[0]!.signature }))
      .rejects.toThrow(/not signed by blue's pinned key/);
  });
});

describe('verify-proof refuses a file that proves nothing', () => {
  const expectRefused = async (zip: Uint8Array, message: RegExp) => expect(checkProof(zip, 'x.hexproof')).rejects.toThrow(message);

  it('a changed body, a swapped key, a lying manifest, entries out of place', async () => {
    await expectRefused(edit((es) => es.map((e) => e.name === 'b/000001.json' ? { ...e, data: text(new TextDecoder().decode(e.data).replace('"time":"2026', '"time":"2027')) } : e)),
      /b\/000001\.json\.sig: not signed by red's pinned key|a\/ must hold the body with the smaller hash/);
    await expectRefused(edit((es) => es.map((e) => e.name === 'author.asc' ? { ...e, data: text(p.bluePublic) } : e)), /author\.asc: holds key [0-9a-f]{40}, not red's pinned key/);
    await expectRefused(edit((es) => es.map((e) => e.name === 'proof.json'
      ? { ...e, data: canonicalBytes({ ...JSON.parse(new TextDecoder().decode(e.data)), author: 'blue' }) } : e)), /proof\.json: says author "blue", but the bodies show "red"/);
    await expectRefused(edit((es) => [...es, { name: 'notes.txt', data: text('hm') }]), /unexpected entries: notes\.txt/);
    await expectRefused(edit((es) => es.map((e) => ({ ...e, name: e.name.replace(/^a\//, 'c/').replace(/^b\//, 'a/').replace(/^c\//, 'b/') }))), /a\/ must hold the body with the smaller hash/);
    await expectRefused(edit((es) => es.filter((e) => !e.name.startsWith('accept-'))), /no acceptance by blue: the game has no id yet/);
    await expectRefused(edit((es) => es.filter((e) => e.name !== 'b/000001.json.sig')), /no b\/000001\.json\.sig/);
    await expectRefused(text('not a zip'), /x\.hexproof/);
  });

  it('a proof made of two players\' segments of one seq', async () => {
    const blues = await playTurn(one, p, 'blue', ['note "b"']);
    const reds = await playTurn(one, p, 'red', ['note "r"']);
    const [x, y] = [blues.segments[1]!, reds.segments[1]!].sort((m, n) => (m.hash < n.hash ? -1 : 1));
    const zip = edit((es) => es.map((e) => {
      const swap = (name: string, v: typeof x) => (e.name === name ? { ...e, data: v.bytes } : e.name === `${name}.sig` ? { ...e, data: text(v.signature) } : null);
      const r = swap('a/000001.json', x!) ?? swap('b/000001.json', y!);
      if (r) return { ...r, name: r.name.replace('000001', '000002') };
      if (e.name === 'proof.json') return { ...e, data: canonicalBytes({ ...JSON.parse(new TextDecoder().decode(e.data)), seq: 2, hashes: [x!.hash, y!.hash] }) };
      return e;
    }));
    await expectRefused(zip, /segment 2: a\/ is signed by \w+ and b\/ by \w+: two players' segments of one seq prove no equivocation/);
  });
});
