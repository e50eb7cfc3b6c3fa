// Turns the JSON files of a module folder (or of a bundle, or embedded in a genesis) into one
// validated ModuleData, reporting every problem at once with the file and JSON path it is in.
// Pure: the caller reads the files and hands over their text.
import { CanonicalError, canonicalize } from '../canonical.js';
import { sha256Hex } from '../hash.js';
import { shapeIssues, workIssues } from './caps.js';
import { type Issue, jsonPath } from './issue.js';
import { checkReferences } from './references.js';
import { FILE_SCHEMAS, ModuleData } from './schema.js';
import type { ZodType } from 'zod';

/** Where each part of the merged module came from, so an issue can name its file. */
export interface Origins {
  /** top-level key → file (for single objects and arrays kept in one file) */
  keys: Map<string, string>;
  /** top-level array key → file of each element (boards/, decks/, scenarios/ folders) */
  elements: Map<string, string[]>;
}

export interface Assembled {
  /** The merged raw JSON: what is hashed and embedded in a genesis. */
  raw: Record<string, unknown>;
  data?: ModuleData;
  issues: Issue[];
  origins: Origins;
}

/** Folders whose files each hold one element of a top-level array. */
const FOLDERS: Record<string, { key: string; schema: keyof typeof FILE_SCHEMAS }> = {
  boards: { key: 'boards', schema: 'board' },
  decks: { key: 'decks', schema: 'deck' },
  scenarios: { key: 'scenarios', schema: 'scenario' },
};
/** Files whose top-level keys are merged into the module. */
const PART_FILES: Record<string, keyof typeof FILE_SCHEMAS> = {
  'module.json': 'module',
  'pieces.json': 'pieces',
  'tables.json': 'tables',
};

/**
 * files: module-relative path → text, e.g. "module.json", "boards/field.json".
 * Files that are not JSON (images, README) are ignored.
 */
export function assembleModule(files: ReadonlyMap<string, string>): Assembled {
  const issues: Issue[] = [];
  const raw: Record<string, unknown> = {};
  const origins: Origins = { keys: new Map(), elements: new Map() };
  const names = [...files.keys()].filter((n) => n.endsWith('.json')).sort();

  if (!files.has('module.json')) {
    issues.push({ file: 'module.json', path: '', message: 'missing: every module folder needs a module.json' });
  }
  for (const name of names) {
    const parsed = parseJson(name, files.get(name)!, issues);
    if (parsed === undefined) continue;
    const folder = name.includes('/') ? name.slice(0, name.indexOf('/')) : null;
    if (folder && FOLDERS[folder] && name.split('/').length === 2) {
      const { key, schema } = FOLDERS[folder];
      checkPart(name, parsed, FILE_SCHEMAS[schema], issues);
      if (origins.keys.has(key)) {
        issues.push({ file: name, path: '', message: `"${key}" is already given in ${origins.keys.get(key)}; give it in one place only` });
        continue;
      }
      const list = (raw[key] ??= []) as unknown[];
      list.push(stripSchema(parsed));
      const files = origins.elements.get(key) ?? [];
      files.push(name);
      origins.elements.set(key, files);
    } else if (name === 'sequence.json') {
      checkPart(name, parsed, FILE_SCHEMAS.sequence, issues);
      mergeKey(raw, origins, issues, name, 'sequence', stripSchema(parsed));
    } else if (PART_FILES[name]) {
      if (!isObject(parsed)) {
        issues.push({ file: name, path: '', message: 'expected a JSON object' });
        continue;
      }
      if (name !== 'module.json') checkPart(name, parsed, FILE_SCHEMAS[PART_FILES[name]], issues);
      for (const [key, value] of Object.entries(stripSchema(parsed) as Record<string, unknown>)) {
        mergeKey(raw, origins, issues, name, key, value);
      }
    } else {
      issues.push({ file: name, path: '', message: 'unknown module file: expected module.json, pieces.json, tables.json, sequence.json, or a file in boards/, decks/ or scenarios/' });
    }
  }
  if (issues.length) return { raw, issues, origins };
  return validateModuleData(raw, origins);
}

