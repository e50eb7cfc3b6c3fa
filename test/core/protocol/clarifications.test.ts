// The vectors of docs/log-format.md "Clarifications (normative)", parsed from the page.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../../src/core/hash.js';
import { safetyCode } from '../../../src/core/protocol/game-id.js';

const DOC = readFileSync(new URL('../../../docs/log-format.md', import.meta.url), 'utf8');

function block(marker: string): Record<string, unknown> {
  const at = DOC.indexOf(`<!-- clarifications:${marker} -->`);
  const m = /```json\n([\s\S]*?)\n```/.exec(DOC.slice(at));
  if (at < 0 || !m) throw new Error(`docs/log-format.md lacks the clarifications:${marker} vector`);
  return JSON.parse(m[1]!) as Record<string, unknown>;
}

describe('log-format clarifications', () => {
  it('safety code: text input, lower-case fingerprints sorted, 64 bits in 20 digits', () => {
    const v = block('safety-code') as { gameId: string; fingerprints: string[]; digest: string; safetyCode: string };
    const lower = v.fingerprints.map((f) => f.toLowerCase()).sort();
    expect(sha256Hex(`hexpost/safety-code/v1${v.gameId}${lower.join('')}`)).toBe(v.digest);
    expect(BigInt(`0x${v.digest.slice(0, 16)}`).toString().padStart(20, '0').match(/.{4}/g)!.join('-')).toBe(v.safetyCode);
    expect(safetyCode(v.gameId, v.fingerprints)).toBe(v.safetyCode);
    expect(v.fingerprints.join('')).toMatch(/[a-f]/);
    expect(v.fingerprints.join('')).toMatch(/[A-F]/);
  });
});
