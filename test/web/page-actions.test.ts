// The rest of what a player does with the mouse and keys: a counter dragged into a box and back
// onto the board, flipped with F, its strength set and a marker put on it from its menu, a card
// drawn, played and another discarded — each one command line in the turn. And a module whose
// names carry markup shows them as text.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { newSkirmish, players, playTurn, type Players } from '../helpers/game.js';
import { ROOT } from '../helpers/module-files.js';
import { onPage, openBrowser, screenOf, skipBrowser } from './browser.js';
import { newGame, onDisk, servePage } from './page-fixtures.js';

describe.skipIf(skipBrowser)('board page actions', () => {
  let browser: BrowserContext;
  let p: Players;
  beforeAll(async () => { p = await players(); browser = await openBrowser(); });
  afterAll(async () => { await browser?.close(); });

  it('moves through boxes, flips, sets, marks, plays and discards by command lines', async () => {
    await onPage(browser, p, await newSkirmish(p), 'red', async (page, { session }) => {
      const c = (label: string) => session.layout().locations.find((l) => l.id === label)!;
      // Drag red-2 from 0203 into the Red eliminated box.
      const from = await screenOf(page, c('0203').x, c('0203').y);
      // the panel scrolls: bring the box into view first (the board stays where it is)
      await page.locator('[data-drop="red-eliminated"]').scrollIntoViewIfNeeded();
      const box = (await page.locator('[data-drop="red-eliminated"]').boundingBox())!;
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 15 });
      await page.mouse.up();
      await expect.poll(() => page.locator('[data-drop="red-eliminated"] svg[data-id="red-2"]').count()).toBe(1);
      // And from the box back onto the board at 0204.
      // (the panel is redrawn after the move: bring the box into view again)
      await page.locator('[data-drop="red-eliminated"] svg[data-id="red-2"]').scrollIntoViewIfNeeded();
      const mini = (await page.locator('[data-drop="red-eliminated"] svg[data-id="red-2"]').boundingBox())!;
      const to = await screenOf(page, c('0204').x, c('0204').y);
      await page.mouse.move(mini.x + mini.width / 2, mini.y + mini.height / 2);
      await page.mouse.down();
      await page.mouse.move(to.x, to.y, { steps: 15 });
      await page.mouse.up();
      await expect.poll(() => page.getAttribute('#pieces-layer [data-id="red-2"]', 'data-at')).toBe('0204');

      // Select red-1 with a click, flip it with F, set its strength and mark it from its menu.
      const r1 = await screenOf(page, c('0202').x, c('0202').y);
      await page.mouse.click(r1.x, r1.y);
      await page.keyboard.press('Escape');
      await page.mouse.click(r1.x, r1.y);
      await page.keyboard.press('f');
      await expect.poll(() => page.textContent('#journal')).toContain('flip red-1');
      await page.mouse.click(r1.x, r1.y);
      await page.fill('#menu input[aria-label="strength ="]', '5');
      await page.press('#menu input[aria-label="strength ="]', 'Enter');
      await expect.poll(() => page.textContent('#journal')).toContain('set red-1 strength=5');
      await page.mouse.click(r1.x, r1.y);
      await page.click('#menu button[data-line="mark red-1 disordered"]');
      await expect.poll(() => page.textContent('#journal')).toContain('mark red-1 disordered');

      // A draw is sealed: its cards are not known before the reply, and cannot be played.
      await page.fill('#command', 'draw red-cards 2');
      await page.press('#command', 'Enter');
      await expect.poll(() => page.locator('#hand li.sealed').count()).toBe(2);
      expect(await page.textContent('#hand')).toContain('red-cards: sealed draw, known with the reply');
      expect(await page.locator('#hand li[data-card]').count()).toBe(0);

      // A refused command says why and changes nothing.
      await page.fill('#command', 'move blue-1 0807');
      await page.press('#command', 'Enter');
      await expect.poll(() => page.textContent('#status')).toContain('refused');

      const commands = session.state().journal.map((j) => j.command);
      expect(commands).toEqual([
        'move red-2 red-eliminated', 'move red-2 0204', 'flip red-1', 'set red-1 strength=5', 'mark red-1 disordered',
        'draw red-cards 2',
      ]);
      const red1 = session.state().pieces.find((x) => x.id === 'red-1')!;
      expect(red1).toMatchObject({ face: 'column', markers: ['disordered'], values: { strength: 5 } });
    });
  });

  it('plays and discards the cards of a sealed draw once the reply has resolved it', async () => {
    // Red drew two cards (sealed); blue's reply resolved them, so red's page knows them.
    const drawn = await playTurn(await playTurn(await newSkirmish(p), p, 'red', ['draw red-cards 2']), p, 'blue', ['note "reply"']);
    await onPage(browser, p, drawn, 'red', async (page, { session }) => {
      await expect.poll(() => page.locator('#hand li[data-card]').count()).toBe(2);
      await page.locator('#hand button[data-play]').first().click();
      await expect.poll(() => page.locator('#hand li[data-card]').count()).toBe(1);
      await page.locator('#hand button[data-discard]').first().click();
      await expect.poll(() => page.locator('#hand li[data-card]').count()).toBe(0);
      expect(session.state().journal.map((j) => j.command)).toEqual([expect.stringMatching(/^play r\d\d$/), expect.stringMatching(/^discard r\d\d$/)]);
    });
  });

  it('shows markup in module names as text', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hexpost-hostile-'));
    cpSync(join(ROOT, 'modules', 'skirmish'), dir, { recursive: true });
    const evil = '<img src=x onerror="window.pwned=1">';
    const pieces = JSON.parse(readFileSync(join(dir, 'pieces.json'), 'utf8'));
    pieces.pieces[0].name = evil;
    pieces.markerTypes[0].name = evil;
    writeFileSync(join(dir, 'pieces.json'), JSON.stringify(pieces));
    const module = JSON.parse(readFileSync(join(dir, 'module.json'), 'utf8'));
    module.terrain[0].name = evil;
    module.boxes[0].name = evil;
    writeFileSync(join(dir, 'module.json'), JSON.stringify(module));
    const tables = JSON.parse(readFileSync(join(dir, 'tables.json'), 'utf8'));
    tables.procedures[0].name = evil;
    writeFileSync(join(dir, 'tables.json'), JSON.stringify(tables));
    const { log } = await newGame(p, dir);
    const files = await onDisk(p, log, 'red');
    const { server } = await servePage(files.logPath, p, 'red');
    const page = await browser.newPage();
    try {
      await page.goto(server.url);
      await page.waitForSelector('body[data-ready]');
      const c = await screenOf(page, 100, 100);
      await page.mouse.move(c.x, c.y);
      expect(await page.locator('img').count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
      expect(await page.textContent('#boxes')).toContain(evil);
      expect(await page.textContent('#procedures')).toContain(evil);
    } finally {
      await page.close();
      await server.close();
    }
  });
});
