// SVG pictures of cards (front and a common back per deck), for exporters that need images.
import type { CardDef, DeckDef } from '../core/module/schema.js';
import { esc, num, svgDocument } from './svg.js';

export const CARD_WIDTH = 100;
export const CARD_HEIGHT = 140;

export function renderCardSvg(card: CardDef): string {
  const W = CARD_WIDTH, H = CARD_HEIGHT;
  let body = `<rect x="0.5" y="0.5" width="${W - 1}" height="${H - 1}" rx="6" fill="#fffdf5" stroke="#222222"/>\n<g fill="#111111" text-anchor="middle">\n`;
  body += `<text x="${W / 2}" y="18" font-size="11" font-weight="bold">${esc(card.name.slice(0, 18))}</text>\n`;
  const values = Object.entries(card.values ?? {});
  values.forEach(([k, v], i) => { body += `<text x="${W / 2}" y="${num(36 + i * 12)}" font-size="9">${esc(`${k}: ${v}`)}</text>\n`; });
  const lines = wrap(card.text ?? '', 20).slice(0, 6);
  lines.forEach((line, i) => { body += `<text x="${W / 2}" y="${num(36 + values.length * 12 + 6 + i * 11)}" font-size="8">${esc(line)}</text>\n`; });
  if (card.uses?.length) body += `<text x="${W / 2}" y="${H - 10}" font-size="8">${esc(card.uses.join(' · '))}</text>\n`;
  return svgDocument(W, H, `${body}</g>\n`);
}

export function renderCardBackSvg(deck: DeckDef): string {
  const W = CARD_WIDTH, H = CARD_HEIGHT;
  return svgDocument(W, H, `<rect x="0.5" y="0.5" width="${W - 1}" height="${H - 1}" rx="6" fill="#34495e" stroke="#222222"/>\n<text x="${W / 2}" y="${H / 2}" font-size="11" fill="#ffffff" text-anchor="middle">${esc(deck.name.slice(0, 18))}</text>\n`);
}

function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) { out.push(line); line = word; } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  return out;
}
