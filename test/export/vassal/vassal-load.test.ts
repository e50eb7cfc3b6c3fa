// The five bundled modules, exported, loaded by VASSAL's own code (../shared/vassal/harness):
// every piece slot decodes, every deck fills and hides its cards, every location name and every
// setup's pieces, faces, facings, stacks and turn are what Hexpost's model says; and every sample
// game of logs/, exported as a .vlog, steps through to the end in VASSAL with the final pieces,
// faces, facings and turn of `hexpost show --json` — zero defects. One VASSAL run per module.
// Skipped only when the harness folder is absent; a missing Java or Xvfb fails (CI installs them).
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.js';
import { readLogFile } from '../../../src/cli/log-io.js';
import { prepareGame } from '../../../src/core/engine/game.js';
import { loadModule } from '../../../src/export/load-module.js';
import { vassalModuleBytes } from '../../../src/export/vassal/vmod.js';
import { HARNESS_PRESENT, SKIP_MESSAGE, moduleExpectation, vassalCheck, vlogExpectation, type ShowLike } from './vassal-harness.js';

const MODULES = ['skirmish', 'napoleon-basic', 'cold-war-1985', 'paths-of-glory', 'eylau-1807'];
if (!HARNESS_PRESENT) console.warn(SKIP_MESSAGE);

async function cli(...args: string[]): Promise<string> {
  let out = '', err = '';
  const code = await main(['node', 'hexpost', ...args], { out: (t) => { out += `${t}\n`; }, err: (t) => { err += t; }, tty: false });
  if (code !== 0) throw new Error(`hexpost ${args.join(' ')}: exit ${code}: ${err}`);
  return out;
}

describe.skipIf(!HARNESS_PRESENT)('VASSAL loads the exported modules and steps through the sample games', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hexpost-vassal-load-'));
  it.each(MODULES)('%s: zero defects', async (id) => {
    const m = await loadModule(join('modules', id));
    const vmod = join(dir, `${id}.vmod`);
    writeFileSync(vmod, vassalModuleBytes(m.data, m.source).bytes);
    const expectation = moduleExpectation(m.data) as { vlogs?: Record<string, object> };
    const args = [vmod];
    const logs = readdirSync('logs').filter((f) => f.startsWith(`${id}-`) && f.endsWith('.hexlog')).sort();
    expectation.vlogs = {};
    for (const f of logs) {
      const log = join('logs', f);
      const vlog = join(dir, `${basename(f, '.hexlog')}.vlog`);
      await cli('export-vlog', log, '-o', vlog);
      const show = JSON.parse(await cli('show', log, '--json')) as ShowLike;
      const game = prepareGame(m.data, (await readLogFile(log)).genesis.body.scenario);
      expectation.vlogs[basename(vlog)] = vlogExpectation(game, m.data, show);
      args.push('--vlog', vlog);
    }
    const expectFile = join(dir, `${id}.expect.json`);
    writeFileSync(expectFile, JSON.stringify(expectation));
    const { report, summary } = await vassalCheck([...args, '--expect', expectFile, '--locations', '50'], join(dir, `${id}.vassal.json`));
    expect(report.complete, summary).toBe(true);
    expect(report.summary.pieceSlotsUsable).toBe(report.summary.pieceSlots);
    expect(report.defects, summary).toEqual([]);
    // every scenario was loaded and compared, every game stepped to its end and compared
    for (const sc of m.data.scenarios) {
      const s = report.setups.find((x) => x.name === sc.name);
      expect(s?.gameStarted, sc.name).toBe(true);
      expect(s?.expect, sc.name).toBeDefined();
    }
    expect(report.vlogs.length).toBe(logs.length);
    for (const v of report.vlogs) {
      expect(v.gameStarted, v.file).toBe(true);
      expect(v.stepsRun, v.file).toBe(v.steps);
      expect(v.steps, v.file).toBeGreaterThan(0);
      expect(v.final.expect, v.file).toBeDefined();
    }
  }, 400_000);
});
