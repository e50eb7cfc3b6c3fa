// Issue 16 on the board page: for the active player, what he may do now (the module's permissions
// in force: the commands of this phase, the cards left in this segment), what a procedure will read
// before he resolves it (the modifiers the board gives for the piece and hexside, and his own), and
// a card's values wherever the page shows the card — each checked against the engine's own answer.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { parseLine } from '../../src/core/engine/parse.js';
import { procedureInputs } from '../../src/core/engine/procedure-inputs.js';
import { describeObligation } from '../../src/core/engine/obligations.js';
import { TurnSession } from '../../src/log/turn-session.js';
import { keyOf, newSkirmish, playTurn, players, verifyAs, type Players } from '../helpers/game.js';
import { ROOT } from '../helpers/module-files.js';
import { collectErrors, openBrowser, skipBrowser } from './browser.js';
import { newGame, onDisk, servePage } from './page-fixtures.js';

/** Skirmish with permissions (one draw and one card play per segment, others may only note) and card values. */
function ruledSkirmish(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hexpost-ruled-'));
  cpSync(join(ROOT, 'modules', 'skirmish'), dir, { recursive: true });
  const module = JSON.parse(readFileSync(join(dir, 'module.json'), 'utf8'));
  module.rules = { permissions: {
    active: ['move', 'rotate', 'flip', 'resolve', 'roll', 'draw', 'play', 'discard', 'next'], others: ['roll'],
    limits: { play: 1, draw: 1 }, note: 'an action round: one card',
  } };
  writeFileSync(join(dir, 'module.json'), JSON.stringify(module));
  for (const deck of ['red-cards', 'blue-cards']) {
    const file = join(dir, 'decks', `${deck}.json`);
    const d = JSON.parse(readFileSync(file, 'utf8'));
    d.cards.forEach((c: { values?: Record<string, number | string> }, i: number) => { c.values = { ops: (i % 4) + 1, sr: i % 3, rpNation: 'FR' }; });
    writeFileSync(file, JSON.stringify(d));
  }
  return dir;
}

async function open(browser: BrowserContext, url: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage();
  const errors = collectErrors(page);
  await page.goto(url);
  await page.waitForSelector('body[data-ready]');
  return { page, errors };
}

