// docs/schemas.md and docs/schema/*.schema.json are generated from the zod schemas: a field added
// to a body or a module file without the doc naming it fails here. UPDATE_SCHEMAS=1 rewrites them.
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bodySchemas, fieldRows, schemaTables } from './schema-tables.js';
import { jsonSchemas } from '../../src/core/module/json-schema.js';

const DOC = new URL('../../docs/schemas.md', import.meta.url);
const BEGIN = '<!-- schema-tables:begin -->';
const END = '<!-- schema-tables:end -->';
const update = process.env.UPDATE_SCHEMAS === '1';

describe('docs/schemas.md', () => {
  it('holds the tables the zod schemas give', () => {
    const text = readFileSync(DOC, 'utf8');
    const start = text.indexOf(BEGIN), end = text.indexOf(END);
    expect(start >= 0 && end > start, `docs/schemas.md lacks ${BEGIN} … ${END}`).toBe(true);
    const wanted = `${BEGIN}\n${schemaTables()}\n${END}`;
    if (update) writeFileSync(DOC, text.slice(0, start) + wanted + text.slice(end + END.length));
    expect(readFileSync(DOC, 'utf8').slice(start, start + wanted.length), 'run UPDATE_SCHEMAS=1 npx vitest run test/docs/schemas.test.ts').toBe(wanted);
  });

  it('publishes the body schemas under docs/schema/', () => {
    for (const [kind, schema] of Object.entries(bodySchemas())) {
      const file = new URL(`../../docs/schema/${kind}.schema.json`, import.meta.url);
      const want = JSON.stringify(schema, null, 2) + '\n';
      if (update) writeFileSync(file, want);
      expect(readFileSync(file, 'utf8'), `docs/schema/${kind}.schema.json is stale`).toBe(want);
    }
  });

  it('names every field of every schema, the optional ones as optional', () => {
    const all = { ...bodySchemas(), ...jsonSchemas() } as Record<string, Record<string, unknown>>;
    const text = readFileSync(DOC, 'utf8');
    let rows = 0;
    for (const schema of Object.values(all)) {
      for (const r of fieldRows(schema)) { expect(text).toContain(r); rows++; }
    }
    expect(rows).toBeGreaterThan(300);
    expect(text).toContain('| `reveal` | string, matches `^[0-9a-f]{64}$` | no |');
    expect(text).toContain('| `entries[].void` | = true | no |');
  });
});
