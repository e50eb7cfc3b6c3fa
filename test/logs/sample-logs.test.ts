// The sample and golden logs under logs/ (written by tools/samples/play-sample.mjs through the real
// CLI) are replayed here: every one must verify, with every hidden-draw audit passed, the same
// number of segments, the same head and the same final state hash as its logs/<name>.expect.json.
// A change to the engine, the dice protocol or the log format that alters determinism fails here.
// Each log is also verified by each player with his own (test-only) key: his hand is known to him.
// The logs are played under sealed randomness (protocol 2): every commitment in them is resolved,
// and each outcome of a sealed commitment sits in a later segment's resolutions, after it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stateHash } from '../../src/core/engine/state-hash.js';
import { loadPrivateKey } from '../../src/log/keys.js';
import { openLog } from '../../src/log/log-file.js';
import { pendingAudits, verifyLog } from '../../src/log/verify.js';
import type { GameEvent } from '../../src/core/engine/events.js';

const LOGS = join(import.meta.dirname, '..', '..', 'logs');
const ROOT = join(LOGS, '..');

interface Expect {
  module: string;
  scenario: string;
  sides: { creator: string; other: string };
  keys: Record<string, string>;
  game: string;
  segments: number;
  head: string;
  status: string;
  stateHash: string;
  figures: {
    rolls: number; sealedRolls: number; immediateRolls: number; voidRolls: number;
    sealed: { roll: number; resolve: number; shuffle: number; draw: number }; voidSealed: number;
    hiddenDraws: number; periodsAudited: number;
  };
  audits: { side: string; deck: string; period: number; draws: number; status: string }[];
  facts: {
    turn: number;
    phase: string;
    pieces: Record<string, { at: string | null; face: string; facing: number | null; markers: string[]; values: Record<string, unknown> }>;
    tracks: Record<string, number>;
  };
}

const names = readdirSync(LOGS).filter((f) => f.endsWith('.hexlog')).sort();

describe('sample logs', () => {
  it('there is a sample log for every seed module, and the skirmish golden log', () => {
    for (const m of ['skirmish', 'napoleon-basic', 'eylau-1807', 'cold-war-1985', 'paths-of-glory']) {
      expect(names, m).toContain(`${m}-sample.hexlog`);
    }
    expect(names).toContain('skirmish-golden.hexlog');
  });

  for (const name of names) {
    const stem = name.replace(/\.hexlog$/, '');
    describe(name, () => {
      const file = join(LOGS, name);
      const exp = JSON.parse(readFileSync(join(LOGS, `${stem}.expect.json`), 'utf8')) as Expect;
      const open = () => openLog(new Uint8Array(readFileSync(file)), file);

      it('verifies: segments, head, state hash, every hidden-draw audit passed', async () => {
        const v = await verifyLog(open());
        expect(v.module.id).toBe(exp.module);
        expect(v.gameId).toBe(exp.game);
        expect(v.segments).toBe(exp.segments);
        expect(v.head).toBe(exp.head);
        expect(v.status).toBe(exp.status);
        expect(stateHash(v.state)).toBe(exp.stateHash);
        expect(v.stateHashes).toHaveLength(exp.segments + 1);
        expect(v.pending).toEqual([]);
        expect(pendingAudits(v)).toEqual([]);
        expect(v.audits.every((a) => a.status === 'passed')).toBe(true);
        expect(v.audits.map((a) => ({ side: a.side, deck: a.deck, period: a.period, draws: a.draws, status: a.status })))
          .toEqual(expect.arrayContaining(exp.audits));
        expect(v.audits).toHaveLength(exp.audits.length);
        expect(v.rolls).toHaveLength(exp.figures.rolls);
        expect(v.rolls.filter((r) => r.void)).toHaveLength(exp.figures.voidRolls);
        expect(v.rolls.filter((r) => r.how === 'sealed')).toHaveLength(exp.figures.sealedRolls);
        expect(v.rolls.filter((r) => r.how === 'immediate')).toHaveLength(exp.figures.immediateRolls);
        expect(v.rolls.filter((r) => r.how === 'unsealed')).toEqual([]);
        expect(v.state.sealed ?? []).toEqual([]);
        // every commitment is resolved in a later segment than the one that made it
        const bodies = v.log.segments.map((x) => x.body);
        const made = new Map<string, number>();
        const counts = { roll: 0, resolve: 0, shuffle: 0, draw: 0 };
        let voided = 0;
        for (const b of bodies) {
          for (const e of (b.resolutions ?? []) as GameEvent[]) {
            if (e.type === 'answered') expect(made.get(e.id), e.id).toBeLessThan(b.seq);
          }
          for (const entry of b.entries) {
            for (const e of entry.events as GameEvent[]) {
              if (e.type !== 'sealed') continue;
              if (entry.void || e.void) { voided++; continue; }
              made.set(e.id, b.seq);
              counts[e.kind]++;
            }
          }
        }
        expect(counts).toEqual(exp.figures.sealed);
        expect(voided).toBe(exp.figures.voidSealed);
        // a few facts a player would check on the board
        expect(v.state.turn).toBe(exp.facts.turn);
        expect(v.state.phase).toBe(exp.facts.phase);
        for (const [id, p] of Object.entries(exp.facts.pieces)) {
          expect(v.state.pieces[id]?.location ?? null, id).toBe(p.at);
          expect(v.state.pieces[id]?.face, id).toBe(p.face);
        }
        for (const [id, value] of Object.entries(exp.facts.tracks ?? {})) expect(v.state.tracks[id], id).toBe(value);
      });

      for (const side of [exp.sides.creator, exp.sides.other]) {
        it(`verifies with ${side}'s key: the same state, ${side}'s secrets read`, async () => {
          const key = await loadPrivateKey(readFileSync(join(ROOT, exp.keys[side]!), 'utf8'));
          const v = await verifyLog(open(), { viewer: { side, key } });
          expect(v.secrets).not.toBeNull();
          expect(v.head).toBe(exp.head);
          expect(stateHash(v.state)).toBe(exp.stateHash);
          expect(v.audits.every((a) => a.status === 'passed')).toBe(true);
          // every card this side drew is known to it (its own hand needs no reveal)
          const hidden = v.state.hands[side]?.hidden ?? [];
          for (const h of hidden) expect(v.knowledge.byCommitmentOf(h.commitment!)?.side, h.commitment).toBe(side);
        });
      }
    });
  }
});
