// Issue 13, "Equivocation is provable to a third party", played as the attack: red's patched client
// (the library, signing with red's own pinned key, no CLI rule in the way) sends blue two versions
// of one segment, or drops blue's segment; blue runs the stock CLI (bin/hexpost.js, his own
// HEXPOST_HOME). Also an older copy, which is not a fork.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { armor } from '../../src/log/armor.js';
import { writeContainer } from '../../src/log/container.js';
import { writeState } from '../../src/log/home.js';
import { writeTurnMail } from '../../src/log/turn-mail.js';
import { fingerprintOf, formatFingerprint } from '../../src/log/keys.js';
import { logEntries, type LogFile } from '../../src/log/log-file.js';
import { forge, newSkirmish, playTurn, players, type Players } from '../helpers/game.js';
import { ROOT } from '../helpers/module-files.js';

const dir = mkdtempSync(join(tmpdir(), 'hexpost-eq-'));
const bin = join(ROOT, 'bin', 'hexpost.js');
let p: Players;
let start: LogFile;
let one: LogFile;
let redFpr: string;

/** The stock CLI in a child process, with the state folder of `who`. */
function hexpost(who: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [bin, ...args], { env: { ...process.env, HEXPOST_HOME: join(dir, `home-${who}`) }, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

function file(name: string, log: LogFile): string {
  const path = join(dir, name);
  writeFileSync(path, writeContainer(logEntries(log)));
  return path;
}

beforeAll(async () => {
  if (!existsSync(join(ROOT, 'dist', 'src', 'cli', 'main.js'))) throw new Error('run `npm run build` first (npm test does)');
  p = await players();
  writeFileSync(join(dir, 'blue.key'), p.bluePrivate);
  writeFileSync(join(dir, 'script.txt'), 'note "my turn"\n');
  start = await newSkirmish(p);
  one = await playTurn(start, p, 'red', ['roll 1d6 "attack"']);
  redFpr = formatFingerprint(fingerprintOf(p.red));
});

describe('two versions of one segment, both signed by red', () => {
  it('blue\'s stock tool reports the equivocation, refuses to play on it, and the proof checks anywhere', async () => {
    const first = file('first.hexlog', one);
    expect(hexpost('blue', 'verify', first).code).toBe(0);
    // Red's patched client: another segment 1 on the same setup, signed with red's key.
    const second = await playTurn(start, p, 'red', ['move red-1 0302', 'roll 1d6 "attack"']);
    const path = file('second.hexlog', second);
    const [seen, now] = [one.segments[0]!.hash, second.segments[0]!.hash];

    const v = hexpost('blue', 'verify', path);
    expect(v.code).toBe(1);
    expect(v.err).toContain(`second.hexlog: 000001.json: segment 1 of game ${one.segments[0]!.body.game.slice(0, 16)}…: two different versions, `
      + `both signed by red (${redFpr}): body hash ${seen} (the one you have seen) and ${now} (this log's). red sent two versions of one segment (equivocation)`);
    const json = JSON.parse(hexpost('blue', 'verify', path, '--json').out);
    expect(json).toEqual({ ok: false, error: { seq: 1, message: expect.stringContaining('two different versions, both signed by red') } });
    const before = readFileSync(path);
    const t = hexpost('blue', 'turn', path, '--key', join(dir, 'blue.key'), '--script', join(dir, 'script.txt'));
    expect(t.code).toBe(1);
    expect(t.err).toMatch(/two different versions, both signed by red/);
    expect(readFileSync(path).equals(before)).toBe(true);

    const proof = join(dir, 'red.hexproof');
    const made = hexpost('blue', 'proof', path, '-o', proof);
    expect(made.code, made.err).toBe(0);
    const statement = `segment 1 of game ${one.segments[0]!.body.game}: two different bodies both signed by red (${redFpr})`;
    expect(made.out).toContain(statement);
    expect(hexpost('blue', 'proof', path, '-o', proof).err).toMatch(/red\.hexproof exists; a proof is never written over a file/);
    // A club archivist, who never saw the game, checks it.
    const checked = hexpost('archivist', 'verify-proof', proof);
    expect(checked.code, checked.err).toBe(0);
    expect(checked.out).toContain(statement);
    expect(checked.out).toContain([seen, now].sort().join(' (a/) and '));
    expect(JSON.parse(hexpost('archivist', 'verify-proof', proof, '--json').out)).toEqual({
      ok: true, game: one.segments[0]!.body.game, seq: 1, author: 'red', fingerprint: fingerprintOf(p.red), hashes: [seen, now].sort(),
    });
    // Two logs given by name, no state folder needed: the same proof, byte for byte.
    const again = join(dir, 'again.hexproof');
    expect(hexpost('archivist', 'proof', path, first, '-o', again).code).toBe(0);
    expect(readFileSync(again).equals(readFileSync(proof))).toBe(true);
    // Anything else is refused with the reason.
    const damaged = Buffer.from(readFileSync(proof));
    damaged[damaged.length - 30]! ^= 0xff;
    writeFileSync(join(dir, 'damaged.hexproof'), damaged);
    const bad = hexpost('archivist', 'verify-proof', join(dir, 'damaged.hexproof'));
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/not a proof of equivocation: .*damaged\.hexproof/);
    expect(hexpost('archivist', 'verify-proof', first).err).toMatch(/not a proof of equivocation: .*first\.hexlog: no proof\.json/);
  });

  it('a second version that breaks the rules is still reported as an equivocation, from the signatures alone', async () => {
    expect(hexpost('blue-2', 'verify', file('honest.hexlog', one)).code).toBe(0);
    // A state hash the rules never give: invalid, but signed by red all the same.
    const cooked = await forge(one, p, 1, (b) => { b.state = '0'.repeat(64); });
    const path = file('cooked.hexlog', cooked);
    expect(hexpost('fresh', 'verify', path).err).toMatch(/segment 1 by red: .*state/);
    const r = hexpost('blue-2', 'verify', path);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/segment 1 of game [0-9a-f]{16}…: two different versions, both signed by red/);
    expect(hexpost('blue-2', 'proof', path, '-o', join(dir, 'cooked.hexproof')).code).toBe(0);
    expect(hexpost('archivist', 'verify-proof', join(dir, 'cooked.hexproof')).code).toBe(0);
  });
});

