// SVG to PNG through resvg (a real renderer, no browser): the picture's own fonts are looked up
// among the system's, falling back to DejaVu Sans, which Debian installs with its fonts; text in
// Chinese, Japanese or Korean falls back to the CJK font shipped through npm (cjk-font.ts).
import { Resvg } from '@resvg/resvg-js';
import { cjkFontFile, hasCjk } from './cjk-font.js';

export interface PngOptions {
  /** scale the picture to this many pixels wide (default: its own width) */
  width?: number;
}

export function svgToPng(svg: string, options: PngOptions = {}): Uint8Array {
  const r = new Resvg(svg, {
    fitTo: options.width ? { mode: 'width', value: options.width } : { mode: 'original' },
    font: {
      loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans',
      // 8 MB to load: only for a picture that needs it
      ...(hasCjk(svg) && cjkFontFile() ? { fontFiles: [cjkFontFile()!] } : {}),
    },
    background: '#ffffff',
    logLevel: 'off',
  });
  return new Uint8Array(r.render().asPng());
}
