// Render benchmark: the picture of a game on a generated 5,000-hex board with 600 counters
// (stacks, facings, markers on pieces and hexes, a segment's moves and rolls), timed against the
// bare board drawn in the same process (machines are noisy, ratios are not). SVG only: PNG
// rasterizing is resvg's time, reported on its own line.
// Run: npm run build && node dist/tools/bench/render.js [hexes] [counters]
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { GameEvent } from '../../src/core/engine/events.js';
import { prepareGame } from '../../src/core/engine/game.js';
import { initialState } from '../../src/core/engine/initial-state.js';
import type { HexBoardDef } from '../../src/core/module/schema.js';
import { renderBoardSvg } from '../../src/export/board-svg.js';
import { renderGameSvg } from '../../src/export/game-picture.js';
import { svgToPng } from '../../src/export/game-png.js';
import { loadModule } from '../../src/export/load-module.js';

const HEXES = Number(process.argv[2] ?? 5000);
const COUNTERS = Number(process.argv[3] ?? 600);

function time(label: string, runs: number, f: () => unknown): number {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    f();
    best = Math.min(best, performance.now() - t0);
  }
  console.log(`${label.padEnd(40)} ${best.toFixed(1).padStart(9)} ms`);
  return best;
}

async function main(): Promise<void> {
  const { data } = await loadModule(join(process.cwd(), 'modules/skirmish'));
  const cols = Math.ceil(Math.sqrt(HEXES * 2)), rows = Math.ceil(HEXES / cols);
  const label = (c: number, r: number) => `${String(c).padStart(3, '0')}${String(r).padStart(3, '0')}`;
  // Terrain, streams and a road across, so the board is not a blank grid.
  const woods: string[] = [], streams: string[] = [], road: string[] = [];
  for (let c = 1; c <= cols; c++) for (let r = 1; r <= rows; r++) if ((c * 7 + r * 13) % 11 === 0) woods.push(label(c, r));
  for (let r = 1; r <= rows; r++) road.push(label(Math.ceil(cols / 2), r));
  for (let c = 2; c <= cols; c += 2) streams.push(`${label(c, Math.ceil(rows / 3))}|${label(c, Math.ceil(rows / 3) + 1)}`);
  const board: HexBoardDef = {
    id: 'bench', name: 'Bench', kind: 'hex', orientation: 'flat', shifted: 'even',
    sections: [{ id: 'all', origin: [0, 0], columns: cols, rows, label: { pattern: '{c:3}{r:3}' } }],
    terrain: { default: 'clear', hexes: { woods } }, hexsides: { stream: streams }, roads: [{ type: 'road', path: road }], places: {},
  };
  data.boards = [board];
  data.markerTypes[0]!.on = ['piece', 'hex'];
  data.pieces = [];
  const scenario = data.scenarios[0]!;
  scenario.board = 'bench';
  scenario.setup = [];
  // 600 counters on 400 hexes: stacks of one to three, every facing, a marker on every fifth.
  for (let i = 0; i < COUNTERS; i++) {
    const side = i % 2 ? 'blue' : 'red';
    const id = `${side}-${i}`;
    data.pieces.push({ id, type: 'infantry', side, name: `${i}th ${side}` });
    const spot = (i * 37) % Math.ceil(COUNTERS / 1.5);
    scenario.setup.push({ piece: id, at: label(1 + (spot % cols), 1 + Math.floor(spot / cols) * 3 % rows), face: i % 3 ? 'line' : 'column', facing: i % 6, ...(i % 5 ? {} : { markers: ['disordered'] }) });
  }
  const game = prepareGame(data, scenario.id);
  const state = initialState(game);
  for (let i = 0; i < 100; i++) state.markers[label(1 + ((i * 17) % cols), 1 + ((i * 5) % rows))] = ['disordered'];
  const events: GameEvent[] = [];
  for (let i = 0; i < 40; i++) {
    const id = `red-${i * 2}`;
    const at = state.pieces[id]!.location!;
    events.push({ type: 'moved', piece: id, from: at, path: [at] });
    events.push({ type: 'rolled', dice: '1d10', faces: [1 + (i % 10)], modifier: 0, total: 1 + (i % 10), counter: i, purpose: 'bench' });
  }
  const last = { seq: 1, author: 'red', entries: [{ command: 'bench', events }] };

  const hexes = game.board.hex!.size;
  console.log(`Hexpost render benchmark: ${hexes.toLocaleString('en-US')} hexes (${cols}×${rows}), ${COUNTERS} counters on ${Object.keys(state.stacks).length} hexes (best of 5)`);
  time('warm-up (both)', 2, () => { renderBoardSvg(data, board); renderGameSvg({ game, state, last }); });
  const bare = time('bare board (renderBoardSvg)', 5, () => renderBoardSvg(data, board));
  let svg = '';
  const full = time('game picture (board + counters + panel)', 5, () => { svg = renderGameSvg({ game, state, last }); });
  console.log(`SVG size ${(svg.length / 1e6).toFixed(2)} MB; counters add ${(full - bare).toFixed(1)} ms, ${(full / bare).toFixed(2)}× the bare board`);
  console.log(`game picture: ${full < 1000 ? 'under' : 'OVER'} a second (target: under 1 s)`);
  if (process.argv.includes('--png')) time('PNG rasterizing (resvg, once)', 1, () => svgToPng(svg));
}

await main();
