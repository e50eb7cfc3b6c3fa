// Take-backs at `play`'s prompt: `takeback --to N` proposes, `accept`/`decline` answer, each signed
// at once after a question — the same rules and refusals as `hexpost takeback`. Two players, two
// state folders, turn mails between them; `play` runs as the real CLI reading its standard input.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { twoPlayers, type Table } from '../helpers/cli.js';
import { ROOT } from '../helpers/module-files.js';

/** `hexpost play` as `side`, with `input` typed at its prompt. */
function play(t: Table, side: string, input: string, ...extra: string[]) {
  const env = { ...process.env, HEXPOST_HOME: join(t.dir, `home-${side}`) };
  return spawnSync(process.execPath, [join(ROOT, 'bin', 'hexpost.js'), 'play', t.log(side), '--key', t.key(side), ...extra],
    { input, env, encoding: 'utf8' });
}

async function pass(t: Table, from: string, to: string, name: string): Promise<void> {
  const mail = join(t.dir, from, `${name}.mail`);
  expect((await t.run(from, 'send', t.log(from), '--key', t.key(from), '-o', mail)).code).toBe(0);
  const r = await t.run(to, 'receive', t.log(to), mail, '--key', t.key(to));
  expect(r.code, r.err).toBe(0);
}

async function turn(t: Table, side: string, name: string, lines: string[]): Promise<void> {
  const r = await t.run(side, 'turn', t.log(side), '--key', t.key(side), '--script', t.file(side, `${name}.txt`, lines), '--yes');
  expect(r.code, `${r.out}${r.err}`).toBe(0);
}

describe('take-backs at the play prompt', () => {
  let t: Table;
  beforeAll(async () => {
    if (!existsSync(join(ROOT, 'dist', 'src', 'cli', 'main.js'))) throw new Error('run `npm run build` first (npm test does)');
    t = await twoPlayers();
    await turn(t, 'red', 't1', ['move red-1 0302 0402', 'roll 1d6', 'next', 'next']);
    await pass(t, 'red', 'blue', 't1');
    await turn(t, 'blue', 't2', ['move blue-1 0807', 'next', 'next']);
    await pass(t, 'blue', 'red', 't2');
  }, 60_000);

  it('refuses what hexpost takeback refuses, then proposes after a question', () => {
    const before = readFileSync(t.log('red'));
    // past a roll; with commands given; mistyped; and a no at the question: nothing written
    const refused = play(t, 'red', 'takeback --to 0\ntakeback\nrotate red-1 +1\ntakeback --to 1\nundo\ntakeback --to 2\ntakeback --to 1\nn\nquit\n');
    expect(refused.status, refused.stderr).toBe(0);
    expect(refused.stdout).toMatch(/refused: .*segment 1 command 2 "roll 1d6" commits a sealed roll \(red\/1\/0\): a take-back never voids randomness or a card shown, so it cannot reach back past segment 1 \(take back to segment 1 or later\); nothing was written/);
    expect(refused.stdout).toContain('refused: takeback needs the segment to go back to: takeback --to <seq> (0: the start)');
    expect(refused.stdout).toMatch(/refused: a take-back proposal is a segment of its own, with no commands, and this turn holds 1 command: undo it first/);
    expect(refused.stdout).toMatch(/refused: .*take-back to segment 2 voids nothing: the last segment is 2; nothing was written/);
    expect(refused.stdout).toContain('take back segment 2, back to the position after segment 1:\n  segment 2 by blue: move blue-1 0807; next; next\nSign and write this segment? [y/N]');
    expect(refused.stdout).toContain('refused: not signed: nothing was written');
    expect(readFileSync(t.log('red')).equals(before)).toBe(true);

    const proposed = play(t, 'red', 'takeback --to 1\ny\n');
    expect(proposed.status, proposed.stderr).toBe(0);
    expect(proposed.stdout).toContain('proposed in segment 3: take back segment 2, back to the position after segment 1:');
    expect(proposed.stdout).toContain('waiting for Ben to answer your take-back of segment 2');
    // the proposer waits: play refuses as turn does
    const again = play(t, 'red', 'quit\n');
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/the take-back proposed in segment 3 waits for blue's answer/);
  });

  it('the opponent sees the proposal on opening, may only answer, and accepts', async () => {
    await pass(t, 'red', 'blue', 't3');
    const only = play(t, 'blue', 'move blue-1 0806\nseal\nshow\nquit\n');
    expect(only.status, only.stderr).toBe(0);
    expect(only.stdout).toMatch(/^your answer: Anna proposes to take back segment 2 \(hexpost takeback --accept or --decline\)\n/);
    expect(only.stdout).toContain('Anna (Red) proposes in segment 3 to take back segment 2, back to the position after segment 1; rolls and cards stay as they fell:');
    expect(only.stdout).toContain('your answer: accept, or decline (nothing else can be sent until you answer)');
    expect(only.stdout).toContain('refused: "move blue-1 0806": answer the take-back proposed in segment 3 first: accept, or decline');
    expect(only.stdout).toContain('refused: "seal": answer the take-back proposed in segment 3 first');
    expect(only.stdout).toMatch(/blue-1\s+0807/);

    const accepted = play(t, 'blue', 'accept\ny\n');
    expect(accepted.status, accepted.stderr).toBe(0);
    expect(accepted.stdout).toContain('accept the take-back of segment 2 proposed in segment 3: the game goes on from the position after segment 1');
    expect(accepted.stdout).toContain('accepted in segment 4: segment 2 voided for both of you; the game goes on from the position after segment 1');
    // nothing left to answer
    const none = play(t, 'blue', 'decline\nquit\n');
    expect(none.stdout).toMatch(/refused: .*no take-back is open: nothing to decline/);
    await pass(t, 'blue', 'red', 't4');
    const shown = JSON.parse((await t.run('red', 'show', t.log('red'), '--json')).out);
    expect(shown.pieces['blue-1'].at).not.toBe('0807');
    const history = JSON.parse((await t.run('red', 'history', t.log('red'), '--json')).out);
    expect(history.segments.map((s: { voided?: number }) => s.voided ?? null)).toEqual([null, 4, null, null]);
  });

  it('declines with --yes (no question)', async () => {
    // blue proposes to take back red's segment 5; red declines it
    await turn(t, 'red', 't5', ['move red-1 0302', 'next', 'next']);
    await pass(t, 'red', 'blue', 't5');
    const proposed = play(t, 'blue', 'takeback --to 4\n', '--yes');
    expect(proposed.status, proposed.stderr).toBe(0);
    await pass(t, 'blue', 'red', 't6');
    const declined = play(t, 'red', 'decline\n', '--yes');
    expect(declined.status, declined.stderr).toBe(0);
    expect(declined.stdout).toContain('declined in segment 7: the game goes on from the last segment');
    expect(declined.stdout).not.toContain('[y/N]');
  });
});
