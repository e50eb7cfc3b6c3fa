// The second verifier (tools/spec-check) against the vectors printed in the documents: its own
// primitives give the dice-protocol vectors of docs/dice-protocol.md §9, and its own initial state
// and fold give every state hash of docs/state-format.md's vectors — so the vectors a reader checks
// against were reproduced by an implementation written from the pages.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { assembleModule } from '../../src/core/module/assemble.js';
import { variantGame } from '../core/engine/state-vectors.js';
import { moduleFiles } from '../helpers/module-files.js';

const ROOT = join(import.meta.dirname, '..', '..');
type Any = any;
const load = async (file: string): Promise<Any> => import(pathToFileURL(join(ROOT, 'tools', 'spec-check', file)).href) as Promise<Any>;

function block(doc: string, begin: string, end: string): Any {
  const text = readFileSync(join(ROOT, 'docs', doc), 'utf8');
  const m = /```json\n([\s\S]*?)\n```/.exec(text.slice(text.indexOf(begin), text.indexOf(end)));
  if (!m) throw new Error(`docs/${doc} lacks its vectors`);
  return JSON.parse(m[1]!);
}

describe('tools/spec-check reproduces the documents\' vectors', () => {
  it('docs/dice-protocol.md §9: chains, epoch key, dice, rejection, shuffle, sealed keys, draws', async () => {
    const c = await load('crypto.mjs');
    const v = block('dice-protocol.md', '<!-- test-vectors:begin -->', '<!-- test-vectors:end -->');
    const chain = (secret: string, tag: string) => {
      const vals = [secret];
      for (let i = 0; i < v.inputs.chainLength; i++) vals.push(c.chainStep(tag, vals[vals.length - 1]));
      return (k: number) => vals[v.inputs.chainLength - k];
    };
    const a = chain(v.inputs.diceSecretA, c.DICE_TAG), b = chain(v.inputs.diceSecretB, c.DICE_TAG), h = chain(v.inputs.hiddenSecretA, c.HIDDEN_TAG);
    expect([a(0), a(1), a(2), b(0), b(1), h(0), h(1)]).toEqual([v.chains.diceA.anchor, v.chains.diceA.reveal1, v.chains.diceA.reveal2,
      v.chains.diceB.anchor, v.chains.diceB.reveal1, v.chains.hiddenA.anchor, v.chains.hiddenA.reveal1]);
    const key = c.epochKey(v.inputs.gameId, 1, a(1), [b(0)]);
    expect(c.hex(key)).toBe(v.epoch.key);
    expect(c.roll(key, 0, [{ count: 1, sides: 6 }])).toEqual(v.dice['counter 0: 1d6']);
    expect(c.roll(key, 1, [{ count: 2, sides: 6 }])).toEqual(v.dice['counter 1: 2d6']);
    expect(c.roll(key, 3, [{ count: 2, sides: 6 }, { count: 1, sides: 10 }, { count: 1, sides: 20 }])).toEqual(v.dice['counter 3: 2d6 + 1d10 + 1d20']);
    expect(c.roll(key, v.rejection.counter, [{ count: 1, sides: v.rejection.sides }])).toEqual([[v.rejection.face]]);
    expect(c.shuffle(key, 4, ['c1', 'c2', 'c3', 'c4', 'c5', 'c6'])).toEqual(v.shuffle['counter 4']);
    const rollKey = c.sealedKey(v.inputs.gameId, 'a/1/0', a(1), [b(1)]);
    expect(c.hex(rollKey)).toBe(v.sealed.rollKey);
    expect(c.roll(rollKey, 0, [{ count: 2, sides: 6 }])).toEqual(v.sealed['a/1/0: 2d6']);
    expect(c.shuffle(c.sealedKey(v.inputs.gameId, 'a/1/1', a(1), [b(1)]), 1, ['c1', 'c2', 'c3', 'c4', 'c5', 'c6'])).toEqual(v.sealed['a/1/1: shuffle']);
    expect(c.shuffle(c.sealedKey(v.inputs.gameId, 'setup/deck', null, [a(1), b(1)]), 0, ['c1', 'c2', 'c3', 'c4', 'c5', 'c6'])).toEqual(v.sealed['setup/deck: shuffle']);
    const dk = c.drawKey(v.inputs.gameId, 'strategy', h(1), [b(1)]);
    expect(c.hex(dk)).toBe(v.draw.drawKey);
    const deck = Array.from({ length: 10 }, (_, i) => `card-${String(i + 1).padStart(2, '0')}`);
    const d0 = c.draw(dk, 0, deck);
    expect(d0).toEqual({ index: v.draw.draw0.index, card: v.draw.draw0.card, salt: v.draw.draw0.salt, commitment: v.draw.draw0.commitment });
    expect(c.draw(dk, 1, deck.filter((x) => x !== d0.card)).commitment).toBe(v.draw.draw1.commitment);
  });

  it('docs/state-format.md: the initial states and every step\'s state hash, from the module data', async () => {
    const { initialState } = await load('initial-state.mjs');
    const { applyEvent } = await load('fold.mjs');
    const { canonical } = await load('canonical.mjs');
    const { sha256Hex } = await load('crypto.mjs');
    const v = block('state-format.md', '<!-- state-vectors:begin -->', '<!-- state-vectors:end -->');
    const run = (module: Any, initial: Any, steps: Any[]) => {
      const state = initialState(module, 'meeting');
      expect(canonical(state)).toBe(initial.canonical);
      expect(sha256Hex(canonical(state))).toBe(initial.hash);
      const hashes = steps.map((s) => {
        if (!s.void) for (const e of s.events) applyEvent(state, e);
        return sha256Hex(canonical(state));
      });
      expect(hashes).toEqual(steps.map((s) => s.state));
    };
    run(assembleModule(moduleFiles('skirmish')).raw, v.initial, v.steps);
    run(JSON.parse(JSON.stringify(variantGame().module)), v.variant.initial, v.variant.steps);
  });
});
