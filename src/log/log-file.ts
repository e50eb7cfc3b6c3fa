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

export interface OpenOptions {
  /**
   * Inflate, hash and parse each segment's entries when first read (src/core/zip-read.ts, `lazy`):
   * the layout, names and limits are checked now, each entry's inflation, size and CRC-32 when it
   * is read. Only for a log that is then verified through the verified-prefix cache
   * (verifyLogCached), which reads every entry it does not prove by the prefix digest
   * (src/log/prefix-digest.ts); anything else opens logs eagerly.
   */
  lazy?: boolean;
}

/** Opens a log's bytes. Throws LogError naming the file and the entry on anything malformed. */
export function openLog(zip: Uint8Array, file: string, options: OpenOptions = {}): LogFile {
  return openEntries(readContainer(zip, { file, lazy: options.lazy }), file, options);
}

/** A log from a zip's entries, in zip order (read by the strict reader, or from a stamped file: stamped-open.ts). */
export function openEntries(entries: ContainerEntry[], file: string, options: OpenOptions = {}): LogFile {
  const { genesis, acceptances, segments } = sortEntries(entries, file, options.lazy);
  if (!genesis) throw new LogError(`no ${GENESIS_ENTRY}: not a Hexpost game log`, { file, seq: 0 });
  const log = { file, genesis, acceptances, segments };
  if (!inLogOrder(entries, log)) for (const s of [genesis, ...acceptances, ...segments]) markOutOfOrder(s);
  return log;
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

/** The entries a body and its signature were read from (not enumerable: a copy made with changes does not carry them). */
const SOURCE = Symbol('entries read');
/** Set on the bodies of a zip whose entries were not in log order (docs/log-format.md, "The verified-prefix cache"). */
const OUT_OF_ORDER = Symbol('zip not in log order');
type Sourced = { [SOURCE]?: { body: ContainerEntry; signature: ContainerEntry }; [OUT_OF_ORDER]?: true };

/** The entries `s` was read from, unchanged (null: built in memory, or a copy). */
export function sourceEntries(s: SignedBody<unknown>): { body: ContainerEntry; signature: ContainerEntry } | null {
  return (s as Sourced)[SOURCE] ?? null;
}

/** True when `s` was read from a zip whose entries were not in the order writers put them. */
export function readOutOfOrder(s: SignedBody<unknown>): boolean {
  return (s as Sourced)[OUT_OF_ORDER] === true;
}

function markOutOfOrder(s: SignedBody<unknown>): void {
  Object.defineProperty(s, OUT_OF_ORDER, { value: true, enumerable: false });
}

function sortEntries(entries: ContainerEntry[], file: string, lazy = false): Omit<LogFile, 'file' | 'genesis'> & { genesis: SignedBody<GenesisBody> | undefined } {
  // the names of a zip (unique: the reader refused duplicates); built only when a body's signature is not the next entry
  let byName: Map<string, ContainerEntry> | undefined;
  const named = (name: string) => (byName ??= new Map(entries.map((e) => [e.name, e]))).get(name);
  let genesis: SignedBody<GenesisBody> | undefined;
  const acceptances: SignedBody<AcceptanceBody>[] = [];
  /** each segment with the seq in its entry name (its body, read later, must say the same) */
  const segments: [number, SignedBody<SegmentBody>][] = [];
  entries.forEach((entry, i) => {
    const kind = classifyEntryName(entry.name);
    if (!kind) throw new LogError(`unexpected entry: a log holds genesis.json, accept-<side>.json and NNNNNN.json, each with its .sig`, { file, place: entry.name });
    if (kind.kind === 'signature') {
      if (entries[i - 1]?.name !== kind.of && !named(kind.of)) throw new LogError(`signature without its body ${kind.of}`, { file, place: entry.name });
      return;
    }
    const sigName = signatureEntryName(entry.name);
    const sigEntry = entries[i + 1]?.name === sigName ? entries[i + 1] : named(sigName);
    if (!sigEntry) throw new LogError(`no signature beside it (${sigName})`, { file, place: entry.name, seq: kind.kind === 'segment' ? kind.seq : 0 });
    if (kind.kind === 'segment') {
      const pair = { body: entry, signature: sigEntry };
      const segment = lazy ? new LazySegment(pair, kind.seq, file) : eagerSegment(entry, sigEntry, kind.seq, file);
      segments.push([kind.seq, segment]);
      return;
    }
    const body = parseJson(entry.data, { file: `${file}: ${entry.name}`, canonical: true });
    checkShape(entry.name, body, kind.kind, file);
    const signed: SignedBody<unknown> = {
      name: entry.name, body, bytes: entry.data, signature: signatureText(sigEntry, file), hash: sha256Hex(entry.data),
      stored: { body: entry.stored, signature: sigEntry.stored },
    };
    Object.defineProperty(signed, SOURCE, { value: { body: entry, signature: sigEntry }, enumerable: false });
    if (kind.kind === 'genesis') genesis = signed as SignedBody<GenesisBody>;
    else acceptances.push(signed as SignedBody<AcceptanceBody>);
  });
  // (a log written in order needs no sort)
  if (segments.some(([seq], i) => i > 0 && segments[i - 1]![0] > seq)) segments.sort((x, y) => x[0] - y[0]);
  // the commit order of the joiners (ChainState) must not depend on how a zip tool ordered the entries
  acceptances.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { genesis, acceptances, segments: segments.map(([, s]) => s) };
}

/** True when the zip's entries are exactly in the order logEntries writes them. */
function inLogOrder(entries: readonly ContainerEntry[], log: Omit<LogFile, 'file'>): boolean {
  const bodies = [log.genesis, ...log.acceptances, ...log.segments];
  if (entries.length !== 2 * bodies.length) return false;
  return bodies.every((s, i) => entries[2 * i]!.name === s.name && entries[2 * i + 1]!.name === signatureEntryName(s.name));
}

function signatureText(sigEntry: ContainerEntry, file: string): string {
  try {
    return decoder.decode(sigEntry.data);
  } catch (e) {
    if (e instanceof HexlogError) throw e;
    throw new LogError('the signature is not UTF-8 text', { file, place: sigEntry.name });
  }
}

/** A segment body parsed canonically, bounded, and checked against its entry name. */
function parseSegment(entry: ContainerEntry, seq: number, file: string): SegmentBody {
  const parsed = parseJson(entry.data, { file: `${file}: ${entry.name}`, canonical: true });
  checkShape(entry.name, parsed, 'segment', file, seq);
  return parsed as unknown as SegmentBody;
}

/**
 * A segment of a log opened eagerly: inflated, hashed and its signature decoded now; the body is
 * parsed when first read (a resumed verification reads only the new segments' bodies, and the
 * prefix's only when a verb asks for them: history, rolls). A plain object, so that a copy made
 * with changes (`{ ...s, bytes }`) holds every field.
 */
function eagerSegment(entry: ContainerEntry, sigEntry: ContainerEntry, seq: number, file: string): SignedBody<SegmentBody> {
  let body: SegmentBody | undefined;
  const signed = {
    name: entry.name, bytes: entry.data, signature: signatureText(sigEntry, file), hash: sha256Hex(entry.data),
    stored: { body: entry.stored, signature: sigEntry.stored },
  } as SignedBody<SegmentBody>;
  Object.defineProperty(signed, 'body', { enumerable: true, get: () => (body ??= parseSegment(entry, seq, file)) });
  Object.defineProperty(signed, SOURCE, { value: { body: entry, signature: sigEntry }, enumerable: false });
  return signed;
}

/** A segment's body entry and its signature's. */
export interface SegmentEntries { body: ContainerEntry; signature: ContainerEntry }

/**
 * Where the segments of a log opened from a stamped file (stamped-open.ts) find their entries: the
 * k-th segment's entry name and its two entries, made only when first asked for.
 */
export interface SegmentTable {
  name(k: number): string;
  entries(k: number): SegmentEntries;
}

/**
 * A segment of a log opened lazily: its entries are inflated (size and CRC-32 checked), hashed,
 * decoded and parsed only when first read, so that opening a long log costs little more than
 * reading its zip directory (or, from a stamped file, nothing per segment but this object). A
 * damaged entry or a malformed body throws the same error, naming the file and the entry, when it
 * is read. Its fields are getters of the class (cheap to make by the thousand): a copy made with
 * `{ ...s }` would miss them, so none is made of it.
 */
class LazySegment implements SignedBody<SegmentBody> {
  #name: string | undefined;
  #stored: { body?: StoredEntry; signature?: StoredEntry } | undefined;
  #body: SegmentBody | undefined;
  #hash: string | undefined;
  #signature: string | undefined;
  #source: SegmentEntries | undefined;
  readonly #from: { table: SegmentTable; k: number } | undefined;

  /** `from`: the entries themselves, or the table and the segment's place in it (0 = seq 1's) */
  constructor(
    from: SegmentEntries | { table: SegmentTable; k: number }, readonly seq: number, private readonly file: string,
  ) {
    if ('table' in from) this.#from = from;
    else this.#source = from;
  }

  /** false while a stamped file's segment has not made its entries yet */
  get made(): boolean { return this.#source !== undefined; }
  get #entries(): SegmentEntries { return (this.#source ??= this.#from!.table.entries(this.#from!.k)); }
  get name(): string { return (this.#name ??= this.#source?.body.name ?? this.#from!.table.name(this.#from!.k)); }
  get stored(): { body?: StoredEntry; signature?: StoredEntry } {
    return (this.#stored ??= { body: this.#entries.body.stored, signature: this.#entries.signature.stored });
  }
  set stored(value: { body?: StoredEntry; signature?: StoredEntry }) { this.#stored = value; }
  get [SOURCE](): SegmentEntries { return this.#entries; }
  get bytes(): Uint8Array { return this.#entries.body.data; }
  get hash(): string { return (this.#hash ??= sha256Hex(this.#entries.body.data)); }
  get signature(): string { return (this.#signature ??= signatureText(this.#entries.signature, this.file)); }
  get body(): SegmentBody { return (this.#body ??= parseSegment(this.#entries.body, this.seq, this.file)); }
}

/** The `count` segments of a stamped file, seq 1 first, each made of nothing but its place in `table` until read. */
export function tableSegments(table: SegmentTable, count: number, file: string): SignedBody<SegmentBody>[] {
  const out: SignedBody<SegmentBody>[] = new Array(count);
  for (let k = 0; k < count; k++) out[k] = new LazySegment({ table, k }, k + 1, file);
  return out;
}

/** Whether a lazily opened segment's entries are still unread (a stamped file's: not even made). */
function pendingEntries(s: SignedBody<unknown>): boolean {
  if (s instanceof LazySegment && !s.made) return true;
  const source = sourceEntries(s);
  return !!source && (source.body.pending === true || source.signature.pending === true);
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

/**
 * Reads every entry of a lazily opened log still pending (inflating it, checking its size and
 * CRC-32, hashing it, decoding its signature): a log verified in full leaves none unchecked.
 */
export function readPending(log: Omit<LogFile, 'file'>): void {
  for (const s of log.segments) if (pendingEntries(s)) void (s.hash + s.signature);
}

/** The entries of a log, in log order, ready for writeContainer. */
export function logEntries(log: Omit<LogFile, 'file'>): ContainerEntry[] {
  return bodyEntries([log.genesis, ...[...log.acceptances].sort((a, b) => (a.name < b.name ? -1 : 1)), ...log.segments]);
}

/** The entries of bodies, each followed by its signature (log order when the bodies are). */
export function bodyEntries(bodies: readonly SignedBody<unknown>[]): ContainerEntry[] {
  const out: ContainerEntry[] = [];
  const push = (s: SignedBody<unknown>) => {
    // entries read from a file and not changed since go out as they are (a pending one uninflated)
    const source = sourceEntries(s);
    if (source) { out.push(source.body, source.signature); return; }
    out.push({ name: s.name, data: s.bytes, stored: s.stored?.body });
    out.push({ name: signatureEntryName(s.name), data: new TextEncoder().encode(s.signature), stored: s.stored?.signature });
  };
  bodies.forEach(push);
  return out;
}
