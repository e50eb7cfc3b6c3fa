// Take-backs on the board page (issue 17): the player who must answer sees the proposal, the segments
// it would void marked so in the catch-up, and answers with the page's Accept (the answer
// `hexpost takeback --accept` writes, signed at once, its turn mail shown); the proposer's page then
// plays the agreement back, the board put back where it stood. Segments voided by an agreement are
// marked voided in the catch-up, their rolls standing. Real Chromium, as the other page tests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import type { TakebackField } from '../../src/core/protocol/bodies.js';
import { initialState } from '../../src/core/engine/initial-state.js';
import { boardLayout } from '../../src/web/board-layout.js';
import { GameCounters } from '../../src/export/game-counters.js';
import { catchUpOf } from '../../src/web/replay.js';
import { readLogFile } from '../../src/cli/log-io.js';
import { takebackText } from '../../src/cli/takeback-text.js';
import { describeEvent } from '../../src/cli/describe.js';
import { TurnSession } from '../../src/log/turn-session.js';
import type { LogFile } from '../../src/log/log-file.js';
import { keyOf, newSkirmish, playTurn, players, roundtrip, verifyAs, type Players } from '../helpers/game.js';
import { onPage, openBrowser, skipBrowser } from './browser.js';

/** A segment carrying only a take-back proposal or answer, as `hexpost takeback` writes it. */
async function takebackTurn(log: LogFile, p: Players, side: string, field: (v: Awaited<ReturnType<typeof verifyAs>>) => TakebackField): Promise<LogFile> {
  const v = await verifyAs(log, p, side);
  const s = new TurnSession(v, side, keyOf(p, side), field(v));
  return roundtrip((await s.seal('2026-11-29T13:00:00Z')).log);
}

/** Red moves twice (the second a roll-free segment), then proposes to take the second back. */
async function proposed(p: Players): Promise<LogFile> {
  let log = await newSkirmish(p);
  log = await playTurn(log, p, 'red', ['move red-1 0302', 'roll 1d6 "morale"']);
  log = await playTurn(log, p, 'red', ['move red-2 0303', 'rotate red-1 +1']);
  return takebackTurn(log, p, 'red', () => ({ kind: 'propose', to: 1 }));
}

describe('the catch-up marks take-backs', () => {
  it('voided segments as voided, and the agreement puts the board back', async () => {
    const p = await players();
    let log = await proposed(p);
    log = await takebackTurn(log, p, 'blue', (v) => ({ kind: 'accept', proposal: v.takebacks.open!.hash, to: 1 }));
    const v = await verifyAs(log, p, 'blue');
    const { frame } = boardLayout(v.game);
    const bodies = log.segments.map((s) => s.body);
    const start = initialState(v.game);
    const r = catchUpOf(v.game, frame, new GameCounters(v.game, 'flat'), start, bodies, describeEvent, [], 0,
      { ledger: v.takebacks, bodies, start, text: takebackText });
    expect(r.segments.map((s) => [s.seq, s.voidedIn ?? null, s.takeback ?? null])).toEqual([
      [1, null, null], [2, 4, null],
      [3, null, 'take-back proposed: segment 2, back to the position after segment 1'],
      [4, null, 'take-back agreed: segment 2 voided'],
    ]);
    const rewind = r.segments[3]!.steps.find((s) => s.command.startsWith('(take-back agreed'))!;
    expect(rewind.command).toBe('(take-back agreed: segment 2 voided: the board as it stood after segment 1)');
    // red-2 goes back to where it started, red-1 keeps segment 1's move
    expect(rewind.pieces.find((x) => x.id === 'red-2')?.at).toBe(v.state.pieces['red-2']!.location);
    expect(v.state.pieces['red-2']!.location).toBe('0203');
    expect(v.state.pieces['red-1']!.location).toBe('0302');
  });
});

