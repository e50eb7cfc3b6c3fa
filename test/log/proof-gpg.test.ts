// The gpg-only recipe of docs/log-format.md ("Checking a proof with gpg alone"), run exactly as
// written on the worked example and on a proof made now, and refused on a damaged one; the
// example file is also what the page says it is.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readContainer, writeContainer } from '../../src/log/container.js';
import { formatFingerprint } from '../../src/log/keys.js';
import { buildProof, checkProof } from '../../src/log/proof.js';
import { newSkirmish, playTurn, players } from '../helpers/game.js';
import { ROOT } from '../helpers/module-files.js';
import { hasGpg } from './gpg-helper.js';

const page = readFileSync(join(ROOT, 'docs', 'log-format.md'), 'utf8');
const blockAfter = (marker: string) => {
  const m = new RegExp(`<!-- ${marker} -->\\n\`\`\`\\w+\\n([\\s\\S]*?)\\n\`\`\`\\n`).exec(page);
  if (!m) throw new Error(`docs/log-format.md has no block after <!-- ${marker} -->`);
  return m[1]!;
};
const recipe = blockAfter('recipe: verify-proof-gpg');
const example = join(ROOT, 'docs', 'examples', 'equivocation.hexproof');

/** Runs the recipe in a fresh folder holding `proof` as red-equivocation.hexproof. */
function runRecipe(proof: Uint8Array) {
  for (const tool of ['unzip', 'jq', 'gpgv']) {
    if (spawnSync(tool, ['--help'], { stdio: 'ignore' }).error) throw new Error(`${tool} is missing: .ci/run installs it`);
  }
  if (!hasGpg()) throw new Error('gpg is missing: .ci/run installs gnupg');
  const dir = mkdtempSync(join(tmpdir(), 'hxp-'));
  writeFileSync(join(dir, 'red-equivocation.hexproof'), proof);
  // mktemp -d puts the throw-away GNUPGHOME in this folder too.
  const r = spawnSync('bash', ['-c', recipe], { cwd: dir, env: { ...process.env, TMPDIR: dir }, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const statement = (p: { seq: number; game: string; author: string; fingerprint: string }) =>
  `segment ${p.seq} of game ${p.game}: two different bodies both signed by ${p.author} (${p.fingerprint})`;

describe('the worked example', () => {
  it('is checked by verify-proof and by the gpg recipe, and the page shows its manifest', async () => {
    const bytes = new Uint8Array(readFileSync(example));
    const proof = await checkProof(bytes, example);
    expect(proof).toMatchObject({ seq: 1, author: 'red' });
    const manifest = new TextDecoder().decode(readContainer(bytes).find((e) => e.name === 'proof.json')!.data);
    expect(blockAfter('example: proof.json')).toBe(manifest);
    expect(page).toContain(statement({ ...proof, fingerprint: formatFingerprint(proof.fingerprint) }));
    const r = runRecipe(bytes);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.trim().split('\n').pop()).toBe(statement(proof));
    expect(r.stderr.match(/Good signature from "Red \(TEST ONLY\)/g)).toHaveLength(2);
  });
});

describe('the recipe on a proof made now', () => {
  it('passes on the proof, and stops on a damaged body or the same body twice', async () => {
    const p = await players();
    const start = await newSkirmish(p);
    const one = await playTurn(start, p, 'red', ['roll 1d6 "fire"']);
    const two = await playTurn(start, p, 'red', ['note "a second story"', 'roll 1d6 "fire"']);
    const { bytes, proof } = await buildProof(two, one.segments[0]!, two.segments[0]!);
    const ok = runRecipe(bytes);
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout.trim()).toBe(statement(proof));

    const entries = readContainer(bytes).map((e) => ({ name: e.name, data: e.data }));
    const damaged = entries.map((e) => (e.name === 'b/000001.json'
      ? { ...e, data: new TextEncoder().encode(new TextDecoder().decode(e.data).replace('"time":"2026', '"time":"2027')) } : e));
    const body = (es: typeof entries) => es.find((e) => e.name === 'b/000001.json')!.data;
    expect(body(damaged)).not.toEqual(body(entries));
    const bad = runRecipe(writeContainer(damaged));
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toMatch(/BAD signature/);
    expect(bad.stdout).not.toMatch(/two different bodies/);

    const a = entries.filter((e) => e.name.startsWith('a/'));
    const twice = [...entries.filter((e) => !e.name.startsWith('b/')), ...a.map((e) => ({ ...e, name: e.name.replace(/^a\//, 'b/') }))];
    const same = runRecipe(writeContainer(twice));
    expect(same.status).not.toBe(0);
    expect(same.stdout).toMatch(/the same body twice: no proof/);
  });
});
