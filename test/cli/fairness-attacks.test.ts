// The four attacks of a patched client on fairness (issue 13), each played end to end: the cheater
// signs whatever he likes with his own pinned key (test/helpers/patched-client.ts), the victim runs
// the stock command-line tool. Each test fails if the attack works again.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PrivateKey } from 'openpgp';
import { beforeAll, describe, expect, it } from 'vitest';
import { runAs, scriptedTurn } from '../helpers/cli.js';
import { canonicalBytes } from '../../src/core/canonical.js';
import type { GameEvent } from '../../src/core/engine/events.js';
import { sha256Hex } from '../../src/core/hash.js';
import { gameIdOf } from '../../src/core/protocol/game-id.js';
import { buildChain, DICE_CHAIN_TAG, HIDDEN_CHAIN_TAG } from '../../src/core/random/chain.js';
import { cardCommitment } from '../../src/core/random/commitment.js';
import { drawKey, drawWithKey } from '../../src/core/random/hidden-draw.js';
import { epochKey } from '../../src/core/random/stream.js';
import { rollDice } from '../../src/core/random/dice.js';
import { writeContainer } from '../../src/log/container.js';
import { loadPrivateKey } from '../../src/log/keys.js';
import { logEntries, openLog, type LogFile } from '../../src/log/log-file.js';
import { acceptGame, readSecrets } from '../../src/log/setup.js';
import { signDetached } from '../../src/log/signature.js';
import { TurnSession } from '../../src/log/turn-session.js';
import { verifyLog } from '../../src/log/verify.js';
import { ROOT } from '../helpers/module-files.js';
import { cheat, writeLog } from '../helpers/patched-client.js';

const dir = mkdtempSync(join(tmpdir(), 'hexpost-attacks-'));
const keyFile = (side: string) => join(dir, `${side}.key`);
const keys: Record<string, PrivateKey> = {};

const run = (who: string, ...args: string[]) => runAs(dir, who, args);

const turn = (who: string, log: string, lines: string[], ...extra: string[]) =>
  scriptedTurn(dir, who, log, keyFile(who), lines, ...extra);

const read = (path: string): LogFile => openLog(new Uint8Array(readFileSync(path)), path);
let n = 0;
/** A new skirmish game made with the stock CLI (red proposes, blue joins), as a file path. */
async function newGame(): Promise<string> {
  const path = join(dir, `game-${++n}.hexlog`);
  const made = await run('red', 'game', 'new', '--module', join(ROOT, 'modules/skirmish'), '--scenario', 'meeting', '--side', 'red',
    '--key', keyFile('red'), '--opponent', `blue=${keyFile('blue')}.pub`, '-o', path);
  expect(made.code, made.err).toBe(0);
  const joined = await run('blue', 'game', 'join', path, '--side', 'blue', '--key', keyFile('blue'));
  expect(joined.code, joined.err).toBe(0);
  return path;
}

const pool = Array.from({ length: 20 }, (_, i) => `r${String(i + 1).padStart(2, '0')}`);

beforeAll(async () => {
  for (const side of ['red', 'blue']) {
    expect((await run(side, 'key', 'new', '--name', side, '--email', `${side}@example.org`, '-o', keyFile(side))).code).toBe(0);
    keys[side] = await loadPrivateKey(readFileSync(keyFile(side), 'utf8'));
  }
});

