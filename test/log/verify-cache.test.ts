// The verified-prefix cache: resuming gives exactly what a full verification gives; anything that
// does not fit (a rewritten prefix, a damaged or foreign cache, a forged cached state) means a
// full verification, and fork memory still reports a rewrite.
import { createHmac } from 'node:crypto';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { compareWithSeen, findEquivocation, rememberHeads, seenCopy } from '../../src/log/fork-memory.js';
import type { LogFile } from '../../src/log/log-file.js';
import { verifyLogCached } from '../../src/log/verify-cache.js';
import { verifyLog, type VerifiedLog } from '../../src/log/verify.js';
import { forge, keyOf, newSkirmish, playTurn, players, type Players } from '../helpers/game.js';

let p: Players;
let start: LogFile;
let log3: LogFile;
let log4: LogFile;

beforeAll(async () => {
  p = await players();
  start = await newSkirmish(p);
  log3 = await playTurn(start, p, 'red', ['move red-1 0302 0402', 'draw red-cards 2', 'roll 2d6 "morale"', 'undo', 'resolve fire woods', 'next']);
  log3 = await playTurn(log3, p, 'blue', ['move blue-1 0807', 'draw blue-cards 1', 'roll 1d10 "fire"']);
  log3 = await playTurn(log3, p, 'red', ['rotate red-1 +1', 'roll 1d6', 'note "end"']);
  log4 = await playTurn(log3, p, 'blue', ['flip blue-2', 'roll 1d10', 'undo', 'roll 1d10 "again"', 'next']);
}, 60_000);

const home = () => mkdtemp(join(tmpdir(), 'hexpost-cache-'));
const viewerOf = (side?: string) => (side ? { viewer: { side, key: keyOf(p, side) } } : {});

/** Everything a VerifiedLog holds, in comparable form. */
function facts(v: VerifiedLog): unknown {
  const c = v.chains;
  return {
    log: v.log.segments.map((s) => s.hash), module: v.module, moduleHash: v.moduleHash, gameId: v.gameId, safetyCode: v.safetyCode,
    status: v.status, state: v.state, head: v.head, segments: v.segments,
    chains: c && { last: c.lastAuthor, sides: v.order.map((s) => [c.latestDice(s), c.diceReveals(s), c.latestHidden(s), c.hiddenReveals(s), c.epochs(s)]) },
    knowledge: v.order.map((s) => v.knowledge.ofSide(s)), counters: [...v.counters], pending: v.pending, audits: v.audits, rolls: v.rolls,
    secrets: v.secrets, keys: [...v.keys.keys()], order: v.order, stateHashes: v.stateHashes, finals: [...v.finals],
    scenario: v.game.scenario.id,
  };
}

describe('resuming from the cache', () => {
  for (const side of [undefined, 'red', 'blue']) {
    it(`gives exactly the full verification's result (${side ?? 'no viewer'})`, async () => {
      const h = await home();
      const first = await verifyLogCached(log3, { ...viewerOf(side), home: h });
      expect(first.resumedFrom).toBeNull();
      expect(facts(first.verified)).toEqual(facts(await verifyLog(log3, viewerOf(side))));
      const again = await verifyLogCached(log4, { ...viewerOf(side), home: h });
      expect(again.resumedFrom).toBe(3);
      expect(again.ignored).toBeUndefined();
      expect(facts(again.verified)).toEqual(facts(await verifyLog(log4, viewerOf(side))));
      // The same log once more resumes at its end; and a player can go on playing from it.
      const same = await verifyLogCached(log4, { ...viewerOf(side), home: h });
      expect(same.resumedFrom).toBe(4);
      expect(facts(same.verified)).toEqual(facts(again.verified));
    });
  }

  it('the new segments are checked in full: a forged one is refused with the same error', async () => {
    const h = await home();
    await verifyLogCached(log3, { home: h });
    const forged = await forge(log4, p, 4, (b) => { (b.entries[1]!.events[0] as { faces: number[] }).faces = [11]; });
    const full = await verifyLog(forged).then(() => null, (e: Error) => e.message);
    expect(full).toMatch(/segment 4 by blue/);
    await expect(verifyLogCached(forged, { home: h })).rejects.toThrow(full!);
  });

  it('a log that is not verifiable in full is not accepted from the cache (bad signature in the new segment)', async () => {
    const h = await home();
    await verifyLogCached(log3, { home: h });
    const bad = { ...log4, segments: log4.segments.map((s, i) => (i === 3 ? { ...s, signature: log4.segments[2]!.signature } : s)) };
    await expect(verifyLogCached(bad, { home: h })).rejects.toThrow(/segment 4: not signed by blue/);
  });
});

