import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { armor, ArmorError, checkGameLine, dearmor, dearmorAll } from '../../src/log/armor.js';
import { writeContainer } from '../../src/log/container.js';
import { logEntries } from '../../src/log/log-file.js';
import { verifyLog } from '../../src/log/verify.js';
import { newSkirmish, players } from '../helpers/game.js';

const bytes = new Uint8Array(randomBytes(1000));
const text = armor(bytes, { gameId: 'abc123' });

function refused(t: string): ArmorError {
  try {
    dearmor(t, { file: 'mail.txt' });
  } catch (e) {
    expect(e).toBeInstanceOf(ArmorError);
    expect((e as Error).message.startsWith('mail.txt: ')).toBe(true);
    return e as ArmorError;
  }
  throw new Error('expected an ArmorError');
}

describe('armor', () => {
  it('has the documented shape', () => {
    const lines = text.split('\n');
    expect(lines[0]).toBe('-----BEGIN HEXPOST LOG-----');
    expect(lines[1]).toBe('Game: abc123');
    expect(lines[2]).toBe('Bytes: 1000');
    expect(lines[3]).toMatch(/^SHA256: [0-9a-f]{64}$/);
    expect(lines[4]).toBe('');
    expect(lines[5]!.length).toBe(64);
    expect(lines.at(-2)).toBe('-----END HEXPOST LOG-----');
    expect(armor(bytes)).not.toContain('Game:');
  });

  it('round-trips, including empty input', () => {
    const d = dearmor(text);
    expect(d.bytes).toEqual(bytes);
    expect(d.gameId).toBe('abc123');
    expect(dearmor(armor(new Uint8Array(0))).bytes).toEqual(new Uint8Array(0));
  });

  it('finds the block inside a pasted e-mail', () => {
    const mail = `Hi Karl,\n\nmy turn is below.\n\n${text}\nCheers,\nAnna\n`;
    expect(dearmor(mail).bytes).toEqual(bytes);
  });

  it('tolerates quoting, CRLF, trailing spaces and re-wrapping', () => {
    const quoted = text.split('\n').map((l) => '> ' + l).join('\n');
    expect(dearmor(quoted).bytes).toEqual(bytes);
    expect(dearmor(text.split('\n').map((l) => '>> ' + l).join('\n')).bytes).toEqual(bytes);
    expect(dearmor(text.split('\n').map((l) => '> > ' + l).join('\n')).bytes).toEqual(bytes);
    expect(dearmor(text.split('\n').map((l) => (l ? '>' + l : '>')).join('\n')).bytes).toEqual(bytes);
    expect(dearmor(text.replace(/\n/g, '\r\n')).bytes).toEqual(bytes);
    expect(dearmor(text.split('\n').map((l) => l + '   \t').join('\n')).bytes).toEqual(bytes);
    // Re-wrap the body at 76 and at 40 columns.
    const [head, body] = text.split('\n\n');
    const b64 = body!.split('\n').slice(0, -2).join('');
    for (const w of [76, 40, 1000]) {
      const wrapped = b64.match(new RegExp(`.{1,${w}}`, 'g'))!.join('\n');
      expect(dearmor(`${head}\n\n${wrapped}\n-----END HEXPOST LOG-----\n`).bytes).toEqual(bytes);
      // Blank line after headers lost.
      expect(dearmor(`${head}\n${wrapped}\n-----END HEXPOST LOG-----\n`).bytes).toEqual(bytes);
    }
  });

  it('refuses a missing block, a truncated block, and altered content', () => {
    expect(refused('nothing here').message).toContain('no "-----BEGIN HEXPOST LOG-----" line found');
    const lines = text.split('\n');
    expect(refused(lines.slice(0, 10).join('\n')).message).toMatch(/truncated: "-----END HEXPOST LOG-----" line missing/);
    // Lines lost in the middle: END is present but the length check fails.
    expect(refused([...lines.slice(0, 8), ...lines.slice(10)].join('\n')).message).toMatch(/length check failed/);
    // One character changed: checksum check fails.
    const l = lines[7]!;
    const swapped = [...lines];
    swapped[7] = (l[0] === 'A' ? 'B' : 'A') + l.slice(1);
    expect(refused(swapped.join('\n')).message).toMatch(/checksum check failed/);
    // Header changed.
    expect(refused(text.replace('Bytes: 1000', 'Bytes: 999')).message).toMatch(/length check failed/);
    expect(refused(text.replace(/SHA256: .*/, 'SHA256: xyz')).message).toMatch(/malformed "SHA256:"/);
    expect(refused(text.replace(/Bytes: .*\n/, '')).message).toMatch(/missing or malformed "Bytes:"/);
    // Non-base64 character, with its line.
    const junk = [...lines];
    junk[9] = junk[9]!.slice(0, 10) + '!' + junk[9]!.slice(11);
    expect(refused(junk.join('\n')).message).toMatch(/line 10: character "!" is not base64/);
    // Two different logs pasted.
    expect(refused(text + armor(new Uint8Array([1, 2, 3]))).message).toMatch(/2 different armored logs/);
    expect(dearmorAll(text + armor(new Uint8Array([1, 2, 3]))).length).toBe(2);
    expect(dearmor(`${text}\n> ${text.split('\n').join('\n> ')}`).bytes).toEqual(bytes);
  });
});

describe('the Game: line against the log inside', () => {
  it('is refused when it names another game, or a game the log has not become yet', async () => {
    const p = await players();
    const log = await newSkirmish(p);
    const zip = writeContainer(logEntries(log));
    const v = await verifyLog(log);
    expect(() => checkGameLine(dearmor(armor(zip, { gameId: v.gameId! })), log)).not.toThrow();
    expect(() => checkGameLine(dearmor(armor(zip)), log)).not.toThrow(); // no Game: line, nothing to compare
    // Bytes: and SHA256: cover the bytes only, so anyone can rewrite the Game: line
    const other = armor(zip, { gameId: 'f'.repeat(64) });
    expect(() => checkGameLine(dearmor(other), log, 'mail.txt')).toThrow(`mail.txt: the Game: line names game ${'f'.repeat(64)}, but the log inside is game ${v.gameId}`);
    const proposal = { ...log, acceptances: [] };
    expect(() => checkGameLine(dearmor(armor(writeContainer(logEntries(proposal)), { gameId: v.gameId! })), proposal))
      .toThrow('but the log inside has no game id yet (not every player has accepted)');
  });

  it('the CLI refuses such a paste, in verify and in dearmor', async () => {
    const p = await players();
    const log = await newSkirmish(p);
    const dir = mkdtempSync(join(tmpdir(), 'hexpost-armor-'));
    const mail = join(dir, 'mail.txt');
    writeFileSync(mail, `Here is my move.\n\n${armor(writeContainer(logEntries(log)), { gameId: 'f'.repeat(64) })}`);
    let err = '';
    const o = { out: () => undefined, err: (t: string) => { err += `${t}\n`; }, tty: false };
    process.env.HEXPOST_HOME = join(dir, 'home');
    expect(await main(['node', 'hexpost', 'verify', mail], o)).toBe(1);
    expect(err).toContain(`${mail}: the Game: line names game ${'f'.repeat(64)}, but the log inside is game`);
    err = '';
    expect(await main(['node', 'hexpost', 'dearmor', mail, '-o', join(dir, 'out.hexlog')], o)).toBe(1);
    expect(err).toContain('the Game: line names game');
    expect(existsSync(join(dir, 'out.hexlog'))).toBe(false);
  });
});
