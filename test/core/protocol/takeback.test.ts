import { describe, expect, it } from 'vitest';
import type { SegmentBody } from '../../../src/core/protocol/bodies.js';
import { emptyLedger, proposalProblem, rewoundState, takebackStep, voidedSegments } from '../../../src/core/protocol/takeback.js';
import type { GameState } from '../../../src/core/engine/state.js';

const body = (seq: number, author: string, entries: SegmentBody['entries'], extra: Partial<SegmentBody> = {}): SegmentBody => ({
  type: 'hexpost/segment', version: 2, game: 'g'.repeat(64), seq, author, prev: 'p'.repeat(64), time: '', epoch: 1, entries, state: 's'.repeat(64), ...extra,
});
const move = (to: string) => ({ command: `move a ${to}`, events: [{ type: 'moved', piece: 'a', from: null, path: [to] }] }) as SegmentBody['entries'][number];
const roll = { command: 'roll 1d6', events: [{ type: 'sealed', id: 'red/1/0', kind: 'roll', awaiting: ['blue'] }] } as unknown as SegmentBody['entries'][number];

describe('take-back rules', () => {
  const log = [body(1, 'red', [move('0101')]), body(2, 'blue', [move('0202')]), body(3, 'red', [roll]), body(4, 'blue', [move('0303')])];
  const bodyOf = (s: number) => log[s - 1]!;

  it('never reaches back past a roll, a card shown or a final segment', () => {
    expect(proposalProblem(3, 5, bodyOf, new Set())).toBeNull();
    expect(proposalProblem(2, 5, bodyOf, new Set())).toMatch(/segment 3 command 1 "roll 1d6" commits a sealed roll \(red\/1\/0\).*take back to segment 3 or later/);
    expect(proposalProblem(4, 5, bodyOf, new Set())).toMatch(/voids nothing/);
    const undone = [body(1, 'red', [{ ...roll, void: true }, { command: 'undo', events: [{ type: 'undone', entry: 0 }] } as never])];
    expect(proposalProblem(0, 2, (s) => undone[s - 1]!, new Set())).toBeNull();
    const final = [body(1, 'red', [], { final: true })];
    expect(proposalProblem(0, 2, (s) => final[s - 1]!, new Set())).toMatch(/final segment/);
  });

  it('takes effect only with the other player\'s acceptance of exactly that proposal', () => {
    const p = body(5, 'red', [], { takeback: { kind: 'propose', to: 3 } });
    const open = takebackStep(emptyLedger(), p, 'h'.repeat(64), ['blue', 'red'], bodyOf).ledger;
    expect(open.open).toMatchObject({ seq: 5, by: 'red', to: 3, awaiting: ['blue'] });
    expect(() => takebackStep(open, body(6, 'red', []), 'x', ['blue', 'red'], bodyOf)).toThrow(/waits for blue's answer/);
    expect(() => takebackStep(open, body(6, 'blue', []), 'x', ['blue', 'red'], bodyOf)).toThrow(/must answer the take-back/);
    expect(() => takebackStep(open, body(6, 'blue', [], { takeback: { kind: 'accept', proposal: 'h'.repeat(64), to: 2 } }), 'x', ['blue', 'red'], bodyOf)).toThrow(/to segment 2, but segment 5 proposed one to segment 3/);
    const done = takebackStep(open, body(6, 'blue', [], { takeback: { kind: 'accept', proposal: 'h'.repeat(64), to: 3 } }), 'x', ['blue', 'red'], bodyOf);
    expect(done.rewind).toBe(true);
    expect([...voidedSegments(done.ledger)]).toEqual([4]);
  });

  it('rewinds the entries of voided segments and keeps every resolution', () => {
    const start = { pieces: { a: { location: null, markers: [], values: {} } }, stacks: {}, markers: {}, tracks: {} } as unknown as GameState;
    const withResolution = [body(1, 'red', [move('0101')]), body(2, 'blue', [move('0202')], { resolutions: [{ type: 'track-set', track: 'vp', from: 0, to: 3 }] as never })];
    const s = rewoundState(start, withResolution, new Set([2]));
    expect(s.pieces['a']!.location).toBe('0101');
    expect(s.tracks['vp']).toBe(3);
  });
});
