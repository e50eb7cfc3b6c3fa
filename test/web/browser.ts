// Headless Chromium for the page tests: Debian's `chromium` driven by playwright-core, a fresh
// profile each time, nothing fetched from the network. Absent outside CI, the tests skip and say so.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

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
