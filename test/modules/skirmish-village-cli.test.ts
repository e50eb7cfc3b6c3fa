// Skirmish's village scenario through the real command-line tool (modules/skirmish/README.md,
// S.32–S.36): two players start it, Red takes the village (S.33: a control marker the engine lays),
// at dusk Red owes a morale roll as his fire phase begins (S.36: `turn` will not seal without it),
// and `show` gives the clock, the turn type and the place, segment included.
import { describe, expect, it } from 'vitest';
import { scriptedTurn, twoPlayers } from '../helpers/cli.js';

describe('skirmish village, from the CLI', () => {
  it('control by entry, the dusk morale roll owed, the clock and the turn type shown', async () => {
    const t = await twoPlayers('skirmish', 'village');
    const show = await t.run('red', 'show', t.log('red'));
    expect(show.code, show.err).toBe(0);
    expect(show.out).toMatch(/^turn 1 \(dusk\), phase red-move, red active, 1809-10-14T20:00\+01:00$/m);

    // Red moves into the village and says next: his fire phase begins at dusk, owing the morale roll
    const late = t.file('red', 'late.txt', ['move red-1 village', 'next', 'next']);
    const refused = await t.run('red', 'turn', t.log('red'), '--key', t.key('red'), '--script', late, '--dry-run', '--json');
    expect(refused.code, refused.err).toBe(0);
    type Ev = { type: string; marker?: string; target?: string; warnings?: { code: string }[] };
    const commands = JSON.parse(refused.out).commands as { events: Ev[] }[];
    expect(commands[0]!.events.filter((e) => e.type === 'marked')).toEqual([
      { type: 'marked', target: 'village', kind: 'space', marker: 'control-red', rule: 'S.33' }]);
    expect(commands[2]!.events[0]!.warnings?.map((w) => w.code)).toEqual(['obligation']);

    await scriptedTurn(t.dir, 'red', t.log('red'), t.key('red'), ['move red-1 village', 'next', 'resolve morale', 'next']);
    const after = await t.run('red', 'show', t.log('red'), '--json');
    expect(after.code, after.err).toBe(0);
    const j = JSON.parse(after.out) as
      { phase: string; segment: string | null; markers: Record<string, string[]>; obligations?: unknown[] };
    expect([j.phase, j.segment]).toEqual(['blue-move', null]);
    expect(j.markers.village).toEqual(['control-red']);
    expect(j.obligations ?? []).toEqual([]);
  }, 120_000);
});
