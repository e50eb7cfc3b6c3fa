// .hexmod bundles: a module folder as one zip, with a manifest naming the module and the SHA-256
// of every file, so a damaged or edited bundle is refused with the file it concerns.
// Writing is deterministic (sorted entries, fixed times); reading is bounded (see zip.ts).
// Export only makes the bytes; the caller (the CLI) writes them to disk, atomically.
import { readFile, stat } from 'node:fs/promises';
import { assembleModule, jsonErrorPlace, moduleHash } from '../core/module/assemble.js';
import { ModuleError } from '../core/module/issue.js';
import { canonicalize } from '../core/canonical.js';
import { sha256Hex } from '../core/hash.js';
import { readModuleFolder, type ModuleSource } from './module-source.js';
import { readZip, writeZip, type ZipLimits } from './zip.js';

/** The manifest's entry name. Not a module file: it is taken out before the module is assembled. */
export const MANIFEST_NAME = 'hexmod-manifest.json';
export const BUNDLE_FORMAT = 'hexpost-module-bundle';
export const BUNDLE_FORMAT_VERSION = 1;

export interface BundleFile { path: string; size: number; sha256: string }

export interface BundleManifest {
  format: typeof BUNDLE_FORMAT;
  formatVersion: number;
  id: string;
  version: string;
  title: string;
  /** moduleHash of the assembled module data (what a game's genesis pins) */
  hash: string;
  /** every other entry, sorted by path */
  files: BundleFile[];
}

export class BundleError extends Error {}

/** The bundle bytes for a module source; the module must be valid. */
export function bundleBytes(source: ModuleSource): { bytes: Uint8Array; manifest: BundleManifest } {
  const assembled = assembleModule(source.json);
  if (!assembled.data) throw new ModuleError(assembled.issues.map((i) => ({ ...i, file: `${source.origin}/${i.file}` })));
  const contents = new Map<string, Uint8Array>();
  const enc = new TextEncoder();
  for (const [path, text] of source.json) contents.set(path, enc.encode(text));
  for (const [path, bytes] of source.other) contents.set(path, bytes);
  if (contents.has(MANIFEST_NAME)) throw new BundleError(`${source.origin}: a module file may not be called ${MANIFEST_NAME}; that name is the bundle's manifest`);
  const paths = [...contents.keys()].sort(byCodeUnits);
  const d = assembled.data;
  const manifest: BundleManifest = {
    format: BUNDLE_FORMAT, formatVersion: BUNDLE_FORMAT_VERSION,
    id: d.id, version: d.version, title: d.title, hash: moduleHash(assembled.raw),
    files: paths.map((path) => ({ path, size: contents.get(path)!.byteLength, sha256: sha256Hex(contents.get(path)!) })),
  };
  const entries = [{ name: MANIFEST_NAME, data: enc.encode(`${canonicalize(manifest)}\n`) }, ...paths.map((p) => ({ name: p, data: contents.get(p)! }))];
  return { bytes: writeZip(entries, source.origin), manifest };
}

/** The bundle bytes for a module folder (the caller writes them, atomically). */
export async function bundleFolder(dir: string): Promise<{ bytes: Uint8Array; manifest: BundleManifest }> {
  return bundleBytes(await readModuleFolder(dir));
}

const MAX_BUNDLE_BYTES = 256 * 1024 * 1024;

export async function readBundle(path: string, limits: Partial<ZipLimits> = {}): Promise<ModuleSource> {
  const info = await stat(path).catch(() => null);
  if (!info) throw new BundleError(`${path}: no such bundle`);
  if (!info.isFile()) throw new BundleError(`${path}: not a file`);
  if (info.size > (limits.maxArchiveBytes ?? MAX_BUNDLE_BYTES)) throw new BundleError(`${path}: ${info.size} bytes, more than a bundle may be`);
  return readBundleBytes(new Uint8Array(await readFile(path)), path, limits);
}