describe('two turn mails with two versions of one segment', () => {
  it('receive reports the equivocation instead of "the copies differ", and proof takes the mail', async () => {
    const game = one.segments[0]!.body.game;
    const copy = file('blue-copy.hexlog', start);
    // Red's patched client mails segment 1, then another segment 1.
    const second = await playTurn(start, p, 'red', ['note "what I meant to say"']);
    writeFileSync(join(dir, 'mail-1.txt'), `Hi,\n\n${writeTurnMail(one, game, 0).text}`);
    writeFileSync(join(dir, 'mail-2.txt'), `> ${writeTurnMail(second, game, 0).text.split('\n').join('\n> ')}`);
    const first = hexpost('blue-mail', 'receive', copy, join(dir, 'mail-1.txt'));
    expect(first.code, first.err).toBe(0);
    const before = readFileSync(copy);
    const r = hexpost('blue-mail', 'receive', copy, join(dir, 'mail-2.txt'));
    expect(r.code).toBe(1);
    expect(r.err).toContain(`mail-2.txt: 000001.json: segment 1 of game ${game.slice(0, 16)}…: two different versions, both signed by red (${redFpr}): `
      + `body hash ${one.segments[0]!.hash} (the one you have seen) and ${second.segments[0]!.hash} (this mail's)`);
    expect(r.err).toContain(`hexpost proof ${copy} ${join(dir, 'mail-2.txt')} -o red-equivocation.hexproof`);
    expect(readFileSync(copy).equals(before)).toBe(true);
    const proof = join(dir, 'mail.hexproof');
    const made = hexpost('blue-mail', 'proof', copy, join(dir, 'mail-2.txt'), '-o', proof);
    expect(made.code, made.err).toBe(0);
    expect(hexpost('archivist', 'verify-proof', proof).out).toContain(`segment 1 of game ${game}: two different bodies both signed by red (${redFpr})`);
    // The honest mail again is nothing new, not an equivocation.
    expect(hexpost('blue-mail', 'receive', copy, join(dir, 'mail-1.txt')).code).toBe(0);
  });
});

