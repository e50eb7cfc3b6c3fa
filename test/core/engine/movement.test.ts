import { describe, expect, it } from 'vitest';
import { newTurn, skirmishGame } from './helpers.js';

describe('move', () => {
  it('costs exactly 4 MP along the road: 1 + 1 + 1 + 1/2 + 1/2', () => {
    const { turn } = newTurn();
    const r = turn.apply('move red-1 0302 0402 0502 0503 0504', 1);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.events).toEqual([{
      type: 'moved', piece: 'red-1', from: '0202', path: ['0302', '0402', '0502', '0503', '0504'],
      mp: '4', spent: '4', allowance: '4',
    }]);
    expect(r.warnings).toEqual([]);
    expect(turn.state.pieces['red-1']!.location).toBe('0504');
    expect(turn.state.stacks['0504']).toEqual(['red-1']);
    expect(turn.state.stacks['0202']).toBeUndefined();
  });

  it('warns, not refuses, a move over the allowance, and a second move in the phase accumulates', () => {
    const { turn } = newTurn();
    expect(turn.apply('move red-1 0302 0402 0502 0503').ok).toBe(true); // 3 1/2
    const r = turn.apply('move red-1 0504 0505');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.events[0]).toMatchObject({ mp: '1', spent: '9/2', allowance: '4' });
    expect(r.warnings).toEqual([{ code: 'allowance', message: 'red-1 has spent 4 1/2 MP this phase, over its allowance of 4 MP' }]);
    expect(turn.state.pieces['red-1']!.location).toBe('0505');
    expect(turn.state.spent['red-1']).toBe('9/2');
  });

  it('charges woods and the stream crossing', () => {
    const { turn } = newTurn();
    const r = turn.apply('move red-1 0303 0304'); // 0303 clear (1) then 0304 across the stream (1 + 1)
    expect(r.ok && r.events[0]).toMatchObject({ mp: '3', spent: '3' });
  });

  it('refuses an over-allowance move where the module makes allowance strict', () => {
    const game = skirmishGame((m) => { m.rules = { strict: ['allowance'], anySideMoves: false }; });
    const { turn } = newTurn(game);
    const before = turn.state;
    const r = turn.apply('move red-1 0302 0402 0502 0503 0504 0505', 3);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.line).toBe(3);
    expect(r.error.message).toBe('line 3: "move red-1 0302 0402 0502 0503 0504 0505": red-1 has spent 4 1/2 MP this phase, over its allowance of 4 MP (module rule: allowance is strict)');
    expect(turn.state).toEqual(before);
  });

  it('warns about stacking over the limit', () => {
    const game = skirmishGame((m) => { m.rules = { strict: [], stackLimit: 1, anySideMoves: false }; });
    const { turn } = newTurn(game);
    const r = turn.apply('move red-2 0202');
    expect(r.ok && r.warnings).toEqual([{ code: 'stacking', message: '0202 would hold 2 pieces; the stacking limit is 1' }]);
    expect(turn.state.stacks['0202']).toEqual(['red-1', 'red-2']);
  });

  it('refuses unknown pieces, non-adjacent steps, unknown locations and the other side\'s pieces', () => {
    const { turn } = newTurn();
    const fail = (line: string) => { const r = turn.apply(line, 7); return r.ok ? 'ok' : r.error.message; };
    expect(fail('move red-9 0302')).toBe('line 7: "move red-9 0302": unknown piece "red-9"');
    expect(fail('move red-1 0302 0502')).toBe('line 7: "move red-1 0302 0502": step 2: 0502 is not adjacent to 0302');
    expect(fail('move red-1 9999')).toMatch(/unknown location "9999": expected a hex of board field/);
    expect(fail('move blue-1 0708')).toBe('line 7: "move blue-1 0708": blue-1 belongs to blue; red may not move it (the module does not let a side move the other\'s pieces)');
    expect(fail('move red-1 0302 red-eliminated')).toMatch(/takes a single step/);
  });

  it('lets any side move when the module allows it', () => {
    const game = skirmishGame((m) => { m.rules = { strict: [], anySideMoves: true }; });
    const { turn } = newTurn(game);
    expect(turn.apply('move blue-1 0708').ok).toBe(true);
  });

  it('moves into a box in a single step without MP, and back onto the map', () => {
    const { turn } = newTurn();
    const r = turn.apply('move red-2 red-eliminated');
    expect(r.ok && r.events[0]).toEqual({ type: 'moved', piece: 'red-2', from: '0203', path: ['red-eliminated'] });
    expect(turn.apply('move red-2 0101').ok).toBe(true);
    expect(turn.state.stacks['0101']).toEqual(['red-2']);
  });
});

