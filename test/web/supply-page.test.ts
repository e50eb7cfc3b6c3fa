// Issue 16, the board page in Paths of Glory §10 ("如果部队无法获得补给…在损耗阶段仍缺乏补给的军团和集团军通常会被
// 消灭…处于敌后且失去补给的空间可能发生控制权变化"): the player's page names his units that trace no supply line,
// frames their counters, and names the spaces he holds cut off behind enemy lines (which "may" change hands:
// the players decide). In real Chromium: the Austro-Hungarian 6th Army crosses the Drina ford into Valjevo,
// which the Serbs have left; the ford carries no supply (ours) and Serbs hold Belgrade and Kragujevac.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import type { LogFile } from '../../src/log/log-file.js';
import { players, type Players } from '../helpers/game.js';
import { ROOT } from '../helpers/module-files.js';
import { collectErrors, openBrowser, skipBrowser } from './browser.js';
import { newGame, onDisk, pogTurn, servePage } from './page-fixtures.js';

describe.skipIf(skipBrowser)('supply on the board page (PoG §10)', () => {
  let browser: BrowserContext;
  let p: Players;
  let log: LogFile;
  beforeAll(async () => {
    p = await players();
    browser = await openBrowser();
    log = (await newGame(p, `${ROOT}/modules/paths-of-glory`)).log;
    log = await pogTurn(log, p, 'cp', ['resolve mandatory-offensive-cp', 'next']);
    log = await pogTurn(log, p, 'ap', ['resolve mandatory-offensive-ap', 'move sb-a2 ap-reserve', 'next']);
    log = await pogTurn(log, p, 'cp', ['move ah-a6 valjevo']);
  }, 60_000);
  afterAll(async () => { await browser?.close(); });

  it('names and frames his unit cut off, then the space he holds cut off once it has left', async () => {
    const files = await onDisk(p, log, 'red');
    const { server, session } = await servePage(files.logPath, p, 'red');
    const page = await browser.newPage();
    const errors = collectErrors(page);
    try {
      await page.goto(server.url);
      await page.waitForSelector('body[data-ready]');
      const cut = page.locator('#may-do li.may-supply[data-supply="unsupplied"]');
      await expect.poll(() => cut.count(), { timeout: 15_000 }).toBe(1);
      expect(await cut.textContent()).toBe('out of supply (§10): ah-a6 at valjevo: eliminated as the attrition phase begins');
      expect(await page.locator('g.piece.unsupplied').evaluateAll((gs) => gs.map((g) => g.getAttribute('data-id')))).toEqual(['ah-a6']);
      expect(await page.locator('g.piece[data-id="ah-a6"] title').textContent()).toMatch(/ · out of supply$/);
      expect(await page.locator('#may-do li.may-supply[data-supply="isolated"]').count()).toBe(0);
      // back over the ford: the army is supplied again, Valjevo stays his (§5.6) and is cut off
      await page.fill('#command', 'move ah-a6 sarajevo');
      await page.press('#command', 'Enter');
      await expect.poll(() => session.state().journal.map((j) => j.command), { timeout: 15_000 }).toContain('move ah-a6 sarajevo');
      const isolated = page.locator('#may-do li.may-supply[data-supply="isolated"]');
      await expect.poll(() => isolated.count(), { timeout: 15_000 }).toBe(1);
      expect(await isolated.textContent()).toBe('isolated (§10): valjevo — held behind enemy lines and cut off: may change hands (the players decide)');
      await expect.poll(() => cut.count(), { timeout: 15_000 }).toBe(0);
      expect(await page.locator('g.piece.unsupplied').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await server.close();
    }
  });

  it('the other player\'s page names none of it: his units are all supplied', async () => {
    const files = await onDisk(p, log, 'blue');
    const { server } = await servePage(files.logPath, p, 'blue');
    const page = await browser.newPage();
    try {
      await page.goto(server.url);
      await page.waitForSelector('body[data-ready]');
      await page.waitForSelector('#may-do li.may-who');
      expect(await page.locator('#may-do li.may-supply').count()).toBe(0);
      expect(await page.locator('g.piece.unsupplied').count()).toBe(0);
    } finally {
      await page.close();
      await server.close();
    }
  });
});
