// JSON Schema for each module file kind, generated from the zod schemas (one source of truth).
import { z } from 'zod';
import { FILE_SCHEMAS } from './schema.js';

export function jsonSchemas(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [kind, schema] of Object.entries(FILE_SCHEMAS)) {
    out[kind] = {
      ...z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }),
      title: `Hexpost module file: ${kind}`,
    };
  }
  return out;
}