/** Validates merged module data (from a folder, a bundle, or a genesis). */
export function validateModuleData(raw: unknown, origins?: Origins): Assembled {
  const org = origins ?? { keys: new Map(), elements: new Map() };
  const rawObj = (isObject(raw) ? raw : {}) as Record<string, unknown>;
  // The caps first (caps.ts): what the schema and the boards cost is bounded by the module's size.
  const tooBig = shapeIssues(raw);
  if (tooBig.length) return { raw: rawObj, issues: tooBig, origins: org };
  const result = ModuleData.safeParse(raw);
  if (!result.success) {
    const issues = result.error.issues.map((i) => locate(org, i.path as PropertyKey[], i.message));
    return { raw: rawObj, issues, origins: org };
  }
  const overWork = workIssues(result.data).map((r) => locate(org, r.path, r.message));
  if (overWork.length) return { raw: rawObj, issues: overWork, origins: org };
  const issues = checkReferences(result.data).map((r) => locate(org, r.path, r.message));
  try {
    canonicalize(rawObj);
  } catch (e) {
    if (!(e instanceof CanonicalError)) throw e;
    issues.push({ file: 'module', path: '', message: `${e.message} (write fractions as strings such as "1/2")` });
  }
  return issues.length ? { raw: rawObj, issues, origins: org } : { raw: rawObj, data: result.data, issues, origins: org };
}

/** The module's content hash: SHA-256 of the canonical merged data. Images do not count. */
export function moduleHash(raw: Record<string, unknown>): string {
  return sha256Hex(canonicalize(raw));
}

/** Maps a path in the merged module back to the file and the path inside that file. */
export function locate(origins: Origins, path: ReadonlyArray<PropertyKey>, message: string): Issue {
  const [top, index, ...rest] = path;
  const elementFiles = typeof top === 'string' ? origins.elements.get(top) : undefined;
  if (elementFiles && typeof index === 'number' && elementFiles[index]) {
    return { file: elementFiles[index], path: jsonPath(rest), message };
  }
  const file = typeof top === 'string' ? origins.keys.get(top) : undefined;
  if (file === 'sequence.json') return { file, path: jsonPath(path.slice(1)), message };
  return { file: file ?? 'module.json', path: jsonPath(path), message };
}

function parseJson(name: string, text: string, issues: Issue[]): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    issues.push({ file: name, path: where(text, e as Error), message: `not valid JSON: ${(e as Error).message}` });
    return undefined;
  }
}

/** "line 3 column 7" for a JSON.parse error that gives a position ('' when it gives none). */
export function jsonErrorPlace(text: string, e: Error): string {
  return where(text, e);
}

function where(text: string, e: Error): string {
  const m = /position (\d+)/.exec(e.message);
  if (!m && !/end of JSON input/.test(e.message)) return '';
  const pos = m ? Number(m[1]) : text.length;
  const before = text.slice(0, pos).split('\n');
  return `line ${before.length} column ${before[before.length - 1].length + 1}`;
}

function checkPart(name: string, value: unknown, schema: ZodType, issues: Issue[]): void {
  const result = schema.safeParse(value);
  if (!result.success) {
    for (const i of result.error.issues) issues.push({ file: name, path: jsonPath(i.path as PropertyKey[]), message: i.message });
  }
}

function mergeKey(raw: Record<string, unknown>, origins: Origins, issues: Issue[], file: string, key: string, value: unknown): void {
  const other = origins.keys.get(key) ?? (origins.elements.has(key) ? `${key}/` : undefined);
  if (other !== undefined) {
    issues.push({ file, path: key, message: `"${key}" is already given in ${other}; give it in one place only` });
    return;
  }
  raw[key] = value;
  origins.keys.set(key, file);
}

function stripSchema(value: unknown): unknown {
  if (!isObject(value) || !('$schema' in value)) return value;
  const { $schema: _ignored, ...rest } = value as Record<string, unknown>;
  return rest;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
