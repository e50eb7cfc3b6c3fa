// Every seed module's board page opens without an error, showing its board and counters.
// With HEXPOST_SCREENSHOTS=1 it also writes docs/<module>-board-page.png.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { players, type Players } from '../helpers/game.js';
import { ROOT } from '../helpers/module-files.js';
import { collectErrors, openBrowser, screenOf, skipBrowser } from './browser.js';
import { newGame, onDisk, servePage } from './page-fixtures.js';

const modules = readdirSync(join(ROOT, 'modules')).sort();

describe.skipIf(skipBrowser)('board page of each seed module', () => {
  let browser: BrowserContext;
  let p: Players;
  beforeAll(async () => { p = await players(); browser = await openBrowser(); });
  afterAll(async () => { await browser?.close(); });

  it.each(modules)('%s', async (id) => {
    const { log } = await newGame(p, join(ROOT, 'modules', id));
    const files = await onDisk(p, log, 'red');
    const { server, session } = await servePage(files.logPath, p, 'red');
    const page = await browser.newPage();
    const errors = collectErrors(page);
    try {
      await page.goto(server.url);
      await page.waitForSelector('body[data-ready]');
      const onMap = session.state().pieces.filter((x) => x.where === 'map').length;
      expect(await page.locator('#pieces-layer .piece').count()).toBe(onMap);
      expect(await page.locator('#board-layer polygon, #board-layer circle').count()).toBeGreaterThan(10);
      if (process.env.HEXPOST_SCREENSHOTS) {
        // Zoom in on the counters of a big board, and hover one (a stack fans out, the label shows).
        const map = session.state().pieces.filter((x) => x.where === 'map');
        const mid = { x: map.reduce((a, x) => a + x.x!, 0) / map.length, y: map.reduce((a, x) => a + x.y!, 0) / map.length };
        const at = await screenOf(page, mid.x, mid.y);
        const scale = await page.evaluate(() => { const b = document.getElementById('board')!; return b.getBoundingClientRect().width / Number(b.getAttribute('width')); });
        if (scale < 0.6) {
          await page.mouse.move(at.x, at.y);
          await page.mouse.wheel(0, -120 * Math.log(0.8 / scale) / 0.18);
        }
        const stacked = map.find((x) => x.level > 0) ?? map[0]!;
        const s = await screenOf(page, stacked.x!, stacked.y!);
        await page.mouse.move(s.x, s.y);
        await page.waitForTimeout(600);
        await page.screenshot({ path: join(ROOT, 'docs', `${id}-board-page.png`) });
      }
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await server.close();
    }
  });
});
