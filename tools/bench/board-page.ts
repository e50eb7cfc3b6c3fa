// Board page benchmark: the imported Paths of Glory (its 4 MB map picture and every counter's own
// art) on the board page in headless Chromium. Frame times are taken with requestAnimationFrame
// while the page pans, zooms and a counter is dragged, against the same number of idle frames in
// the same page (the machine's own frame interval: the baseline). Target of issue 18: pan under
// 16 ms a frame on average. Not a test: nothing is asserted.
// Run: npm run build && node dist/tools/bench/board-page.js [imported module folder] [--scenario <id>]
// Without a folder it imports ../shared/vassal/Paths_of_Glory_10.8.vmod with --like
// modules/paths-of-glory into $TMPDIR/hexpost-bench-pog (once; reused afterwards).
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { main as cli } from '../../src/cli/main.js';
import { pageHost } from '../../src/cli/board.js';
import { writeLogFile } from '../../src/cli/log-io.js';
import { loadModule } from '../../src/export/load-module.js';
import { loadPrivateKey, loadPublicKey, newKey } from '../../src/log/keys.js';
import { acceptGame, proposeGame } from '../../src/log/setup.js';
import { PageSession } from '../../src/web/page-session.js';
import { startBoardServer } from '../../src/web/server.js';
import { frameStats as stats, recordFrames, scriptedFrames } from './page-frames.js';


const CHROMIUM = ['/usr/bin/chromium', '/usr/lib/chromium/chromium'].find((p) => existsSync(p));
const quiet = { out: () => {}, err: () => {}, tty: false };

async function moduleDir(args: string[]): Promise<string | null> {
  if (args[0]) return args[0];
  const dir = join(tmpdir(), 'hexpost-bench-pog');
  if (existsSync(join(dir, 'module.json'))) return dir;
  const file = '../shared/vassal/Paths_of_Glory_10.8.vmod';
  if (!existsSync(file)) { console.log(`${file}: absent, nothing to measure`); return null; }
  console.log(`importing ${file} into ${dir} …`);
  const code = await cli(['node', 'hexpost', 'module', 'import', file, '-o', dir, '--like', 'modules/paths-of-glory'], quiet);
  if (code !== 0) throw new Error(`module import exited ${code}`);
  return dir;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const at = args.indexOf('--scenario');
  const scenarioArg = at >= 0 ? args.splice(at, 2)[1] : undefined;
  if (!CHROMIUM) { console.log('no /usr/bin/chromium: nothing to measure'); return; }
  const dir = await moduleDir(args);
  if (!dir) return;
  const m = await loadModule(dir);
  const scenario = scenarioArg ?? m.data.scenarios.find((s) => s.id.startsWith('deluxe'))?.id ?? m.data.scenarios[0]!.id;
  const [a, b] = m.data.sides.map((s) => s.id) as [string, string];
  const ka = await newKey({ name: 'Bench A', email: 'a@example.org' }), kb = await newKey({ name: 'Bench B', email: 'b@example.org' });
  const keyA = await loadPrivateKey(ka.privateKey);
  let log = await proposeGame({
    module: { id: m.data.id, version: m.data.version, hash: m.hash, raw: m.raw, sides: [a, b], scenarios: m.data.scenarios.map((s) => s.id) },
    scenario, side: a, key: keyA, opponents: [{ side: b, key: await loadPublicKey(kb.publicKey) }], time: '2026-12-01T10:00:00Z',
  });
  log = await acceptGame({ ...log, file: 'game.hexlog' }, b, await loadPrivateKey(kb.privateKey), '2026-12-01T10:05:00Z');
  const work = mkdtempSync(join(tmpdir(), 'hexpost-bench-page-'));
  const logPath = join(work, 'game.hexlog');
  await writeLogFile(logPath, log);
  writeFileSync(join(work, 'a.key'), ka.privateKey);
  const host = { ...pageHost(quiet, a, keyA), images: m.source.other };
  const session = await PageSession.open(logPath, log, a, keyA, host);
  const server = await startBoardServer(session);
  const browser = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'hexpost-chromium-')), {
    executablePath: CHROMIUM, headless: true, viewport: { width: 1400, height: 900 },
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage();
    const t0 = Date.now();
    await page.goto(server.url);
    await page.waitForSelector('body[data-ready]', { timeout: 120_000 });
    const load = Date.now() - t0;
    const counters = await page.locator('#pieces-layer .piece').count();
    const mapBytes = m.data.boards.find((x) => x.id === session.verified.state.board)?.image;
    const idle = await scriptedFrames(page, 'idle');
    const pan = await scriptedFrames(page, 'pan');
    const zoom = await scriptedFrames(page, 'zoom');
    await page.waitForTimeout(500);
    // a counter dragged across the screen with the mouse while frames are recorded
    const stop = await recordFrames(page);
    const box = await page.locator('#pieces-layer .piece').first().boundingBox();
    let drag: number[] = [];
    if (box) {
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + 300, box.y + 120, { steps: 60 });
      await page.mouse.up();
      drag = await stop();
    }
    const f = { idle: stats(idle), pan: stats(pan), zoom: stats(zoom), drag: drag.length ? stats(drag) : null };
    console.log(`board page: ${m.data.title}, scenario ${scenario}, ${counters} counters, map ${mapBytes} (${((m.source.other.get(mapBytes ?? '')?.byteLength ?? 0) / 1e6).toFixed(1)} MB); page ready in ${load} ms`);
    for (const [k, s] of Object.entries(f)) {
      if (!s) { console.log(`${k.padEnd(5)} (no counter to drag)`); continue; }
      console.log(`${k.padEnd(5)} mean ${String(s.mean).padStart(6)} ms  p95 ${String(s.p95).padStart(6)} ms  max ${String(s.max).padStart(6)} ms  (${(s.mean / f.idle.mean).toFixed(2)}× idle)`);
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

main().catch((e) => { console.error(e); process.exitCode = 1; });