describe.skipIf(skipBrowser)('board page: what you may do now, what a procedure reads, card values', () => {
  let browser: BrowserContext;
  let p: Players;
  let ruled: string;
  beforeAll(async () => { p = await players(); browser = await openBrowser(); ruled = ruledSkirmish(); });
  afterAll(async () => { await browser?.close(); });

  it('shows the active player the commands of this phase and the cards left; the other player what he may do out of turn', async () => {
    const { log } = await newGame(p, ruled);
    const files = await onDisk(p, log, 'red');
    const red = await servePage(files.logPath, p, 'red');
    const { page, errors } = await open(browser, red.server.url);
    try {
      await expect.poll(() => page.textContent('#may-do .may-who')).toBe('Your move: turn 1, Red movement: red');
      expect(await page.locator('#may-do .may-verbs code').allTextContents())
        .toEqual(['move', 'rotate', 'flip', 'roll', 'resolve', 'draw', 'play', 'discard', 'next', 'note', 'undo']);
      expect(await page.textContent('#may-do [data-limit="draw"]')).toBe('1 draw left in this segment (0 of 1 made)');
      expect(await page.textContent('#may-do [data-limit="play"]')).toBe('1 card play left in this segment (0 of 1 made)');
      expect(await page.textContent('#may-do')).toContain('anything else is logged with a warning');
      expect(await page.textContent('#may-do')).toContain('an action round: one card');
      // A draw (sealed: it counts when committed) uses the segment's one draw.
      await page.click('button[data-deck="red-cards"]');
      await expect.poll(() => page.textContent('#may-do [data-limit="draw"]')).toBe('0 draws left in this segment (1 of 1 made)');
      // the page's figure is the engine's: a second draw is a breach
      await page.click('button[data-deck="red-cards"]');
      await expect.poll(() => page.textContent('#status')).toMatch(/red has made 1 draw in this segment; the limit is 1/);
      await page.click('#undo');
      await page.click('#undo');
      await expect.poll(() => page.textContent('#may-do [data-limit="draw"]')).toBe('1 draw left in this segment (0 of 1 made)');
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await red.server.close();
    }
    // Blue, out of turn: only what `others` lists.
    const blueFiles = await onDisk(p, log, 'blue');
    const blue = await servePage(blueFiles.logPath, p, 'blue');
    const other = await open(browser, blue.server.url);
    try {
      await expect.poll(() => other.page.textContent('#may-do .may-who')).toBe('Not your move: turn 1, Red movement: red');
      expect(await other.page.locator('#may-do .may-verbs code').allTextContents()).toEqual(['roll', 'note', 'undo']);
      expect(await other.page.locator('#may-do [data-limit]').count()).toBe(0);
      expect(other.errors).toEqual([]);
    } finally {
      await other.page.close();
      await blue.server.close();
    }
  });

  it('shows what a procedure will read before it is resolved: the board\'s modifiers for the piece and hexside, and the player\'s', async () => {
    const { log } = await newGame(p, join(ROOT, 'modules', 'eylau-1807'));
    const files = await onDisk(p, log, 'red');
    const { server } = await servePage(files.logPath, p, 'red');
    const { page, errors } = await open(browser, server.url);
    try {
      const form = 'form[data-procedure="gun-damage"]';
      const reads = `${form} [data-reads="gun-damage"]`;
      await expect.poll(() => page.textContent(reads)).toBe('reads: no modifier → 1d10 on Gun damage (6.32)');
      // Eylau 6.32: a horse battery crossing a stream hexside, −1 and −2, given by the board.
      await page.fill(`${form} input[name="piece"]`, 'ru-ag-ha');
      await page.fill(`${form} input[name="crossing"]`, 'C0103|C0104');
      // each input asks again; under load the answer for the piece alone may show first: wait for both
      await expect.poll(() => page.textContent(reads), { timeout: 20_000 }).toMatch(/crossing C0103\|C0104 · .*Horse artillery −1 \(the board, 6\.32\)/);
      const text = (await page.textContent(reads))!;
      expect(text).toMatch(/^reads: .+ \(ru-ag-ha\) · crossing C0103\|C0104 · /);
      expect(text).toMatch(/Crossing a stream or light-cover hexside −2 \(the board, 6\.32\); Horse artillery −1 \(the board, 6\.32\) = −3 → 1d10 on Gun damage \(6\.32\)$/);
      // the engine's own reading of the same line
      const v = await verifyAs(log, p);
      const c = parseLine('resolve gun-damage piece=ru-ag-ha crossing=C0103|C0104')!.command;
      expect(c.verb === 'resolve' && procedureInputs(v.game, v.state, c).derived).toEqual(['stream-or-light-cover', 'horse-artillery']);
      // A bad binding is named before anything is rolled.
      await page.fill(`${form} input[name="piece"]`, 'no-such-piece');
      await expect.poll(() => page.textContent(reads)).toMatch(/^✗ piece=no-such-piece: unknown piece/);
      // The other procedure: the player's own modifier.
      await page.fill('form[data-procedure="d10"] input[name="modifier"]', '-2');
      await expect.poll(() => page.textContent('[data-reads="d10"]')).toMatch(/^reads: Chart modifier .* −2 \(you\) = −2 → 1d10 on /);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await server.close();
    }
  });

  it('shows a card\'s values in the hand, in the turn\'s commands and in the replay', async () => {
    let log = (await newGame(p, ruled)).log;
    log = await playTurn(log, p, 'red', ['draw red-cards']);
    log = await playTurn(log, p, 'blue', ['note "reply"']);
    const files = await onDisk(p, log, 'red');
    const red = await servePage(files.logPath, p, 'red');
    const { page, errors } = await open(browser, red.server.url);
    let card: string;
    try {
      await expect.poll(() => page.locator('#hand li[data-card]').count()).toBe(1);
      card = (await page.getAttribute('#hand li[data-card]', 'data-card'))!;
      const i = Number(card.slice(1)) - 1;
      const values = `ops ${(i % 4) + 1} · rpNation FR · sr ${i % 3}`;
      expect(await page.textContent('#hand li[data-card] .card-values')).toBe(values);
      await page.click('#hand button[data-play]');
      await expect.poll(() => page.textContent(`#journal [data-card-values="${card}"]`)).toBe(`Red card ${i + 1} ${values}`);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await red.server.close();
    }
    // Blue's page replays Red's play of it, with its values.
    log = await playTurn(log, p, 'red', [`play ${card!}`]);
    const blueFiles = await onDisk(p, log, 'blue');
    const blue = await servePage(blueFiles.logPath, p, 'blue');
    const other = await open(browser, blue.server.url);
    try {
      await expect.poll(() => other.page.isVisible('#replay')).toBe(true);
      expect(await other.page.textContent(`#replay-steps [data-card-values="${card!}"] .card-values`)).toMatch(/^ ops \d · rpNation FR · sr \d$/);
      expect(other.errors).toEqual([]);
    } finally {
      await other.page.close();
      await blue.server.close();
    }
  });

  it('shows what the results ask first: the defender\'s retreat after an assault', async () => {
    // skirmish with red's battalions beside blue's guns in the open (as test/log/combat-exchange.test.ts)
    const dir = mkdtempSync(join(tmpdir(), 'hexpost-combat-'));
    cpSync(join(ROOT, 'modules', 'skirmish'), dir, { recursive: true });
    const file = join(dir, 'scenarios', 'meeting.json');
    const sc = JSON.parse(readFileSync(file, 'utf8')) as { setup: { piece: string; at: string }[] };
    const at: Record<string, string> = { 'red-1': '0605', 'red-2': '0506', 'blue-guns': '0606' };
    for (const x of sc.setup) x.at = at[x.piece] ?? x.at;
    writeFileSync(file, JSON.stringify(sc));
    // the dice are fair: new games until blue's reply resolves the assault with a retreat
    let log;
    let owed: { text: string; side: string; kind: string; optional?: true }[] = [];
    for (let i = 0; i < 12 && !owed.length; i++) {
      log = await playTurn(await newSkirmish(p, relative(join(ROOT, 'modules'), dir)), p, 'red',
        ['next', 'resolve assault attackers=red-1,red-2 defender=blue-guns']);
      const session = new TurnSession(await verifyAs(log, p, 'blue'), 'blue', keyOf(p, 'blue'));
      owed = (session.state.obligations ?? []).map((o) => ({ ...o, text: describeObligation(o) }));
    }
    expect(owed, 'no retreat in 12 fair assaults').not.toEqual([]);
    // blue's retreat, then red's option to advance after combat
    expect(owed.map((o) => [o.side, o.kind, !!o.optional])).toEqual([['blue', 'retreat', false], ['red', 'advance', true]]);
    const files = await onDisk(p, log!, 'blue');
    const { server } = await servePage(files.logPath, p, 'blue');
    const { page, errors } = await open(browser, server.url);
    try {
      await page.click('#replay-skip');
      await expect.poll(() => page.locator('#may-do .may-obligation').allTextContents())
        .toEqual([`first, you must: retreat — ${owed[0]!.text}`, `the opponent may: advance — ${owed[1]!.text}`]);
      expect(owed[0]!.text).toMatch(/^blue: retreat blue-guns \d hex/);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await server.close();
    }
  });
});
