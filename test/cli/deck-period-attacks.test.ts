// Cards added together with the discard pile (Paths of Glory §14.3 "将相应抽牌堆与弃牌堆重新洗混";
// docs/dice-protocol.md, "Cards added with the discard pile"): `add-cards` on a secret deck with
// `addWithDiscard` closes the deck period and opens a new one whose pool is every card of the deck
// not removed, minus the cards its owner holds (named by their commitments, `held`). Each attack of
// a patched client (test/helpers/patched-client.ts, signing with the cheater's own pinned key) is
// played against the stock command-line tool of the victim, and fails this test if it works again.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PrivateKey } from 'openpgp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GameEvent, PeriodBeganEvent } from '../../src/core/engine/events.js';
import { cardCommitment } from '../../src/core/random/commitment.js';
import { drawKey, drawWithKey } from '../../src/core/random/hidden-draw.js';
import { loadPrivateKey } from '../../src/log/keys.js';
import { openLog, type LogFile } from '../../src/log/log-file.js';
import { TurnSession } from '../../src/log/turn-session.js';
import { verifyLog } from '../../src/log/verify.js';
import { runAs, scriptedTurn } from '../helpers/cli.js';
import { ROOT } from '../helpers/module-files.js';
import { cheat, writeLog, type CheatContext } from '../helpers/patched-client.js';

const dir = mkdtempSync(join(tmpdir(), 'hexpost-deck-period-'));
const keyFile = (side: string) => join(dir, `${side}.key`);
const keys: Record<string, PrivateKey> = {};
const run = (who: string, ...args: string[]) => runAs(dir, who, args);
const read = (path: string): LogFile => openLog(new Uint8Array(readFileSync(path)), path);
const moduleDir = join(dir, 'skirmish-added');

const turn = (who: string, log: string, lines: string[], ...extra: string[]) =>
  scriptedTurn(dir, who, log, keyFile(who), lines, ...extra);

let n = 0;
async function newGame(): Promise<string> {
  const path = join(dir, `game-${++n}.hexlog`);
  const made = await run('red', 'game', 'new', '--module', moduleDir, '--scenario', 'meeting', '--side', 'red',
    '--key', keyFile('red'), '--opponent', `blue=${keyFile('blue')}.pub`, '-o', path);
  expect(made.code, made.err).toBe(0);
  expect((await run('blue', 'game', 'join', path, '--side', 'blue', '--key', keyFile('blue'))).code).toBe(0);
  return path;
}

/** Red's hidden hand as his own tool knows it: card and commitment, oldest first. */
async function redHand(path: string) {
  const v = await verifyLog(read(path), { viewer: { side: 'red', key: keys.red! } });
  // a card of a resolved draw is in the hand before its owner commits to it (his next segment)
  const hidden = v.state.hands.red!.hidden;
  return v.knowledge.ofSide('red').filter((k) => hidden.some((h) => h.commitment === k.commitment
    || (h.commitment === undefined && h.deck === k.deck && h.period === k.period && h.counter === k.index)));
}

/**
 * The honest game up to the cards added: red draws 3 (period 0), plays one, adds the late set
 * with the discard pile (period 1: every card but the 2 he holds) and draws 2 there.
 */
async function addedAndDrawn(): Promise<{ path: string; played: string; kept: string[] }> {
  const path = await newGame();
  await turn('red', path, ['draw red-cards 3']);
  await turn('blue', path, ['note "reply"']);
  const hand = await redHand(path);
  expect(hand).toHaveLength(3);
  const played = hand[0]!.card;
  await turn('red', path, [`play ${played}`, 'add-cards red-cards late', 'draw red-cards 2']);
  return { path, played, kept: hand.slice(1).map((k) => k.card) };
}

