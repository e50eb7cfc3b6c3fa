// Catching up (issue 17): the page replays every segment since the player's own last one, not only
// the opponent's last: Blue sends two segments, the first with a combat (a sealed fire roll) and
// the answer to Red's own sealed fire, the second a turn of his counter; Red's page plays back
// both, step by step, with the outcome of each sealed roll, and his counters end where the log has them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { segmentsSinceMine } from '../../src/web/replay.js';
import { newSkirmish, playTurn, players, verifyAs, type Players } from '../helpers/game.js';
import { onPage, openBrowser, skipBrowser } from './browser.js';

describe('segments since mine', () => {
  it('are every segment after the player\'s own last one, all of them when he has none', () => {
    const log = ['red', 'blue', 'red', 'blue', 'blue'].map((author, i) => ({ author, seq: i + 1 }));
    expect(segmentsSinceMine(log, 'red').map((s) => s.seq)).toEqual([4, 5]);
    expect(segmentsSinceMine(log, 'blue')).toEqual([]);
    expect(segmentsSinceMine(log, 'green').map((s) => s.seq)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe.skipIf(skipBrowser)('catching up on the board page', () => {
  let browser: BrowserContext;
  let p: Players;
  beforeAll(async () => { p = await players(); browser = await openBrowser(); });
  afterAll(async () => { await browser?.close(); });

  it('replays both of the opponent\'s segments, combat by combat, with the sealed rolls resolved', async () => {
    let log = await newSkirmish(p);
    log = await playTurn(log, p, 'red', ['move red-2 0303', 'next', 'resolve fire range=-2', 'next']);
    log = await playTurn(log, p, 'blue', ['move blue-1 0708', 'next', 'resolve fire range=-1']);
    log = await playTurn(log, p, 'blue', ['rotate blue-1 +1', 'next']);
    const [combat, second] = log.segments.slice(-2).map((s) => s.body.seq);
    await onPage(browser, p, log, 'red', async (page) => {
      expect(await page.textContent('#replay-head')).toBe(`Blue, segments ${combat}–${second}: 6 commands`);
      expect(await page.locator('#replay-steps li.segment-head').evaluateAll((l) => l.map((x) => (x as HTMLElement).dataset.segment)))
        .toEqual([String(combat), String(second)]);

      // The segment with the combat: Blue's reply resolves Red's fire, then his own fire is committed,
      // and Red's reveal, made as the page opened, resolves it.
      const first = page.locator(`#replay-steps li[data-seq="${combat}"]`);
      expect(await first.locator('code').allTextContents()).toEqual(['(resolved by this reply)', 'move blue-1 0708', 'next', 'resolve fire range=-1']);
      expect(await first.nth(0).textContent()).toMatch(/red's roll #0 fire: 1d10 → \d+ \(range −2\) = -?\d+/);
      const fire = first.nth(3);
      expect(await fire.textContent()).toMatch(/blue commits resolve fire range=-1 as roll #0 \(sealed: known with red's reply\)/);
      const outcome = (await fire.locator('.replay-outcome').textContent())!;
      expect(outcome).toMatch(/^↳ resolved: #0 fire: 1d10 → \d+ \(range −1\) = -?\d+ → .+ \(Blue's, sealed\)$/);
      // the same outcome as the turn's roll list (the engine resolved it once)
      expect(await page.textContent('#rolls')).toContain(outcome.replace('↳ resolved: ', ''));
      // The second segment.
      expect(await page.locator(`#replay-steps li[data-seq="${second}"] code`).allTextContents()).toEqual(['rotate blue-1 +1', 'next']);

      // Step through every command: the combat's step names its result, the counter moves and turns.
      const v = await verifyAs(log, p, 'red');
      const facing = () => page.textContent('[data-id="blue-1"] title');
      for (let i = 0; i < 6; i++) {
        await page.click('#replay-next');
        await expect.poll(() => page.getAttribute(`#replay-steps li[data-step="${i}"]`, 'class')).toContain('current');
        if (i === 1) {
          await expect.poll(() => page.getAttribute('[data-id="blue-1"]', 'data-at')).toBe('0708');
          expect(await page.locator('#path-layer .move-arrow[data-move="blue-1"]').count()).toBe(1);
          expect(await facing()).not.toContain(`facing ${v.state.pieces['blue-1']!.facing}`);
        }
        if (i === 3) expect(await page.textContent('#status')).toMatch(/^Blue: blue commits resolve fire .* → /);
        if (i === 4) await expect.poll(facing).toContain(`facing ${v.state.pieces['blue-1']!.facing}`);
      }
      await page.click('#replay-next');
      await expect.poll(() => page.textContent('#replay-head')).toMatch(/— replayed$/);
      expect(await page.getAttribute('[data-id="blue-1"]', 'data-at')).toBe(v.state.pieces['blue-1']!.location);
    }, { paused: true });
  });
});