describe.skipIf(skipBrowser)('take-backs on the board page', () => {
  let browser: BrowserContext;
  let p: Players;
  beforeAll(async () => { p = await players(); browser = await openBrowser(); });
  afterAll(async () => { await browser?.close(); });

  it('shows the open proposal and what it would void, and accepts it', async () => {
    await onPage(browser, p, await proposed(p), 'blue', async (page, { files }) => {
      expect(await page.textContent('#when')).toBe('your answer: Red Player proposes to take back segment 2 (hexpost takeback --accept or --decline), 1809-06-21T04:10+02:00');
      expect(await page.textContent('#replay-steps li[data-segment="2"]'))
        .toContain('— would be voided if you accept the take-back proposed in segment 3');
      expect(await page.textContent('#replay-steps li[data-segment="3"]'))
        .toContain('— take-back proposed: segment 2, back to the position after segment 1');
      expect(await page.locator('#replay-steps li[data-seq="3"] code').allTextContents())
        .toEqual(['(take-back proposed: segment 2, back to the position after segment 1)']);
      // the proposal and what it voids, with the choice hexpost takeback offers
      expect(await page.isVisible('#takeback')).toBe(true);
      const lines = await page.locator('#takeback-lines li').allTextContents();
      expect(lines[0]).toBe('Red Player (Red) proposes in segment 3 to take back segment 2, back to the position after segment 1; rolls and cards stay as they fell:');
      expect(lines[1]).toBe('segment 2 by red: move red-2 0303; rotate red-1 +1');
      expect(lines[2]).toBe('your answer: hexpost takeback <log> --accept, or --decline (you send nothing else until you answer)');
      // nothing else can be sent meanwhile
      await page.click('#replay-skip');
      await page.fill('#command', 'move blue-1 0807');
      await page.press('#command', 'Enter');
      await expect.poll(() => page.textContent('#status')).toBe('refused: answer the take-back proposed in segment 3 first (accept or decline)');

      await page.click('#takeback-accept');
      expect(await page.textContent('#takeback-confirm-text')).toMatch(/^Accepting voids those commands for both of you/);
      await page.click('#takeback-yes');
      await expect.poll(() => page.textContent('#status')).toMatch(/^accepted in segment 4; wrote /);
      expect(await page.isVisible('#takeback')).toBe(false);
      expect(await page.inputValue('#armored')).toContain('-----BEGIN HEXPOST TURN-----');
      // the board as it stood after segment 1
      expect(await page.getAttribute('#pieces-layer [data-id="red-2"]', 'data-at')).toBe('0203');
      const written = await verifyAs(await readLogFile(files.logPath), p, 'blue');
      expect(written.takebacks.agreements).toMatchObject([{ from: 2, through: 2, agreed: 4, acceptedBy: ['blue'] }]);
    }, { paused: true });
  });

  it('plays the agreement back to the proposer: the board put back', async () => {
    let log = await proposed(p);
    log = await takebackTurn(log, p, 'blue', (v) => ({ kind: 'accept', proposal: v.takebacks.open!.hash, to: 1 }));
    await onPage(browser, p, log, 'red', async (page) => {
      expect(await page.textContent('#replay-steps li[data-segment="4"]')).toContain('— take-back agreed: segment 2 voided');
      // the page opened on the board as the replay starts: red-2 still where segment 2 put it
      expect(await page.getAttribute('#pieces-layer [data-id="red-2"]', 'data-at')).toBe('0303');
      const codes = await page.locator('#replay-steps li[data-seq="4"] code').allTextContents();
      const step = codes.indexOf('(take-back agreed: segment 2 voided: the board as it stood after segment 1)');
      expect(step).toBeGreaterThanOrEqual(0);
      for (let i = 0; i <= step; i++) await page.click('#replay-next');
      await expect.poll(() => page.getAttribute('#pieces-layer [data-id="red-2"]', 'data-at')).toBe('0203');
      expect(await page.isVisible('#takeback')).toBe(false);
    }, { paused: true });
  });
});
