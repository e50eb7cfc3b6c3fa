import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { writeContainer } from '../../src/log/container.js';
import { logEntries } from '../../src/log/log-file.js';
import { sampleGame } from '../export/archive/sample-game.js';

async function run(...args: string[]) {
  let out = '', err = '';
  const code = await main(['node', 'hexpost', ...args], { out: (t) => { out += t; }, err: (t) => { err += t; }, tty: false });
  return { code, out, err };
}

async function sampleFiles() {
  const { log, p } = await sampleGame();
  const dir = mkdtempSync(join(tmpdir(), 'hexpost-render-'));
  const file = join(dir, 'game.hexlog');
  writeFileSync(file, writeContainer(logEntries(log)));
  writeFileSync(join(dir, 'red.key'), p.redPrivate);
  return { dir, file };
}

describe('hexpost render', () => {
  it('writes the board after the last segment as SVG, or after --at', async () => {
    const { dir, file } = await sampleFiles();
    const r = await run('render', file, '-o', join(dir, 'now.svg'));
    expect(r.code).toBe(0);
    expect(r.out).toContain('after segment 3');
    const now = readFileSync(join(dir, 'now.svg'), 'utf8');
    expect(now).toMatch(/data-piece="red-1" data-at="0503"/);
    expect(now).toContain('Segment 3 by Red');
    expect((await run('render', file, '--at', '1', '-o', join(dir, 'one.svg'))).code).toBe(0);
    const one = readFileSync(join(dir, 'one.svg'), 'utf8');
    expect(one).toMatch(/data-piece="red-1" data-at="0502"/);
    expect(one).toContain('data-move="red-1"');
    expect((await run('render', file, '--at', '0', '-o', join(dir, 'start.svg'))).code).toBe(0);
    expect(readFileSync(join(dir, 'start.svg'), 'utf8')).toMatch(/data-piece="red-1" data-at="0202"/);
  });

  it('writes a PNG through the rasterizer, scaled with --width', async () => {
    const { dir, file } = await sampleFiles();
    expect((await run('render', file, '-o', join(dir, 'now.png'), '--width', '600')).code).toBe(0);
    const png = readFileSync(join(dir, 'now.png'));
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(600);
  });

  it('lists the player\'s own hand with his key', async () => {
    const { dir, file } = await sampleFiles();
    expect((await run('render', file, '--key', join(dir, 'red.key'), '-o', join(dir, 'hand.svg'))).code).toBe(0);
    expect(readFileSync(join(dir, 'hand.svg'), 'utf8')).toMatch(/Your hand \(Red\): [^<]*\S/);
  });

  it('refuses a bad output name, a segment past the end and a missing log', async () => {
    const { dir, file } = await sampleFiles();
    expect((await run('render', file, '-o', join(dir, 'x.gif'))).code).toBe(2);
    const past = await run('render', file, '--at', '9', '-o', join(dir, 'x.svg'));
    expect(past.code).toBe(2);
    expect(past.err).toContain('has 3 segments');
    expect((await run('render', file)).code).toBe(2);
    expect((await run('render', join(dir, 'none.hexlog'), '-o', join(dir, 'x.svg'))).code).toBe(1);
  });
});
