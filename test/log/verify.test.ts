// Every tampering with a log is rejected with a message naming the segment.
import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalBytes } from '../../src/core/canonical.js';
import { sha256Hex } from '../../src/core/hash.js';
import type { LogFile } from '../../src/log/log-file.js';
import { signDetached } from '../../src/log/signature.js';
import { verifyLog } from '../../src/log/verify.js';
import { forge, newSkirmish, playTurn, players, roundtrip, verifyAs, type Players } from '../helpers/game.js';

let p: Players;
let log: LogFile;

beforeAll(async () => {
  p = await players();
  log = await newSkirmish(p);
  log = await playTurn(log, p, 'red', ['move red-1 0302 0402 0502 0503 0504', 'roll 2d6 "morale"', 'resolve fire woods', 'next']);
  log = await playTurn(log, p, 'blue', ['move blue-1 0807', 'roll 1d10 "fire"']);
  log = await playTurn(log, p, 'red', ['roll 1d6', 'note "end"']);
  log = await playTurn(log, p, 'blue', ['note "reply"']);
});

const rejects = async (l: LogFile, pattern: RegExp) => {
  await expect(verifyLog(l)).rejects.toThrow(pattern);
};

describe('an honest log', () => {
  it('verifies for everyone, with the same state', async () => {
    const anon = await verifyLog(log);
    const red = await verifyAs(log, p, 'red');
    const blue = await verifyAs(log, p, 'blue');
    expect(anon.segments).toBe(4);
    expect(red.state).toEqual(anon.state);
    expect(blue.head).toBe(anon.head);
    expect(anon.state.pieces['red-1']!.location).toBe('0504');
    // Sealed: each roll is resolved in the reply that follows it, and belongs to its roller.
    expect(anon.rolls.map((r) => [r.seq, r.author, r.counter, r.dice])).toEqual([
      [2, 'red', 0, '2d6'], [2, 'red', 1, '1d10'], [3, 'blue', 0, '1d10'], [4, 'red', 0, '1d6'],
    ]);
    expect(anon.safetyCode).toMatch(/^\d{4}-\d{4}-\d{4}-\d{4}-\d{4}$/);
    expect(red.safetyCode).toBe(blue.safetyCode);
  });
});

