// The five bundled modules, exported, loaded by VASSAL's own code (../shared/vassal/harness):
// every piece slot decodes, every deck fills and hides its cards, every location name and every
// setup's pieces, faces, facings, stacks and turn are what Hexpost's model says — zero defects.
// Skipped only when the harness folder is absent; a missing Java or Xvfb fails (CI installs them).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadModule } from '../../../src/export/load-module.js';
import { vassalModuleBytes } from '../../../src/export/vassal/vmod.js';
import { HARNESS_PRESENT, SKIP_MESSAGE, moduleExpectation, vassalCheck } from './vassal-harness.js';

const MODULES = ['skirmish', 'napoleon-basic', 'cold-war-1985', 'paths-of-glory', 'eylau-1807'];
if (!HARNESS_PRESENT) console.warn(SKIP_MESSAGE);

describe.skipIf(!HARNESS_PRESENT)('VASSAL loads the exported modules', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hexpost-vassal-load-'));
  it.each(MODULES)('%s: zero defects', async (id) => {
    const m = await loadModule(join('modules', id));
    const vmod = join(dir, `${id}.vmod`);
    writeFileSync(vmod, vassalModuleBytes(m.data, m.source).bytes);
    const expectFile = join(dir, `${id}.expect.json`);
    writeFileSync(expectFile, JSON.stringify(moduleExpectation(m.data)));
    const { report, summary } = await vassalCheck([vmod, '--expect', expectFile, '--locations', '50'], join(dir, `${id}.vassal.json`));
    expect(report.complete, summary).toBe(true);
    expect(report.summary.pieceSlotsUsable).toBe(report.summary.pieceSlots);
    expect(report.defects, summary).toEqual([]);
    // every scenario was loaded and compared
    for (const sc of m.data.scenarios) {
      const s = report.setups.find((x) => x.name === sc.name);
      expect(s?.gameStarted, sc.name).toBe(true);
      expect(s?.expect, sc.name).toBeDefined();
    }
  }, 300_000);
});