describe('falling back to a full verification', () => {
  it('a rewritten prefix: no resume, and fork memory reports the rewrite', async () => {
    const h = await home();
    const v = (await verifyLogCached(log3, { home: h })).verified;
    await rememberHeads(v, h);
    // Red tells another story from segment 3 on, validly signed: a fork.
    const other = await playTurn({ ...log3, segments: log3.segments.slice(0, 2) }, p, 'red', ['rotate red-1 -1']);
    const otherNext = await playTurn(other, p, 'blue', ['note "hm"']);
    const r = await verifyLogCached(otherNext, { home: h });
    expect(r.resumedFrom).toBeNull();
    expect(r.ignored).toMatch(/segment 3 is not the one verified|differ/);
    expect(facts(r.verified)).toEqual(facts(await verifyLog(otherNext)));
    expect(await compareWithSeen(otherNext, r.verified.gameId!, h)).toMatchObject({
      kind: 'conflict', seq: 3, seenHash: log3.segments[2]!.hash, logHash: otherNext.segments[2]!.hash,
    });
    const found = await findEquivocation((await seenCopy(r.verified.gameId!, h))!, otherNext);
    expect(found?.verdict).toMatchObject({ kind: 'equivocation', seq: 3, author: 'red' });
  });

  it('a changed signature in the prefix: no resume (the prefix must be the bytes verified)', async () => {
    const h = await home();
    await verifyLogCached(log3, { home: h });
    const swapped = { ...log4, segments: log4.segments.map((s, i) => (i === 0 ? { ...s, signature: s.signature.replace(/\r?\n\r?\n/, '\nComment: x\n\n') } : s)) };
    const r = verifyLogCached(swapped, { home: h });
    const full = verifyLog(swapped).then(() => 'ok', (e: Error) => e.message);
    expect(await r.then(() => 'ok', (e: Error) => e.message)).toBe(await full);
    if ((await full) === 'ok') expect((await r).resumedFrom).toBeNull();
  });

  it('a corrupted cache file is ignored', async () => {
    const h = await home();
    await verifyLogCached(log3, { ...viewerOf('red'), home: h });
    const dir = join(h, 'cache');
    const file = (await readdir(dir)).find((f) => f.endsWith('.cache'))!;
    const bytes = await readFile(join(dir, file));
    bytes[bytes.length - 10] ^= 0x01;
    await writeFile(join(dir, file), bytes);
    const r = await verifyLogCached(log4, { ...viewerOf('red'), home: h });
    expect(r.resumedFrom).toBeNull();
    expect(r.ignored).toMatch(/MAC/);
    expect(facts(r.verified)).toEqual(facts(await verifyLog(log4, viewerOf('red'))));
    // It was rewritten: the next verification resumes again.
    expect((await verifyLogCached(log4, { ...viewerOf('red'), home: h })).resumedFrom).toBe(4);
    // Garbage, an empty file and a cache of another folder (another MAC key) are ignored too.
    for (const junk of [Buffer.from('hello'), Buffer.alloc(0)]) {
      await writeFile(join(dir, file), junk);
      const j = await verifyLogCached(log4, { ...viewerOf('red'), home: h });
      expect(j.resumedFrom).toBeNull();
    }
    const h2 = await home();
    await verifyLogCached(log3, { ...viewerOf('red'), home: h2 });
    await writeFile(join(dir, file), await readFile(join(h2, 'cache', file)));
    const foreign = await verifyLogCached(log4, { ...viewerOf('red'), home: h });
    expect(foreign.resumedFrom).toBeNull();
    expect(foreign.ignored).toMatch(/MAC/);
  });

  it('a forged cached state is refused even with the MAC key: it must hash to the signed state', async () => {
    const h = await home();
    await verifyLogCached(log3, { home: h });
    const dir = join(h, 'cache');
    const file = (await readdir(dir)).find((f) => f.endsWith('.cache'))!;
    const text = await readFile(join(dir, file), 'utf8');
    const body = JSON.parse(text.slice(text.indexOf('\n') + 1)) as { state: { pieces: Record<string, { location: string }> } };
    body.state.pieces['red-1']!.location = '0101';
    const json = JSON.stringify(body);
    const key = Buffer.from((await readFile(join(dir, 'key'), 'utf8')).trim(), 'hex');
    await writeFile(join(dir, file), `${text.slice(0, text.indexOf(' '))} ${createHmac('sha256', key).update(json).digest('hex')}\n${json}`);
    const r = await verifyLogCached(log4, { home: h });
    expect(r.resumedFrom).toBeNull();
    expect(r.ignored).toMatch(/state/);
    expect(facts(r.verified)).toEqual(facts(await verifyLog(log4)));
  });

  it('a cache of another viewer is not used', async () => {
    const h = await home();
    await verifyLogCached(log3, { ...viewerOf('red'), home: h });
    expect((await verifyLogCached(log4, { ...viewerOf('blue'), home: h })).resumedFrom).toBeNull();
    expect((await verifyLogCached(log4, { home: h })).resumedFrom).toBeNull();
  });

  it('show --at and replays (upTo, onSegment) verify in full and leave the cache alone', async () => {
    const h = await home();
    await verifyLogCached(log3, { home: h });
    const states: unknown[] = [];
    const r = await verifyLogCached(log4, { home: h, onSegment: (_b, s) => states.push(s) });
    expect(r.resumedFrom).toBeNull();
    expect(states).toHaveLength(4);
    expect(new Set(states).size).toBe(4); // each state is its own copy
    const at = await verifyLogCached(log4, { home: h, upTo: 2 });
    expect(at.verified.segments).toBe(2);
    expect((await verifyLogCached(log4, { home: h })).resumedFrom).toBe(3);
  });
});
