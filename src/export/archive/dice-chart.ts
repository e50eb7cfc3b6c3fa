// A player's dice as a bar chart: how often each face came up, against the dashed line a fair die
// gives (thrown / sides), with the chi-square p-value in the title. Inline SVG for the archive.
import { esc, num } from '../svg.js';

export interface DiceTally {
  side: string;
  sideName: string;
  colour: string;
  die: string;
  /** dice thrown */
  count: number;
  /** frequency of each face, face 1 first */
  faces: number[];
  pValue: number | null;
}

const W = 340, H = 200, LEFT = 34, RIGHT = 10, TOP = 44, BOTTOM = 26;

export function diceChartSvg(t: DiceTally): string {
  const n = t.faces.length;
  const expected = t.count / n;
  const top = Math.max(1, expected * 1.5, ...t.faces);
  const plotW = W - LEFT - RIGHT, plotH = H - TOP - BOTTOM;
  const y = (v: number) => TOP + plotH - (v / top) * plotH;
  const slot = plotW / n;
  const title = `${t.sideName} ${t.die}: ${t.count} thrown, ${t.pValue === null ? 'too few for a test' : `p = ${t.pValue.toFixed(3)}`}`;
  let out = `<svg class="dice-chart" data-side="${esc(t.side)}" data-die="${esc(t.die)}" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(title)}">\n`;
  out += `<text x="${W / 2}" y="16" font-size="13" text-anchor="middle" font-weight="bold">${esc(fit(`${t.sideName} ${t.die}`, 44))}</text>\n`;
  out += `<text x="${W / 2}" y="32" font-size="11.5" text-anchor="middle">${t.count} thrown, ${t.pValue === null ? 'too few for a test' : `chi-square p = ${t.pValue.toFixed(3)}`}</text>\n`;
  out += `<line x1="${LEFT}" y1="${TOP + plotH}" x2="${W - RIGHT}" y2="${TOP + plotH}" stroke="#333333"/>\n`;
  out += `<line x1="${LEFT}" y1="${TOP}" x2="${LEFT}" y2="${TOP + plotH}" stroke="#333333"/>\n`;
  for (const v of [0, Math.round(top / 2), Math.floor(top)]) {
    out += `<text x="${LEFT - 4}" y="${num(y(v) + 4)}" font-size="10" text-anchor="end">${v}</text>\n`;
  }
  // Faces are labelled sparsely on a d100 so the numbers do not run together.
  const every = Math.ceil(n / 20);
  t.faces.forEach((f, i) => {
    const x = LEFT + i * slot + slot * 0.15;
    out += `<rect class="bar" data-face="${i + 1}" data-count="${f}" x="${num(x)}" y="${num(y(f))}" width="${num(slot * 0.7)}" height="${num(TOP + plotH - y(f))}" fill="${t.colour}"><title>face ${i + 1}: ${f}</title></rect>\n`;
    if ((i + 1) % every === 0 || i === 0) out += `<text x="${num(x + slot * 0.35)}" y="${H - BOTTOM + 14}" font-size="10" text-anchor="middle">${i + 1}</text>\n`;
  });
  out += `<line class="expected" data-expected="${num(expected)}" x1="${LEFT}" y1="${num(y(expected))}" x2="${W - RIGHT}" y2="${num(y(expected))}" stroke="#000000" stroke-width="1.5" stroke-dasharray="6 4"><title>a fair die: ${num(expected)} each</title></line>\n`;
  out += `<text x="${W - RIGHT}" y="${num(y(expected) - 4)}" font-size="10" text-anchor="end">fair: ${num(expected)}</text>\n`;
  return `${out}</svg>\n`;
}

function fit(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
