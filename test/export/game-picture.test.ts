import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseStringPromise } from 'xml2js';
import { prepareGame } from '../../src/core/engine/game.js';
import { initialState } from '../../src/core/engine/initial-state.js';
import { boardFrame } from '../../src/export/board-svg.js';
import { counterSize, renderGameSvg } from '../../src/export/game-picture.js';
import { svgToPng } from '../../src/export/game-png.js';
import { loadModule } from '../../src/export/load-module.js';
import { verifyLog } from '../../src/log/verify.js';
import { ROOT } from '../helpers/module-files.js';
import { sampleGame } from './archive/sample-game.js';

/** The translate-free placement of every <use> inside a data-piece group, by piece. */
function placements(svg: string): Map<string, { at: string; x: number; y: number; size: number; rotate?: number }> {
  const out = new Map<string, { at: string; x: number; y: number; size: number; rotate?: number }>();
  for (const m of svg.matchAll(/<g data-piece="([^"]+)" data-at="([^"]+)">\n<use href="#ctr\d+" x="([-\d.]+)" y="([-\d.]+)" width="([\d.]+)" height="[\d.]+"(?: transform="rotate\(([-\d.]+) )?/g)) {
    out.set(m[1]!, { at: m[2]!, x: Number(m[3]), y: Number(m[4]), size: Number(m[5]), ...(m[6] ? { rotate: Number(m[6]) } : {}) });
  }
  return out;
}

describe('the picture of a game', () => {
  it('draws counters where the state has them, fanned in a stack, turned to their facing', async () => {
    const { log } = await sampleGame();
    const v = await verifyLog(log, { upTo: 2 });
    const svg = renderGameSvg({ game: v.game, state: v.state, last: log.segments[1]!.body });
    expect(renderGameSvg({ game: v.game, state: v.state, last: log.segments[1]!.body })).toBe(svg);
    await expect(parseStringPromise(svg)).resolves.toBeTruthy();
    expect(svg.match(/\d\.\d{3,}/)).toBeNull();

    const at = placements(svg);
    expect([...at.keys()].sort()).toEqual(['blue-1', 'blue-2', 'blue-guns', 'red-1', 'red-2', 'red-guns']);
    const frame = boardFrame(v.game.board.def);
    const S = counterSize(frame);
    // red-1 alone at 0502: its counter is centred on the hex.
    const c = frame.at('0502');
    expect(at.get('red-1')).toMatchObject({ at: '0502', size: S });
    expect(at.get('red-1')!.x + S / 2).toBeCloseTo(c.x, 1);
    expect(at.get('red-1')!.y + S / 2).toBeCloseTo(c.y, 1);
    // blue-1 (bottom) and blue-2 (top) share 0707: the top one is offset up and right, drawn after.
    const b1 = at.get('blue-1')!, b2 = at.get('blue-2')!;
    expect(b1.at).toBe('0707');
    expect(b2.at).toBe('0707');
    expect(b2.x).toBeGreaterThan(b1.x);
    expect(b2.y).toBeLessThan(b1.y);
    expect(svg.indexOf('data-piece="blue-1"')).toBeLessThan(svg.indexOf('data-piece="blue-2"'));
    // blue-2 was turned by +2: 120° from facing 0; facing 0 is drawn unturned.
    expect(b2.rotate).toBe(120);
    expect(b1.rotate).toBeUndefined();
    // The red-2 counter shows its column face.
    expect(svg).toMatch(/<symbol id="ctr\d+"[^>]*>\n<g>\n<rect[^>]*\/>\n<g[^>]*>\n<text[^>]*>2nd Red<\/text>\n<rect[^>]*\/>\n<text[^>]*>Column<\/text>/);
    // The marker put on red-1 rides on its counter.
    expect(svg).toMatch(/<g data-piece="red-1" data-at="0502">\n<use [^>]*\/>\n<use href="#ctr\d+"[^>]*width="[\d.]+"/);
  });

  it('draws the last segment\'s moves as arrows along their paths, and lists its rolls', async () => {
    const { log } = await sampleGame();
    const v = await verifyLog(log, { upTo: 2 });
    const svg = renderGameSvg({ game: v.game, state: v.state, last: log.segments[1]!.body });
    const frame = boardFrame(v.game.board.def);
    const arrow = /<g data-move="blue-2">\n<polyline points="([^"]+)"/.exec(svg)!;
    const pts = arrow[1]!.split(' ').map((p) => p.split(',').map(Number));
    // 0809 → 0709 → 0708 → 0707; the last point stops short of the counter in 0707.
    const from = frame.at('0809'), mid = frame.at('0708'), to = frame.at('0707');
    expect(pts).toHaveLength(4);
    expect(pts[0]![0]).toBeCloseTo(from.x, 1);
    expect(pts[2]![1]).toBeCloseTo(mid.y, 1);
    const gap = Math.hypot(pts[3]![0]! - to.x, pts[3]![1]! - to.y);
    expect(gap).toBeGreaterThan(5);
    expect(gap).toBeLessThan(counterSize(frame));
    expect(svg).toContain('data-move="blue-1"');
    expect(svg).not.toContain('data-move="red-1"'); // red moved in segment 1, not this one
    // blue's segment 2 resolves red's sealed fire (range −2) and commits his own
    expect(svg).toMatch(/class="roll">#1 fire: 1d10 \d+ − 2 = -?\d+ → .*\(red&apos;s, sealed\)/);
    expect(svg).toMatch(/class="roll">#0 resolve fire range=-1: sealed</);
    expect(svg).toContain('Segment 2 by Blue');
  });

  it('keeps undone rolls in the list, marked, and draws no arrow for an undone move', async () => {
    const { log } = await sampleGame();
    const v = await verifyLog(log, { upTo: 1 });
    const body = structuredClone(log.segments[0]!.body);
    const svg = renderGameSvg({ game: v.game, state: v.state, last: body });
    expect(svg).toMatch(/class="roll">#0 roll 1d10 &quot;test&quot;: sealed \(undone\)</);
    expect(svg).toContain('data-move="red-1"');
    body.entries = body.entries.map((e) => (e.command.startsWith('move red-1') ? { ...e, void: true } : e));
    expect(renderGameSvg({ game: v.game, state: v.state, last: body })).not.toContain('data-move="red-1"');
  });

  it('puts boxed pieces, tracks, decks and hands in the side panel', async () => {
    const { log } = await sampleGame();
    const v = await verifyLog(log);
    const svg = renderGameSvg({ game: v.game, state: v.state, last: log.segments.at(-1)!.body });
    expect(svg).toContain('Red eliminated: 1 piece');
    expect(svg).toMatch(/<g id="panel"[\s\S]*<g data-piece="red-2"><use href="#ctr\d+" x="[\d.]+" y="[\d.]+" width="32"/);
    expect(svg).not.toContain('data-at="red-eliminated"'); // not on the map
    expect(svg).toContain('Red&apos;s hand: 2 hidden');
    expect(svg).toMatch(/Red cards: 18 to draw/);
    const withHand = renderGameSvg({ game: v.game, state: v.state, hand: { side: 'red', cards: ['r01', 'r02'] } });
    expect(withHand).toContain('Your hand (Red):');

    const nb = await loadModule(join(ROOT, 'modules', 'napoleon-basic'));
    const game = prepareGame(nb.data);
    const state = initialState(game);
    const tracks = renderGameSvg({ game, state });
    for (const t of game.tracks.values()) expect(tracks).toContain(`data-track="${t.id}"`);
    expect(tracks).toMatch(/data-track="french-morale">20</);
  });

  it('draws markers on hexes and on hexsides where they lie', async () => {
    const cw = await loadModule(join(ROOT, 'modules', 'cold-war-1985'));
    const game = prepareGame(cw.data);
    const state = initialState(game);
    const hex = game.board.hex!;
    const label = hex.labels()[40]!;
    const side = hex.hexsidesOf(label)[1]!;
    state.markers[label] = ['breakthrough'];
    state.markers[side] = ['pontoon'];
    const svg = renderGameSvg({ game, state }, { hexSize: 40 });
    const frame = boardFrame(game.board.def, { hexSize: 40 });
    const onHex = new RegExp(`<g data-marker="breakthrough" data-at="${label}"><use href="#ctr\\d+" x="([\\d.]+)" y="([\\d.]+)" width="([\\d.]+)"`).exec(svg)!;
    const c = frame.at(label);
    expect(Math.abs(Number(onHex[1]) + Number(onHex[3]) / 2 - c.x)).toBeLessThan(40);
    expect(Math.abs(Number(onHex[2]) + Number(onHex[3]) / 2 - c.y)).toBeLessThan(40);
    const onSide = new RegExp(`<g data-marker="pontoon" data-at="${side.replace('|', '\\|')}"><use href="#ctr\\d+" x="([\\d.]+)" y="([\\d.]+)" width="([\\d.]+)"`).exec(svg)!;
    const [a, b] = hex.hexsideHexes(side).map((l) => frame.at(l));
    expect(Number(onSide[1]) + Number(onSide[3]) / 2).toBeCloseTo((a!.x + b!.x) / 2, 0);
    expect(Number(onSide[2]) + Number(onSide[3]) / 2).toBeCloseTo((a!.y + b!.y) / 2, 0);
  });

  it('rasterizes to a PNG of the picture\'s size, or scaled to a width', async () => {
    const { log } = await sampleGame();
    const v = await verifyLog(log);
    const svg = renderGameSvg({ game: v.game, state: v.state });
    const size = /width="(\d+)" height="(\d+)"/.exec(svg)!;
    const png = svgToPng(svg);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const dv = new DataView(png.buffer, png.byteOffset);
    expect(dv.getUint32(16)).toBe(Number(size[1]));
    expect(dv.getUint32(20)).toBe(Number(size[2]));
    expect(new DataView(svgToPng(svg, { width: 400 }).buffer).getUint32(16)).toBe(400);
  });
});
