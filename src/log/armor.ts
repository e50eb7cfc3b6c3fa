// E-mail-safe text form of a .hexlog (and, with kind TURN, of a turn mail's payload: docs/turn-mail.md):
//
//   -----BEGIN HEXPOST LOG-----
//   Game: 3f2a…            (only when the caller passes a game id)
//   Bytes: 12345
//   SHA256: 9c1e…          (of the log bytes, lower-case hex)
//
//   UEsDBBQAAAAIAAAAIQ…    (base64, 64 characters a line)
//   -----END HEXPOST LOG-----
//
// dearmor() finds the block anywhere in pasted text and tolerates what mail clients do to it:
// quoting ("> ", ">> ", "> > "), CRLF, trailing spaces, indentation, base64 re-wrapped to any
// width, a lost blank line after the headers. It refuses, saying which check failed, when the
// block is missing or truncated, a character is not base64, or the length or SHA-256 differ.

import { sha256Hex } from '../core/hash.js';
import { HexlogError } from './errors.js';
import { gameIdOf } from '../core/protocol/game-id.js';
import type { LogFile } from './log-file.js';

export const ARMOR_BEGIN = '-----BEGIN HEXPOST LOG-----';
export const ARMOR_END = '-----END HEXPOST LOG-----';
const LINE_WIDTH = 64;

/** What an armored block holds: a whole log, or a turn mail (docs/turn-mail.md). Same rules for both. */
export type ArmorKind = 'LOG' | 'TURN';
export const beginLine = (kind: ArmorKind) => `-----BEGIN HEXPOST ${kind}-----`;
export const endLine = (kind: ArmorKind) => `-----END HEXPOST ${kind}-----`;

export class ArmorError extends HexlogError {}

export interface ArmorOptions {
  gameId?: string | undefined;
  /** default LOG */
  kind?: ArmorKind;
  /** more `Key: value` headers, written after Game: and before Bytes: */
  headers?: [string, string][];
}

export interface Dearmored {
  bytes: Uint8Array;
  /** The `Game:` header, when present. */
  gameId: string | undefined;
  /** All headers as found (keys as written). */
  headers: Record<string, string>;
}

export function armor(bytes: Uint8Array, options: ArmorOptions = {}): string {
  const kind = options.kind ?? 'LOG';
  const lines = [beginLine(kind)];
  if (options.gameId !== undefined) {
    if (!/^[\x21-\x7e]+$/.test(options.gameId)) throw new ArmorError('game id must be printable ASCII without spaces');
    lines.push(`Game: ${options.gameId}`);
  }
  for (const [k, v] of options.headers ?? []) {
    if (!/^[A-Za-z][A-Za-z0-9-]*$/.test(k) || !/^[\x20-\x7e]*$/.test(v)) throw new ArmorError(`header ${k}: name or value not printable ASCII`);
    lines.push(`${k}: ${v}`);
  }
  lines.push(`Bytes: ${bytes.byteLength}`, `SHA256: ${sha256Hex(bytes)}`, '');
  const b64 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
  for (let k = 0; k < b64.length; k += LINE_WIDTH) lines.push(b64.slice(k, k + LINE_WIDTH));
  lines.push(endLine(kind), '');
  return lines.join('\n');
}

export interface DearmorOptions {
  file?: string | undefined;
  /** default LOG */
  kind?: ArmorKind;
}

const what = (kind: ArmorKind) => (kind === 'LOG' ? 'armored log' : 'turn mail');

/** Read the single armored log in `text`. Several identical copies (a quoted reply) are fine. */
export function dearmor(text: string, options: DearmorOptions = {}): Dearmored {
  const kind = options.kind ?? 'LOG';
  const blocks = dearmorAll(text, options);
  if (blocks.length === 0) {
    throw new ArmorError(`no "${beginLine(kind)}" line found`, { file: options.file });
  }
  const first = blocks[0]!;
  for (const b of blocks.slice(1)) {
    if (!sameBytes(b.bytes, first.bytes)) {
      throw new ArmorError(`${blocks.length} different ${what(kind)}s found; paste only one`, { file: options.file });
    }
  }
  return first;
}

/** Which kinds of armored block `text` holds (mail quoting allowed), without decoding them. */
export function armorKinds(text: string): ArmorKind[] {
  const found = new Set<ArmorKind>();
  for (const line of text.split(/\r\n|\r|\n/)) {
    const u = unquote(line);
    if (u === beginLine('LOG')) found.add('LOG');
    else if (u === beginLine('TURN')) found.add('TURN');
  }
  return [...found];
}

