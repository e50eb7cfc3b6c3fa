import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { writeContainer } from '../../src/log/container.js';
import { logEntries } from '../../src/log/log-file.js';
import { verifyLog } from '../../src/log/verify.js';
import { sampleGame } from '../export/archive/sample-game.js';

async function run(...args: string[]) {
  let out = '', err = '';
  const code = await main(['node', 'hexpost', ...args], { out: (t) => { out += t; }, err: (t) => { err += t; }, tty: false });
  return { code, out, err };
}

describe('hexpost archive', () => {
  it('writes one self-contained page: every step, the history, dice charts, the head hash', async () => {
    const { log } = await sampleGame();
    const dir = mkdtempSync(join(tmpdir(), 'hexpost-archive-'));
    const file = join(dir, 'game.hexlog');
    writeFileSync(file, writeContainer(logEntries(log)));
    const r = await run('archive', file, '-o', join(dir, 'game.html'));
    expect(r.code).toBe(0);
    const html = readFileSync(join(dir, 'game.html'), 'utf8');
    const v = await verifyLog(log);
    expect(html).toContain(`<code id="head">${v.head}</code>`);
    expect(html).toContain(`<meta name="hexpost-head" content="${v.head}">`);
    expect(html).toContain(v.gameId!);
    const steps = JSON.parse(/<script type="application\/json" id="steps-data">(.*?)<\/script>/s.exec(html)![1]!);
    expect(steps).toHaveLength(4);
    expect(steps[1].layer).toContain('data-piece="red-1" data-at="0502"');
    expect((html.match(/<li data-step="\d+">/g) ?? []).length).toBe(4);
    expect((html.match(/<svg class="dice-chart"/g) ?? []).length).toBe(2);
    // Offline: no address outside the SVG namespace, nothing fetched, no external src or href.
    expect(html.replace(/xmlns="http:\/\/www\.w3\.org\/2000\/svg"/g, '')).not.toMatch(/https?:|\/\/[a-z]/i);
    const refs = [...html.matchAll(/\b(?:src|href)\s*=\s*\\?["']?(.)/gi)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(0);
    expect(refs.filter((c) => c !== '#')).toEqual([]); // only references inside the page
    expect(html).not.toMatch(/fetch\(|XMLHttpRequest|import\(|<link|@import|url\(/);
    // Nothing in the embedded data can close its <script> element early.
    expect(html.match(/<\/script>/g)).toHaveLength(3);
  });

  it('refuses a page name that is not .html', async () => {
    const { log } = await sampleGame();
    const dir = mkdtempSync(join(tmpdir(), 'hexpost-archive-'));
    const file = join(dir, 'game.hexlog');
    writeFileSync(file, writeContainer(logEntries(log)));
    expect((await run('archive', file, '-o', join(dir, 'game.txt'))).code).toBe(2);
  });
});
