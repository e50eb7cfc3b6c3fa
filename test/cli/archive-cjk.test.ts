/// <reference lib="dom" />
// The archive is read on machines with no Chinese, Japanese or Korean font: `hexpost archive`
// embeds a subset of the shipped font holding exactly the CJK characters of the page (a few KB),
// and Chromium on this machine (which has no CJK font) draws each of them as its own glyph.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cjkCharacters } from '../../src/export/cjk-font.js';
import { runAs } from '../helpers/cli.js';
import { ROOT } from '../helpers/module-files.js';
import { openBrowser, skipBrowser } from '../web/browser.js';

describe('the archive of a game with CJK names', () => {
  it('embeds the subset of the font its text needs, and Chromium draws every character', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hexpost-archive-cjk-'));
    const file = join(dir, 'cw.html');
    const r = await runAs(dir, 'club', ['archive', join(ROOT, 'logs', 'cold-war-1985-sample.hexlog'), '-o', file]);
    expect(r.code, r.err).toBe(0);
    const html = readFileSync(file, 'utf8');
    const chars = cjkCharacters(html.replace(/url\(data:[^)]*\)/g, ''));
    expect(chars.length).toBeGreaterThan(3);
    const face = /@font-face \{ font-family: "Hexpost CJK"; src: url\(data:font\/woff2;base64,([A-Za-z0-9+/=]+)\) format\("woff2"\); \}/.exec(html);
    expect(face).not.toBeNull();
    // a subset, not the 8 MB font
    expect(Buffer.from(face![1]!, 'base64').length).toBeLessThan(64 * 1024);
    if (skipBrowser) return;
    const browser = await openBrowser();
    try {
      const page = await browser.newPage();
      await page.goto(pathToFileURL(file).href);
      const drawn = await page.evaluate(async (text) => {
        await document.fonts.load('32px "Hexpost CJK"', text);
        // each character on its own canvas: with no glyph for it every one is the same empty box
        return [...text].map((c) => {
          const canvas = document.createElement('canvas');
          canvas.width = 40; canvas.height = 40;
          const g = canvas.getContext('2d')!;
          g.font = '32px "Hexpost CJK"';
          g.fillText(c, 2, 34);
          return canvas.toDataURL();
        });
      }, chars);
      expect(new Set(drawn).size).toBe(chars.length);
    } finally {
      await browser.close();
    }
  }, 120_000);
});
