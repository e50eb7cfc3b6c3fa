// Issue 16, the board page in Paths of Glory §8 ("战斗事件卡可能在任意一方的战斗中使用。通常由进攻方先打出符合
// 条件的战斗事件卡，防守方随后决定是否使用自己的卡牌"): when the Central Powers declare an attack on Liège, the
// Allied player's page (its reply resolving the rolls) prompts him that he may play a combat card
// for that combat and lists the combat cards in his hand; the may-do box lists `play as combat`;
// a click plays the card as combat. The attacker's own page shows no such prompt.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import type { LogFile } from '../../src/log/log-file.js';
import { TurnSession } from '../../src/log/turn-session.js';
import { verifyLog } from '../../src/log/verify.js';
import { combatPrompts } from '../../src/web/combat-cards.js';
import { players, roundtrip, type Players } from '../helpers/game.js';
import { ROOT } from '../helpers/module-files.js';
import { onPage, openBrowser, skipBrowser } from './browser.js';
import { newGame, pogTurn } from './page-fixtures.js';

describe.skipIf(skipBrowser)('combat cards on the board page (PoG §8)', () => {
  let browser: BrowserContext;
  let p: Players;
  let log: LogFile;
  beforeAll(async () => {
    p = await players();
    browser = await openBrowser();
    log = (await newGame(p, `${ROOT}/modules/paths-of-glory`)).log;
    // the Allies draw their whole Mobilization deck (a hand-limit warning; the test needs both combat cards)
    log = await pogTurn(log, p, 'cp', ['draw cp-strategy 7', 'resolve mandatory-offensive-cp', 'next']);
    log = await pogTurn(log, p, 'ap', ['draw ap-strategy 14', 'resolve mandatory-offensive-ap', 'next']);
    // the Central Powers play one of their 7 cards as ops (the first of the deck's Mobilization cards they hold)
    const s = new TurnSession(await verifyLog(log, { viewer: { side: 'cp', key: p.red } }), 'cp', p.red);
    const deck = JSON.parse(readFileSync(`${ROOT}/modules/paths-of-glory/decks/cp-strategy.json`, 'utf8')) as { sets: { mobilization: string[] } };
    if (!deck.sets.mobilization.some((c) => s.apply(`play ${c} as ops`).ok)) throw new Error('cp holds no Mobilization card');
    // the round goes on (no next): the defender may answer with a combat card before it does
    for (const line of ['mark aachen activated-attack', 'resolve army-fire firing=ge-a1 enemy=be-c2', 'resolve corps-fire firing=be-c2 enemy=ge-a1']) {
      const r = s.apply(line);
      if (!r.ok) throw r.error;
    }
    log = roundtrip((await s.seal('2026-11-29T12:00:00Z')).log);
  }, 60_000);
  afterAll(async () => { await browser?.close(); });

  it('prompts the defender with the combat cards of his hand, and plays one as combat', async () => {
    await onPage(browser, p, log, 'blue', async (page, { session }) => {
      const item = page.locator('#may-do li.may-combat[data-combat="liege"]');
      await expect.poll(() => item.count(), { timeout: 15_000 }).toBe(1);
      expect(await item.textContent()).toMatch(/^combat at liege: ge-a1 against your be-c2 \(army-fire, corps-fire\) — you may play a combat card for it \(the attacker first, then the defender\): /);
      // in hand order (the order drawn)
      expect((await item.locator('button code').allTextContents()).sort()).toEqual(['play ap-06-withdrawal as combat', 'play ap-07-severe-weather as combat']);
      expect(await page.locator('#may-do code[data-verb="play as combat"]').count()).toBe(1);
      await item.locator('button[data-combat-card="ap-06-withdrawal"]').click();
      await expect.poll(() => session.state().journal.map((j) => j.command), { timeout: 15_000 }).toContain('play ap-06-withdrawal as combat');
      // allowed in the attacker's round (no `turn` warning): the permissions' "play as combat"
      expect(session.state().journal.at(-1)!.lines.join(' ')).toMatch(/ap plays .*withdrawal.* as combat/i);
      expect(session.state().journal.at(-1)!.lines.join(' ')).not.toMatch(/may not/);
      // the card is played: the prompt lists the one left
      await expect.poll(() => item.locator('button code').allTextContents(), { timeout: 15_000 }).toEqual(['play ap-07-severe-weather as combat']);
    });
  });

  it('the attacker gets no prompt; the defender\'s sealed combat without his hand lists no card', async () => {
    const v = await verifyLog(log, { viewer: { side: 'cp', key: p.red } });
    expect(combatPrompts(v.game, v.state, 'cp', [], [], ['play'])).toEqual([]);
    const ap = await verifyLog(log, { viewer: { side: 'ap', key: p.blue } });
    const [c] = combatPrompts(ap.game, ap.state, 'ap', [], [], ['play as combat']);
    expect(c).toMatchObject({ at: 'liege', attackers: ['ge-a1'], defenders: ['be-c2'], cards: [], playable: true });
  });
});
