// Every seed module's board page opens without an error, showing its board and counters.
// With HEXPOST_SCREENSHOTS=1 it also writes docs/<module>-board-page.png.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { players, type Players } from '../helpers/game.js';
import { ROOT } from '../helpers/module-files.js';
import { onPage, openBrowser, screenOf, skipBrowser } from './browser.js';
import { newGame } from './page-fixtures.js';

const modules = readdirSync(join(ROOT, 'modules')).sort();

describe.skipIf(skipBrowser)('board page of each seed module', () => {
  let browser: BrowserContext;
  let p: Players;
  beforeAll(async () => { p = await players(); browser = await openBrowser(); });
  afterAll(async () => { await browser?.close(); });

  it.each(modules)('%s', async (id) => {
    const { log } = await newGame(p, join(ROOT, 'modules', id));
    await onPage(browser, p, log, 'red', async (page, { session }) => {
      const onMap = session.state().pieces.filter((x) => x.where === 'map').length;
      expect(await page.locator('#pieces-layer .piece').count()).toBe(onMap);
      expect(await page.locator('#board-layer polygon, #board-layer circle').count()).toBeGreaterThan(10);
      // A stack spreads out in a row under the pointer, and the hover label names the place.
      const pieces = session.state().pieces.filter((x) => x.where === 'map');
      const stack = pieces.find((x) => x.level > 0);
      if (stack) {
        const c = await screenOf(page, stack.x!, stack.y!);
        await page.mouse.move(c.x - 3, c.y + 3);
        await page.mouse.move(c.x, c.y, { steps: 3 });
        const moves = () => page.$$eval(`#pieces-layer .piece[data-at="${stack.at}"]`, (gs) => gs.map((g) => g.getAttribute('transform')!));
        await expect.poll(async () => new Set((await moves()).map((t) => t.split(' ')[1])).size).toBe(1); // one row
        expect(new Set((await moves()).map((t) => t.split(' ')[0])).size).toBe(pieces.filter((x) => x.at === stack.at).length);
        expect(await page.textContent('#hover-label')).toContain(stack.at);
      }
      if (process.env.HEXPOST_SCREENSHOTS) {
        // Zoom in on a big board about a stack (or the counters' middle), and hover it: the stack
        // spreads out and the label names the hex.
        const map = session.state().pieces.filter((x) => x.where === 'map');
        const mid = { x: map.reduce((a, x) => a + x.x!, 0) / map.length, y: map.reduce((a, x) => a + x.y!, 0) / map.length };
        const near = [...map].sort((a, b) => Math.hypot(a.x! - mid.x, a.y! - mid.y) - Math.hypot(b.x! - mid.x, b.y! - mid.y));
        const focus = near.find((x) => x.level > 0) ?? near[0]!;
        const scale = await page.evaluate(() => { const b = document.getElementById('board')!; return b.getBoundingClientRect().width / Number(b.getAttribute('width')); });
        if (scale < 0.6) {
          const at = await screenOf(page, (mid.x + focus.x!) / 2, (mid.y + focus.y!) / 2);
          await page.mouse.move(at.x, at.y);
          await page.mouse.wheel(0, -120 * Math.log(0.65 / scale) / 0.18);
          await page.waitForTimeout(400);
        }
        const s = await screenOf(page, focus.x!, focus.y!);
        await page.mouse.move(s.x - 2, s.y + 2);
        await page.mouse.move(s.x, s.y, { steps: 2 });
        await page.waitForTimeout(600);
        await page.screenshot({ path: join(ROOT, 'docs', `${id}-board-page.png`) });
      }
    });
  });
});
