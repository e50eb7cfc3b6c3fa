/// <reference lib="dom" />
// Opens a game's archive in a real headless Chromium (Debian's package, driven by playwright-core),
// with every request other than the file itself refused, and steps through it.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { archiveHtml } from '../../src/cli/archive.js';
import { verifySteps } from '../../src/cli/replay.js';
import { sampleGame } from '../export/archive/sample-game.js';

const CHROMIUM = process.env.HEXPOST_CHROMIUM ?? '/usr/bin/chromium';
const present = existsSync(CHROMIUM);
if (!present && !process.env.CI) {
  console.warn(`archive browser test skipped: no Chromium at ${CHROMIUM} (apt-get install chromium; under CI it must run)`);
}
const quiet = { out: () => {}, err: () => {}, tty: false };

describe.skipIf(!present && !process.env.CI)('the archive in headless Chromium', () => {
  let dir: string;
  let context: BrowserContext;
  let page: Page;
  let head: string;
  const requests: string[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hexpost-archive-'));
    const { log } = await sampleGame();
    const steps = await verifySteps(quiet, log);
    head = steps.v.head;
    const file = join(dir, 'game.html');
    writeFileSync(file, archiveHtml(steps));
    context = await chromium.launchPersistentContext(join(dir, 'profile'), {
      executablePath: CHROMIUM, headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
        '--disable-component-update', '--disable-sync'],
    });
    // Offline: anything but the page's own file is refused and remembered.
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith('file:')) return route.continue();
      requests.push(url);
      return route.abort();
    });
    page = context.pages()[0] ?? await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    await page.goto(pathToFileURL(file).href);
  }, 60_000);

  afterAll(async () => {
    await context?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const step = () => page.evaluate(() => Number(document.body.getAttribute('data-step')));
  const pieceAt = (id: string) => page.evaluate((p) => document.querySelector(`#step-layer [data-piece="${p}"]`)?.getAttribute('data-at') ?? null, id);

  it('opens at the start with the pieces set up, the head hash and the verification shown', async () => {
    expect(await step()).toBe(0);
    expect(await page.textContent('#step-label')).toBe('start (0 of 3)');
    expect(await pieceAt('red-1')).toBe('0202');
    expect(await page.textContent('#head')).toBe(head);
    expect(await page.textContent('#verdict')).toMatch(/^Verified: every signature/);
    const embedded = JSON.parse((await page.textContent('#verification'))!);
    expect(embedded).toMatchObject({ head, segments: 3 });
    // The counters are drawn: a placed <use> has the size of a counter on the screen.
    const box = await page.locator('#step-layer [data-piece="red-1"] use').first().boundingBox();
    expect(box!.width).toBeGreaterThan(5);
  });

  it('steps with the keys, the slider and the history', async () => {
    await page.keyboard.press('ArrowRight');
    expect(await step()).toBe(1);
    expect(await page.textContent('#step-label')).toMatch(/^segment 1 of 3 — Red/);
    expect(await pieceAt('red-1')).toBe('0502');
    expect(await page.locator('#step-layer [data-move="red-1"]').count()).toBe(1);
    expect(await page.getAttribute('#history > li.current', 'data-step')).toBe('1');

    await page.keyboard.press('End');
    expect(await step()).toBe(3);
    expect(await pieceAt('red-1')).toBe('0503');
    expect(await pieceAt('red-2')).toBeNull(); // eliminated: in the panel's box, not on the map
    expect(await page.locator('#panel [data-piece="red-2"]').count()).toBe(1);

    await page.keyboard.press('ArrowLeft');
    expect(await step()).toBe(2);
    expect(await page.locator('#step-layer [data-move="blue-2"]').count()).toBe(1);
    expect(await page.textContent('#step-layer #panel')).toMatch(/fire: 1d10/);

    await page.locator('#slider').evaluate((el: HTMLInputElement) => { el.value = '0'; el.dispatchEvent(new Event('input', { bubbles: true })); });
    expect(await step()).toBe(0);
    await page.click('#history > li[data-step="2"] .heading');
    expect(await step()).toBe(2);
    await page.click('#next');
    expect(await step()).toBe(3);
    await page.keyboard.press('ArrowRight'); // stays at the end
    expect(await step()).toBe(3);
    await page.keyboard.press('Home');
    expect(await step()).toBe(0);
  });

  it('shows the dice audit as charts with the fair line', async () => {
    const charts = await page.locator('.dice-chart').evaluateAll((els) => els.map((e) => ({
      side: e.getAttribute('data-side'), die: e.getAttribute('data-die'),
      bars: Array.from(e.querySelectorAll('rect.bar')).map((r) => Number(r.getAttribute('data-count'))),
      expected: Number(e.querySelector('line.expected')?.getAttribute('data-expected')),
    })));
    expect(charts.map((c) => `${c.side} ${c.die}`).sort()).toEqual(['blue d10', 'red d10']);
    for (const c of charts) {
      expect(c.bars).toHaveLength(10);
      expect(c.expected).toBeCloseTo(c.bars.reduce((a, b) => a + b, 0) / 10, 2);
    }
  });

  it('loaded nothing from anywhere and raised no error', () => {
    expect(requests).toEqual([]);
    expect(errors).toEqual([]);
  });
});
