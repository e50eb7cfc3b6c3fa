// The combat exchange under sealed randomness (issue 17, docs/module-format.md "Procedures bound
// to pieces"): red commits an assault bound to his two battalions and blue's guns; blue's reply
// resolves it and its segment opens with the result and what the result did (every tool derives the
// same events, the verifier recomputes them); blue's segment carries his retreat, in red's phase;
// red's next segment takes the advance after combat. `history` tells it as a battle report.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { GameEvent, ResolvedEvent } from '../../src/core/engine/events.js';
import { writeContainer } from '../../src/log/container.js';
import { logEntries } from '../../src/log/log-file.js';
import { TurnSession } from '../../src/log/turn-session.js';
import { newSkirmish, players, playTurn, verifyAs, keyOf } from '../helpers/game.js';
import { ROOT } from '../helpers/module-files.js';

/** skirmish with red's battalions beside blue's guns in the open (0605, 0506 → 0606) */
function closeQuarters(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hexpost-combat-'));
  cpSync(join(ROOT, 'modules', 'skirmish'), dir, { recursive: true });
  const file = join(dir, 'scenarios', 'meeting.json');
  const s = JSON.parse(readFileSync(file, 'utf8')) as { setup: { piece: string; at: string }[] };
  const at: Record<string, string> = { 'red-1': '0605', 'red-2': '0506', 'blue-guns': '0606' };
  for (const p of s.setup) p.at = at[p.piece] ?? p.at;
  writeFileSync(file, JSON.stringify(s));
  return relative(join(ROOT, 'modules'), dir);
}

describe('the combat exchange', () => {
  it('commit, resolve with the reply and apply, the defender\'s retreat, the attacker\'s advance, the battle report', async () => {
    const p = await players();
    let log = await newSkirmish(p, closeQuarters());
    log = await playTurn(log, p, 'red', ['next', 'resolve assault attackers=red-1,red-2 defender=blue-guns']);
    const sealed = log.segments[0]!.body.entries[1]!.events[0] as GameEvent;
    // the commitment names the pieces and carries what the board gave: 6 + 6 − 4
    expect(sealed).toMatchObject({ type: 'sealed', kind: 'resolve', bound: { attackers: 'red-1,red-2', defender: 'blue-guns' }, derived: ['differential'] });
    expect(sealed.type === 'sealed' && sealed.command).toBe('resolve assault differential=8');

    // blue's tool resolves it as his segment opens: the result, then what it does
    const v = await verifyAs(log, p, 'blue');
    const session = new TurnSession(v, 'blue', keyOf(p, 'blue'));
    const resolved = session.resolutions.find((e): e is ResolvedEvent => e.type === 'resolved')!;
    expect(resolved).toMatchObject({ procedure: 'assault', column: '+2', at: '0606', bound: { attackers: 'red-1,red-2', defender: 'blue-guns' } });
    expect(['NE', 'D1', 'D1 DR']).toContain(resolved.result);
    const after = session.resolutions.slice(session.resolutions.indexOf(resolved) + 1);
    if (resolved.result === 'NE') expect(after).toEqual([]);
    else {
      expect(after.slice(0, 3)).toEqual([
        { type: 'lost', piece: 'blue-guns', from: 'full', to: 'reduced', at: '0606', by: resolved.sealed },
        { type: 'marked', target: 'blue-guns', kind: 'piece', marker: 'disordered' },
        { type: 'track-set', track: 'casualties', from: 0, to: 1 },
      ]);
    }
    const retreats = resolved.result === 'D1 DR';
    // his retreat, in red's phase: no `turn` warning, it is his to make
    const r = session.apply(retreats ? 'retreat blue-guns 0607' : 'note "the guns hold"', 1);
    expect(r.ok && r.events[0]!.warnings).toBeUndefined();
    log = (await session.seal('2026-11-29T12:00:00Z')).log;
    const bv = await verifyAs(log, p);
    expect(bv.state.obligations?.map((o) => o.kind)).toEqual(retreats ? ['advance'] : undefined);

    // red continues the phase: the advance after combat, then next
    log = await playTurn(log, p, 'red', retreats ? ['advance red-1', 'next'] : ['next']);
    const end = await verifyAs(log, p);
    expect(end.state.pieces['red-1']!.location).toBe(retreats ? '0606' : '0605');
    expect(end.state.obligations).toBeUndefined();

    const file = join(mkdtempSync(join(tmpdir(), 'hexpost-combat-log-')), 'game.hexlog');
    writeFileSync(file, writeContainer(logEntries(log)));
    process.env.HEXPOST_HOME = join(file, '..', 'home');
    let out = '';
    expect(await main(['node', 'hexpost', 'history', file], { out: (t) => { out += `${t}\n`; }, err: () => {}, tty: false })).toBe(0);
    expect(out).toMatch(/red commits resolve assault differential=8 for attackers=red-1,red-2 defender=blue-guns as roll #0/);
    expect(out).toMatch(new RegExp(`⚔ 0606: Assault, 1st Red and 2nd Red against Blue guns — differential 8 → column \\+2; roll \\d+ → ${resolved.result}`
      + (resolved.result === 'NE' ? '\\n' : ': Blue guns loses a step \\(full → reduced\\), disordered on Blue guns, Casualties[^\\n]* 0 → 1')));
  });
});
