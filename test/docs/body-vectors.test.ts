// The body vectors of docs/log-format.md ("Body vectors: one of each kind"): every listed file has
// the length and SHA-256 the page gives, is canonical JSON of the right shape, and the text the page
// shows is the file. Changing one byte of a body, or of the page, fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { canonicalize } from '../../src/core/canonical.js';
import { sha256Hex } from '../../src/core/hash.js';
import { AcceptanceSchema, GenesisSchema, SegmentSchema } from '../../src/core/protocol/body-schema.js';
import { parseJson } from '../../src/log/json.js';

const DOC = readFileSync(new URL('../../docs/log-format.md', import.meta.url), 'utf8');
const DIR = new URL('../../docs/examples/bodies/', import.meta.url);
const MARK = /<!-- body-vector: (\S+) (\d+) ([0-9a-f]{64}) -->(\n```json\n(.*)\n```)?/g;

const vectors = [...DOC.matchAll(MARK)].map((m) => ({
  file: m[1]!, bytes: Number(m[2]), hash: m[3]!, shown: m[5],
}));

function schemaOf(body: Record<string, unknown>) {
  if (body.type === 'hexpost/genesis') return GenesisSchema;
  if (body.type === 'hexpost/acceptance') return AcceptanceSchema;
  if (body.type === 'hexpost/segment') return SegmentSchema;
  return null;
}

describe('docs/log-format.md body vectors', () => {
  it('lists one vector of each kind', () => {
    const bodies = vectors.map((v) => JSON.parse(readFileSync(new URL(v.file, DIR), 'utf8')) as Record<string, unknown>);
    const segs = bodies.filter((b) => b.type === 'hexpost/segment');
    expect(bodies.some((b) => b.type === 'hexpost/genesis')).toBe(true);
    expect(bodies.some((b) => b.type === 'hexpost/acceptance')).toBe(true);
    expect(segs.some((s) => s.seq === 1 && s.prev === s.game)).toBe(true);
    expect(segs.some((s) => Array.isArray(s.resolutions) && !s.final)).toBe(true);
    expect(segs.some((s) => s.final && s.hiddenReveals && s.resolutions)).toBe(true);
    expect(segs.some((s) => s.reveal === undefined)).toBe(true);
    expect(bodies.some((b) => b.type === undefined && typeof b.dice === 'string' && typeof b.hidden === 'string')).toBe(true);
    // the table names every vector with the same figures
    for (const v of vectors) expect(DOC).toContain(`| \`${v.file}\` | ${v.bytes} | \`${v.hash}\` |`);
  });

  for (const v of [...new Map(vectors.map((x) => [x.file, x])).values()]) {
    it(`${v.file}: ${v.bytes} bytes, SHA-256 ${v.hash.slice(0, 8)}…, canonical, the right shape`, () => {
      const bytes = readFileSync(new URL(v.file, DIR));
      expect(bytes.length).toBe(v.bytes);
      expect(sha256Hex(bytes)).toBe(v.hash);
      const text = bytes.toString('utf8');
      const value = parseJson(text, { canonical: true }) as Record<string, unknown>;
      expect(canonicalize(value)).toBe(text);
      const schema = schemaOf(value);
      if (schema) expect(schema.safeParse(value).success).toBe(true);
      if (v.shown !== undefined) expect(v.shown).toBe(text);
    });
  }

  it('chains: the acceptance names the genesis, segment 6 follows segment 5', () => {
    const read = (f: string) => JSON.parse(readFileSync(new URL(f, DIR), 'utf8')) as Record<string, unknown>;
    const hash = (f: string) => sha256Hex(readFileSync(new URL(f, DIR)));
    expect(read('skirmish-golden-accept-blue.json').genesis).toBe(hash('skirmish-golden-genesis.json'));
    expect(read('skirmish-golden-000006.json').prev).toBe(hash('skirmish-golden-000005.json'));
  });
});
