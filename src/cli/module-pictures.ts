// `--module <folder>` on `board` and `render`: the module's own pictures (map, counter art) drawn in
// the page and pictures. A log carries the module's JSON, not its images, so the player names the
// folder; it must be the very module the game is played with (same hash).
import { loadModule } from '../export/load-module.js';
import type { ModuleImages } from '../export/module-images.js';
import { CliError, EXIT_USAGE } from './exit.js';

export async function modulePictures(path: string | undefined, moduleHash: string): Promise<ModuleImages | undefined> {
  if (!path) return undefined;
  let m;
  try { m = await loadModule(path); } catch (e) { throw new CliError(`--module ${path}: ${(e as Error).message}`, EXIT_USAGE); }
  if (m.hash !== moduleHash) throw new CliError(`--module ${path}: not the module of this game (hash ${m.hash.slice(0, 12)}…, the game's is ${moduleHash.slice(0, 12)}…)`, EXIT_USAGE);
  return m.source.other;
}
