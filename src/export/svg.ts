// Small SVG text helpers shared by the board, counter and card renderers. Output must be
// byte-for-byte deterministic, so every number goes through `num` (at most 2 decimals).

/** A coordinate or length: rounded to 2 decimals, trailing zeros dropped, never "-0". */
export function num(n: number): string {
  if (!Number.isFinite(n)) throw new Error(`SVG number must be finite, got ${n}`);
  const r = Math.round(n * 100) / 100;
  const s = (r === 0 ? 0 : r).toFixed(2);
  return s.replace(/\.?0+$/, '');
}

/** Escapes text for element content and attribute values. */
export function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

export interface Pt { x: number; y: number }

export function points(ps: readonly Pt[]): string {
  return ps.map((p) => `${num(p.x)},${num(p.y)}`).join(' ');
}

/** A complete standalone SVG document. */
export function svgDocument(width: number, height: number, body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="${num(width)}" height="${num(height)}" viewBox="0 0 ${num(width)} ${num(height)}" font-family="DejaVu Sans, Arial, Helvetica, sans-serif">\n${body}</svg>\n`;
}

/** Text colour readable on a "#rrggbb" background. */
export function inkOn(background: string): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(background);
  if (!m) return '#000000';
  const [r, g, b] = [m[1]!, m[2]!, m[3]!].map((h) => parseInt(h, 16));
  return 0.299 * r! + 0.587 * g! + 0.114 * b! > 140 ? '#000000' : '#ffffff';
}
