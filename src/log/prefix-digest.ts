// The prefix digest: how the verified-prefix cache (verify-cache.ts) and fork memory
// (fork-memory.ts) recognise the setup and first segments of a log they have verified, from its
// entries as stored — compressed, as the zip holds them — without inflating or hashing a body.
// Normative: docs/log-format.md ("The verified-prefix cache").
//
// Why the stored form is enough: the digest covers, for every entry, its name, compression
// method, CRC-32 and size claims and its stored bytes. Inflating is a function of the method and
// the stored bytes, so two entries with the same stored form hold the same data, and the CRC and
// size their headers claim are the same ones. A digest is only ever recorded over entries that
// were inflated and checked (size, CRC-32, then the whole verification), or that were compressed
// here from verified bytes; an entry whose stored form matches one of those is therefore the
// entry verified, and inflating it again could give no other verdict. Any difference — one byte
// of the compressed data, a CRC or size claim, a name, another compression of the same body, an
// entry more or less, another genesis or acceptance — gives another digest, and the log is then
// read and verified in full.
import { createHash } from 'node:crypto';
import { storedFormOf, type ZipEntry } from '../core/zip.js';
import { signatureEntryName } from './entry-names.js';
import { readOutOfOrder, sourceEntries, type LogFile, type SignedBody } from './log-file.js';

const TAG = 'hexpost-prefix-digest/1\n';
const encoder = new TextEncoder();
/** An entry's fixed fields, as addBody writes them (the hash copies them at once, so one buffer serves every entry). */
const HEADER = new Uint8Array(14);
HEADER[0] = 0x0a;
const HEADER_VIEW = new DataView(HEADER.buffer);

/** Digest through a segment read from a file, given the digest before it (memo: a turn computes it several times). */
const memo = new WeakMap<SignedBody<unknown>, { before: string; digest: string }>();

/**
 * The digest of the setup and the first `seq` segments as stored, or null when any of them was
 * read from a zip whose entries were not in log order (the cache then never resumes: such a log
 * is verified in full once, and written back in order).
 */
export function prefixDigest(log: Omit<LogFile, 'file'>, seq: number): string | null {
  const setup = [log.genesis, ...[...log.acceptances].sort((x, y) => (x.name < y.name ? -1 : 1))];
  const segments = log.segments.slice(0, seq);
  if (setup.some(readOutOfOrder) || segments.some(readOutOfOrder)) return null;
  const anchor = fromAnchor(log, seq);
  let digest: string;
  if (anchor) digest = anchor.digest;
  else {
    const h = createHash('sha256').update(TAG);
    for (const s of setup) addBody(h, s);
    digest = h.digest('hex');
  }
  for (const s of anchor ? segments.slice(anchor.seq) : segments) {
    const known = memo.get(s);
    if (known?.before === digest) { digest = known.digest; continue; }
    const next = addBody(createHash('sha256').update(digest), s).digest('hex');
    // only a body read from a file is immutable (its fields are getters over the entries read)
    if (sourceEntries(s)) memo.set(s, { before: digest, digest: next });
    digest = next;
  }
  return digest;
}

/**
 * Digests known for a log as opened from a stamped file (stamped-open.ts): the stamp recorded them
 * over these very entries, so a log that starts with the same objects (the setup and the first
 * `seq` segments as opened) starts from them without hashing the entries again.
 */
interface Anchor {
  acceptances: readonly SignedBody<unknown>[];
  segments: readonly SignedBody<unknown>[];
  digests: ReadonlyMap<number, string>;
}
const anchors = new WeakMap<SignedBody<unknown>, Anchor>();

/** Records the digests a stamp lists ([seq, digest through seq]) for the log just opened. */
export function anchorDigests(log: Omit<LogFile, 'file'>, digests: readonly [number, string][]): void {
  const valid = digests.filter(([seq, d]) => Number.isSafeInteger(seq) && seq >= 1 && seq <= log.segments.length && /^[0-9a-f]{64}$/.test(d));
  if (valid.length) anchors.set(log.genesis, { acceptances: [...log.acceptances], segments: [...log.segments], digests: new Map(valid) });
}

/** The latest anchored digest at or before `seq` whose prefix is, object for object, the one anchored. */
function fromAnchor(log: Omit<LogFile, 'file'>, seq: number): { seq: number; digest: string } | null {
  const a = anchors.get(log.genesis);
  if (!a || a.acceptances.length !== log.acceptances.length || a.acceptances.some((x, i) => x !== log.acceptances[i])) return null;
  let best: { seq: number; digest: string } | null = null;
  for (const [at, digest] of a.digests) if (at <= seq && (!best || at > best.seq)) best = { seq: at, digest };
  if (!best) return null;
  for (let i = 0; i < best.seq; i++) if (log.segments[i] !== a.segments[i]) return null;
  return best;
}

type Hash = ReturnType<typeof createHash>;

/** Adds a body's entry and its signature's, as the writer stores them. */
function addBody(h: Hash, s: SignedBody<unknown>): Hash {
  const source = sourceEntries(s);
  const body: ZipEntry = source?.body ?? { name: s.name, data: s.bytes, stored: s.stored?.body };
  const signature: ZipEntry = source?.signature
    ?? { name: signatureEntryName(s.name), data: encoder.encode(s.signature), stored: s.stored?.signature };
  const forms = [storedFormOf(body), storedFormOf(signature)] as const;
  // a body made here keeps the form computed, which the writer then copies (the same bytes digested)
  if (!source) s.stored = { body: forms[0], signature: forms[1] };
  [body, signature].forEach((e, i) => {
    const f = forms[i]!;
    // name, "\n", method (1 byte), CRC-32, size, stored length (4 bytes each, little-endian), stored bytes
    HEADER[1] = f.method;
    HEADER_VIEW.setUint32(2, f.crc, true);
    HEADER_VIEW.setUint32(6, f.size, true);
    HEADER_VIEW.setUint32(10, f.raw.byteLength, true);
    h.update(e.name).update(HEADER).update(f.raw);
  });
  return h;
}
