// The randomness protocol in the log: each rule plays the attack it defeats.
import { beforeAll, describe, expect, it } from 'vitest';
import { buildChain, DICE_CHAIN_TAG, HIDDEN_CHAIN_TAG } from '../../src/core/random/chain.js';
import { drawKey, drawWithKey } from '../../src/core/random/hidden-draw.js';
import type { LogFile } from '../../src/log/log-file.js';
import { TurnSession } from '../../src/log/turn-session.js';
import { verifyLog } from '../../src/log/verify.js';
import { forge, keyOf, newSkirmish, playTurn, players, verifyAs, type Players } from '../helpers/game.js';

let p: Players;
let start: LogFile;

beforeAll(async () => {
  p = await players();
  start = await newSkirmish(p);
});

const rollsOf = (log: LogFile, seq: number) =>
  log.segments[seq - 1]!.body.entries.flatMap((e) => e.events).filter((e) => e.type === 'rolled' || e.type === 'resolved')
    .map((e) => (e as { faces: number[] }).faces);

describe('1. re-roll by fork or restart', () => {
  it('two different continuations by the same player draw the same dice in the same order', async () => {
    const a = await playTurn(start, p, 'red', ['roll 1d10', 'roll 2d6', 'roll 1d6']);
    const b = await playTurn(start, p, 'red', ['move red-1 0302', 'resolve fire', 'roll 2d6 "again"', 'roll 1d6']);
    expect(rollsOf(b, 1)).toEqual(rollsOf(a, 1));
    // Restarting the turn (a new session from the same log) gives the same rolls again.
    const c = await playTurn(start, p, 'red', ['roll 1d10', 'roll 2d6', 'roll 1d6']);
    expect(rollsOf(c, 1)).toEqual(rollsOf(a, 1));
  });
});

describe('2. undo', () => {
  it('an undone roll stays in the segment, marked void, and the next roll uses the next counter', async () => {
    const log = await playTurn(start, p, 'red', ['roll 1d10 "first"', 'undo', 'roll 1d10 "second"']);
    const entries = log.segments[0]!.body.entries;
    expect(entries[0]!.void).toBe(true);
    expect(entries[0]!.events[0]).toMatchObject({ type: 'rolled', counter: 0, void: true, purpose: 'first' });
    expect(entries[2]!.events[0]).toMatchObject({ type: 'rolled', counter: 1, purpose: 'second' });
    const v = await verifyLog(log);
    expect(v.rolls.map((r) => [r.counter, r.void])).toEqual([[0, true], [1, false]]);
    // Hiding the undone roll (dropping it from the segment) is caught.
    const hidden = await forge(log, p, 1, (b) => { b.entries = [b.entries[2]!]; });
    await expect(verifyLog(hidden)).rejects.toThrow(/segment 1 by red: command 1 "roll 1d10 "second"": roll counter 1, but the next counter is 0/);
  });
});

describe('4. bias', () => {
  it('anchors are fixed before any reveal, and the joiner cannot roll before the creator reveals', async () => {
    const v = await verifyLog(start);
    // Both anchors are pinned by signed setup bodies before any segment exists.
    expect(v.segments).toBe(0);
    expect(start.genesis.body.commitments.dice).toMatch(/^[0-9a-f]{64}$/);
    expect(start.acceptances[0]!.body.genesis).toBe(start.genesis.hash);
    // Blue chose his chain after seeing red's anchor: his dice wait for red's first reveal.
    const vb = await verifyAs(start, p, 'blue');
    const s = new TurnSession(vb, 'blue', keyOf(p, 'blue'));
    const r = s.apply('roll 1d6');
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.message).toMatch(/cannot roll yet: red must send a first segment/);
    // Once red has sent a segment, blue's dice exist.
    const after = await playTurn(start, p, 'red', ['note "ready"']);
    await expect(playTurn(after, p, 'blue', ['roll 1d6'])).resolves.toBeTruthy();
  });
});

