// Loads modules/skirmish from disk through assembleModule, and builds games over variants of it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { assembleModule } from '../../../src/core/module/assemble.js';
import type { HexBoardDef, ModuleData } from '../../../src/core/module/schema.js';
import { prepareGame, type Game } from '../../../src/core/engine/game.js';
import { initialState } from '../../../src/core/engine/initial-state.js';
import { NotFairRandomness } from '../../../src/core/engine/not-fair-randomness.js';
import { Turn } from '../../../src/core/engine/turn.js';
import type { CommandContext } from '../../../src/core/engine/context.js';

const ROOT = join(import.meta.dirname, '../../../modules/skirmish');

function files(dir: string, out = new Map<string, string>()): Map<string, string> {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) files(p, out);
    else out.set(relative(ROOT, p).split('\\').join('/'), readFileSync(p, 'utf8'));
  }
  return out;
}

let cached: ModuleData | undefined;
export function skirmish(): ModuleData {
  if (!cached) {
    const a = assembleModule(files(ROOT));
    if (!a.data) throw new Error(`skirmish does not load: ${JSON.stringify(a.issues)}`);
    cached = a.data;
  }
  return structuredClone(cached);
}

/** A game over skirmish, optionally changed first (e.g. a clock, a stacking limit). */
export function skirmishGame(change?: (m: ModuleData) => void): Game {
  const m = skirmish();
  change?.(m);
  return prepareGame(m, 'meeting');
}

export function newTurn(game: Game = skirmishGame(), ctx: CommandContext = { side: 'red' }, seed = 'test') {
  const randomness = new NotFairRandomness(seed);
  return { game, randomness, turn: new Turn(game, initialState(game), ctx, randomness) };
}

/**
 * Random terrain on skirmish's field in m (its first board): `woods` wooded hexes, 20 stream
 * hexsides and `roads` roads of up to 11 hexes, drawn with r. Returns the field's geometry, the
 * random hex and hexside pickers (drawing on from where it left r) and the roads.
 */
export function randomField(m: ModuleData, r: (n: number) => number, woods: number, roads: number) {
  const b = m.boards[0] as HexBoardDef;
  const probe = prepareGame(skirmish(), 'meeting').board.hex!;
  const labels = probe.labels();
  const pick = () => labels[r(labels.length)]!;
  const side = () => { const a = pick(); const n = probe.neighbours(a); return [a, n[r(n.length)]!] as const; };
  b.terrain.hexes = { woods: Array.from({ length: woods }, pick) };
  b.hexsides = { stream: Array.from({ length: 20 }, () => side().join('|')) };
  const out = [];
  for (let k = 0; k < roads; k++) {
    const path = [pick()];
    for (let i = 0; i < 10; i++) {
      const n = probe.neighbours(path.at(-1)!).filter((x) => !path.includes(x));
      if (!n.length) break;
      path.push(n[r(n.length)]!);
    }
    if (path.length > 1) out.push({ type: 'road', path });
  }
  b.roads = out;
  return { probe, pick, side, roads: out };
}
