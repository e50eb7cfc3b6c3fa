// The benchmarks' module: skirmish's data with 400 pieces spread over its board, markers allowed
// on hexes, and no end — shared by the engine and log benchmarks so both replay the same game.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { assembleModule, moduleHash, validateModuleData } from '../../src/core/module/assemble.js';
import type { ModuleData } from '../../src/core/module/schema.js';

export const PIECES = 400;

export function moduleFiles(root: string, dir = root, out = new Map<string, string>()): Map<string, string> {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) moduleFiles(root, p, out);
    else out.set(relative(root, p).split('\\').join('/'), readFileSync(p, 'utf8'));
  }
  return out;
}

/** skirmish's data with 400 pieces spread over its board, markers allowed on hexes, and no end. */
export function benchModule(): { raw: Record<string, unknown>; data: ModuleData; hash: string } {
  const a = assembleModule(moduleFiles(join(process.cwd(), 'modules/skirmish')));
  if (!a.data) throw new Error('modules/skirmish does not load (run from the repository root)');
  const raw = structuredClone(a.raw) as Record<string, unknown> & {
    pieces: unknown[]; scenarios: { setup: unknown[] }[]; markerTypes: { on: string[] }[]; sequence: { lastTurn: number }; id: string; version: string;
  };
  const labels: string[] = [];
  for (let c = 1; c <= 10; c++) for (let r = 1; r <= 10; r++) labels.push(`${String(c).padStart(2, '0')}${String(r).padStart(2, '0')}`);
  raw.pieces = [];
  // the meeting only: the other scenarios set up pieces this module replaces
  raw.scenarios = [raw.scenarios[0]!];
  raw.scenarios[0]!.setup = [];
  for (let i = 0; i < PIECES; i++) {
    const side = i % 2 ? 'blue' : 'red';
    const id = `${side}-${i}`;
    raw.pieces.push({ id, type: 'infantry', side });
    raw.scenarios[0]!.setup.push({ piece: id, at: labels[(i * 37) % labels.length]!, face: 'line', facing: 0 });
  }
  raw.markerTypes[0]!.on = ['piece', 'hex'];
  raw.sequence.lastTurn = 10_000; // long enough for every bench game, within the module caps (10,001 turns)
  raw.version = '1.0.0-bench';
  const v = validateModuleData(raw);
  if (!v.data) throw new Error(`the bench module is invalid: ${v.issues.map((i) => i.message).slice(0, 3).join('; ')}`);
  return { raw: v.raw, data: v.data, hash: moduleHash(v.raw) };
}