describe('1. invented and cloned hidden cards', () => {
  it('a final segment that reveals no hidden value is refused, and a revealed one exposes the invented cards', async () => {
    const path = await newGame();
    await turn('red', path, ['draw red-cards 3']);
    await turn('blue', path, ['note "reply"']);
    // Red's patched client commits to r20, r20 and r19 instead of the cards the draw gave him...
    const salts = ['01', '02', '03'].map((b) => b.repeat(16));
    const fake = ['r20', 'r20', 'r19'].map((c, i) => cardCommitment(salts[i]!, c));
    const committed = await cheat(read(path), 'red', keys.red!, ({ v }) => {
      const id = v.state.sealed!.find((r) => r.kind === 'draw')!.id;
      const draws = fake.map((commitment, counter) => ({ counter, commitment }));
      const plays = [0, 1].map((i) => ({
        command: 'play r20',
        // (skirmish limits plays per segment, so each played event carries its count)
        events: [{ type: 'played', deck: 'red-cards', side: 'red', card: 'r20', commitment: fake[i]!, salt: salts[i]!, to: 'discard', count: i + 1 }] as GameEvent[],
      }));
      // ...plays r20 twice, and closes the game without revealing his hidden value.
      return { resolutions: [{ type: 'drew', deck: 'red-cards', side: 'red', period: 0, draws, sealed: id }], entries: plays, final: true };
    });
    writeLog(path, committed);
    for (const who of ['blue', 'archivist']) {
      const r = await run(who, 'verify', path);
      expect(r.code).toBe(1);
      expect(r.err).toMatch(/a final segment must reveal every hidden value red's draws used \(through #1\); none is revealed/);
    }
    // With his real hidden value revealed in the final segment, the audit names the invented draw.
    const withoutFinal = { ...committed, segments: committed.segments.slice(0, -1) };
    const revealed = await cheat(withoutFinal, 'red', keys.red!, async ({ v, hidden }) => {
      const last = committed.segments.at(-1)!.body;
      void v;
      return { resolutions: last.resolutions, entries: last.entries, final: true, hiddenReveals: [{ period: 1, value: hidden.reveal(1) }] };
    });
    writeLog(path, revealed);
    const r = await run('blue', 'verify', path);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/hidden reveal #1 exposes an invented draw: segment 3 by red logged draw #0 from red-cards/);
  });

  it('every player having sent his final segment with a draw never audited fails, and pending audits are listed on every run', async () => {
    const path = await newGame();
    await turn('red', path, ['draw red-cards 2']);
    await turn('blue', path, ['note "reply"']);
    await turn('red', path, ['note "cards committed"']);
    const v = await run('blue', 'verify', path, '--json');
    expect(JSON.parse(v.out).pendingAudits).toEqual([{ side: 'red', deck: 'red-cards', period: 0, draws: 2 }]);
    expect((await run('blue', 'verify', path)).out).toMatch(/audit pending: 2 hidden draws of red's red-cards \(period 0\)/);
    // The honest final reveal audits them: the game is over only then.
    expect((await run('red', 'reveal', path, '--key', keyFile('red'), '--final')).code).toBe(0);
    expect((await run('blue', 'reveal', path, '--key', keyFile('blue'), '--final')).code).toBe(0);
    const done = JSON.parse((await run('blue', 'verify', path, '--json')).out);
    expect(done).toMatchObject({ ok: true, status: 'over', pendingAudits: [] });
  });
});

describe('2. an early reveal closes the period', () => {
  it('a draw keyed by an already revealed hidden value is refused at once', async () => {
    const path = await newGame();
    await turn('red', path, ['draw red-cards 2']);
    await turn('blue', path, ['note "reply"']);
    // Red reveals his period-0 hidden value early (the audit of his 2 draws passes)...
    const early = await cheat(read(path), 'red', keys.red!, async ({ v, hidden }) => {
      const s = new TurnSession(v, 'red', keys.red!);
      return { resolutions: s.resolutions, entries: [], hiddenReveals: [{ period: 1, value: hidden.reveal(1) }] };
    });
    writeLog(path, early);
    expect((await run('blue', 'verify', path)).code).toBe(0);
    await turn('blue', path, ['note "reply"']);
    // ...and then draws again in period 0, whose key everyone now knows: refused by every tool.
    const honest = read(path);
    const v = await verifyLog(honest, { viewer: { side: 'red', key: keys.red! } });
    const late = await cheat(honest, 'red', keys.red!, () => ({
      entries: [{ command: 'draw red-cards 1', events: [{
        type: 'sealed', id: 'red/red-cards/0/2', kind: 'draw', side: 'red', epoch: 3, own: v.chains!.latestDice('red'), awaiting: ['blue'],
        deck: 'red-cards', period: 0, indices: [2], pool,
      }] as GameEvent[] }],
    }));
    const forged = join(dir, 'late.hexlog');
    writeLog(forged, late);
    const r = await run('blue', 'verify', forged);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/"draw red-cards 1" is refused by the rules: period 0 of deck red-cards is closed/);
    // Red's own stock tool refuses such a draw too.
    writeFileSync(join(dir, 'draw.txt'), 'draw red-cards 1\n');
    const again = await run('red', 'turn', path, '--key', keyFile('red'), '--script', join(dir, 'draw.txt'), '--yes');
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/period 0 of deck red-cards is closed/);
  });
});

