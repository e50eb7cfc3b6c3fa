import { describe, expect, it } from 'vitest';
import { parseStringPromise } from 'xml2js';
import { loadModule } from '../../src/export/load-module.js';
import { boardFrame, renderBoardSvg, type BoardOverlay } from '../../src/export/board-svg.js';
import { counterGroup, pieceFacePicture, renderCounterSvg } from '../../src/export/counter-svg.js';
import { num } from '../../src/export/svg.js';

const { data } = await loadModule('modules/skirmish');
const field = data.boards[0]!;

describe('SVG pictures', () => {
  it('formats numbers with at most 2 decimals and no "-0"', () => {
    expect(num(1)).toBe('1');
    expect(num(1.005)).toBe('1');
    expect(num(34.641016)).toBe('34.64');
    expect(num(-0.001)).toBe('0');
    expect(num(2.5)).toBe('2.5');
  });

  it('draws the skirmish board deterministically, as well-formed XML', async () => {
    const a = renderBoardSvg(data, field);
    expect(renderBoardSvg(data, field)).toBe(a);
    await expect(parseStringPromise(a)).resolves.toBeTruthy();
    expect((a.match(/<polygon /g) ?? []).length).toBe(100); // one per hex
    expect(a).toContain('fill="#6f9a5a"'); // woods in 0505
    expect(a).toContain('stroke="#3b7dd8"'); // the stream on 0303|0304
    expect(a).toContain('stroke="#8b5a2b"'); // the road
    expect(a).toContain('>0505</text>');
    expect(a.match(/\d\.\d{3,}/)).toBeNull(); // no number with more than 2 decimals
  });

  it('draws the stream on the edge shared by 0303 and 0304', () => {
    const svg = renderBoardSvg(data, field);
    const line = /<line x1="([\d.]+)" y1="([\d.]+)" x2="([\d.]+)" y2="([\d.]+)" stroke="#3b7dd8"/.exec(svg)!;
    const f = boardFrame(field);
    const a = f.at('0303'), b = f.at('0304');
    const mid = { x: (Number(line[1]) + Number(line[3])) / 2, y: (Number(line[2]) + Number(line[4])) / 2 };
    expect(mid.x).toBeCloseTo((a.x + b.x) / 2, 1);
    expect(mid.y).toBeCloseTo((a.y + b.y) / 2, 1);
  });

  it('takes an overlay drawn on top in the board frame', () => {
    const overlay: BoardOverlay = { render: (f) => { const p = f.at('0202'); return `<circle cx="${num(p.x)}" cy="${num(p.y)}" r="5"/>\n`; } };
    const svg = renderBoardSvg(data, field, { overlay });
    expect(svg).toContain('<g id="overlay">');
    expect(svg.indexOf('<g id="overlay">')).toBeGreaterThan(svg.indexOf('<g id="labels"'));
  });

  it('lays out a counter like a printed one, with a facing notch', async () => {
    const t = data.pieceTypes[0]!;
    const pic = pieceFacePicture(data, t, t.faces[0]!, data.pieces[0], 'flat');
    // movement, strength, and skirmish's hits (S.14) and loss factor (lf), in the order the face lists them
    expect(pic.values).toEqual([4, 6, 0, 1]);
    expect(pic.background).toBe('#c0392b');
    const svg = renderCounterSvg(pic);
    await expect(parseStringPromise(svg)).resolves.toBeTruthy();
    expect(svg).toContain('>4-6-0-1</text>');
    expect(svg).toContain('>1st Red</text>');
    expect(svg).toContain('>Line</text>');
    expect(counterGroup({ ...pic, facing: 'none' })).not.toContain('<polygon');
    // Vertex facing 0 on a flat board points at 30°: up and to the right.
    const tip = /<polygon points="([\d.]+),([\d.]+)/.exec(svg)!;
    expect(Number(tip[1])).toBeGreaterThan(30);
    expect(Number(tip[2])).toBeLessThan(30);
  });
});
