// Engine benchmark: replay 100,000 mixed events (moves, rotations, flips, rolls, markers) over
// 400 pieces, and print the rate next to two baselines run in the same process (machines are
// noisy, ratios are not): a plain mutable fold of the same events, and boardgame.io's reducer
// driving the same moves (a dev dependency of this benchmark only; skipped if not installed).
// Run: npm run build && node --expose-gc dist/tools/bench/engine.js [events] [all]
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { benchModule, PIECES } from './bench-module.js';
import type { Command } from '../../src/core/engine/commands.js';
import type { GameEvent } from '../../src/core/engine/events.js';
import { executeCommand } from '../../src/core/engine/execute.js';
import { applyEvent, foldEvents } from '../../src/core/engine/fold.js';
import { prepareGame } from '../../src/core/engine/game.js';
import { initialState } from '../../src/core/engine/initial-state.js';
import { NotFairRandomness } from '../../src/core/engine/not-fair-randomness.js';
import { facingKind, pieceView } from '../../src/core/engine/piece-values.js';
import { stateHash } from '../../src/core/engine/state-hash.js';
import { cloneState, type GameState } from '../../src/core/engine/state.js';

const EVENTS = Number(process.argv[2] ?? 100_000);
// boardgame.io runs about a thousand moves a second: by default it replays the first 20,000 events
// (its rate is flat in the number of moves), or all of them with a third argument "all".
const BGIO_EVENTS = process.argv[3] === 'all' ? EVENTS : Math.min(EVENTS, 20_000);
/** 100,000 events made by executing a deterministic stream of mixed commands. */
function makeEvents(): { start: GameState; events: GameEvent[] } {
  const game = prepareGame(benchModule().data, 'meeting');
  const start = initialState(game);
  const state = cloneState(start);
  const rnd = new NotFairRandomness('bench');
  const hex = game.board.hex!;
  const events: GameEvent[] = [];
  let x = 12345;
  const next = (n: number) => { x = (Math.imul(x, 1103515245) + 12345) >>> 0; return (x >>> 8) % n; };
  const ids = Object.keys(state.pieces);
  while (events.length < EVENTS) {
    const piece = ids[next(ids.length)]!;
    const p = state.pieces[piece]!;
    const kind = next(10);
    let c: Command;
    if (kind < 4) {
      const path: string[] = [];
      let at = p.location!;
      for (let k = 1 + next(3); k > 0; k--) { const ns = hex.neighbours(at); at = ns[next(ns.length)]!; path.push(at); }
      // avoid stepping back into the start hex
      if (path.includes(p.location!)) continue;
      c = { verb: 'move', piece, path };
    } else if (kind < 6) {
      // a face that faces all round (skirmish's square) cannot be rotated: the engine refuses it
      if (facingKind(pieceView(game, state, piece)) === 'none') continue;
      c = { verb: 'rotate', piece, amount: { by: next(2) ? 1 : -1 } };
    }
    else if (kind < 7) c = { verb: 'flip', piece };
    else if (kind < 8) c = { verb: 'roll', dice: '2d6' };
    else c = p.markers.length ? { verb: 'unmark', target: piece, marker: 'disordered' } : { verb: 'mark', target: piece, marker: 'disordered' };
    for (const e of executeCommand(game, state, c, {}, rnd)) { applyEvent(state, e); events.push(e); }
    if (kind < 8 && next(400) === 0) for (const e of executeCommand(game, state, { verb: 'next' }, {}, rnd)) { applyEvent(state, e); events.push(e); }
  }
  events.length = EVENTS;
  return { start, events };
}

/** The plain mutable fold: the least work that keeps the same facts. */
function plainFold(start: GameState, events: readonly GameEvent[]): Map<string, { loc: string | null; facing: number | null; face: string; markers: string[] }> {
  const pieces = new Map(Object.entries(start.pieces).map(([id, p]) => [id, { loc: p.location, facing: p.facing, face: p.face, markers: p.markers.slice() }]));
  for (const e of events) {
    switch (e.type) {
      case 'moved': pieces.get(e.piece)!.loc = e.path[e.path.length - 1]!; break;
      case 'rotated': pieces.get(e.piece)!.facing = e.to; break;
      case 'flipped': pieces.get(e.piece)!.face = e.to; break;
      case 'marked': pieces.get(e.target)!.markers.push(e.marker); break;
      case 'unmarked': { const m = pieces.get(e.target)!.markers; m.splice(m.lastIndexOf(e.marker), 1); break; }
      default: break;
    }
  }
  return pieces;
}

interface Bgio {
  InitializeGame(o: { game: unknown; numPlayers: number }): unknown;
  CreateGameReducer(o: { game: unknown }): (state: unknown, action: unknown) => unknown;
}

