// Pictures render Chinese marker names with the CJK font shipped through npm, not empty boxes.
import { describe, expect, it } from 'vitest';
import { cjkFontFile, hasCjk } from '../../src/export/cjk-font.js';
import { svgToPng } from '../../src/export/game-png.js';

const svg = (text: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" font-family="DejaVu Sans, sans-serif"><text x="5" y="30" font-size="24">${text}</text></svg>`;

describe('CJK text in pictures', () => {
  it('finds the shipped font and knows which text needs it', () => {
    expect(cjkFontFile()).toMatch(/NotoSansHans-Regular\.otf$/);
    expect(hasCjk('Deployed (展开)')).toBe(true);
    expect(hasCjk('Deployed')).toBe(false);
  });

  it('draws each ideograph as itself (with no CJK font, every one would be the same empty box)', () => {
    const png = (text: string) => Buffer.from(svgToPng(svg(text)));
    expect(png('展开').equals(png('移动'))).toBe(false);
  });
});
