// The movement rules of the conformance module (modules/skirmish "movement": a mode, a memory,
// step rules on road, hex and cost, a facing rule with a marker, face rules) and the property
// that reach and move agree on random boards, markers and pieces.
import { describe, expect, it } from 'vitest';
import { executeCommand } from '../../../src/core/engine/execute.js';
import type { FlippedEvent, MovedEvent, RotatedEvent } from '../../../src/core/engine/events.js';
import { prepareGame } from '../../../src/core/engine/game.js';
import { initialState } from '../../../src/core/engine/initial-state.js';
import { NotFairRandomness } from '../../../src/core/engine/not-fair-randomness.js';
import { parseLine } from '../../../src/core/engine/parse.js';
import { reachOf } from '../../../src/core/engine/reach.js';
import type { GameState } from '../../../src/core/engine/state.js';
import type { HexBoardDef } from '../../../src/core/module/schema.js';
import { compare, formatRational, parseRational } from '../../../src/core/rational.js';
import { rng } from '../../helpers/rng.js';
import { skirmish, skirmishGame } from './helpers.js';

const game = skirmishGame();
const run = (s: GameState, line: string, side = 'red') => executeCommand(game, s, parseLine(line)!.command, { side }, new NotFairRandomness('m'));
const at = (moves: Record<string, string>, change?: (s: GameState) => void) => {
  const s = initialState(game);
  for (const [id, hex] of Object.entries(moves)) {
    const from = s.pieces[id]!.location!;
    s.stacks[from] = s.stacks[from]!.filter((x) => x !== id);
    if (!s.stacks[from]!.length) delete s.stacks[from];
    s.pieces[id]!.location = hex;
    (s.stacks[hex] ??= []).push(id);
  }
  change?.(s);
  return s;
};

