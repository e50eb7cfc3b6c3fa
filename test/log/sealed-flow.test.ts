// Sealed randomness in the log: a roll, procedure, shuffle or secret draw is committed in its
// author's segment and resolved by the opponent's next dice reveal (docs/dice-protocol.md).
import { beforeAll, describe, expect, it } from 'vitest';
import type { GameEvent } from '../../src/core/engine/events.js';
import type { LogFile } from '../../src/log/log-file.js';
import { TurnSession } from '../../src/log/turn-session.js';
import { verifyLog } from '../../src/log/verify.js';
import { keyOf, newSkirmish, playTurn, players, verifyAs, type Players } from '../helpers/game.js';

let p: Players;
let start: LogFile;
beforeAll(async () => { p = await players(); start = await newSkirmish(p); });

const eventsOf = (log: LogFile, seq: number): GameEvent[] => {
  const b = log.segments[seq - 1]!.body;
  return [...(b.resolutions ?? []), ...b.entries.flatMap((e) => e.events)] as GameEvent[];
};

describe('sealed rolls', () => {
  it('a roll is committed without an outcome and resolved in the reply', async () => {
    const a = await playTurn(start, p, 'red', ['roll 1d6 "siege"', 'resolve fire range=-1']);
    const committed = eventsOf(a, 1);
    expect(committed.map((e) => e.type)).toEqual(['sealed', 'sealed']);
    expect(committed[0]).toMatchObject({ kind: 'roll', side: 'red', epoch: 1, counter: 0, awaiting: ['blue'], command: 'roll 1d6 "siege"' });
    expect(JSON.stringify(committed)).not.toMatch(/faces/);
    const v = await verifyLog(a);
    expect(v.state.sealed).toHaveLength(2);
    const b = await playTurn(a, p, 'blue', ['note "ok"']);
    const res = b.segments[1]!.body.resolutions as GameEvent[];
    expect(res.map((e) => e.type)).toEqual(['answered', 'rolled', 'answered', 'resolved']);
    expect(res[1]).toMatchObject({ type: 'rolled', side: 'red', sealed: 'red/1/0', counter: 0, purpose: 'siege' });
    expect(res[3]).toMatchObject({ type: 'resolved', side: 'red', sealed: 'red/1/1', procedure: 'fire' });
    const vb = await verifyLog(b);
    expect(vb.state.sealed).toBeUndefined();
    expect(vb.rolls.map((r) => [r.author, r.seq, r.how])).toEqual([['red', 2, 'sealed'], ['red', 2, 'sealed']]);
  });

  it('a sealed secret draw: the owner commits to his cards after the reply, and every tool checks the audit', async () => {
    let log = await playTurn(start, p, 'red', ['draw red-cards 3']);
    let red = await verifyAs(log, p, 'red');
    expect(red.knowledge.ofSide('red')).toEqual([]);
    log = await playTurn(log, p, 'blue', ['note "reply"']);
    red = await verifyAs(log, p, 'red');
    const mine = red.knowledge.ofSide('red').map((k) => k.card);
    expect(mine).toHaveLength(3);
    const blue = await verifyAs(log, p, 'blue');
    expect(blue.knowledge.ofSide('red')).toEqual([]);
    // Red's next segment commits to them and may play one.
    log = await playTurn(log, p, 'red', [`play ${mine[0]}`]);
    expect(log.segments[2]!.body.resolutions).toMatchObject([{ type: 'drew', side: 'red', sealed: 'red/red-cards/0/0' }]);
    const b2 = await verifyAs(log, p, 'blue');
    expect(b2.pending).toHaveLength(3);
    const session = new TurnSession(await verifyAs(log, p, 'blue'), 'blue', keyOf(p, 'blue'));
    expect(session.apply('note "x"').ok).toBe(true);
  });
});
