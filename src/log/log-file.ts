// A .hexlog opened: its entries sorted into genesis, acceptances and segments, each body parsed
// (bounded, canonical) with its detached signature beside it. Signatures are checked later,
// against the pinned keys, by verify.
import { sha256Hex } from '../core/hash.js';
import type { AcceptanceBody, GenesisBody, SegmentBody } from '../core/protocol/bodies.js';
import type { StoredEntry } from '../core/zip.js';
import { readContainer, type ContainerEntry } from './container.js';
import { acceptanceEntryName, classifyEntryName, GENESIS_ENTRY, segmentEntryName, signatureEntryName } from './entry-names.js';
import { HexlogError } from './errors.js';
import { parseJson } from './json.js';

export class LogError extends HexlogError {
  /** the segment seq the problem is in (0 = setup: genesis and acceptances) */
  readonly seq: number | undefined;
  constructor(detail: string, where: { file?: string; place?: string; seq?: number } = {}) {
    super(detail, where);
    this.seq = where.seq;
  }
}

export interface SignedBody<T> {
  name: string;
  body: T;
  /** the canonical bytes, exactly as signed */
  bytes: Uint8Array;
  /** the armored detached signature */
  signature: string;
  /** SHA-256 of the bytes, lower-case hex */
  hash: string;
  /** body and signature as the file they were read from stored them (copied when the log is written again) */
  stored?: { body?: StoredEntry; signature?: StoredEntry };
}