/** boardgame.io's reducer driving the same moves, or null when it is not installed. */
function bgioRunner(start: GameState): ((events: readonly GameEvent[]) => unknown) | null {
  let bgio: Bgio;
  try { bgio = createRequire(import.meta.url)('boardgame.io/internal') as Bgio; } catch { return null; }
  type G = { pieces: Record<string, { loc: string | null; facing: number | null; face: string; markers: string[] }> };
  type Ctx = { G: G };
  const game = {
    name: 'bench',
    // no undo history: it would grow with every move of the never-ending turn and make the baseline quadratic
    disableUndo: true,
    setup: (): G => ({ pieces: Object.fromEntries(Object.entries(start.pieces).map(([id, p]) => [id, { loc: p.location, facing: p.facing, face: p.face, markers: p.markers.slice() }])) }),
    moves: {
      move: ({ G }: Ctx, piece: string, to: string) => { G.pieces[piece]!.loc = to; },
      rotate: ({ G }: Ctx, piece: string, to: number) => { G.pieces[piece]!.facing = to; },
      flip: ({ G }: Ctx, piece: string, to: string) => { G.pieces[piece]!.face = to; },
      mark: ({ G }: Ctx, piece: string, marker: string) => { G.pieces[piece]!.markers.push(marker); },
      unmark: ({ G }: Ctx, piece: string, marker: string) => { const m = G.pieces[piece]!.markers; m.splice(m.lastIndexOf(marker), 1); },
      roll: () => {},
      note: () => {},
    },
  };
  const reducer = bgio.CreateGameReducer({ game });
  const initial = bgio.InitializeGame({ game, numPlayers: 2 });
  const act = (type: string, args: unknown[]) => ({ type: 'MAKE_MOVE', payload: { type, args, playerID: '0' } });
  return (events) => {
    let s = initial;
    for (const e of events) {
      switch (e.type) {
        case 'moved': s = reducer(s, act('move', [e.piece, e.path[e.path.length - 1]])); break;
        case 'rotated': s = reducer(s, act('rotate', [e.piece, e.to])); break;
        case 'flipped': s = reducer(s, act('flip', [e.piece, e.to])); break;
        case 'marked': s = reducer(s, act('mark', [e.target, e.marker])); break;
        case 'unmarked': s = reducer(s, act('unmark', [e.target, e.marker])); break;
        case 'rolled': s = reducer(s, act('roll', [])); break;
        default: s = reducer(s, act('note', [])); break;
      }
    }
    return s;
  };
}

function time(label: string, runs: number, f: () => unknown, count = EVENTS): number {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    f();
    best = Math.min(best, performance.now() - t0);
  }
  const rate = (count / best) * 1000;
  console.log(`${label.padEnd(28)} ${best.toFixed(1).padStart(9)} ms  ${Math.round(rate).toLocaleString('en-US').padStart(13)} events/s`);
  return rate;
}

function main(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  console.log(`Hexpost engine benchmark: ${EVENTS.toLocaleString('en-US')} mixed events, ${PIECES} pieces (best of several runs)`);
  const { start, events } = makeEvents();
  const kinds: Record<string, number> = {};
  for (const e of events) kinds[e.type] = (kinds[e.type] ?? 0) + 1;
  console.log(`events: ${Object.entries(kinds).map(([k, n]) => `${k} ${n}`).join(', ')}`);
  let final: GameState | undefined;
  const engine = time('engine fold (foldEvents)', 7, () => { final = foldEvents(start, events); });
  // Memory with the events and the final state alive, before the baselines load anything.
  gc?.();
  const mem = process.memoryUsage();
  const memLine = `memory after replay: heap used ${(mem.heapUsed / 2 ** 20).toFixed(1)} MB (events + state), rss ${(mem.rss / 2 ** 20).toFixed(1)} MB${gc ? '' : ' (run with --expose-gc for a heap figure after collection)'}`;
  const plain = time('plain mutable fold', 7, () => plainFold(start, events));
  const runner = bgioRunner(start);
  let bgioRate: number | null = null;
  if (runner) bgioRate = time(`boardgame.io reducer (${BGIO_EVENTS / 1000}k)`, 1, () => runner(events.slice(0, BGIO_EVENTS)), BGIO_EVENTS);
  else console.log('boardgame.io reducer        not installed (npm install -D boardgame.io@0.50.2): skipped');
  console.log(`final state hash ${stateHash(final!)}`);
  console.log(memLine);
  console.log(`engine vs plain fold: ${(plain / engine).toFixed(2)}× slower (target: within 10×)`);
  if (bgioRate) console.log(`engine vs boardgame.io: ${(engine / bgioRate).toFixed(0)}× faster (target: ≥ 200×)`);
}

main();
