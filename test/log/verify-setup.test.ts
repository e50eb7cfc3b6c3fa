// A hostile proposal costs nothing: the creator's signature is checked against his pinned key
// before any module work, and a validly signed module over the caps is refused before any hex is
// built. Work is counted in hexes built (LabelPattern.format calls), not in seconds.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { canonicalBytes } from '../../src/core/canonical.js';
import { LabelPattern } from '../../src/core/geometry/labels.js';
import { sha256Hex } from '../../src/core/hash.js';
import { loadPublicKey } from '../../src/log/keys.js';
import type { LogFile } from '../../src/log/log-file.js';
import { proposeGame } from '../../src/log/setup.js';
import { verifyLog } from '../../src/log/verify.js';
import { atHexCap, fortySections, longLabel, skirmishRaw } from '../helpers/hostile-modules.js';
import { players, roundtrip } from '../helpers/game.js';

afterEach(() => { vi.restoreAllMocks(); });

async function proposal(raw: Record<string, unknown>): Promise<LogFile> {
  const p = await players();
  const log = await proposeGame({
    module: { id: 'skirmish', version: '1.0.0', hash: sha256Hex(canonicalBytes(raw)), raw, sides: ['red', 'blue'], scenarios: ['meeting'] },
    scenario: 'meeting', side: 'red', key: p.red,
    opponents: [{ side: 'blue', key: await loadPublicKey(p.bluePublic) }], time: '2026-11-29T10:00:00Z',
  });
  return roundtrip({ ...log, file: 'game.hexlog' });
}

describe('verifySetup against a hostile proposal', () => {
  it('a module of 10 million hexes under a signature that is not the creator\'s: refused on the signature, no hex built', async () => {
    const honest = await proposal(skirmishRaw());
    const hostile = await proposal(fortySections());
    // the hostile body with the honest body's signature: a garbage signature for these bytes
    const forged = roundtrip({ ...hostile, genesis: { ...hostile.genesis, signature: honest.genesis.signature } });
    const built = vi.spyOn(LabelPattern.prototype, 'format');
    await expect(verifyLog(forged)).rejects.toThrow(/genesis\.json\.sig.*not signed by the creator red/);
    expect(built).toHaveBeenCalledTimes(0);
    const unsigned = roundtrip({ ...hostile, genesis: { ...hostile.genesis, signature: 'garbage' } });
    await expect(verifyLog(unsigned)).rejects.toThrow(/not signed by the creator red/);
    expect(built).toHaveBeenCalledTimes(0);
  });

  it('a module at the caps (valid, the costliest allowed) under a forged signature: no hex built', async () => {
    const honest = await proposal(skirmishRaw());
    const costly = await proposal(atHexCap());
    const forged = roundtrip({ ...costly, genesis: { ...costly.genesis, signature: honest.genesis.signature } });
    const built = vi.spyOn(LabelPattern.prototype, 'format');
    await expect(verifyLog(forged)).rejects.toThrow(/genesis\.json\.sig.*not signed by the creator red/);
    expect(built).toHaveBeenCalledTimes(0);
  });

  it('the same module signed by the creator: refused on the caps, no hex built', async () => {
    const signed = await proposal(fortySections());
    const label = await proposal(longLabel());
    const built = vi.spyOn(LabelPattern.prototype, 'format');
    await expect(verifyLog(signed)).rejects.toThrow('the boards have 10000000 hexes in all, more than the cap of 100000');
    await expect(verifyLog(label)).rejects.toThrow(/label\.pattern: a string of 20010 characters/);
    expect(built).toHaveBeenCalledTimes(0);
  });

  it('an honest proposal builds its board\'s hexes once', async () => {
    const honest = await proposal(skirmishRaw());
    const built = vi.spyOn(LabelPattern.prototype, 'format');
    await verifyLog(honest);
    expect(built).toHaveBeenCalledTimes(100);
  });
});
