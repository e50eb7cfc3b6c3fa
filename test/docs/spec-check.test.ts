// The second verifier (tools/spec-check, written from docs/ alone) must agree with `hexpost verify`
// on every sample log and on tampered logs a patched client could sign: each tampered segment is
// re-signed with its author's (test-only) key, every later segment re-chained (prev) and re-signed,
// and every state hash recomputed by the engine's own fold, so only the tampered field is wrong.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalBytes } from '../../src/core/canonical.js';
import type { GameEvent } from '../../src/core/engine/events.js';
import { foldEvents } from '../../src/core/engine/fold.js';
import { prepareGame } from '../../src/core/engine/game.js';
import { initialState } from '../../src/core/engine/initial-state.js';
import { stateHash } from '../../src/core/engine/state-hash.js';
import type { GameState } from '../../src/core/engine/state.js';
import { sha256Hex } from '../../src/core/hash.js';
import type { SegmentBody } from '../../src/core/protocol/bodies.js';
import { validateModuleData } from '../../src/core/module/assemble.js';
import { writeContainer } from '../../src/log/container.js';
import { loadPrivateKey } from '../../src/log/keys.js';
import { logEntries, openLog, type LogFile } from '../../src/log/log-file.js';
import { signDetached } from '../../src/log/signature.js';
import { runAs } from '../helpers/cli.js';

const ROOT = join(import.meta.dirname, '..', '..');
const LOGS = join(ROOT, 'logs');
const CHECK = join(ROOT, 'tools', 'spec-check', 'check.mjs');
const dir = mkdtempSync(join(tmpdir(), 'hexpost-spec-check-'));

interface Verdict { ok: boolean; seq?: number; message?: string }

function specCheck(file: string): Verdict {
  let out: string;
  try { out = execFileSync(process.execPath, [CHECK, '--json', file], { encoding: 'utf8' }); } catch (e) { out = (e as { stdout: string }).stdout; }
  const r = JSON.parse(out.trim()) as { ok: boolean; error?: { seq: number; message: string } };
  return { ok: r.ok, seq: r.error?.seq, message: r.error?.message };
}

let homes = 0;
async function hexpostVerify(file: string): Promise<Verdict> {
  // a fresh state folder each time: fork memory would otherwise see the tampered copies as forks
  const r = await runAs(join(dir, `home-${homes++}`), 'x', ['verify', '--json', file]);
  const j = JSON.parse(r.out.trim()) as { ok: boolean; error?: { seq: number; message: string } };
  return { ok: j.ok && r.code === 0, seq: j.error?.seq, message: j.error?.message };
}

const golden = (): LogFile => openLog(readFileSync(join(LOGS, 'skirmish-golden.hexlog')), 'skirmish-golden.hexlog');
const key = async (side: string) => loadPrivateKey(readFileSync(join(LOGS, 'keys', `skirmish-${side}.key`), 'utf8'));

/**
 * The log's first `keep` segments with `edit` applied to segment `seq`: every segment from `seq`
 * on is re-chained, its state hash recomputed by the engine's fold (unless `keepState`), re-signed.
 */
async function tamper(name: string, keep: number, seq: number, edit: (b: SegmentBody) => void, keepState = false): Promise<string> {
  const log = golden();
  const game = prepareGame(validateModuleData(log.genesis.body.module.data).data!, log.genesis.body.scenario);
  let state: GameState = initialState(game);
  let prev = log.segments[0]!.body.prev;
  const segments = [];
  for (const s of log.segments.slice(0, keep)) {
    const body = structuredClone(s.body);
    if (body.seq === seq) edit(body);
    const events = [...(body.resolutions ?? []), ...body.entries.filter((e) => !e.void).flatMap((e) => e.events)] as GameEvent[];
    try { state = foldEvents(state, events); } catch { /* a fold the engine refuses: keep the state */ }
    if (body.seq >= seq) {
      body.prev = prev;
      if (!(keepState && body.seq === seq)) body.state = stateHash(state);
      const bytes = canonicalBytes(body);
      segments.push({ ...s, body, bytes, hash: sha256Hex(bytes), signature: await signDetached(bytes, await key(body.author)) });
    } else segments.push(s);
    prev = segments[segments.length - 1]!.hash;
  }
  const file = join(dir, `${name}.hexlog`);
  writeFileSync(file, writeContainer(logEntries({ ...log, segments })));
  return file;
}