describe('5. hidden hand', () => {
  it("the opponent's tool cannot list my hand; my tool shows it with my key", async () => {
    const log = await playTurn(start, p, 'red', ['draw red-cards 3']);
    const red = await verifyAs(log, p, 'red');
    const mine = red.knowledge.ofSide('red').map((k) => k.card);
    expect(mine).toHaveLength(3);
    const blue = await verifyAs(log, p, 'blue');
    expect(blue.knowledge.ofSide('red')).toEqual([]);
    expect(blue.state.hands.red!.hidden.map((h) => h.card)).toEqual([undefined, undefined, undefined]);
    // Every value the opponent can compute from public data gives other commitments.
    const logged = log.segments[0]!.body.entries[0]!.events[0] as { draws: { commitment: string }[] };
    const publicValues = [
      log.genesis.body.commitments.hidden, log.genesis.body.commitments.dice,
      log.acceptances[0]!.body.commitments.hidden, log.acceptances[0]!.body.commitments.dice,
      log.segments[0]!.body.reveal!, blue.gameId!,
    ];
    const pool = red.module.decks.find((d) => d.id === 'red-cards')!.cards.map((c) => c.id);
    for (const guess of publicValues) {
      const key = drawKey({ gameId: blue.gameId!, deckId: 'red-cards', hiddenValue: guess, opponentValues: [log.acceptances[0]!.body.commitments.dice] });
      expect(drawWithKey(key, 0, pool).commitment).not.toBe(logged.draws[0]!.commitment);
    }
    // Blue's own chain value gives nothing either.
    const blueSecrets = blue.secrets!;
    const blueHidden = buildChain(blueSecrets.hidden, log.genesis.body.chainLength.hidden, HIDDEN_CHAIN_TAG).reveal(1);
    const key = drawKey({ gameId: blue.gameId!, deckId: 'red-cards', hiddenValue: blueHidden, opponentValues: [log.acceptances[0]!.body.commitments.dice] });
    expect(drawWithKey(key, 0, pool).commitment).not.toBe(logged.draws[0]!.commitment);
  });
});

