// Loads modules/skirmish from disk through assembleModule, and builds games over variants of it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { assembleModule } from '../../../src/core/module/assemble.js';
import type { ModuleData } from '../../../src/core/module/schema.js';
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
