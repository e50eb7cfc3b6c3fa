import { mkdtemp, readFile, writeFile, cp, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { MANIFEST_NAME, bundleBytes, bundleFolder, readBundle, readBundleBytes } from '../../src/export/bundle.js';
import { loadModule } from '../../src/export/load-module.js';
import { readModuleFolder } from '../../src/export/module-source.js';
import { readZip } from '../../src/export/zip.js';
import { buildZip, deflated } from './zip-fixtures.js';

const SKIRMISH = 'modules/skirmish';

async function skirmishBundle(): Promise<Uint8Array> {
  return bundleBytes(await readModuleFolder(SKIRMISH)).bytes;
}

/** Unpacks a good bundle, lets the test change its entries, and zips them again (no manifest fix-up). */
function rezip(bytes: Uint8Array, edit: (files: Record<string, Uint8Array>) => void): Uint8Array {
  const files = unzipSync(bytes);
  edit(files);
  return zipSync(files);
}

describe('module bundles', () => {
  it('round-trips skirmish: same module hash from the bundle as from the folder', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'hexmod-'));
    const out = join(dir, 'skirmish.hexmod');
    const { bytes, manifest } = await bundleFolder(SKIRMISH);
    await writeFile(out, bytes);
    const fromFolder = await loadModule(SKIRMISH);
    const fromBundle = await loadModule(out);
    expect(fromBundle.hash).toBe(fromFolder.hash);
    expect(manifest.hash).toBe(fromFolder.hash);
    expect(manifest.files.map((f) => f.path)).toEqual([...manifest.files.map((f) => f.path)].sort());
    expect(manifest.files.some((f) => f.path === 'module.json')).toBe(true);
  });

  it('is deterministic: same folder, same bytes, entries sorted, fixed times', async () => {
    const a = await skirmishBundle();
    const b = await skirmishBundle();
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    const names = readZip(a, 'x').map((e) => e.name);
    expect(names[0]).toBe(MANIFEST_NAME); // manifest first, then the files sorted
    expect(names.slice(1)).toEqual([...names.slice(1)].sort());
  });

  it('refuses to bundle an invalid module', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'hexmod-bad-'));
    await cp(SKIRMISH, dir, { recursive: true });
    await writeFile(join(dir, 'pieces.json'), '{"pieceTypes": 3}');
    await expect(bundleFolder(dir)).rejects.toThrow(/pieces\.json/);
  });

  it('carries images and other files', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'hexmod-img-'));
    await cp(SKIRMISH, dir, { recursive: true });
    await mkdir(join(dir, 'images'));
    await writeFile(join(dir, 'images', 'map.svg'), '<svg/>');
    const src = readBundleBytes(bundleBytes(await readModuleFolder(dir)).bytes, 'x.hexmod');
    expect(new TextDecoder().decode(src.other.get('images/map.svg'))).toBe('<svg/>');
  });
});

