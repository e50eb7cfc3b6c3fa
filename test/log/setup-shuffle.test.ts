// A public deck shuffled at the start (module `shuffleAtStart`): its order comes from sealed
// randomness of every player, known once each has sent his first segment (docs/dice-protocol.md,
// "Setup shuffles"); nobody can draw from it before.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../src/core/engine/events.js';
import { loadModule } from '../../src/export/load-module.js';
import { loadPublicKey } from '../../src/log/keys.js';
import { TurnSession } from '../../src/log/turn-session.js';
import { acceptGame, proposeGame } from '../../src/log/setup.js';
import { verifyLog } from '../../src/log/verify.js';
import { players, roundtrip } from '../helpers/game.js';
import { ROOT } from '../helpers/module-files.js';

describe('a public deck shuffled at the start', () => {
  it('has no order until both players have revealed a first value, then the same order for everyone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hexpost-setup-shuffle-'));
    cpSync(join(ROOT, 'modules/cold-war-1985'), dir, { recursive: true });
    const deckFile = join(dir, 'decks/nato-actions.json');
    const deck = JSON.parse(readFileSync(deckFile, 'utf8'));
    deck.shuffleAtStart = true;
    delete deck.openHand;   // the module holds it in NATO's open hand (35.1); here a drawn deck
    writeFileSync(deckFile, JSON.stringify(deck));
    const m = await loadModule(dir);
    const p = await players();
    // red's and blue's keys play wp (creator) and nato
    let log = await proposeGame({
      module: { id: m.data.id, version: m.data.version, hash: m.hash, raw: m.raw, sides: m.data.sides.map((s) => s.id), scenarios: m.data.scenarios.map((s) => s.id) },
      scenario: m.data.scenarios[0]!.id, side: 'wp', key: p.red,
      opponents: [{ side: 'nato', key: await loadPublicKey(p.bluePublic) }], time: '2026-12-01T10:00:00Z',
    });
    log = roundtrip(await acceptGame({ ...log, file: 'game.hexlog' }, 'nato', p.blue, '2026-12-01T10:05:00Z'));
    const start = await verifyLog(log);
    expect(start.state.decks['nato-actions']!.order).toEqual([]);
    expect(start.state.sealed).toMatchObject([{ id: 'setup/nato-actions', kind: 'shuffle', awaiting: ['nato', 'wp'] }]);
    const turn = async (side: 'wp' | 'nato', key: typeof p.red, lines: string[]) => {
      const s = new TurnSession(await verifyLog(log, { viewer: { side, key } }), side, key);
      for (const l of lines) { const r = s.apply(l); if (!r.ok) throw r.error; }
      log = roundtrip((await s.seal('2026-12-01T12:00:00Z')).log);
      return s;
    };
    await turn('wp', p.red, ['note "first"']);
    // nato's first segment answers last: the order comes with it, before his commands...
    const v1 = await verifyLog(log, { viewer: { side: 'nato', key: p.blue } });
    const early = new TurnSession(v1, 'nato', p.blue);
    const shuffled = early.resolutions.find((e) => e.type === 'shuffled') as GameEvent & { order: string[] };
    expect(shuffled).toMatchObject({ type: 'shuffled', deck: 'nato-actions', sealed: 'setup/nato-actions', counter: 0 });
    expect([...shuffled.order].sort()).toEqual([...start.state.decks['nato-actions']!.cards].sort());
    // ...so he may draw from it in that very segment.
    await turn('nato', p.blue, ['draw nato-actions 1']);
    const v = await verifyLog(log);
    expect(v.state.sealed).toBeUndefined();
    expect(v.state.hands.nato!.cards).toEqual([shuffled.order[0]]);
  });
});
