// The draw an event check owes (Cold War 34.3 "掷出10点时，从己方事件牌组抽取最上方的一张事件卡"; 34.4: a 9 on two map
// sheets): in the sample log NATO's turn-6 check draws, and NATO's next segment owes the draw. `turn` refuses to
// seal that segment without it (nothing written) unless --yes, `show --json` lists it, and the draw discharges it.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeContainer } from '../../src/log/container.js';
import { logEntries, openLog } from '../../src/log/log-file.js';
import { runAs } from '../helpers/cli.js';
import { ROOT } from '../helpers/module-files.js';

const sample = openLog(new Uint8Array(readFileSync(join(ROOT, 'logs', 'cold-war-1985-sample.hexlog'))), 'sample');
const drawing = sample.segments.findIndex((s) => s.body.entries.some((e) => e.command.startsWith('draw nato-events')));
const key = join(ROOT, 'logs', 'keys', 'cold-war-1985-nato.key');

describe('Cold War 34.3: the draw the event check owes', () => {
  it('turn refuses to seal NATO\'s segment without the draw; show --json lists it; the draw discharges it', async () => {
    expect(drawing).toBeGreaterThan(0);
    expect(sample.segments[drawing]!.body.author).toBe('nato');
    // the log as NATO has it before the segment that draws
    const dir = mkdtempSync(join(tmpdir(), 'hexpost-owed-draw-'));
    const log = join(dir, 'game.hexlog');
    writeFileSync(log, writeContainer(logEntries({ genesis: sample.genesis, acceptances: sample.acceptances, segments: sample.segments.slice(0, drawing) })));
    const before = readFileSync(log);
    const script = (name: string, lines: string[]) => { const p = join(dir, name); writeFileSync(p, `${lines.join('\n')}\n`); return p; };

    const show = await runAs(dir, 'nato', ['show', log, '--json']);
    expect(show.code, show.err).toBe(0);
    expect(JSON.parse(show.out).obligations).toEqual([expect.objectContaining({ kind: 'draw', side: 'nato', deck: 'nato-events', count: 1, procedure: 'event-check', rule: '34.3' })]);

    const later = await runAs(dir, 'nato', ['turn', log, '--key', key, '--script', script('later.txt', ['note "later"'])]);
    expect(later.code).toBe(1);
    expect(later.err).toContain('you still owe draw nato-events (event-check 34.3): a result asked it of this segment; nothing was written. Draw first, or give --yes to seal anyway');
    expect(readFileSync(log).equals(before)).toBe(true);

    // anything else NATO does first is an obligation warning
    const move = await runAs(dir, 'nato', ['turn', log, '--key', key, '--script', script('track.txt', ['track ge1-eng 4']), '--dry-run', '--json']);
    expect(move.code, move.err).toBe(0);
    expect(JSON.parse(move.out).commands[0].events[0].warnings).toEqual([{ code: 'obligation', message: 'nato must first do what the results ask: nato: must draw 1 card from nato-events (event-check 34.3)' }]);

    const draw = await runAs(dir, 'nato', ['turn', log, '--key', key, '--script', script('draw.txt', ['draw nato-events']), '--dry-run', '--json']);
    expect(draw.code, draw.err).toBe(0);
    const sealed = JSON.parse(draw.out).commands[0].events[0];
    expect(sealed).toMatchObject({ type: 'sealed', kind: 'draw', deck: 'nato-events', obligation: expect.stringMatching(/^wp\/|^nato\//) });
    expect(sealed.warnings).toBeUndefined();
  }, 60_000);
});
