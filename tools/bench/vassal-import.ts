// VASSAL import benchmark: `module import` of a real module (default: Paths of Glory 10.8, 36 MB,
// from ../shared/vassal), against the baseline of only unzipping and parsing its build file in the
// same process (machines are noisy, ratios are not). Prints wall and CPU time and the peak resident
// memory (targets of issue 18: under 20 s and 1 GB). Not a test: nothing is asserted.
// Run: npm run build && node dist/tools/bench/vassal-import.js [file.vmod] [--like modules/<id>]
import { existsSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { unzipSync } from 'fflate';
import { loadModule } from '../../src/export/load-module.js';
import { parseBuildFile } from '../../src/export/vassal-import/build-tree.js';
import { importVassalModule } from '../../src/export/vassal-import/import-module.js';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const likeAt = args.indexOf('--like');
  const like = likeAt >= 0 ? args.splice(likeAt, 2)[1] : 'modules/paths-of-glory';
  const file = args[0] ?? '../shared/vassal/Paths_of_Glory_10.8.vmod';
  if (!existsSync(file)) { console.log(`${file}: absent, nothing to measure`); return; }
  const bytes = new Uint8Array(readFileSync(file));
  const likeData = like ? (await loadModule(like)).data : undefined;
  const cpu0 = process.cpuUsage();
  let t0 = performance.now();
  const entries = unzipSync(bytes, { filter: (f) => !f.name.endsWith('/') });
  await parseBuildFile(new TextDecoder().decode(entries['buildFile.xml'] ?? entries.buildFile!), file);
  const base = performance.now() - t0;
  t0 = performance.now();
  const r = await importVassalModule(bytes, file, { like: likeData });
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  console.log(`${file}: ${(bytes.length / 1e6).toFixed(1)} MB`);
  console.log(`baseline (unzip + parse the build file)   ${base.toFixed(0).padStart(8)} ms`);
  console.log(`module import                            ${wall.toFixed(0).padStart(8)} ms  (${(wall / base).toFixed(1)}× the baseline)`);
  console.log(`CPU, both                                ${((cpu.user + cpu.system) / 1000).toFixed(0).padStart(8)} ms`);
  console.log(`peak resident memory                     ${(process.resourceUsage().maxRSS / 1024).toFixed(0).padStart(8)} MB`);
  console.log(`result: ${r.report.mapped[0]}; ${r.data.scenarios.length} scenarios; ${r.report.items.length} kinds not mapped`);
}

main().catch((e) => { console.error(e); process.exitCode = 1; });
