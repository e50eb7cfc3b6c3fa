// Turn mails (docs/turn-mail.md): armored text holding only the segments the recipient's copy
// lacks, so an e-mail costs what the turn holds however long the game is. The payload is a zip
// under the .hexlog entry rules holding segment entries only; the headers name the game and the
// segment the recipient's copy must already end with. Receiving checks both against the local
// copy and returns the log with the new segments appended; verification is the caller's.
import type { SegmentBody } from '../core/protocol/bodies.js';
import { armor, dearmor, type Dearmored } from './armor.js';
import { writeContainer } from './container.js';
import { classifyEntryName } from './entry-names.js';
import { HexlogError } from './errors.js';
import { logEntries, openSegments, type LogFile, type SignedBody } from './log-file.js';

export class TurnMailError extends HexlogError {}

export interface TurnMail {
  game: string;
  /** the last segment the recipient's copy must hold (seq 0: the setup; hash = the game id) */
  after: { seq: number; hash: string };
  segments: SignedBody<SegmentBody>[];
  headers: Record<string, string>;
}

/** A segment's seq from its entry name (checked against its body when the body is read). */
export function seqOfEntry(s: SignedBody<unknown>): number {
  const k = classifyEntryName(s.name);
  if (k?.kind !== 'segment') throw new Error(`${s.name} is not a segment entry`);
  return k.seq;
}

/** The hash a segment after `seq` names as prev: the body hash at seq, or the game id at 0. */
export function headAt(log: LogFile, gameId: string, seq: number): string {
  return seq === 0 ? gameId : log.segments[seq - 1]!.hash;
}

/**
 * The seq the recipients' copies certainly hold: each other player has the log up to his own last
 * segment (he wrote it); with several recipients, the one furthest behind. 0 = the setup only.
 */
export function recipientsHold(log: LogFile, sender: string, sides: readonly string[]): number {
  const others = new Set(sides.filter((x) => x !== sender));
  if (!others.size) return 0;
  // from the end, reading only the bodies needed (a long log's prefix stays unparsed)
  const found = new Set<string>();
  for (let i = log.segments.length - 1; i >= 0; i--) {
    const author = log.segments[i]!.body.author;
    if (others.has(author) && !found.has(author)) {
      found.add(author);
      if (found.size === others.size) return i + 1;
    }
  }
  return 0;
}

/** The turn mail's armored block holding the segments after `after` (1 … all of them). */
export function writeTurnMail(log: LogFile, gameId: string, after: number): { text: string; bytes: Uint8Array; from: number; to: number } {
  const to = log.segments.length;
  if (!Number.isSafeInteger(after) || after < 0 || after > to) {
    throw new TurnMailError(`--since ${after}: the log has segments 1 to ${to}`, { file: log.file });
  }
  if (after === to) throw new TurnMailError(`nothing to send: the recipient's copy already holds all ${to} segments`, { file: log.file });
  const segments = log.segments.slice(after);
  // logEntries of segments only: the stored (compressed) entries are copied as they are.
  const entries = logEntries({ genesis: log.genesis, acceptances: [], segments }).slice(2);
  const bytes = writeContainer(entries, { file: log.file });
  const text = armor(bytes, {
    kind: 'TURN', gameId,
    headers: [['After', `${after} ${headAt(log, gameId, after)}`], ['Segments', `${after + 1}-${to}`]],
  });
  return { text, bytes, from: after + 1, to };
}

/** Reads the one turn mail in pasted text (quoted, re-wrapped, CRLF: as dearmor tolerates). */
export function readTurnMail(text: string, file: string): TurnMail {
  const d: Dearmored = dearmor(text, { file, kind: 'TURN' });
  const place = { file, place: 'turn mail headers' };
  if (!d.gameId || !/^[0-9a-f]{64}$/.test(d.gameId)) throw new TurnMailError('missing or malformed "Game:" header (64 hex digits)', place);
  const after = /^(\d{1,6}) ([0-9a-f]{64})$/.exec(header(d, 'After') ?? '');
  if (!after) throw new TurnMailError('missing or malformed "After:" header (<seq> <64 hex digits>)', place);
  const range = /^(\d{1,6})-(\d{1,6})$/.exec(header(d, 'Segments') ?? '');
  if (!range) throw new TurnMailError('missing or malformed "Segments:" header (<first>-<last>)', place);
  const segments = openSegments(d.bytes, `${file}: turn mail`);
  const seqs = segments.map(seqOfEntry);
  const afterSeq = Number(after[1]);
  const expected = Array.from({ length: Number(range[2]) - Number(range[1]) + 1 }, (_, i) => Number(range[1]) + i);
  if (Number(range[1]) !== afterSeq + 1 || seqs.join() !== expected.join()) {
    throw new TurnMailError(`the headers say segments ${range[1]}-${range[2]} after ${afterSeq}, but the mail holds ${seqs.join(', ')}`, place);
  }
  return { game: d.gameId, after: { seq: afterSeq, hash: after[2]! }, segments, headers: d.headers };
}

export interface Received {
  log: LogFile;
  /** the seqs appended (empty: the copy already held them all) */
  added: number[];
}

/**
 * The local copy with the mail's segments appended. Refuses another game's mail, a mail that
 * continues a segment the copy lacks, and one whose segments differ from the copy's own.
 */
export function applyTurnMail(local: LogFile, gameId: string, mail: TurnMail): Received {
  const file = local.file;
  if (mail.game !== gameId) {
    throw new TurnMailError(`this turn mail is for game ${mail.game.slice(0, 16)}…, but ${file} holds game ${gameId.slice(0, 16)}…; nothing was written`);
  }
  const held = local.segments.length;
  const last = mail.after.seq + mail.segments.length;
  if (mail.after.seq > held) {
    throw new TurnMailError(`this turn mail continues after segment ${mail.after.seq}, but ${file} holds only ${held} segment${held === 1 ? '' : 's'}: `
      + `segments ${held + 1}-${mail.after.seq} are missing; ask for them (hexpost send --since ${held}) or for the whole log (hexpost armor); nothing was written`);
  }
  if (headAt(local, gameId, mail.after.seq) !== mail.after.hash) {
    throw new TurnMailError(`this turn mail continues segment ${mail.after.seq} with body hash ${mail.after.hash}, but ${file}'s segment ${mail.after.seq} `
      + `has ${headAt(local, gameId, mail.after.seq)}: the copies differ; nothing was written`);
  }
  const segments = local.segments.slice(0, mail.after.seq);
  const added: number[] = [];
  mail.segments.forEach((s, i) => {
    const seq = mail.after.seq + 1 + i;
    const mine = local.segments[seq - 1];
    if (mine && mine.hash !== s.hash) {
      throw new TurnMailError(`segment ${seq} in this turn mail has body hash ${s.hash}, but ${file} holds ${mine.hash}: the copies differ; nothing was written`);
    }
    if (!mine) added.push(seq);
    segments.push(mine ?? s);
  });
  // A copy that holds more than the mail keeps its own later segments.
  segments.push(...local.segments.slice(last));
  return { log: { ...local, segments }, added };
}

function header(d: Dearmored, key: string): string | undefined {
  for (const [k, v] of Object.entries(d.headers)) if (k.toLowerCase() === key.toLowerCase()) return v.trim();
  return undefined;
}
