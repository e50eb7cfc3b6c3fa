// Reads a module folder's JSON files into the map assembleModule takes (tests only).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..');

export function moduleFiles(id: string): Map<string, string> {
  const dir = join(ROOT, 'modules', id);
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.json')) out.set(relative(dir, full).split(sep).join('/'), readFileSync(full, 'utf8'));
    }
  };
  walk(dir);
  return out;
}

/** A copy of a module's files with one JSON file edited. */
export function withEdit(files: Map<string, string>, name: string, edit: (json: any) => void): Map<string, string> {
  const copy = new Map(files);
  const json = JSON.parse(copy.get(name)!);
  edit(json);
  copy.set(name, JSON.stringify(json, null, 2));
  return copy;
}
