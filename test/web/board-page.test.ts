// The board page in headless Chromium: a whole turn made with the mouse — replay of the
// opponent's turn, a counter dragged two hexes with its MP shown, rotated from the menu, a
// procedure resolved, a card drawn, an undo, "seal and send" — then the CLI checks the log, and a
// turn of the same commands made with `hexpost turn` gives the same segment.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { main } from '../../src/cli/main.js';
import { moveCommand } from '../../src/core/engine/movement.js';
import { formatMixed, parseRational } from '../../src/core/rational.js';
import { readLogFile } from '../../src/cli/log-io.js';
import { newSkirmish, playTurn, players, verifyAs, type Players } from '../helpers/game.js';
import { collectErrors, openBrowser, screenOf, skipBrowser } from './browser.js';
import { freshHome, onDisk, servePage } from './page-fixtures.js';

async function run(...args: string[]) {
  let out = '', err = '';
  const code = await main(['node', 'hexpost', ...args], { out: (t) => { out += `${t}\n`; }, err: (t) => { err += `${t}\n`; }, tty: false });
  return { code, out, err };
}

describe.skipIf(skipBrowser)('hexpost board page', () => {
  let browser: BrowserContext;
  let p: Players;
  beforeAll(async () => { p = await players(); browser = await openBrowser(); });
  afterAll(async () => { await browser?.close(); });

  it('plays a turn with the mouse that the CLI accepts, the same log as `turn` makes', async () => {
    let log = await newSkirmish(p);
    log = await playTurn(log, p, 'red', ['move red-2 0303', 'next', 'next']);
    log = await playTurn(log, p, 'blue', ['move blue-1 0708', 'next', 'resolve fire range=-1', 'next']);
    const files = await onDisk(p, log, 'red');
    copyFileSync(files.logPath, join(files.dir, 'before.hexlog'));
    const { server, session } = await servePage(files.logPath, p, 'red');
    const page: Page = await browser.newPage();
    const errors = collectErrors(page);
    try {
      await page.goto(server.url);
      await page.waitForSelector('body[data-ready]');

      // Blue's turn is played back on opening, his sealed roll with it; red's reveal resolves it.
      await expect.poll(() => page.isVisible('#replay')).toBe(true);
      const replay = await page.textContent('#replay-steps');
      expect(replay).toContain('blue-1 moves 0808 → 0708');
      expect(replay).toMatch(/blue commits resolve fire range=-1 as roll #0 \(sealed: known with red's reply\)/);
      // red's reveal resolves it as the page opens: its outcome stands under the commitment
      expect(await page.textContent('#replay-steps .replay-outcome')).toMatch(/↳ resolved: #0 fire: 1d10 → \d+ \(range −1\) = -?\d+ → .*\(Blue's, sealed\)/);
      await expect.poll(() => page.textContent('#rolls')).toMatch(/#0 fire: 1d10 → \d+ \(range −1\) = -?\d+ → .*\(Blue's, sealed\)/);
      await page.click('#replay-next');
      await expect.poll(() => page.getAttribute('[data-id="blue-1"]', 'data-at')).toBe('0708');
      expect(await page.locator('#path-layer .move-arrow[data-move="blue-1"]').count()).toBe(1);
      await page.click('#replay-skip');
      expect(await page.locator('#path-layer .move-arrow').count()).toBe(0);

      // Drag red-1 from 0202 through 0302 to 0402; the MP shown is the engine's own.
      const c = (label: string) => session.layout().locations.find((l) => l.id === label)!;
      const from = await screenOf(page, c('0202').x, c('0202').y);
      const mid = await screenOf(page, c('0302').x, c('0302').y);
      const to = await screenOf(page, c('0402').x, c('0402').y);
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move(mid.x, mid.y, { steps: 10 });
      await expect.poll(() => page.textContent('#mp-label')).toContain('1 MP');
      await page.mouse.move(to.x, to.y, { steps: 10 });
      await expect.poll(() => page.textContent('#mp-label')).toBe('2 MP · 2 of 4 this phase');
      const v = await verifyAs(log, p, 'red');
      const engine = moveCommand(v.game, v.state, { verb: 'move', piece: 'red-1', path: ['0302', '0402'] }, { side: 'red' });
      expect(await page.getAttribute('#mp-label', 'data-mp')).toBe(engine.mp);
      expect(formatMixed(parseRational(engine.mp!)!)).toBe('2');
      await page.mouse.up();
      await expect.poll(() => page.textContent('#journal')).toContain('move red-1 0302 0402');
      expect(await page.getAttribute('[data-id="red-1"]', 'data-at')).toBe('0402');

      // The hex under the pointer, its terrain and what stands there.
      await page.mouse.move(to.x + 20, to.y + 10);
      await expect.poll(() => page.textContent('#hover-label')).toBe('0402 · Clear · 1st Red');

      // Rotate it from its menu.
      const at = await screenOf(page, c('0402').x, c('0402').y);
      await page.mouse.click(at.x, at.y);
      await page.click('#menu button[data-line="rotate red-1 +1"]');
      await expect.poll(() => page.textContent('#journal')).toContain('rotate red-1 +1');

      // Draw a card: sealed, it shows in the hand as a card nobody knows yet, and only there.
      await page.click('button[data-deck="red-cards"]');
      await expect.poll(() => page.locator('#hand li.sealed').count()).toBe(1);

      // Resolve the fire procedure with a given and a fixed modifier (skirmish has more than two
      // procedures, so each folds away under its name: open fire's).
      await page.click('details:has(form[data-procedure="fire"]) > summary');
      await page.fill('form[data-procedure="fire"] input[name="range"]', '-1');
      await page.check('form[data-procedure="fire"] input[name="woods"]');
      await page.click('form[data-procedure="fire"] button');
      // Sealed: the page shows no outcome before blue's reply.
      await expect.poll(() => page.textContent('#rolls')).toMatch(/#\d+ resolve fire range=-1 woods: sealed: known with blue's reply/);

      // Undo the roll: it stays in the list, void.
      await page.click('#undo');
      await expect.poll(() => page.locator('#rolls li.void').count()).toBe(1);
      expect(await page.textContent('#rolls li.void')).toContain('void: undone');

      // Seal and send.
      await page.click('#seal');
      await page.click('#seal-yes');
      await expect.poll(() => page.inputValue('#armored'), { timeout: 20_000 }).toContain('-----BEGIN HEXPOST TURN-----');
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await server.close();
    }

    expect((await run('verify', files.logPath)).code).toBe(0);
    const shown = JSON.parse((await run('show', files.logPath, '--json')).out);
    expect(shown.pieces['red-1']).toMatchObject({ at: '0402', facing: 1 });
    expect(shown.segments).toBe(3);

    // The same commands through `hexpost turn` on the log as it was (on another machine, whose
    // fork memory has not seen the page's segment): the same segment.
    freshHome();
    const sealed = (await readLogFile(files.logPath)).segments.at(-1)!.body;
    const script = join(files.dir, 'turn.txt');
    writeFileSync(script, `${sealed.entries.map((e) => e.command).join('\n')}\n`);
    const byTurn = await run('turn', join(files.dir, 'before.hexlog'), '--key', files.keyPath, '--script', script, '--yes');
    expect(byTurn.code, byTurn.err).toBe(0);
    const other = (await readLogFile(join(files.dir, 'before.hexlog'))).segments.at(-1)!.body;
    expect(other.entries).toEqual(sealed.entries);
    expect(other.state).toBe(sealed.state);
    expect(readFileSync(files.logPath).length).toBeGreaterThan(0);
  });
});
