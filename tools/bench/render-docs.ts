// The pictures in docs/: one PNG per seed module, from its sample game when logs/ has one (the
// board after the last segment that moved something, with that segment's arrows and rolls),
// otherwise its scenario's start. Not a benchmark: it lives beside render.ts, which it shares
// the rendering with, and prints how long each picture took.
// Run: npm run build && node dist/tools/bench/render-docs.js
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { GameEvent } from '../../src/core/engine/events.js';
import { prepareGame } from '../../src/core/engine/game.js';
import { initialState } from '../../src/core/engine/initial-state.js';
import type { GameState } from '../../src/core/engine/state.js';
import { renderGameSvg, type LastSegment } from '../../src/export/game-picture.js';
import { svgToPng } from '../../src/export/game-png.js';
import { loadModule } from '../../src/export/load-module.js';
import { openLog } from '../../src/log/log-file.js';
import { verifyLog } from '../../src/log/verify.js';

/** module, scenario (for a start picture), hex size and PNG width */
const SEEDS: [string, string | undefined, number, number | undefined][] = [
  ['napoleon-basic', undefined, 50, undefined],
  ['cold-war-1985', undefined, 40, 2600],
  ['eylau-1807', '20-1-eylau-7-february', 40, 2600],
  ['paths-of-glory', undefined, 40, undefined],
];

for (const [id, scenario, hexSize, width] of SEEDS) {
  const t0 = performance.now();
  const sample = join('logs', `${id}-sample.hexlog`);
  let svg: string;
  let what: string;
  if (existsSync(sample)) {
    const log = openLog(new Uint8Array(readFileSync(sample)), sample);
    const states: GameState[] = [];
    const v = await verifyLog(log, { onSegment: (_b, s) => states.push(structuredClone(s)) });
    const moved = (i: number) => log.segments[i]!.body.entries.some((e) => !e.void && (e.events as GameEvent[]).some((ev) => ev.type === 'moved'));
    let i = log.segments.length - 1;
    while (i > 0 && !moved(i)) i--;
    const body = log.segments[i]!.body;
    const last: LastSegment = { seq: body.seq, author: body.author, entries: body.entries };
    svg = renderGameSvg({ game: v.game, state: states[i]!, last, caption: `after segment ${body.seq} of ${log.segments.length}` }, { hexSize });
    what = `${sample}, after segment ${body.seq}`;
  } else {
    const { data } = await loadModule(join('modules', id));
    const game = prepareGame(data, scenario);
    svg = renderGameSvg({ game, state: initialState(game), caption: 'at the start of the scenario' }, { hexSize });
    what = `scenario ${game.scenario.id} at its start`;
  }
  const out = join('docs', `${id}-render.png`);
  const png = svgToPng(svg, { width });
  writeFileSync(out, png);
  console.log(`${out}: ${what} (${(png.byteLength / 1024).toFixed(0)} KB, ${(performance.now() - t0).toFixed(0)} ms)`);
}