const events = (b: SegmentBody, entry: number) => b.entries[entry]!.events as unknown as Record<string, unknown>[];

describe('tools/spec-check agrees with hexpost verify', () => {
  const samples = readdirSync(LOGS).filter((f) => f.endsWith('.hexlog'));
  it('lists the six sample logs', () => expect(samples.length).toBe(6));

  for (const f of samples) {
    it(`accepts ${f}, as hexpost verify does`, async () => {
      const file = join(LOGS, f);
      const [mine, theirs] = [specCheck(file), await hexpostVerify(file)];
      expect(theirs.ok, theirs.message).toBe(true);
      expect(mine.ok, mine.message).toBe(true);
    }, 60_000);
  }

  const cases: [string, () => Promise<string>, RegExp][] = [
    ['an untouched prefix (3 segments)', () => tamper('prefix', 3, 99, () => {}), /^$/],
    ['a forged state hash', () => tamper('forged-state', 2, 1, (b) => { b.state = 'ab'.repeat(32); }, true), /state/],
    ['a road march logged as 3 MP instead of 4', () => tamper('road-march', 1, 1, (b) => {
      const e = events(b, 0)[0]!;
      e.mp = '3'; e.spent = '3';
    }), /MP|mp/],
    ['an invented draw commitment (a card never drawn)', () => tamper('invented-draw', 3, 3, (b) => {
      const drew = (b.resolutions as unknown as Record<string, unknown>[]).find((e) => e.type === 'drew') as { draws: { counter: number; commitment: string }[] };
      drew.draws.push({ counter: 3, commitment: 'cd'.repeat(32) });
    }), /draw|drew|card/],
    ['a draw commitment swapped, exposed by the final hidden reveal', () => tamper('swapped-commitment', 5, 3, (b) => {
      const drew = (b.resolutions as unknown as Record<string, unknown>[]).find((e) => e.type === 'drew') as { draws: { counter: number; commitment: string }[] };
      drew.draws[2]!.commitment = 'ef'.repeat(32);
    }), /invented draw|commitment/],
    ['a sealed roll outcome changed', () => tamper('roll-outcome', 2, 2, (b) => {
      const rolled = (b.resolutions as unknown as Record<string, unknown>[]).find((e) => e.type === 'rolled')!;
      rolled.faces = [1]; rolled.total = 1;
    }), /rolled|faces|resolutions/],
    ['a roll that skips a counter', () => tamper('counter-gap', 1, 1, (b) => {
      const e = events(b, 6)[0]!;
      e.counter = 2; e.id = 'red/1/2';
    }), /counter/],
    ['a forged dice reveal', () => tamper('dice-reveal', 1, 1, (b) => { b.reveal = '12'.repeat(32); }), /reveal|chain/],
    ['a phase-began naming the wrong phase', () => tamper('wrong-phase', 2, 1, (b) => {
      const i = b.entries.findIndex((e) => e.command === 'next');
      events(b, i)[0]!.phase = 'blue-move';
    }), /phase/],
    ['a value-set with the wrong previous value', () => tamper('value-from', 2, 2, (b) => { events(b, 1)[0]!.from = 5; }), /from|value/],
  ];
  for (const [what, make, pattern] of cases) {
    it(`agrees on ${what}`, async () => {
      const file = await make();
      const [mine, theirs] = [specCheck(file), await hexpostVerify(file)];
      expect(mine.ok, `spec-check: ${mine.message}; hexpost: ${theirs.message}`).toBe(theirs.ok);
      if (!theirs.ok) {
        expect(mine.seq, `spec-check: ${mine.message}; hexpost: ${theirs.message}`).toBe(theirs.seq);
        expect(mine.message).toMatch(pattern);
      }
    }, 60_000);
  }
});
