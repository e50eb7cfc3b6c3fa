// Eylau 6.72 from the command line: the French player delays Labassee's brigade in his own turn
// ("玩家可选择将该批增援延迟1、2或3个回合入场。每延迟1个回合，这批单位的可选入场位置可在原入场格子周边最多4格
// 范围内选取"): `delay` in a turn script is taken, logged and shown in the history; a delay past the
// book's bounds is refused with the reason, and nothing is written.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { scriptedTurn, twoPlayers, type Table } from '../helpers/cli.js';

describe('eylau-1807: delaying a group of reinforcements (6.72)', () => {
  let t: Table;
  beforeAll(async () => { t = await twoPlayers('eylau-1807', '20-1-eylau-7-february', ['french', 'allies'], ['Anna', 'Ben']); }, 60_000);

  it('is refused past 3 turns, and taken within them', async () => {
    const before = readFileSync(t.log('french'));
    const far = await t.run('french', 'turn', t.log('french'), '--key', t.key('french'), '--yes',
      '--script', t.file('french', 'far.txt', ['delay fr-18-1 4']));
    expect(far.code).toBe(1);
    expect(far.err).toMatch(/would delay it 4 turns, and 6\.72 allows at most 3/);
    expect(readFileSync(t.log('french')).equals(before)).toBe(true);
    await scriptedTurn(t.dir, 'french', t.log('french'), t.key('french'), ['delay fr-18-1 1 C0240 --faces column', 'next']);
    const h = await t.run('french', 'history', t.log('french'));
    expect(h.code, h.err).toBe(0);
    expect(h.out).toMatch(/> delay fr-18-1 1 C0240 --faces column/);
    expect(h.out).toMatch(/fr-18-1, fr-labassee-cdr, fr-18-2, fr-75-1, fr-75-2, fr-iv-cdr delayed: they arrive on turn 31 at C0240 \(6\.72\)/);
  }, 60_000);
});