describe('skirmish movement rules', () => {
  it('S.1 a mode adds its bonus where its condition holds, and warns where it does not', () => {
    const s = at({});
    expect((run(s, 'move red-1 0302 --mode forced-march')[0] as MovedEvent)).toMatchObject({ allowance: '5', mode: 'forced-march' });
    const near = at({ 'blue-1': '0402' });
    expect((run(near, 'move red-1 0302 --mode forced-march')[0] as MovedEvent).warnings?.[0]!.message).toMatch(/Forced march \(S.1\)/);
    expect(() => run(s, 'move red-1 0302 --mode sprint')).toThrow(/no movement mode "sprint" \(modes: forced-march, road-march\)/);
  });

  it('S.2 the memory: having left the road, the woods cost +1', () => {
    // 0504 -> 0505 along the road: 1/2; 0504 -> 0404 (off the road) -> 0505 (woods) pays 1 + 2 + 1
    const s = at({ 'red-1': '0504' });
    expect((run(s, 'move red-1 0505')[0] as MovedEvent).mp).toBe('1/2');
    const e = run(s, 'move red-1 0404 0505')[0] as MovedEvent;
    expect(e).toMatchObject({ mp: '4', rules: ['S.2'] });
  });

  it('S.3 a bridge-out marker takes the road off the hexside; it goes only where a road crosses', () => {
    const s = at({ 'red-1': '0502' }, (x) => { x.markers['0502|0503'] = ['bridge-out']; });
    expect((run(s, 'move red-1 0503')[0] as MovedEvent)).toMatchObject({ mp: '1', rules: ['S.3'] });
    expect(run(s, 'mark 0303|0304 bridge-out')[0]!.warnings?.[0]).toMatchObject({ code: 'placement' });
  });

  it('S.4 no entering a hex the enemy holds, and reach routes round it', () => {
    const s = at({ 'blue-1': '0302' });
    expect((run(s, 'move red-1 0302')[0] as MovedEvent).warnings?.[0]!.code).toBe('prohibited');
    expect(reachOf(game, s, 'red-1').reachable.some((x) => x.location === '0302')).toBe(false);
  });

  it('S.7 zones of control: entering one stops the move, leaving one costs +1, none across a stream or from a disordered unit', () => {
    const mp = (s: GameState, line: string) => run(s, line)[0] as MovedEvent;
    const cost = (s: GameState, hex: string) => { const x = reachOf(game, s, 'red-1').reachable.find((r) => r.location === hex); return x && formatRational(x.cost); };
    // blue-1 at 0707 holds 0606 and 0607; 0605 and 0506 are free
    const s = at({ 'red-1': '0604', 'blue-1': '0707' });
    expect(mp(s, 'move red-1 0605 0606')).toMatchObject({ mp: '2' });
    const on = mp(s, 'move red-1 0605 0606 0607');
    expect(on.warnings?.[0]).toMatchObject({ code: 'prohibited', message: 'red-1 (infantry) may not enter 0607 from 0606' });
    // reach stops in 0606 and goes round by the road (0506 0507, 1/2 MP) to 0607
    expect(cost(s, '0606')).toBe('2');
    expect(cost(s, '0607')).toBe('7/2');
    expect(reachOf(game, s, 'red-1').reachable.find((r) => r.location === '0607')!.path).toEqual(['0605', '0506', '0507', '0607']);
    const leaving = at({ 'red-1': '0606', 'blue-1': '0707' });
    expect(mp(leaving, 'move red-1 0605')).toMatchObject({ mp: '2', rules: ['S.7'] });
    const disordered = at({ 'red-1': '0604', 'blue-1': '0707' }, (x) => { x.pieces['blue-1']!.markers.push('disordered'); });
    expect(mp(disordered, 'move red-1 0605 0606 0607')).toMatchObject({ mp: '3' });
    expect(mp(disordered, 'move red-1 0605 0606 0607').warnings).toBeUndefined();
    // 0304 lies across the stream from blue-1 in 0303: no zone of control there
    const stream = at({ 'red-1': '0305', 'blue-1': '0303' });
    expect(mp(stream, 'move red-1 0304 0204')).toMatchObject({ mp: '2' });
    expect(mp(stream, 'move red-1 0304 0204').warnings).toBeUndefined();
  });

  it('S.5 facing about for 1/2 MP with a marker; S.6 face rules (prohibited; a cost with a free facing)', () => {
    const s = at({});
    const [rot, mark] = run(s, 'rotate red-1 +3');
    expect(rot as RotatedEvent).toMatchObject({ mp: '1/2', rules: ['S.5'] });
    expect(mark).toMatchObject({ type: 'marked', target: 'red-1', marker: 'faced-about' });
    expect(run(s, 'rotate red-1 +1')).toHaveLength(1); // no rule, no turnCost: no MP, as before
    const dis = at({}, (x) => { x.pieces['red-1']!.markers = ['disordered']; });
    expect((run(dis, 'flip red-1 column')[0] as FlippedEvent).warnings?.[0]!.code).toBe('prohibited');
    const woods = at({ 'red-1': '0505' }, (x) => { x.pieces['red-1']!.face = 'column'; });
    expect(run(woods, 'flip red-1 line --facing 4')[0]).toMatchObject({ mp: '1', facing: 4, rules: ['S.6'] });
    expect(run(at({}), 'flip red-1 column')[0]).toEqual({ type: 'flipped', piece: 'red-1', from: 'line', to: 'column' });
  });
});