describe('3. the joiner grinds his acceptance for an opening hand', () => {
  it('no value the joiner knows while writing his acceptance decides his cards', async () => {
    // Red proposes with the stock CLI; blue's patched client grinds the acceptance's time text
    // until the key he could compute (his hidden value, red's anchor, the game id) gives b01–b05.
    const path = join(dir, 'grind.hexlog');
    expect((await run('red', 'game', 'new', '--module', join(ROOT, 'modules/skirmish'), '--scenario', 'meeting', '--side', 'red',
      '--key', keyFile('red'), '--opponent', `blue=${keyFile('blue')}.pub`, '-o', path)).code).toBe(0);
    const proposed = read(path);
    const accepted = await acceptGame(proposed, 'blue', keys.blue!, 'x');
    const acc = accepted.acceptances[0]!;
    const secrets = await readSecrets(acc.body.secrets, keys.blue!);
    const hidden1 = buildChain(secrets.hidden, proposed.genesis.body.chainLength.hidden, HIDDEN_CHAIN_TAG).reveal(1);
    // skirmish's blue deck starts without its late-orders set (b19, b20)
    const bluePool = pool.map((c) => c.replace('r', 'b')).filter((c) => c !== 'b19' && c !== 'b20');
    const target = new Set(['b01', 'b02', 'b03', 'b04', 'b05']);
    const predict = (gameId: string, opponent: string) => {
      const key = drawKey({ gameId, deckId: 'blue-cards', hiddenValue: hidden1, opponentValues: [opponent] });
      const drawn: string[] = [];
      for (let i = 0; i < 5; i++) drawn.push(drawWithKey(key, i, bluePool.filter((c) => !drawn.includes(c))).card);
      return drawn;
    };
    const body = structuredClone(acc.body);
    let tries = 0;
    for (; tries < 400_000; tries++) {
      body.time = `2026-12-01T10:00:00.${tries}+00:00`;
      const gameId = gameIdOf(proposed.genesis.hash, { blue: sha256Hex(canonicalBytes(body)) });
      if (predict(gameId, proposed.genesis.body.commitments.dice).every((c) => target.has(c))) break;
    }
    expect(tries).toBeLessThan(400_000);
    const bytes = canonicalBytes(body);
    const ground = { ...acc, body, bytes, hash: sha256Hex(bytes), signature: await signDetached(bytes, keys.blue!) };
    writeFileSync(path, writeContainer(logEntries({ ...proposed, acceptances: [ground] })));
    const gameId = gameIdOf(proposed.genesis.hash, { blue: ground.hash });
    // The game goes on with the stock tool: blue draws 5 before red's first segment, red replies.
    await turn('blue', path, ['draw blue-cards 5']);
    await turn('red', path, ['note "first segment"']);
    const shown = JSON.parse((await run('blue', 'show', path, '--key', keyFile('blue'), '--json')).out);
    const hand: string[] = shown.hand.cards.map((c: { card: string }) => c.card);
    expect(hand).toHaveLength(5);
    // His cards come from red's reveal in the reply, which nobody knew when blue committed...
    const log = read(path);
    const reply = log.segments[1]!.body.reveal!;
    expect(hand).toEqual(predict(gameId, reply));
    // ...and not from anything he could grind: the attack's hand is not his hand.
    expect(hand.every((c) => target.has(c))).toBe(false);
  });
});

describe('4. a player chooses his own dice', () => {
  it('throwaway rolls cannot steer a sealed roll, and no preview shows its outcome', async () => {
    const path = await newGame();
    const log = read(path);
    // Red's patched client predicts every number it can compute (its own epoch value and blue's
    // anchor: the old epoch key) and spends throwaway rolls until the next one "would be" a 6.
    const v = await verifyLog(log, { viewer: { side: 'red', key: keys.red! } });
    const dice = buildChain(v.secrets!.dice, log.genesis.body.chainLength.dice, DICE_CHAIN_TAG);
    const key = epochKey({ gameId: v.gameId!, epoch: 1, ownValue: dice.reveal(1), othersValues: [log.acceptances[0]!.body.commitments.dice] });
    const lines: string[] = [];
    let counter = 0;
    for (let important = 0; important < 30; important++) {
      while (rollDice(key, counter, [{ count: 1, sides: 6 }])[0]![0] !== 6) { lines.push('roll 1d6 "burn"'); counter++; }
      lines.push('roll 1d6 "siege"');
      counter++;
    }
    // The preview shows no outcome: the rolls are sealed.
    const dry = await turn('red', path, lines.slice(0, 3), '--dry-run', '--json');
    const events = JSON.parse(dry.out).commands.flatMap((c: { events: GameEvent[] }) => c.events);
    expect(events.every((e: GameEvent) => e.type === 'sealed')).toBe(true);
    expect(dry.out).not.toMatch(/faces/);
    await turn('red', path, lines);
    // Blue's stock tool resolves them with his reply.
    const reply = await turn('blue', path, ['note "reply"'], '--json');
    const resolved = (JSON.parse(reply.out).resolutions as GameEvent[]).filter((e) => e.type === 'rolled' && e.purpose === 'siege');
    expect(resolved).toHaveLength(30);
    const sixes = resolved.filter((e) => e.type === 'rolled' && e.faces[0] === 6).length;
    // Steered, all 30 would be sixes; fair dice give about 5 (20 or more: odds below 1e-9).
    expect(sixes).toBeLessThan(20);
    const audit = await run('blue', 'audit', path);
    expect(audit.out).toMatch(/rolls: \d+ sealed \(no roller could foresee them\), 0 immediate/);
  });
});
