// Reads a module from disk: a folder modules/<id>/ or a .hexmod bundle. Returns the module's
// JSON files as text (what assembleModule takes) plus its other files (images) as bytes.
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

export interface ModuleSource {
  /** what the user named: the folder or the bundle */
  origin: string;
  /** module-relative path → text, for every .json file */
  json: Map<string, string>;
  /** module-relative path → bytes, for everything else (images, README) */
  other: Map<string, Uint8Array>;
}

/** Folder limits: a module is a handful of JSON files and some images, not a disk. */
const MAX_FILES = 5000;
const MAX_FILE_BYTES = 64 * 1024 * 1024;

export async function readModuleFolder(dir: string): Promise<ModuleSource> {
  const info = await stat(dir).catch(() => null);
  if (!info) throw new Error(`${dir}: no such module folder or bundle`);
  if (!info.isDirectory()) throw new Error(`${dir}: not a folder`);
  const json = new Map<string, string>();
  const other = new Map<string, Uint8Array>();
  const walk = async (current: string): Promise<void> => {
    const entries = (await readdir(current, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const e of entries) {
      if (e.name.startsWith('.')) continue;
      const full = join(current, e.name);
      if (e.isDirectory()) { await walk(full); continue; }
      if (!e.isFile()) continue;
      if (json.size + other.size >= MAX_FILES) throw new Error(`${dir}: more than ${MAX_FILES} files; is this a module folder?`);
      const rel = relative(dir, full).split(sep).join('/');
      const size = (await stat(full)).size;
      if (size > MAX_FILE_BYTES) throw new Error(`${full}: ${size} bytes is larger than a module file may be (${MAX_FILE_BYTES})`);
      const bytes = await readFile(full);
      if (rel.endsWith('.json')) json.set(rel, bytes.toString('utf8'));
      else other.set(rel, new Uint8Array(bytes));
    }
  };
  await walk(dir);
  return { origin: dir, json, other };
}