describe('reach and move agree', () => {
  it('on random boards, markers, smoke, modes, enemies, friends and movers: every path reach gives costs what move charges, and no walk is cheaper than reach', () => {
    const base = game.board.hex!;
    for (let seed = 1; seed <= 25; seed++) {
      const r = rng(seed * 7919);
      const m = skirmish();
      const b = m.boards[0] as HexBoardDef;
      const labels = base.labels();
      const pick = () => labels[r(labels.length)]!;
      b.terrain.hexes = { woods: Array.from({ length: 20 }, pick) };
      b.hexsides = { stream: Array.from({ length: 15 }, () => { const a = pick(); const n = base.neighbours(a); return `${a}|${n[r(n.length)]}`; }) };
      const path = [pick()];
      for (let i = 0; i < 12; i++) { const n = base.neighbours(path.at(-1)!).filter((x) => !path.includes(x)); if (!n.length) break; path.push(n[r(n.length)]!); }
      b.roads = path.length > 1 ? [{ type: 'road', path }] : [];
      const g = prepareGame(m, 'meeting');
      const s = initialState(g);
      const place = (id: string, hex: string) => {
        for (const k of Object.keys(s.stacks)) { s.stacks[k] = s.stacks[k]!.filter((x) => x !== id); if (!s.stacks[k]!.length) delete s.stacks[k]; }
        s.pieces[id]!.location = hex; (s.stacks[hex] ??= []).push(id);
      };
      // the mover (infantry, guns, or blue-2 with its S.18), a friend of its side (S.21, S.24, S.25), enemies
      const [mover, friend, enemies] = ([
        ['red-1', 'red-2', ['blue-1', 'blue-2', 'blue-guns']], ['red-guns', 'red-1', ['blue-1', 'blue-2', 'blue-guns']],
        ['blue-2', 'blue-1', ['red-1', 'red-2', 'red-guns']],
      ] as const)[r(3)]!;
      place(mover, path[r(path.length)]!);
      for (const e of enemies) place(e, pick());
      // zones of control (S.7): sometimes a disordered enemy that exerts none
      if (r(3) === 0) s.pieces[enemies[0]]!.markers.push('disordered');
      place(friend, r(2) ? path[r(path.length)]! : pick());
      s.pieces[friend]!.face = ['line', 'column', 'square'][r(3)]!;
      // smoke and thinning smoke (S.15, S.20)
      for (let i = 0; i < 6; i++) s.markers[pick()] = [r(2) ? 'smoke' : 'smoke-thin'];
      if (path.length > 2) s.markers[base.hexside(path[1]!, path[2]!)] = ['bridge-out'];
      if (mover !== 'red-guns' && r(2)) s.pieces[mover]!.face = 'column';
      const mode = [undefined, 'forced-march', 'road-march'][r(3)];
      const reach = reachOf(g, s, mover, mode);
      const opt = mode ? ` --mode ${mode}` : '';
      const exec = (p: string[]) => executeCommand(g, s, parseLine(`move ${mover} ${p.join(' ')}${opt}`)!.command, {}, new NotFairRandomness('p'))[0] as MovedEvent;
      for (const x of reach.reachable) {
        const e = exec(x.path);
        expect(e.mp, `seed ${seed}: ${x.location} via ${x.path.join(' ')}`).toBe(formatRational(x.cost));
        expect(e.warnings?.filter((w) => w.message.includes('may not enter')) ?? [], `seed ${seed}`).toEqual([]);
      }
      const best = new Map(reach.reachable.map((x) => [x.location, x.cost]));
      for (let w = 0; w < 30; w++) {
        const walk: string[] = [];
        let here = s.pieces[mover]!.location!;
        for (let i = 0, n = 1 + r(6); i < n; i++) { const nb = base.neighbours(here); here = nb[r(nb.length)]!; walk.push(here); }
        if (walk.includes(s.pieces[mover]!.location!)) continue;
        const e = exec(walk);
        if (e.warnings?.some((x) => x.message.includes('may not enter'))) continue;
        const mp = parseRational(e.mp!)!;
        if (compare(mp, reach.left) > 0) continue;
        const end = walk.at(-1)!;
        expect(best.has(end), `seed ${seed}: ${walk.join(' ')} costs ${e.mp} but reach misses ${end}`).toBe(true);
        expect(compare(best.get(end)!, mp) <= 0, `seed ${seed}: reach ${end} dearer than the walk ${walk.join(' ')}`).toBe(true);
      }
    }
  });
});
