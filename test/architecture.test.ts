// The layers of docs/architecture.md, checked on the source: core is pure and imports no other
// layer; log and export build on core only; web on core, log and export; cli on everything.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../src');

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) sources(p, out);
    else if (p.endsWith('.ts')) out.push(p);
  }
  return out;
}

/** Every module specifier a file imports (static imports and re-exports). */
function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^(?:import|export)\s[^;]*?\sfrom\s+'([^']+)'/gms)].map((m) => m[1]!);
}

const layerOf = (file: string) => relative(SRC, file).split('/')[0]!;

/** The layers each layer may import from (besides itself). */
const MAY_IMPORT: Record<string, readonly string[]> = {
  core: [],
  log: ['core'],
  export: ['core'],
  web: ['core', 'log', 'export'],
  cli: ['core', 'log', 'export', 'web'],
};

describe('layers', () => {
  const files = sources(SRC);

  it('arrows point down only', () => {
    const wrong: string[] = [];
    for (const file of files) {
      const from = layerOf(file);
      for (const spec of imports(file)) {
        if (!spec.startsWith('.')) continue;
        const to = relative(SRC, join(file, '..', spec)).split('/')[0]!;
        if (to !== from && !MAY_IMPORT[from]?.includes(to)) wrong.push(`${relative(SRC, file)} imports ${spec}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('core uses only libraries that compute, and no clock or randomness of its own', () => {
    const allowed = new Set(['fflate', 'luxon', 'zod', 'node:crypto', 'node:zlib']);
    const wrong: string[] = [];
    for (const file of files.filter((f) => layerOf(f) === 'core')) {
      for (const spec of imports(file)) if (!spec.startsWith('.') && !allowed.has(spec)) wrong.push(`${relative(SRC, file)} imports ${spec}`);
      const text = readFileSync(file, 'utf8').replace(/\/\/.*$/gm, '');
      for (const banned of ['Math.random', 'Date.now', 'new Date()', 'performance.now', 'process.']) {
        if (text.includes(banned)) wrong.push(`${relative(SRC, file)} uses ${banned}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
