// A font for Chinese, Japanese and Korean text in pictures and pages, shipped through npm
// (@embedpdf/fonts-sc: Noto Sans Hans Regular, OFL) so that marker and piece names in the
// modules' own scripts render where the system has no CJK font. Used only when the text needs it.
import { existsSync } from 'node:fs';
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