describe('hostile bundles', () => {
  it('names a tampered file', async () => {
    const bad = rezip(await skirmishBundle(), (f) => { f['pieces.json'] = new TextEncoder().encode('{"pieceTypes": []}'); });
    expect(() => readBundleBytes(bad, 'evil.hexmod')).toThrow(/evil\.hexmod!pieces\.json: content does not match the manifest/);
  });

  it('names the line and column of a JSON syntax error in the manifest', async () => {
    const bad = rezip(await skirmishBundle(), (f) => { f[MANIFEST_NAME] = new TextEncoder().encode('{\n  "format": "hexmod",\n  "id": "x",,\n}'); });
    expect(() => readBundleBytes(bad, 's.hexmod')).toThrow(/s\.hexmod!hexmod-manifest\.json: line 3 column 13: not valid JSON/);
  });

  it('refuses a file the manifest does not list, and a listed file that is missing', async () => {
    const extra = rezip(await skirmishBundle(), (f) => { f['boards/extra.json'] = new TextEncoder().encode('{}'); });
    expect(() => readBundleBytes(extra, 'e.hexmod')).toThrow(/boards\/extra\.json: in the bundle but not in the manifest/);
    const missing = rezip(await skirmishBundle(), (f) => { delete f['tables.json']; });
    expect(() => readBundleBytes(missing, 'm.hexmod')).toThrow(/tables\.json: listed in the manifest but missing/);
    const none = rezip(await skirmishBundle(), (f) => { delete f[MANIFEST_NAME]; });
    expect(() => readBundleBytes(none, 'n.hexmod')).toThrow(/no hexmod-manifest\.json/);
  });

  it('refuses traversal, absolute, backslash, drive and hidden names', () => {
    for (const name of ['../evil.json', 'a/../../evil', '/etc/passwd', 'a\\b.json', 'C:/x', 'images/.hidden', 'a//b', 'dir/']) {
      const zip = buildZip([deflated(name, 'x')]);
      expect(() => readBundleBytes(zip, 'bad.hexmod'), name).toThrow(/bad entry name/);
    }
  });

  it('refuses duplicate names, also differing only in case', () => {
    expect(() => readZip(buildZip([deflated('a.json', '1'), deflated('a.json', '2')]), 'd')).toThrow(/duplicate entry name/);
    expect(() => readZip(buildZip([deflated('A.json', '1'), deflated('a.json', '2')]), 'd')).toThrow(/differs only in case/);
  });

  it('stops a zip bomb on the actual output, not the header claim', () => {
    const big = new Uint8Array(20 * 1024 * 1024); // 20 MiB of zeros deflates to ~20 KiB
    const lying = deflated('module.json', big, 1000);
    expect(() => readZip(buildZip([lying]), 'bomb')).toThrow(/inflates to more than the 1000 bytes/);
    const honest = deflated('module.json', big);
    expect(() => readZip(buildZip([honest]), 'bomb', { maxEntryBytes: 1024 * 1024 })).toThrow(/claims 20971520 bytes, more than the limit/);
    const many = [0, 1, 2, 3].map((i) => deflated(`f${i}.bin`, new Uint8Array(600 * 1024)));
    expect(() => readZip(buildZip(many), 'bomb', { maxTotalBytes: 2 * 1024 * 1024 })).toThrow(/more than 2097152 bytes in total/);
  });

  it('limits the entry count', () => {
    const entries = Array.from({ length: 20 }, (_, i) => deflated(`f${i}.txt`, 'x'));
    expect(() => readZip(buildZip(entries), 'many', { maxEntries: 10 })).toThrow(/20 entries, more than the limit of 10/);
  });

  it('refuses truncated and corrupt archives', async () => {
    const good = await skirmishBundle();
    expect(() => readBundleBytes(good.subarray(0, good.byteLength - 10), 't.hexmod')).toThrow(/truncated/);
    expect(() => readBundleBytes(good.subarray(0, 100), 't.hexmod')).toThrow(/truncated|not a zip/);
    expect(() => readBundleBytes(new Uint8Array(0), 't.hexmod')).toThrow(/empty file/);
    const entry = deflated('a.txt', 'hello world hello world');
    const cut = { ...entry, raw: entry.raw.subarray(0, 4) };
    expect(() => readZip(buildZip([cut]), 'cut')).toThrow(/truncated deflate|corrupt deflate|header says/);
    expect(() => readZip(buildZip([{ ...entry, crc: 1 }]), 'crc')).toThrow(/CRC-32 mismatch/);
  });

  it('reads a bundle from disk and refuses a missing path', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'hexmod-disk-'));
    const out = join(dir, 's.hexmod');
    await writeFile(out, await skirmishBundle());
    expect((await readBundle(out)).json.has('module.json')).toBe(true);
    await expect(readBundle(join(dir, 'none.hexmod'))).rejects.toThrow(/no such bundle/);
    expect((await readFile(out)).byteLength).toBeGreaterThan(100);
  });
});
