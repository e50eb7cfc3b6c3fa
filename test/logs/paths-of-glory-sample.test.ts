// What the Paths of Glory sample (logs/paths-of-glory-sample.hexlog) must show of the book, whatever its
// dice: §10 "在损耗阶段仍缺乏补给的军团和集团军通常会被消灭" — a unit out of supply as the attrition phase
// begins, eliminated by the engine (a `lost` event of rule §10 after the `next` that starts the phase);
// §11 "如果结果要求堡垒投降或被摧毁，则移除堡垒的有效标记" — a siege result that destroys the fort also takes the
// besieged marker off; and a normal move only from a space marked for movement (§5: no warning in the log).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../src/core/engine/events.js';
import { openLog } from '../../src/log/log-file.js';

const file = join(import.meta.dirname, '..', '..', 'logs', 'paths-of-glory-sample.hexlog');
const bodies = openLog(new Uint8Array(readFileSync(file)), file).segments.map((s) => s.body);
const entries = bodies.flatMap((b) => b.entries);
const resolutions = bodies.flatMap((b) => (b.resolutions ?? []) as GameEvent[]);

describe('the Paths of Glory sample', () => {
  it('§10: the engine eliminates a unit out of supply as the attrition phase begins', () => {
    const attrition = entries.filter((e) => e.command === 'next' || e.command.startsWith('next '))
      .filter((e) => (e.events as GameEvent[]).some((x) => x.type === 'phase-began' && x.phase === 'attrition'));
    const lost = attrition.flatMap((e) => (e.events as GameEvent[]).filter((x) => x.type === 'lost'));
    expect(lost.length).toBeGreaterThan(0);
    for (const l of lost) expect((l as { rule?: string }).rule).toMatch(/^§10/);
  });

  it('§11: the result that destroys a fort takes its besieged marker off', () => {
    const i = resolutions.findIndex((e) => e.type === 'marked' && e.marker === 'fort-destroyed');
    expect(i).toBeGreaterThanOrEqual(0);
    const at = (resolutions[i] as { target: string }).target;
    expect(resolutions.slice(i).some((e) => e.type === 'unmarked' && e.marker === 'besieged' && e.target === at)).toBe(true);
  });

  it('no command of the sample is warned (§5: every normal move from a space marked for movement)', () => {
    const warned = entries.flatMap((e) => (e.events as GameEvent[]).flatMap((x) => x.warnings ?? [])
      .map((w) => `${e.command}: ${w.message}`));
    expect(warned).toEqual([]);
    expect(entries.some((e) => /^move \S+ /.test(e.command))).toBe(true);
  });
});