describe('6. cards', () => {
  it('playing a card not in hand, or twice, is refused at once', async () => {
    let log = await playTurn(start, p, 'red', ['draw red-cards 2']);
    const red = await verifyAs(log, p, 'red');
    const [c1] = red.knowledge.ofSide('red').map((k) => k.card);
    const notHeld = red.module.decks.find((d) => d.id === 'red-cards')!.cards.map((c) => c.id).find((c) => !red.knowledge.ofSide('red').some((k) => k.card === c))!;
    await expect(playTurn(log, p, 'red', [`play ${notHeld}`])).rejects.toThrow(new RegExp(`${notHeld}`));
    await expect(playTurn(log, p, 'red', [`play ${c1}`, `play ${c1}`])).rejects.toThrow(new RegExp(`line 2: "play ${c1}"`));
    // A forged segment that opens a card it never drew is refused when verified.
    log = await playTurn(log, p, 'red', [`play ${c1}`]);
    const forged = await forge(log, p, 2, (b) => {
      const e = b.entries[0]!.events[0] as { card: string };
      b.entries[0]!.command = `play ${notHeld}`;
      e.card = notHeld;
    });
    await expect(verifyLog(forged)).rejects.toThrow(/segment 2 by red: command 1 "play .*" is refused by the rules/);
  });

  it('an invented draw is detected at the next reveal, naming the segment', async () => {
    // Red draws, then forges his draw to a card of his choice with a commitment he made himself.
    let log = await playTurn(start, p, 'red', ['draw red-cards 1']);
    const red = await verifyAs(log, p, 'red');
    const real = red.knowledge.ofSide('red')[0]!;
    const wanted = red.module.decks.find((d) => d.id === 'red-cards')!.cards.map((c) => c.id).find((c) => c !== real.card)!;
    const { cardCommitment } = await import('../../src/core/random/commitment.js');
    const salt = '11'.repeat(16);
    const fake = cardCommitment(salt, wanted);
    log = await forge(log, p, 1, (b) => {
      (b.entries[0]!.events[0] as { draws: { commitment: string }[] }).draws[0]!.commitment = fake;
    });
    // Red's own tool would refuse it; but blue cannot tell yet: the draw is pending.
    const blueView = await verifyAs(log, p, 'blue').catch((e) => e as Error);
    expect(blueView).toBeInstanceOf(Error); // the state hash no longer matches the forged hand...
    // ...so the cheater also fixes the state hash; blue's tool then accepts the draw as pending.
    const { stateHash } = await import('../../src/core/engine/state-hash.js');
    log = await forge(log, p, 1, (b) => {
      const anon = structuredClone(red.state);
      anon.hands.red!.hidden[0]!.commitment = fake;
      b.state = stateHash(anon);
    });
    const pending = await verifyAs(log, p, 'blue');
    expect(pending.pending).toHaveLength(1);
    // He plays the invented card (the opening matches his fake commitment)...
    const opened = await forge(await appendPlay(log, wanted, fake, salt), p, 2, () => {});
    const stillPending = await verifyAs(opened, p, 'blue');
    expect(stillPending.pending).toHaveLength(1);
    // ...and at game end his hidden value is revealed: blue's tool names the segment of the invented draw.
    const revealed = await forgeReveal(opened, red.secrets!.hidden);
    await expect(verifyAs(revealed, p, 'blue')).rejects.toThrow(/hidden reveal #1 exposes an invented draw: segment 1 by red logged draw #0 from red-cards/);
  });
});

/** Appends a red segment that plays `card`, opening `commitment` with `salt` (bypassing red's own tool). */
async function appendPlay(log: LogFile, card: string, commitment: string, salt: string): Promise<LogFile> {
  const { canonicalBytes } = await import('../../src/core/canonical.js');
  const { sha256Hex } = await import('../../src/core/hash.js');
  const { signDetached } = await import('../../src/log/signature.js');
  const { foldEvents } = await import('../../src/core/engine/fold.js');
  const { stateHash } = await import('../../src/core/engine/state-hash.js');
  const v = await verifyLog(log);
  const events = [{ type: 'played', deck: 'red-cards', side: 'red', card, commitment, salt, to: 'discard' }];
  const state = foldEvents(structuredClone(v.state), events as never);
  const body = {
    type: 'hexpost/segment' as const, version: 1, game: v.gameId!, seq: 2, author: 'red', prev: v.head, time: 'x', epoch: 1,
    entries: [{ command: `play ${card}`, events }], state: stateHash(state),
  };
  const bytes = canonicalBytes(body);
  const seg = { name: '000002.json', body: body as never, bytes, hash: sha256Hex(bytes), signature: await signDetached(bytes, p.red) };
  return { ...log, segments: [...log.segments, seg] };
}

/** Appends red's final segment revealing his first hidden value (bypassing red's own tool). */
async function forgeReveal(log: LogFile, hiddenSecret: string): Promise<LogFile> {
  const { canonicalBytes } = await import('../../src/core/canonical.js');
  const { sha256Hex } = await import('../../src/core/hash.js');
  const { signDetached } = await import('../../src/log/signature.js');
  const { stateHash } = await import('../../src/core/engine/state-hash.js');
  const v = await verifyLog(log);
  const chain = buildChain(hiddenSecret, log.genesis.body.chainLength.hidden, HIDDEN_CHAIN_TAG);
  const body = {
    type: 'hexpost/segment' as const, version: 1, game: v.gameId!, seq: 3, author: 'red', prev: v.head, time: 'x', epoch: 1,
    hiddenReveals: [{ period: 1, value: chain.reveal(1) }], entries: [], state: stateHash(v.state), final: true as const,
  };
  const bytes = canonicalBytes(body);
  const seg = { name: '000003.json', body: body as never, bytes, hash: sha256Hex(bytes), signature: await signDetached(bytes, p.red) };
  return { ...log, segments: [...log.segments, seg] };
}

void DICE_CHAIN_TAG;