describe('rotate', () => {
  it('turns relative and absolute, and refuses a facing that does not exist', () => {
    const { turn } = newTurn();
    const r = turn.apply('rotate red-1 -1');
    // skirmish S.5: a change of facing other than about is free, charged as 0 MP by its facing rule
    expect(r.ok && r.events[0]).toMatchObject({ type: 'rotated', piece: 'red-1', from: 0, to: 5, mp: '0', rules: ['S.5'] });
    expect(turn.apply('rotate red-1 2').ok).toBe(true);
    expect(turn.state.pieces['red-1']!.facing).toBe(2);
    const bad = turn.apply('rotate red-1 6');
    expect(!bad.ok && bad.error.reason).toBe('facing 6 does not exist (0 to 5, or +n / -n to turn)');
  });

  it('charges the module\'s turn cost and counts it toward MP spent this phase', () => {
    const game = skirmishGame((m) => { m.movement = { allowance: 'movement', turnCost: { '*': '1/2' } }; });
    const { turn } = newTurn(game);
    expect(turn.apply('move red-1 0302 0402 0502 0503').ok).toBe(true);
    const r = turn.apply('rotate red-1 +2');
    expect(r.ok && r.events[0]).toMatchObject({ mp: '1', spent: '9/2', allowance: '4' });
    expect(r.ok && r.warnings.map((w) => w.code)).toEqual(['allowance']);
  });
});

describe('connections reserved to some nations (point-to-point boards)', () => {
  it('a German army on the Pripet marsh track is warned; a Russian one is not', async () => {
    const { assembleModule } = await import('../../../src/core/module/assemble.js');
    const { prepareGame } = await import('../../../src/core/engine/game.js');
    const { initialState } = await import('../../../src/core/engine/initial-state.js');
    const { Turn } = await import('../../../src/core/engine/turn.js');
    const { NotFairRandomness } = await import('../../../src/core/engine/not-fair-randomness.js');
    const { moduleFiles } = await import('../../helpers/module-files.js');
    const data = assembleModule(moduleFiles('paths-of-glory')).data!;
    const game = prepareGame(data);
    const russian = data.pieces.find((x) => x.nation === 'ru')!;
    const german = data.pieces.find((x) => x.nation === 'ge')!;
    const place = (id: string) => {
      const s = initialState(game);
      const old = s.pieces[id]!.location;
      if (old && s.stacks[old]) s.stacks[old] = s.stacks[old]!.filter((x) => x !== id);
      s.pieces[id]!.location = 'pinsk';
      s.stacks.pinsk = [...(s.stacks.pinsk ?? []), id];
      // Rovno emptied of its Russian corps: entering an enemy-held space is its own breach (§5.3)
      for (const x of s.stacks.rovno ?? []) s.pieces[x]!.location = null;
      delete s.stacks.rovno;
      return s;
    };
    const ru = new Turn(game, place(russian.id), {}, new NotFairRandomness()).apply(`move ${russian.id} rovno`);
    expect(ru.ok && ru.warnings).toEqual([]);
    const ge = new Turn(game, place(german.id), {}, new NotFairRandomness()).apply(`move ${german.id} rovno`);
    expect(ge.ok).toBe(true);
    expect(ge.ok && ge.warnings.map((w) => [w.code, w.message])).toEqual([['prohibited', expect.stringMatching(/may not use the connection pinsk – rovno: it is reserved to ru/)]]);
  });
});

describe('stacking by entry side (module.rules.stackByEntry, Eylau 6.12)', () => {
  // red-2 (0203) moves into red-1's hex (0202); `d` is the side of 0202 it enters through
  const enter = (facing: (d: number) => number, orientation: 'flat' | 'pointy' = 'flat', rule = true) => {
    let d = -1;
    const game = skirmishGame((m) => {
      m.rules = { ...m.rules!, stackByEntry: rule };
      const board = m.boards[0]!;
      if (orientation === 'pointy' && board.kind === 'hex') board.orientation = 'pointy';
    });
    d = game.boards.get('field')!.hex!.direction('0202', '0203')!;
    const { turn } = newTurn(game);
    expect(turn.apply(`rotate red-1 ${facing(d)}`).ok).toBe(true);
    const r = turn.apply('move red-2 0202');
    expect(r.ok, !r.ok ? r.error.message : '').toBe(true);
    return { event: r.ok ? r.events[0] : undefined, stack: turn.state.stacks['0202'] };
  };

  it('through the front of the pieces there: on top', () => {
    for (const o of ['flat', 'pointy'] as const) {
      const { event, stack } = enter((d) => d, o);
      expect(event).not.toHaveProperty('stack');
      expect(stack, o).toEqual(['red-1', 'red-2']);
    }
  });

  it('through their flank or rear: underneath, recorded in the event', () => {
    for (const o of ['flat', 'pointy'] as const) {
      const { event, stack } = enter((d) => (d + 3) % 6, o);
      expect(event).toMatchObject({ type: 'moved', stack: 'bottom' });
      expect(stack, o).toEqual(['red-2', 'red-1']);
    }
    // flat: vertex f lies between sides f and f + 1, so side f + 2 is a flank
    expect(enter((d) => (d + 4) % 6).stack).toEqual(['red-2', 'red-1']);
    expect(enter((d) => (d + 5) % 6).stack).toEqual(['red-1', 'red-2']);
  });

  it('without the rule every piece goes on top', () => {
    expect(enter((d) => (d + 3) % 6, 'flat', false).stack).toEqual(['red-1', 'red-2']);
  });
});
