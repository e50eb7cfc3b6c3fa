// The battle report's words for every effect a result has (issue 17: a mutual-fire reply was told
// as "may advance"): each obligation kind, a step loss, a value changed, a marker, a track, a card.
import { describe, expect, it } from 'vitest';
import { battleReport, describeEffect, describeObliged } from '../../../src/core/engine/battle-report.js';
import type { ObligedEvent, ResolvedEvent } from '../../../src/core/engine/events.js';
import { skirmishGame } from './helpers.js';

const game = skirmishGame();
const obliged = (o: Omit<ObligedEvent, 'type' | 'id' | 'procedure'>): ObligedEvent => ({ type: 'obliged', id: '#1/1', procedure: 'assault', ...o });

describe('battle report wording', () => {
  it('words every obligation kind by what it asks', () => {
    expect(describeObliged(game, obliged({ kind: 'reply', side: 'blue', pieces: ['blue-1'], count: 1, to: 'red-1', reply: 'fire' })))
      .toBe('1st Blue owes return fire: Fire at 1st Red, 1 roll');
    expect(describeObliged(game, obliged({ kind: 'reply', side: 'blue', pieces: ['blue-1'], count: 2, to: 'red-1', reply: 'fire' })))
      .toBe('1st Blue owes return fire: Fire at 1st Red, 2 rolls');
    expect(describeObliged(game, obliged({ kind: 'retreat', side: 'blue', pieces: ['blue-1'], count: 1 }))).toBe('1st Blue must retreat 1 hex');
    expect(describeObliged(game, obliged({ kind: 'retreat', side: 'blue', pieces: ['blue-1', 'blue-2'], count: 2 })))
      .toBe('1st Blue and 2nd Blue must retreat 2 hexes');
    expect(describeObliged(game, obliged({ kind: 'loss', side: 'blue', pieces: ['blue-1', 'blue-2'], count: 2 })))
      .toBe('1st Blue and 2nd Blue must lose 2 steps (Blue chooses)');
    expect(describeObliged(game, obliged({ kind: 'loss', side: 'blue', pieces: ['blue-1'], count: 1 }))).toBe('1st Blue must lose 1 step');
    expect(describeObliged(game, obliged({ kind: 'advance', side: 'red', pieces: ['red-1'], count: 1, to: '0304', optional: true })))
      .toBe('1st Red may advance into 0304');
    expect(describeObliged(game, obliged({ kind: 'check', side: 'red', pieces: ['red-guns'], count: 1, to: '0303|0304', reply: 'fire' })))
      .toBe('Red guns must roll Fire (crossing 0303|0304)');
  });

  it('words each effect event, and a report lists them after the roll', () => {
    expect(describeEffect(game, { type: 'lost', piece: 'blue-1', from: 'full', to: 'reduced', at: '0304' })).toBe('1st Blue loses a step (full → reduced)');
    expect(describeEffect(game, { type: 'lost', piece: 'blue-1', from: 'reduced', to: null, at: '0304' })).toBe('1st Blue eliminated');
    expect(describeEffect(game, { type: 'value-set', piece: 'red-guns', prop: 'strength', from: 6, to: 5 })).toBe('Red guns strength 6 → 5');
    expect(describeEffect(game, { type: 'marked', target: 'blue-1', kind: 'piece', marker: 'disordered' })).toBe('disordered on 1st Blue');
    expect(describeEffect(game, { type: 'track-set', track: 'casualties', from: 0, to: 1 })).toMatch(/^Casualties.* 0 → 1$/);
    const e: ResolvedEvent = {
      type: 'resolved', counter: 3, procedure: 'fire', dice: '1d10', faces: [9], modifiers: [], modifier: 0, total: 9, index: 2,
      result: 'D', bound: { firer: 'red-1', target: 'blue-1' },
    } as ResolvedEvent;
    const report = battleReport(game, e, [obliged({ kind: 'reply', side: 'blue', pieces: ['blue-1'], count: 1, to: 'red-1', reply: 'fire' })]);
    expect(report).toMatch(/roll 9 → D: 1st Blue owes return fire: Fire at 1st Red, 1 roll$/);
    expect(report).not.toMatch(/may advance/);
  });

  it('a procedure that binds no pieces lists no sides, and the place it opens with is not said twice', () => {
    const smoke = {
      type: 'resolved', counter: 1, procedure: 'screen', dice: '1d10', faces: [10], modifiers: [], modifier: 0, total: 10, index: 1,
      result: 'smoke', bound: { spot: '0707' }, at: '0707',
    } as ResolvedEvent;
    const marked = { type: 'marked', target: '0707', kind: 'hex', marker: 'smoke', rule: 'S.15' } as const;
    expect(battleReport(game, smoke, [marked])).toBe('0707: Smoke screen (ours); roll 10 → smoke: smoke on 0707');
    // bound somewhere else than where it is placed: the place is said
    expect(battleReport(game, { ...smoke, at: '0606' }, [marked])).toBe('0606: Smoke screen (ours), at 0707; roll 10 → smoke: smoke on 0707');
  });
});