/** Reads and checks a bundle: bounded unzip, manifest present and complete, every hash right. */
export function readBundleBytes(bytes: Uint8Array, origin: string, limits: Partial<ZipLimits> = {}): ModuleSource & { manifest: BundleManifest } {
  const entries = readZip(bytes, origin, limits);
  const byName = new Map(entries.map((e) => [e.name, e.data]));
  const manifestBytes = byName.get(MANIFEST_NAME);
  if (!manifestBytes) throw new BundleError(`${origin}: no ${MANIFEST_NAME}; not a Hexpost module bundle`);
  const manifest = parseManifest(manifestBytes, origin);
  const listed = new Set<string>();
  for (const f of manifest.files) {
    const where = `${origin}!${f.path}`;
    if (listed.has(f.path)) throw new BundleError(`${origin}!${MANIFEST_NAME}: ${f.path} is listed twice`);
    listed.add(f.path);
    const data = byName.get(f.path);
    if (!data) throw new BundleError(`${where}: listed in the manifest but missing from the bundle`);
    if (data.byteLength !== f.size || sha256Hex(data) !== f.sha256) {
      throw new BundleError(`${where}: content does not match the manifest (size or SHA-256 differs); the bundle was damaged or edited`);
    }
  }
  for (const e of entries) {
    if (e.name !== MANIFEST_NAME && !listed.has(e.name)) throw new BundleError(`${origin}!${e.name}: in the bundle but not in the manifest`);
  }
  const json = new Map<string, string>();
  const other = new Map<string, Uint8Array>();
  const dec = new TextDecoder('utf-8', { fatal: true });
  for (const e of entries) {
    if (e.name === MANIFEST_NAME) continue;
    if (e.name.endsWith('.json')) {
      try { json.set(e.name, dec.decode(e.data)); } catch { throw new BundleError(`${origin}!${e.name}: not UTF-8 text`); }
    } else {
      other.set(e.name, e.data);
    }
  }
  const assembled = assembleModule(json);
  if (assembled.data && moduleHash(assembled.raw) !== manifest.hash) {
    throw new BundleError(`${origin}!${MANIFEST_NAME}: the module's content hash is ${moduleHash(assembled.raw)}, the manifest says ${manifest.hash}`);
  }
  return { origin, json, other, manifest };
}

function parseManifest(bytes: Uint8Array, origin: string): BundleManifest {
  const where = `${origin}!${MANIFEST_NAME}`;
  let m: unknown;
  let text: string;
  try { text = new TextDecoder('utf-8', { fatal: true }).decode(bytes); } catch { throw new BundleError(`${where}: not UTF-8 text`); }
  try { m = JSON.parse(text); } catch (e) {
    const place = jsonErrorPlace(text, e as Error);
    throw new BundleError(`${where}${place ? `: ${place}` : ''}: not valid JSON (${(e as Error).message})`);
  }
  const o = m as Partial<BundleManifest>;
  if (typeof o !== 'object' || o === null || o.format !== BUNDLE_FORMAT) throw new BundleError(`${where}: format must be "${BUNDLE_FORMAT}"`);
  if (o.formatVersion !== BUNDLE_FORMAT_VERSION) throw new BundleError(`${where}: formatVersion ${String(o.formatVersion)} is not supported (this build reads ${BUNDLE_FORMAT_VERSION})`);
  for (const k of ['id', 'version', 'title', 'hash'] as const) if (typeof o[k] !== 'string') throw new BundleError(`${where}: ${k} must be a string`);
  if (!Array.isArray(o.files)) throw new BundleError(`${where}: files must be a list`);
  o.files.forEach((f, i) => {
    if (typeof f?.path !== 'string' || typeof f.sha256 !== 'string' || !Number.isSafeInteger(f.size)) {
      throw new BundleError(`${where}: files[${i}] must have path, size and sha256`);
    }
  });
  return o as BundleManifest;
}

function byCodeUnits(a: string, b: string): number { return a < b ? -1 : a > b ? 1 : 0; }
