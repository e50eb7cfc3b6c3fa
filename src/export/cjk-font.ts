// A font for Chinese, Japanese and Korean text in pictures and pages, shipped through npm
// (@embedpdf/fonts-sc: Noto Sans Hans Regular, OFL) so that marker and piece names in the
// modules' own scripts render where the system has no CJK font. Used only when the text needs it;
// a self-contained page carries a subset of it (subset-font: HarfBuzz's hb-subset in wasm).
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** CJK ideographs, kana, hangul, CJK punctuation and full-width forms. */
const CJK = /[\u2e80-\u2fdf\u3000-\u30ff\u3100-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/;

export function hasCjk(text: string): boolean {
  return CJK.test(text);
}

let cached: string | null | undefined;

/** The bundled font's file (an OpenType file), or null when the package is missing. */
export function cjkFontFile(): string | null {
  if (cached !== undefined) return cached;
  try {
    // the package exports only its script: its fonts folder is beside dist/
    const main = createRequire(import.meta.url).resolve('@embedpdf/fonts-sc');
    const file = join(dirname(main), '..', 'fonts', 'NotoSansHans-Regular.otf');
    cached = existsSync(file) ? file : null;
  } catch {
    cached = null;
  }
  return cached;
}

/** Every CJK character of `text`, once each, in order of first use. */
export function cjkCharacters(text: string): string {
  const CJK_G = new RegExp(CJK.source, 'g');
  return [...new Set(text.match(CJK_G) ?? [])].join('');
}

/**
 * A CSS @font-face for the family "Hexpost CJK" holding only the glyphs of the CJK characters in
 * `text` (a subset of the shipped font, WOFF2 in a data: URL: a few KB), for a self-contained page
 * such as the archive that must read on a machine with no CJK font. Null when there are none.
 */
export async function cjkFontFace(text: string): Promise<string | null> {
  const chars = cjkCharacters(text);
  const file = chars ? cjkFontFile() : null;
  if (!file) return null;
  const { default: subsetFont } = await import('subset-font');
  const woff2 = await subsetFont(await readFile(file), chars, { targetFormat: 'woff2' });
  return `@font-face { font-family: "Hexpost CJK"; src: url(data:font/woff2;base64,${Buffer.from(woff2).toString('base64')}) format("woff2"); }`;
}