/** A cheating segment by red: the honest commands run by his own tool, then `edit` changes them. */
function honestThen(lines: string[], edit: (entries: { command: string; events: GameEvent[] }[], c: CheatContext) => void) {
  return (c: CheatContext) => {
    const s = new TurnSession(c.v, 'red', keys.red!);
    for (const l of lines) { const r = s.apply(l); if (!r.ok) throw r.error; }
    const entries = structuredClone(s.turn.seal()) as { command: string; events: GameEvent[] }[];
    edit(entries, c);
    return { resolutions: s.resolutions, entries };
  };
}

async function refusedByBlue(path: string, pattern: RegExp) {
  for (const verb of ['verify']) {
    const r = await run('blue', verb, path);
    expect(r.code, r.out).toBe(1);
    expect(r.err).toMatch(pattern);
  }
  // Blue's own turn on that log is refused too: nothing the cheater signed is played on.
  writeFileSync(join(dir, 'reply.txt'), 'note "reply"\n');
  const t = await run('blue', 'turn', path, '--key', keyFile('blue'), '--script', join(dir, 'reply.txt'), '--yes');
  expect(t.code).toBe(1);
}

beforeAll(async () => {
  cpSync(join(ROOT, 'modules', 'skirmish'), moduleDir, { recursive: true });
  const file = join(moduleDir, 'decks', 'red-cards.json');
  const deck = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  deck.sets = { late: ['r17', 'r18', 'r19', 'r20'] };
  deck.addWithDiscard = true;
  deck.handLimit = 7;
  writeFileSync(file, JSON.stringify(deck, null, 2));
  for (const side of ['red', 'blue']) {
    expect((await run(side, 'key', 'new', '--name', side, '--email', `${side}@example.org`, '-o', keyFile(side))).code).toBe(0);
    keys[side] = await loadPrivateKey(readFileSync(keyFile(side), 'utf8'));
  }
});

describe('the honest game: the discard pile and the added cards make a new period', () => {
  it('the new pool is the deck minus the cards held, the hand is untouched, and both periods are audited', async () => {
    const { path, played, kept } = await addedAndDrawn();
    const v = await verifyLog(read(path));
    const began = v.log.segments.at(-1)!.body.entries[1]!.events[1] as PeriodBeganEvent;
    const all = Array.from({ length: 20 }, (_, i) => `r${String(i + 1).padStart(2, '0')}`);
    // the played card came back from the discard pile; the 2 held cards are named by commitment only
    expect(began).toMatchObject({ type: 'period-began', deck: 'red-cards', period: 1, pool: all });
    expect(began.held).toHaveLength(2);
    expect(v.state.decks['red-cards']!.discard).toEqual([]);
    expect(began.held!.every((h) => /^[0-9a-f]{64}$/.test(h))).toBe(true);
    await turn('blue', path, ['note "reply"']);
    await turn('red', path, ['note "cards committed"']);
    const hand = await redHand(path);
    // the kept cards are still in the hand, and the new draws never repeat a held card
    expect(hand.slice(0, 2).map((k) => k.card)).toEqual(kept);
    expect(new Set(hand.map((k) => k.card)).size).toBe(4);
    void played;
    expect((await run('red', 'reveal', path, '--key', keyFile('red'), '--final')).code).toBe(0);
    expect((await run('blue', 'reveal', path, '--key', keyFile('blue'), '--final')).code).toBe(0);
    const done = JSON.parse((await run('blue', 'verify', path, '--json')).out);
    expect(done).toMatchObject({ ok: true, status: 'over', pendingAudits: [] });
    const audit = await run('blue', 'audit', path);
    expect(audit.out).toMatch(/period 0.*passed/);
    expect(audit.out).toMatch(/period 1.*passed/);
  });

  it('adding cards while a draw of the deck waits for its reply is refused (its cards are not committed to yet)', async () => {
    const path = await newGame();
    await turn('red', path, ['draw red-cards 3']);
    writeFileSync(join(dir, 'add.txt'), 'add-cards red-cards late\n');
    await turn('blue', path, ['note "reply"']);
    // red's next segment commits first (its resolutions), so adding there is fine; a second draw
    // waiting for blue's reply is what blocks it
    const again = await run('red', 'turn', path, '--key', keyFile('red'), '--script', join(dir, 'add.txt'), '--yes', '--dry-run');
    expect(again.code, again.err).toBe(0);
    writeFileSync(join(dir, 'draw-add.txt'), 'draw red-cards 1\nadd-cards red-cards late\n');
    const r = await run('red', 'turn', path, '--key', keyFile('red'), '--script', join(dir, 'draw-add.txt'), '--yes');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/red-cards .*waits for its reply|not committed/);
  });
});

