// One entry for every command that takes a module: a folder or a .hexmod bundle, assembled and
// validated, with issues naming the file as the user would open it.
import { join } from 'node:path';
import { assembleModule, moduleHash, type Assembled } from '../core/module/assemble.js';
import type { Issue } from '../core/module/issue.js';
import { ModuleError } from '../core/module/issue.js';
import type { ModuleData } from '../core/module/schema.js';
import { readModuleFolder, type ModuleSource } from './module-source.js';

export interface LoadedModule {
  source: ModuleSource;
  assembled: Assembled;
  /** file names in issues as the user would open them (folder/file or bundle!file) */
  issues: Issue[];
}

export async function readModule(path: string): Promise<LoadedModule> {
  const source = await readModuleSource(path);
  const assembled = assembleModule(source.json);
  const prefix = (file: string) => (source.origin.endsWith('.hexmod') ? `${source.origin}!${file}` : join(source.origin, file));
  const issues = assembled.issues.map((i) => ({ ...i, file: prefix(i.file) }));
  return { source, assembled, issues };
}

/** Loads a module that must be valid; throws ModuleError listing every problem otherwise. */
export async function loadModule(path: string): Promise<{ data: ModuleData; raw: Record<string, unknown>; hash: string; source: ModuleSource }> {
  const m = await readModule(path);
  if (!m.assembled.data) throw new ModuleError(m.issues);
  return { data: m.assembled.data, raw: m.assembled.raw, hash: moduleHash(m.assembled.raw), source: m.source };
}

async function readModuleSource(path: string): Promise<ModuleSource> {
  if (path.endsWith('.hexmod')) {
    const { readBundle } = await import('./bundle.js');
    return readBundle(path);
  }
  return readModuleFolder(path);
}