export interface LogFile {
  file: string;
  genesis: SignedBody<GenesisBody>;
  acceptances: SignedBody<AcceptanceBody>[];
  segments: SignedBody<SegmentBody>[];
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/** Opens a log's bytes. Throws LogError naming the file and the entry on anything malformed. */
export function openLog(zip: Uint8Array, file: string): LogFile {
  const { genesis, acceptances, segments } = sortEntries(readContainer(zip, { file }), file);
  if (!genesis) throw new LogError(`no ${GENESIS_ENTRY}: not a Hexpost game log`, { file, seq: 0 });
  return { file, genesis, acceptances, segments };
}

/**
 * Opens a zip that holds segments only (a turn mail's payload, docs/turn-mail.md): the same entry
 * rules as a log, no setup entries, at least one segment, seqs consecutive.
 */
export function openSegments(zip: Uint8Array, file: string): SignedBody<SegmentBody>[] {
  const { genesis, acceptances, segments } = sortEntries(readContainer(zip, { file }), file);
  if (genesis || acceptances.length) throw new LogError('a turn mail holds segments only, not the setup', { file, seq: 0 });
  if (!segments.length) throw new LogError('the turn mail holds no segment', { file });
  return segments;
}

function sortEntries(entries: ContainerEntry[], file: string): Omit<LogFile, 'file' | 'genesis'> & { genesis: SignedBody<GenesisBody> | undefined } {
  const byName = new Map<string, ContainerEntry>(entries.map((e) => [e.name, e]));
  let genesis: SignedBody<GenesisBody> | undefined;
  const acceptances: SignedBody<AcceptanceBody>[] = [];
  const segments: SignedBody<SegmentBody>[] = [];
  /** the seq in each segment's entry name (its body, read later, must say the same) */
  const seqOf = new Map<SignedBody<SegmentBody>, number>();
  for (const entry of entries) {
    const kind = classifyEntryName(entry.name);
    if (!kind) throw new LogError(`unexpected entry: a log holds genesis.json, accept-<side>.json and NNNNNN.json, each with its .sig`, { file, place: entry.name });
    if (kind.kind === 'signature') {
      if (!byName.has(kind.of)) throw new LogError(`signature without its body ${kind.of}`, { file, place: entry.name });
      continue;
    }
    const sigEntry = byName.get(signatureEntryName(entry.name));
    if (!sigEntry) throw new LogError(`no signature beside it (${signatureEntryName(entry.name)})`, { file, place: entry.name, seq: kind.kind === 'segment' ? kind.seq : 0 });
    let signature: string;
    try {
      signature = decoder.decode(sigEntry.data);
    } catch {
      throw new LogError('the signature is not UTF-8 text', { file, place: sigEntry.name });
    }
    const hash = sha256Hex(entry.data);
    if (kind.kind === 'segment') {
      const segment = lazySegment(entry, sigEntry, signature, hash, kind.seq, file);
      seqOf.set(segment, kind.seq);
      segments.push(segment);
      continue;
    }
    const body = parseJson(entry.data, { file: `${file}: ${entry.name}`, canonical: true });
    checkShape(entry.name, body, kind.kind, file);
    const signed: SignedBody<unknown> = { name: entry.name, body, bytes: entry.data, signature, hash, stored: { body: entry.stored, signature: sigEntry.stored } };
    if (kind.kind === 'genesis') genesis = signed as SignedBody<GenesisBody>;
    else acceptances.push(signed as SignedBody<AcceptanceBody>);
  }
  segments.sort((a, b) => seqOf.get(a)! - seqOf.get(b)!);
  // the commit order of the joiners (ChainState) must not depend on how a zip tool ordered the entries
  acceptances.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { genesis, acceptances, segments };
}

/**
 * A segment whose body is parsed (canonically, bounded, shape-checked) when first read: a resumed
 * verification reads only the new segments' bodies, and the prefix's only when a verb asks for
 * them (history, rolls), so opening a long log costs little more than inflating and hashing it.
 * A malformed body throws the same LogError, naming the file and the entry, when it is read.
 */
function lazySegment(entry: ContainerEntry, sigEntry: ContainerEntry, signature: string, hash: string, seq: number, file: string): SignedBody<SegmentBody> {
  let body: SegmentBody | undefined;
  const stored = { body: entry.stored, signature: sigEntry.stored };
  const signed = { name: entry.name, bytes: entry.data, signature, hash, stored } as SignedBody<SegmentBody>;
  Object.defineProperty(signed, 'body', {
    enumerable: true,
    get(): SegmentBody {
      if (body === undefined) {
        const parsed = parseJson(entry.data, { file: `${file}: ${entry.name}`, canonical: true });
        checkShape(entry.name, parsed, 'segment', file, seq);
        body = parsed as unknown as SegmentBody;
      }
      return body;
    },
  });
  return signed;
}

/** The body's own claims must match its entry name (a renamed entry is caught here). */
function checkShape(name: string, body: unknown, kind: 'genesis' | 'acceptance' | 'segment', file: string, seq?: number): void {
  const b = body as Record<string, unknown>;
  const expected = kind === 'genesis' ? 'hexpost/genesis' : kind === 'acceptance' ? 'hexpost/acceptance' : 'hexpost/segment';
  if (typeof b !== 'object' || b === null || Array.isArray(b) || b.type !== expected) {
    throw new LogError(`expected a body of type "${expected}"`, { file, place: name, seq });
  }
  if (kind === 'segment') {
    if (typeof b.seq !== 'number' || segmentEntryName(b.seq) !== name) {
      throw new LogError(`the body says seq ${String(b.seq)}, but the entry is named ${name}`, { file, place: name, seq });
    }
  }
  if (kind === 'acceptance') {
    if (typeof b.side !== 'string' || acceptanceEntryName(b.side) !== name) {
      throw new LogError(`the body says side ${JSON.stringify(b.side)}, but the entry is named ${name}`, { file, place: name });
    }
  }
}

/** The entries of a log, in log order, ready for writeContainer. */
export function logEntries(log: Omit<LogFile, 'file'>): ContainerEntry[] {
  const out: ContainerEntry[] = [];
  const push = (s: SignedBody<unknown>) => {
    out.push({ name: s.name, data: s.bytes, stored: s.stored?.body });
    out.push({ name: signatureEntryName(s.name), data: new TextEncoder().encode(s.signature), stored: s.stored?.signature });
  };
  push(log.genesis);
  [...log.acceptances].sort((a, b) => (a.name < b.name ? -1 : 1)).forEach(push);
  log.segments.forEach(push);
  return out;
}