describe('tampering', () => {
  it('a flipped byte in a body', async () => {
    const s = log.segments[1]!;
    const bytes = s.bytes.slice();
    const i = new TextDecoder().decode(bytes).indexOf('blue-1');
    bytes[i] = 'B'.charCodeAt(0);
    await rejects(roundtrip({ ...log, segments: log.segments.map((x) => (x === s ? { ...x, bytes } : x)) }), /segment 2|000002/);
  });

  it('a changed roll, even re-signed by its author', async () => {
    // Blue's reply resolves red's 1d6: he changes the face he reports.
    const forged = await forge(log, p, 4, (b) => {
      const e = b.resolutions!.find((x) => x.type === 'rolled') as { faces: number[]; total: number };
      e.faces = [e.faces[0] === 6 ? 5 : 6];
      e.total = e.faces[0]!;
    });
    await rejects(forged, /segment 4 by blue: resolutions: red's sealed roll #0 \(red\/2\/0\) reports 1d6 = \d, but the sealed key gives \d/);
  });

  it('a skipped or reused roll counter', async () => {
    const skipped = await forge(log, p, 3, (b) => { (b.entries[0]!.events[0] as { counter: number }).counter = 1; });
    await rejects(skipped, /segment 3 by red: command 1 "roll 1d6": roll counter 1, but the next counter is 0 \(the roll skips a counter\)/);
    const reused = await forge(log, p, 1, (b) => { (b.entries[2]!.events[0] as { counter: number }).counter = 0; });
    await rejects(reused, /segment 1 by red: command 3 "resolve fire woods": roll counter 0, but the next counter is 1 \(the roll reuses a counter\)/);
  });

  it('a wrong or skipped dice-chain reveal', async () => {
    const v = await verifyAs(log, p, 'red');
    const { buildChain, DICE_CHAIN_TAG } = await import('../../src/core/random/chain.js');
    const chain = buildChain(v.secrets!.dice, log.genesis.body.chainLength.dice, DICE_CHAIN_TAG);
    const skipped = await forge(log, p, 3, (b) => { b.reveal = chain.reveal(3); });
    await rejects(skipped, /segment 3 by red: dice reveal for epoch 2: .*skips 1 reveal/);
    const wrong = await forge(log, p, 3, (b) => { b.reveal = 'ab'.repeat(32); });
    await rejects(wrong, /segment 3 by red: dice reveal for epoch 2: .*does not hash to the previous value/);
    const none = await forge(log, p, 3, (b) => { delete b.reveal; });
    await rejects(none, /segment 3 by red: opens epoch 2 but reveals no dice-chain value/);
  });

  it('reordered, dropped and duplicated segments', async () => {
    const [a, b, c] = log.segments;
    await rejects(roundtrip({ ...log, segments: [a!, c!] }), /seq 3 where 2 was expected/);
    // A segment's number is in its signed body: renaming it is caught too (when the body is read).
    const renamed = { ...c!, name: '000002.json' };
    await rejects(roundtrip({ ...log, segments: [a!, renamed] }), /000002\.json: the body says seq 3, but the entry is named 000002\.json/);
    await expect(async () => roundtrip({ ...log, segments: [a!, b!, b!, c!] })).rejects.toThrow(/duplicate|000002\.json/i);
  });

  it('a signature by the wrong key, or moved from another segment', async () => {
    const s = log.segments[2]!;
    const byBlue = { ...s, signature: await signDetached(s.bytes, p.blue) };
    await rejects(roundtrip({ ...log, segments: [log.segments[0]!, log.segments[1]!, byBlue] }), /000003\.json\.sig: segment 3: not signed by red's pinned key/);
    const moved = { ...s, signature: log.segments[0]!.signature };
    await rejects(roundtrip({ ...log, segments: [log.segments[0]!, log.segments[1]!, moved] }), /000003\.json\.sig: segment 3: not signed by red's pinned key/);
  });

  it('a segment replayed from another game', async () => {
    let other = await newSkirmish(p);
    other = await playTurn(other, p, 'red', ['roll 1d6']);
    other = await playTurn(other, p, 'blue', ['move blue-1 0807', 'roll 1d10 "fire"']);
    const mixed = roundtrip({ ...log, segments: [log.segments[0]!, other.segments[1]!, log.segments[2]!] });
    await rejects(mixed, /segment 2|000002\.json: belongs to game [0-9a-f]{64}, not this game/);
  });

  it('a genesis with a swapped fingerprint, and a different module hash', async () => {
    const g = structuredClone(log.genesis.body);
    const blue = g.players.find((x) => x.side === 'blue')!;
    blue.fingerprint = '0'.repeat(40);
    const bytes = canonicalBytes(g);
    const swapped = { ...log, genesis: { ...log.genesis, body: g, bytes, hash: sha256Hex(bytes), signature: await signDetached(bytes, p.red) } };
    await rejects(roundtrip(swapped), /genesis\.json: the public key given for blue is [0-9a-f]{40}, not the pinned fingerprint 0{40}/);

    const h = structuredClone(log.genesis.body);
    h.module.hash = 'f'.repeat(64);
    const hb = canonicalBytes(h);
    const badHash = { ...log, genesis: { ...log.genesis, body: h, bytes: hb, hash: sha256Hex(hb), signature: await signDetached(hb, p.red) } };
    await rejects(roundtrip(badHash), /genesis\.json: the embedded module hashes to [0-9a-f]{64}, but the genesis claims f{64}/);
  });

  it('an acceptance of another proposal (the creator changed his commitments after it)', async () => {
    const g = structuredClone(log.genesis.body);
    g.commitments.dice = 'cd'.repeat(32);
    const bytes = canonicalBytes(g);
    const changed = { ...log, genesis: { ...log.genesis, body: g, bytes, hash: sha256Hex(bytes), signature: await signDetached(bytes, p.red) } };
    await rejects(roundtrip(changed), /accept-blue\.json: accepts proposal [0-9a-f]{64}, not this one/);
  });

  it('a forged state hash', async () => {
    const forged = await forge(log, p, 3, (b) => { b.state = '0'.repeat(64); });
    await rejects(forged, /segment 3 by red: the state after it hashes to [0-9a-f]{64}, but the segment claims 0{64}/);
  });

  it('a command the rules refuse, or events that do not follow from it', async () => {
    const refused = await forge(log, p, 3, (b) => { b.entries[1]!.command = 'move blue-2 0707'; });
    await rejects(refused, /segment 3 by red: command 2 "move blue-2 0707" is refused by the rules: .*belongs to blue/);
    const moved = await forge(log, p, 2, (b) => { (b.entries[0]!.events[0] as { path: string[] }).path = ['0708']; });
    await expect(verifyLog(moved)).rejects.toThrow(/segment 2 by blue: command 1 "move blue-1 0807": logged event 1 .* differs/);
  });

  it('a log that marks another entry void than its undo voided', async () => {
    let l = await playTurn(log, p, 'blue', ['roll 1d6 "a"', 'roll 1d6 "b"', 'undo']);
    const seq = l.segments.length;
    l = await forge(l, p, seq, (b) => {
      delete b.entries[1]!.void;
      delete (b.entries[1]!.events[0] as { void?: true }).void;
      b.entries[0]!.void = true;
      (b.entries[0]!.events[0] as { void?: true }).void = true;
    });
    await expect(verifyLog(l)).rejects.toThrow(new RegExp(`segment ${seq} by blue: command 3 "undo"`));
  });
});
