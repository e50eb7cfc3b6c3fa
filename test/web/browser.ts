// Headless Chromium for the page tests: Debian's `chromium` driven by playwright-core, a fresh
// profile each time, nothing fetched from the network. Absent outside CI, the tests skip and say so.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import type { LogFile } from '../../src/log/log-file.js';
import type { PageSession } from '../../src/web/page-session.js';
import type { BoardServer } from '../../src/web/server.js';
import type { Players } from '../helpers/game.js';
import { onDisk, servePage } from './page-fixtures.js';

export const CHROMIUM = ['/usr/bin/chromium', '/usr/lib/chromium/chromium'].find((p) => existsSync(p));

/** Skip only where there is no Chromium and this is not CI (in CI a missing browser fails). */
export const skipBrowser = !CHROMIUM && !process.env.CI;
if (skipBrowser) console.warn('test/web: /usr/bin/chromium is absent, skipping the browser tests (apt-get install chromium; CI installs it)');

export async function openBrowser(): Promise<BrowserContext> {
  return chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'hexpost-chromium-')), {
    executablePath: CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1400, height: 900 },
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
}

/** Console errors and uncaught exceptions of a page (a CSP violation shows as a console error). */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** Screen point of a board picture coordinate. */
export async function screenOf(page: Page, x: number, y: number): Promise<{ x: number; y: number }> {
  return page.evaluate(([bx, by]) => {
    // The board SVG is drawn at picture size and scaled by a CSS transform.
    const svg = document.getElementById('board')!;
    const r = svg.getBoundingClientRect();
    const w = Number(svg.getAttribute('width')), h = Number(svg.getAttribute('height'));
    return { x: r.left + (bx / w) * r.width, y: r.top + (by / h) * r.height };
  }, [x, y] as const);
}

/** What `onPage` hands the test: the page's session and server, the files on disk. */
export interface OpenPage { session: PageSession; server: BoardServer; files: { dir: string; logPath: string; keyPath: string } }

/**
 * The board page of `log` as `side`'s player opens it, in a new tab of `browser`: written to disk
 * with his key, served, loaded and ready (`paused`: its catch-up replay shown, then paused). `body`
 * runs with it; no page error may have occurred by its end; the tab and the server are closed after.
 */
export async function onPage(browser: BrowserContext, p: Players, log: LogFile, side: 'red' | 'blue',
  body: (page: Page, open: OpenPage) => Promise<void>, options: { paused?: boolean } = {}): Promise<void> {
  const files = await onDisk(p, log, side);
  const { server, session } = await servePage(files.logPath, p, side);
  const page = await browser.newPage();
  const errors = collectErrors(page);
  try {
    await page.goto(server.url);
    await page.waitForSelector('body[data-ready]');
    if (options.paused) {
      await expect.poll(() => page.isVisible('#replay')).toBe(true);
      await page.click('#replay-pause');
    }
    await body(page, { session, server, files });
    expect(errors).toEqual([]);
  } finally {
    await page.close();
    await server.close();
  }
}
