// The field tables of docs/schemas.md, generated from the JSON Schemas that zod gives for the log
// bodies (src/core/protocol/body-schema.ts) and the module files (src/core/module/schema.ts), and
// the body schemas published under docs/schema/. schemas.test.ts fails when the doc or the files
// are stale; regenerate with UPDATE_SCHEMAS=1 npx vitest run test/docs/schemas.test.ts.
import { z } from 'zod';
import { AcceptanceSchema, GenesisSchema, SegmentSchema } from '../../src/core/protocol/body-schema.js';
import { jsonSchemas } from '../../src/core/module/json-schema.js';

type Json = Record<string, unknown>;

/** The JSON Schemas of the three log bodies, as published under docs/schema/. */
export function bodySchemas(): Record<string, Json> {
  const of = (s: z.ZodType, title: string) => ({ ...z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }), title } as Json);
  return {
    genesis: of(GenesisSchema, 'Hexpost log body: genesis.json'),
    acceptance: of(AcceptanceSchema, 'Hexpost log body: accept-<side>.json'),
    segment: of(SegmentSchema, 'Hexpost log body: NNNNNN.json (segment)'),
  };
}

/** One row per field: path, type and constraints, required or not, and the schema's description. */
export function fieldRows(schema: Json): string[] {
  const rows: string[] = [];
  const defs = (schema.$defs ?? schema.definitions ?? {}) as Record<string, Json>;
  const walk = (s: Json, path: string, required: boolean, seen: Set<string>) => {
    if (typeof s.$ref === 'string') {
      const name = s.$ref.replace(/^#\/(\$defs|definitions)\//, '');
      if (seen.has(name)) { rows.push(row(path, `(recursive: ${name})`, required, '')); return; }
      walk({ ...defs[name], ...(s.description ? { description: s.description } : {}) }, path, required, new Set([...seen, name]));
      return;
    }
    if (path) rows.push(row(path, typeOf(s), required, String(s.description ?? '')));
    if (s.type === 'object' && s.properties) {
      const req = new Set((s.required ?? []) as string[]);
      for (const [k, v] of Object.entries(s.properties as Record<string, Json>)) walk(v, path ? `${path}.${k}` : k, req.has(k), seen);
    }
    if (s.type === 'object' && typeof s.additionalProperties === 'object') walk(s.additionalProperties as Json, `${path}.<key>`, true, seen);
    if (s.type === 'array' && s.items && typeof s.items === 'object') walk(s.items as Json, `${path}[]`, true, seen);
    for (const k of ['anyOf', 'oneOf'] as const) {
      const alts = s[k] as Json[] | undefined;
      alts?.forEach((a, i) => { if (hasFields(a, defs)) walk(a, `${path}⟨${i + 1}⟩`, true, seen); });
    }
  };
  walk(schema, '', true, new Set());
  return rows;
}

function hasFields(s: Json, defs: Record<string, Json>): boolean {
  const t = typeof s.$ref === 'string' ? defs[s.$ref.replace(/^#\/(\$defs|definitions)\//, '')] ?? {} : s;
  return (t.type === 'object' && (!!t.properties || typeof t.additionalProperties === 'object')) || (t.type === 'array' && typeof t.items === 'object');
}

function typeOf(s: Json): string {
  const parts: string[] = [];
  if (s.const !== undefined) parts.push(`= ${JSON.stringify(s.const)}`);
  else if (Array.isArray(s.enum)) parts.push(`one of ${s.enum.map((x) => JSON.stringify(x)).join(', ')}`);
  else if (s.type) parts.push(String(s.type));
  else if (s.anyOf || s.oneOf) parts.push(((s.anyOf ?? s.oneOf) as Json[]).map(typeOf).join(' or '));
  else parts.push('any');
  if (s.type === 'object' && s.additionalProperties === false) parts.push('no other keys');
  const bounds: [string, string][] = [['minimum', '≥'], ['maximum', '≤'], ['exclusiveMinimum', '>'], ['exclusiveMaximum', '<'],
    ['minLength', 'length ≥'], ['maxLength', 'length ≤'], ['minItems', 'items ≥'], ['maxItems', 'items ≤']];
  for (const [k, sym] of bounds) if (typeof s[k] === 'number' && Math.abs(s[k] as number) < 2 ** 53 - 1) parts.push(`${sym} ${s[k]}`);
  if (typeof s.pattern === 'string') parts.push(`matches \`${s.pattern}\``);
  if (s.default !== undefined) parts.push(`default ${JSON.stringify(s.default)}`);
  return parts.join(', ');
}

function row(path: string, type: string, required: boolean, description: string): string {
  const cell = (t: string) => t.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  return `| \`${path}\` | ${cell(type)} | ${required ? 'yes' : 'no'} | ${cell(description)} |`;
}

/** The generated part of docs/schemas.md: a table per body and per module file kind. */
export function schemaTables(): string {
  const out: string[] = [];
  const table = (title: string, link: string, schema: Json) => {
    // links relative to docs/: docs/schema/x → schema/x, schema/x → ../schema/x
    const href = link.startsWith('docs/') ? link.slice('docs/'.length) : `../${link}`;
    out.push(`### ${title}`, '', `Schema: [${link}](${href}).`, '',
      '| field | type and limits | required | meaning |', '|---|---|---|---|', ...fieldRows(schema), '');
  };
  for (const [kind, schema] of Object.entries(bodySchemas())) table(`Body: ${kind}`, `docs/schema/${kind}.schema.json`, schema);
  for (const [kind, schema] of Object.entries(jsonSchemas())) table(`Module file: ${kind}`, `schema/${kind}.schema.json`, schema as Json);
  return out.join('\n').trimEnd();
}