describe('a state folder from an older Hexpost (hashes only, no copy)', () => {
  it('still reports the conflict with both hashes, and says why no proof can be written', async () => {
    const game = one.segments[0]!.body.game;
    await writeState(`game-${game}.json`, { game, segments: { 1: one.segments[0]!.hash } }, join(dir, 'home-legacy'));
    const second = await playTurn(start, p, 'red', ['note "another story"']);
    const path = file('legacy.hexlog', second);
    const r = hexpost('legacy', 'verify', path);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`segment 1 differs from the one you have seen: body hash ${one.segments[0]!.hash} (seen) and ${second.segments[0]!.hash} `
      + '(this log\'s, signed by red); the version you saw is not kept');
    expect(hexpost('legacy', 'proof', path, '-o', join(dir, 'legacy.hexproof')).err).toMatch(/keeps no copy of game [0-9a-f]{16}… to compare with; name the log/);
  });
});

describe('a log that drops a segment blue\'s tool has seen', () => {
  it('is reported with both hashes and who signed each; no proof, since nobody signed two versions', async () => {
    const two = await playTurn(one, p, 'blue', ['note "blue\'s turn"']);
    expect(hexpost('blue-3', 'verify', file('two.hexlog', two)).code).toBe(0);
    // Red's patched client ignores blue's segment 2 and writes his own segment 2.
    const dropped = await playTurn(one, p, 'red', ['note "as if blue never played"']);
    const path = file('dropped.hexlog', dropped);
    const r = hexpost('blue-3', 'verify', path);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`dropped.hexlog: 000002.json: this log drops segment 2 that you have seen, signed by blue (body hash ${two.segments[1]!.hash}), `
      + `and holds in its place a segment 2 signed by red (body hash ${dropped.segments[1]!.hash})`);
    expect(r.err).toContain(join(dir, 'home-blue-3', `seen-${one.segments[0]!.body.game}.hexlog`));
    const proof = hexpost('blue-3', 'proof', path, '-o', join(dir, 'dropped.hexproof'));
    expect(proof.code).toBe(1);
    expect(proof.err).toMatch(/segment 2 differs from the copy you have seen .*, but no player signed two versions of one segment \(there: by blue, here: by red/);
    expect(existsSync(join(dir, 'dropped.hexproof'))).toBe(false);
  });
});

describe('an older copy', () => {
  it('is "older than the copy you have (segment N of M)", not a fork, and is never played on or written over the newer one', async () => {
    const two = await playTurn(one, p, 'blue', ['note "b"']);
    const three = await playTurn(two, p, 'red', ['note "r"']);
    const newest = file('newest.hexlog', three);
    expect(hexpost('blue-4', 'verify', newest).code).toBe(0);
    const old = file('old.hexlog', one);

    const v = hexpost('blue-4', 'verify', old);
    expect(v.code, v.err).toBe(0);
    expect(v.err).toMatch(/old\.hexlog: older than the copy you have \(segment 1 of 3\); the newest copy you have seen is kept at .*seen-[0-9a-f]{64}\.hexlog/);
    expect(v.err).not.toMatch(/two different|drops|equivocation|rewritten/);

    const before = readFileSync(old);
    const t = hexpost('blue-4', 'turn', old, '--key', join(dir, 'blue.key'), '--script', join(dir, 'script.txt'));
    expect(t.code).toBe(1);
    expect(t.err).toMatch(/old\.hexlog: older than the copy you have \(segment 1 of 3\): a segment written on it would fork the game, so nothing is written/);
    expect(readFileSync(old).equals(before)).toBe(true);

    // The old mail pasted over the newest file is refused; the newest file stays.
    writeFileSync(join(dir, 'old-mail.txt'), `> ${armor(before).split('\n').join('\n> ')}`);
    const newestBytes = readFileSync(newest);
    const d = hexpost('blue-4', 'dearmor', join(dir, 'old-mail.txt'), '-o', newest);
    expect(d.code).toBe(1);
    expect(d.err).toMatch(/newest\.hexlog holds a newer copy of this game: the log to be written is older than the copy you have \(segment 1 of 3\); nothing was written/);
    expect(readFileSync(newest).equals(newestBytes)).toBe(true);
    expect(hexpost('blue-4', 'proof', old, '-o', join(dir, 'old.hexproof')).err).toMatch(/no segment differs from the copy you have seen .*: nothing to prove/);
    // The newest copy still plays.
    expect(hexpost('blue-4', 'turn', newest, '--key', join(dir, 'blue.key'), '--script', join(dir, 'script.txt'), '--dry-run').code).toBe(0);
  });
});