describe('a patched client adding the discard pile', () => {
  it('keeps a drawn card in the new pool (drops its commitment from held): refused at once', async () => {
    const path = await newGame();
    await turn('red', path, ['draw red-cards 3']);
    await turn('blue', path, ['note "reply"']);
    const hand = await redHand(path);
    writeLog(path, await cheat(read(path), 'red', keys.red!, honestThen([`play ${hand[0]!.card}`, 'add-cards red-cards late'], (entries) => {
      (entries[1]!.events[1] as PeriodBeganEvent).held!.pop();
    })));
    await refusedByBlue(path, /"add-cards red-cards late".*differs from what the rules give/);
  });

  it('draws a card it holds again in the new period: the audit exposes the clone', async () => {
    const { path } = await addedAndDrawn();
    await turn('blue', path, ['note "reply"']);
    const hand = await redHand(path);
    const clone = hand[1]!.card;
    writeLog(path, await cheat(read(path), 'red', keys.red!, ({ v, hidden }) => {
      const r = v.state.sealed!.find((x) => x.kind === 'draw')!;
      // two commitments to the card he already holds, salted with the real draw key
      const key = drawKey({ gameId: v.gameId!, deckId: 'red-cards', hiddenValue: hidden.reveal(2), opponentValues: Object.values(r.values) });
      const draws = r.indices!.map((counter) => ({ counter, commitment: cardCommitment(drawWithKey(key, counter, [clone]).salt, clone) }));
      return {
        resolutions: [{ type: 'drew', deck: 'red-cards', side: 'red', period: 1, draws, sealed: r.id }] as GameEvent[],
        entries: [], final: true, hiddenReveals: [{ period: 1, value: hidden.reveal(1) }, { period: 2, value: hidden.reveal(2) }],
      };
    }));
    await refusedByBlue(path, /hidden reveal #2 exposes an invented draw: segment 5 by red logged draw #0 from red-cards/);
  });

  it('leaves a discard card out of the new pool: refused at once', async () => {
    const path = await newGame();
    await turn('red', path, ['draw red-cards 3']);
    await turn('blue', path, ['note "reply"']);
    const hand = await redHand(path);
    writeLog(path, await cheat(read(path), 'red', keys.red!, honestThen([`play ${hand[0]!.card}`, 'add-cards red-cards late'], (entries) => {
      const began = entries[1]!.events[1] as PeriodBeganEvent;
      began.pool = began.pool.filter((c) => c !== hand[0]!.card);
    })));
    await refusedByBlue(path, /"add-cards red-cards late".*differs from what the rules give/);
  });

  it('invents a card in the new pool: refused at once', async () => {
    const path = await newGame();
    await turn('red', path, ['draw red-cards 3']);
    await turn('blue', path, ['note "reply"']);
    writeLog(path, await cheat(read(path), 'red', keys.red!, honestThen(['add-cards red-cards late'], (entries) => {
      (entries[0]!.events[1] as PeriodBeganEvent).pool.push('r21');
    })));
    await refusedByBlue(path, /"add-cards red-cards late".*differs from what the rules give/);
  });

  it('picks its cards in the new period: the audit refuses them', async () => {
    const { path } = await addedAndDrawn();
    await turn('blue', path, ['note "reply"']);
    writeLog(path, await cheat(read(path), 'red', keys.red!, ({ v, hidden }) => {
      const r = v.state.sealed!.find((x) => x.kind === 'draw')!;
      const key = drawKey({ gameId: v.gameId!, deckId: 'red-cards', hiddenValue: hidden.reveal(2), opponentValues: Object.values(r.values) });
      // the two best cards, whatever the key gives
      const draws = ['r20', 'r19'].map((card, i) => ({ counter: r.indices![i]!, commitment: cardCommitment(drawWithKey(key, i, [card]).salt, card) }));
      return {
        resolutions: [{ type: 'drew', deck: 'red-cards', side: 'red', period: 1, draws, sealed: r.id }] as GameEvent[],
        entries: [], final: true, hiddenReveals: [{ period: 1, value: hidden.reveal(1) }, { period: 2, value: hidden.reveal(2) }],
      };
    }));
    const r = await run('blue', 'verify', path);
    // (should the key give exactly r20 and r19, the picks are the honest draws: then nothing to refuse)
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/hidden reveal #2 exposes an invented draw/);
  });

  it('reuses the old period\'s seeds: a draw still in period 0 is refused, and cards keyed by hidden value #1 fail the audit', async () => {
    const path = await newGame();
    await turn('red', path, ['draw red-cards 3']);
    await turn('blue', path, ['note "reply"']);
    const hand = await redHand(path);
    writeLog(path, await cheat(read(path), 'red', keys.red!, honestThen([`play ${hand[0]!.card}`, 'add-cards red-cards late', 'draw red-cards 1'], (entries) => {
      const sealed = entries[2]!.events[0] as GameEvent & { period: number; id: string; indices: number[] };
      sealed.period = 0; sealed.id = 'red/red-cards/0/3'; sealed.indices = [3];
    })));
    await refusedByBlue(path, /"draw red-cards 1".*differs from what the rules give/);

    // The honest period-1 draw, whose cards the cheater computes with period 0's hidden value.
    const { path: p2 } = await addedAndDrawn();
    await turn('blue', p2, ['note "reply"']);
    writeLog(p2, await cheat(read(p2), 'red', keys.red!, ({ v, hidden }) => {
      const r = v.state.sealed!.find((x) => x.kind === 'draw')!;
      const old = drawKey({ gameId: v.gameId!, deckId: 'red-cards', hiddenValue: hidden.reveal(1), opponentValues: Object.values(r.values) });
      const pool = r.pool!.filter((c) => c !== 'r17');
      const draws = r.indices!.map((counter) => ({ counter, commitment: drawWithKey(old, counter, pool).commitment }));
      return {
        resolutions: [{ type: 'drew', deck: 'red-cards', side: 'red', period: 1, draws, sealed: r.id }] as GameEvent[],
        entries: [], final: true, hiddenReveals: [{ period: 1, value: hidden.reveal(1) }, { period: 2, value: hidden.reveal(2) }],
      };
    }));
    await refusedByBlue(p2, /hidden reveal #2 exposes an invented draw/);
  });

  it('draws from the new pool before the reply: its own commitment in the same segment is refused', async () => {
    const path = await newGame();
    await turn('red', path, ['draw red-cards 3']);
    await turn('blue', path, ['note "reply"']);
    const hand = await redHand(path);
    writeLog(path, await cheat(read(path), 'red', keys.red!, honestThen([`play ${hand[0]!.card}`, 'add-cards red-cards late', 'draw red-cards 1'], (entries, c) => {
      // the cards computed at once from values the cheater already knows, committed in the same entry
      const key = drawKey({ gameId: c.gameId, deckId: 'red-cards', hiddenValue: c.hidden.reveal(2), opponentValues: [c.v.chains!.latestDice('blue')] });
      const d = drawWithKey(key, 0, ['r17', 'r18']);
      entries[2]!.events.push({ type: 'drew', deck: 'red-cards', side: 'red', period: 1, draws: [{ counter: 0, commitment: d.commitment }] } as GameEvent);
    })));
    await refusedByBlue(path, /"draw red-cards 1" logs 2 events; the rules give 1/);
  });
});