/** Read every armored block of one kind in `text`, in order. Throws on the first damaged one. */
export function dearmorAll(text: string, options: DearmorOptions = {}): Dearmored[] {
  const file = options.file;
  const kind = options.kind ?? 'LOG';
  const BEGIN = beginLine(kind);
  const END = endLine(kind);
  const lines = text.split(/\r\n|\r|\n/).map(unquote);
  const out: Dearmored[] = [];
  let k = 0;
  while (k < lines.length) {
    if (lines[k] !== BEGIN) { k++; continue; }
    const startLine = k + 1;
    const where = (line: number) => ({ file, place: `line ${line}` });
    k++;
    const headers: Record<string, string> = {};
    // Headers: "Key: value" lines until a blank line (or until base64 starts, if the blank was lost).
    while (k < lines.length) {
      const m = /^([A-Za-z][A-Za-z0-9-]*):\s*(.*)$/.exec(lines[k]!);
      if (!m) break;
      if (Object.prototype.hasOwnProperty.call(headers, m[1]!)) {
        throw new ArmorError(`header "${m[1]}" appears twice`, where(k + 1));
      }
      headers[m[1]!] = m[2]!;
      k++;
    }
    let b64 = '';
    let ended = false;
    for (; k < lines.length; k++) {
      const line = lines[k]!;
      if (line === END) { ended = true; k++; break; }
      if (line === BEGIN) break;
      const compact = line.replace(/[ \t]+/g, '');
      if (!/^[A-Za-z0-9+/=]*$/.test(compact)) {
        const bad = /[^A-Za-z0-9+/=]/.exec(compact)![0];
        throw new ArmorError(`character ${JSON.stringify(bad)} is not base64 (the ${what(kind)} was altered)`, where(k + 1));
      }
      b64 += compact;
    }
    if (!ended) {
      throw new ArmorError(`${what(kind)} starting at line ${startLine} is truncated: "${END}" line missing`, { file });
    }
    const place = { file, place: `${what(kind)} at line ${startLine}` };
    const bytesHeader = headerValue(headers, 'Bytes');
    const shaHeader = headerValue(headers, 'SHA256');
    if (bytesHeader === undefined || !/^\d{1,12}$/.test(bytesHeader)) {
      throw new ArmorError('missing or malformed "Bytes:" header', place);
    }
    if (shaHeader === undefined || !/^[0-9a-fA-F]{64}$/.test(shaHeader)) {
      throw new ArmorError('missing or malformed "SHA256:" header', place);
    }
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64) || b64.length % 4 !== 0) {
      throw new ArmorError(`base64 body is damaged or truncated (${b64.length} characters, not a whole number of 4-character groups, or '=' in the middle)`, place);
    }
    const bytes = new Uint8Array(Buffer.from(b64, 'base64'));
    const expectedLength = Number(bytesHeader);
    if (bytes.byteLength !== expectedLength) {
      throw new ArmorError(`length check failed: the body decodes to ${bytes.byteLength} bytes but the header says ${expectedLength} (truncated or altered)`, place);
    }
    const sha = sha256Hex(bytes);
    if (sha !== shaHeader.toLowerCase()) {
      throw new ArmorError(`checksum check failed: SHA-256 of the body is ${sha} but the header says ${shaHeader.toLowerCase()} (altered in transit)`, place);
    }
    out.push({ bytes, gameId: headerValue(headers, 'Game'), headers });
  }
  return out;
}

/** Strip mail quoting ("> ", ">>", "> > "), indentation and trailing whitespace. Base64 never holds '>'. */
function unquote(line: string): string {
  return line.replace(/^[ \t]*(?:>[ \t]*)*/, '').replace(/[ \t]+$/, '');
}

function headerValue(headers: Record<string, string>, key: string): string | undefined {
  for (const [k, v] of Object.entries(headers)) if (k.toLowerCase() === key.toLowerCase()) return v.trim();
  return undefined;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.byteLength === b.byteLength && Buffer.compare(a, b) === 0;
}

/**
 * The `Game:` line, when there is one, must name the game of the log inside: a pasted text that
 * says one game and holds another is refused. A log not yet accepted by every player has no game
 * id, so it may carry no `Game:` line.
 */
export function checkGameLine(d: Dearmored, log: LogFile, file?: string): void {
  if (d.gameId === undefined) return;
  const g = log.genesis.body;
  const accepted = Object.fromEntries(log.acceptances.map((a) => [a.body.side, a.hash]));
  const all = g.players.every((p) => p.side === g.creator || accepted[p.side] !== undefined);
  const inside = all ? gameIdOf(log.genesis.hash, accepted) : null;
  if (inside === d.gameId) return;
  throw new ArmorError(inside === null
    ? `the Game: line names game ${d.gameId}, but the log inside has no game id yet (not every player has accepted)`
    : `the Game: line names game ${d.gameId}, but the log inside is game ${inside}`, { file });
}
