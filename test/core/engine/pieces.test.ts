import { describe, expect, it } from 'vitest';
import { newTurn, skirmishGame } from './helpers.js';

describe('flip, mark, set, stack, track', () => {
  it('flips to a named face or the next one, refusing a face that does not exist', () => {
    const { turn } = newTurn();
    const r = turn.apply('flip red-1');
    expect(r.ok && r.events).toEqual([{ type: 'flipped', piece: 'red-1', from: 'line', to: 'column' }]);
    expect(turn.apply('flip red-1 line').ok).toBe(true);
    const bad = turn.apply('flip red-1 skirmish-order', 2);
    expect(!bad.ok && bad.error.message).toBe('line 2: "flip red-1 skirmish-order": piece type infantry has no face "skirmish-order" (faces: line, column, square)');
    expect(turn.state.pieces['red-1']!.face).toBe('line');
  });

  it('puts markers on pieces and refuses what the marker type does not allow', () => {
    const { turn } = newTurn();
    expect(turn.apply('mark blue-1 disordered').ok).toBe(true); // markers on enemy pieces are allowed
    expect(turn.state.pieces['blue-1']!.markers).toEqual(['disordered']);
    const twice = turn.apply('mark blue-1 disordered');
    expect(!twice.ok && twice.error.reason).toBe('blue-1 already has marker disordered');
    const onHex = turn.apply('mark 0505 disordered');
    expect(!onHex.ok && onHex.error.reason).toBe('marker disordered goes on piece, not on a hex');
    expect(turn.apply('unmark blue-1 disordered').ok).toBe(true);
    const none = turn.apply('unmark blue-1 disordered');
    expect(!none.ok && none.error.reason).toBe('blue-1 has no marker disordered');
  });

  it('marks hexes and hexsides by canonical id', () => {
    const game = skirmishGame((m) => { m.markerTypes.push({ id: 'fire', name: 'Fire', on: ['hex', 'hexside'] }); });
    const { turn } = newTurn(game);
    const r = turn.apply('mark 0304|0303 fire');
    expect(r.ok && r.events).toEqual([{ type: 'marked', target: '0303|0304', kind: 'hexside', marker: 'fire' }]);
    expect(turn.apply('mark 0505 fire').ok).toBe(true);
    expect(turn.state.markers).toEqual({ '0303|0304': ['fire'], '0505': ['fire'] });
    expect(turn.apply('unmark 0505 fire').ok).toBe(true);
    expect(turn.state.markers).toEqual({ '0303|0304': ['fire'] });
  });

  it('sets property values and refuses unknown properties', () => {
    const { turn } = newTurn();
    const r = turn.apply('set blue-1 strength=5');
    expect(r.ok && r.events).toEqual([{ type: 'value-set', piece: 'blue-1', prop: 'strength', from: 6, to: 5 }]);
    const bad = turn.apply('set blue-1 morale=2');
    expect(!bad.ok && bad.error.reason).toBe('piece type infantry has no property "morale" a player may set (properties: strength, hits)');
  });

  it('orders stacks bottom to top: a moving piece goes on top; stack moves it', () => {
    const { turn } = newTurn();
    // through red-1's front (facing 0: from 0302), so on top (skirmish S.25 puts one entering from the rear under)
    turn.apply('move red-2 0303 0302 0202');
    expect(turn.state.stacks['0202']).toEqual(['red-1', 'red-2']);
    turn.apply('stack red-2 bottom');
    expect(turn.state.stacks['0202']).toEqual(['red-2', 'red-1']);
  });

  it('moves track values within the track', () => {
    const game = skirmishGame((m) => { m.tracks.push({ id: 'vp', name: 'VP', min: 0, max: 10 }); });
    const { turn } = newTurn(game);
    expect(turn.apply('track vp +3').ok).toBe(true);
    expect(turn.apply('track vp -1').ok).toBe(true);
    expect(turn.state.tracks['vp']).toBe(2);
    const bad = turn.apply('track vp 11');
    expect(!bad.ok && bad.error.reason).toBe('track vp runs from 0 to 10; 11 is off it');
    expect(turn.apply('move red-2 vp@4').ok).toBe(true);
    expect(turn.state.stacks['vp@4']).toEqual(['red-2']);
  });
});
