// `npm run bench`: every benchmark, one after the other, each printing its figures against a
// baseline run in the same process (see tools/bench/README.md). The log benchmark generates its
// 2,000-segment log on the first run (several minutes) and reuses it afterwards.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const benches: [string, string[], string[]][] = [
  ['engine', ['--expose-gc'], []],
  ['reach', [], []],
  ['render', [], []],
  ['log', [], []],
  ['turn-mail', ['--expose-gc'], []],
  ['vassal-import', [], []],
  ['board-page', [], []],
];
const only = process.argv.slice(2);
let failed = 0;
for (const [name, nodeArgs, args] of benches) {
  if (only.length && !only.includes(name)) continue;
  process.stdout.write(`\n=== ${name} ===\n`);
  const r = spawnSync(process.execPath, [...nodeArgs, join(here, `${name}.js`), ...args], { stdio: 'inherit' });
  if (r.status !== 0) { failed++; process.stdout.write(`${name}: exited ${r.status}\n`); }
}
process.exitCode = failed ? 1 : 0;
