// The equivocation proof file (`.hexproof`, docs/log-format.md "Equivocation proofs"): a zip in
// the log's strict container holding a small manifest, the author's public key, the setup that
// pins it and fixes the game id, and both signed versions of the segment. Everything the manifest
// says is recomputed on reading; it is there for people and for gpg-only checks.
import { canonicalBytes } from '../core/canonical.js';
import { sha256Hex } from '../core/hash.js';
import { readContainer, writeContainer, type ContainerEntry } from './container.js';
import { acceptanceEntryName, GENESIS_ENTRY, segmentEntryName, signatureEntryName } from './entry-names.js';
import { examineVersions, ProofError, type SegmentVersion, type SignedSetup } from './equivocation.js';
import { parseJson } from './json.js';
import { fingerprintOf, loadPublicKey } from './keys.js';
import type { SignedBody } from './log-file.js';

export { ProofError };
export const PROOF_TYPE = 'hexpost/equivocation-proof';
export const PROOF_MANIFEST = 'proof.json';
export const PROOF_KEY = 'author.asc';
/** A proof holds one genesis (the module's data, a few hundred KB at most) and two segments. */
const PROOF_LIMITS = { maxEntries: 64, maxArchiveBytes: 32 * 1024 * 1024 };

export interface Equivocation {
  game: string;
  seq: number;
  author: string;
  fingerprint: string;
  /** the two body hashes, ascending: `a/` holds the first, `b/` the second */
  hashes: [string, string];
}

interface Manifest extends Equivocation {
  type: typeof PROOF_TYPE;
  version: 1;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });
export const versionEntryName = (which: 'a' | 'b', seq: number) => `${which}/${segmentEntryName(seq)}`;

/**
 * The proof file of two versions of one segment. Refuses (ProofError) two versions that prove no
 * equivocation: signed by different sides, the same body, a failing signature.
 */
export async function buildProof(
  setup: SignedSetup, x: SegmentVersion, y: SegmentVersion, file?: string,
): Promise<{ bytes: Uint8Array; proof: Equivocation }> {
  const verdict = await examineVersions(setup, x, y, file);
  if (verdict.kind !== 'equivocation') {
    const [one, other] = verdict.authors;
    throw new ProofError(`segment ${verdict.seq}: one version is signed by ${one}, the other by ${other}; `
      + 'two players\' segments of one seq prove no equivocation (one was dropped and replaced)', { file });
  }
  const { kind: _kind, ...proof } = verdict;
  const [a, b] = x.hash < y.hash ? [x, y] : [y, x];
  const genesis = setup.genesis.body as { players: { side: string; publicKey: string }[] };
  const manifest: Manifest = { type: PROOF_TYPE, version: 1, ...proof };
  const entries: ContainerEntry[] = [
    { name: PROOF_MANIFEST, data: canonicalBytes(manifest) },
    { name: PROOF_KEY, data: encoder.encode(genesis.players.find((p) => p.side === proof.author)!.publicKey) },
  ];
  const push = (name: string, s: { bytes: Uint8Array; signature: string }) => {
    entries.push({ name, data: s.bytes }, { name: signatureEntryName(name), data: encoder.encode(s.signature) });
  };
  push(GENESIS_ENTRY, setup.genesis);
  for (const acc of [...setup.acceptances].sort((p, q) => (p.name < q.name ? -1 : 1))) push(acc.name, acc);
  push(versionEntryName('a', proof.seq), a);
  push(versionEntryName('b', proof.seq), b);
  return { bytes: writeContainer(entries, { file }), proof };
}

/** Checks a proof file; resolves with what it proves, or throws ProofError (or another HexlogError) saying why not. */
export async function checkProof(zip: Uint8Array, file: string): Promise<Equivocation> {
  const refuse = (detail: string, place?: string): never => { throw new ProofError(detail, { file, place }); };
  const entries = new Map(readContainer(zip, { file, limits: PROOF_LIMITS }).map((e) => [e.name, e.data]));
  const take = (name: string): Uint8Array => {
    const data = entries.get(name);
    if (!data) refuse(`no ${name}: not a complete equivocation proof`);
    entries.delete(name);
    return data!;
  };
  const text = (name: string): string => {
    try { return decoder.decode(take(name)); } catch (e) {
      if (e instanceof ProofError) throw e;
      return refuse('not UTF-8 text', name);
    }
  };
  const m = parseJson(take(PROOF_MANIFEST), { file: `${file}: ${PROOF_MANIFEST}`, canonical: true }) as unknown as Manifest;
  if (typeof m !== 'object' || m === null || m.type !== PROOF_TYPE || m.version !== 1) {
    refuse(`expected {"type":"${PROOF_TYPE}","version":1,…}`, PROOF_MANIFEST);
  }
  if (!Number.isSafeInteger(m.seq) || m.seq < 1) refuse('seq must be a segment number', PROOF_MANIFEST);
  const signed = (name: string): SignedBody<unknown> => {
    const bytes = take(name);
    const body = parseJson(bytes, { file: `${file}: ${name}`, canonical: true });
    return { name, bytes, body, signature: text(signatureEntryName(name)), hash: sha256Hex(bytes) };
  };
  const authorKey = text(PROOF_KEY);
  const genesis = signed(GENESIS_ENTRY);
  const acceptances = [...entries.keys()].filter((n) => /^accept-[a-z0-9-]+\.json$/.test(n)).sort()
    .map((name) => signed(name));
  for (const acc of acceptances) {
    const side = (acc.body as { side?: unknown }).side;
    if (typeof side !== 'string' || acceptanceEntryName(side) !== acc.name) refuse(`the body says side ${JSON.stringify(side)}`, acc.name);
  }
  const a = signed(versionEntryName('a', m.seq));
  const b = signed(versionEntryName('b', m.seq));
  if (entries.size) refuse(`unexpected entries: ${[...entries.keys()].join(', ')}`);
  if (!(a.hash < b.hash)) refuse(`a/ must hold the body with the smaller hash (a/ ${a.hash}, b/ ${b.hash})`);

  const verdict = await examineVersions({ genesis, acceptances }, a, b, file);
  if (verdict.kind !== 'equivocation') {
    return refuse(`segment ${verdict.seq}: a/ is signed by ${verdict.authors[0]} and b/ by ${verdict.authors[1]}: `
      + 'two players\' segments of one seq prove no equivocation');
  }
  const key = await loadPublicKey(authorKey, { file: `${file}: ${PROOF_KEY}` });
  if (fingerprintOf(key) !== verdict.fingerprint) {
    refuse(`holds key ${fingerprintOf(key)}, not ${verdict.author}'s pinned key ${verdict.fingerprint}`, PROOF_KEY);
  }
  const { kind: _kind, ...proof } = verdict;
  for (const field of ['game', 'seq', 'author', 'fingerprint'] as const) {
    if (m[field] !== proof[field]) {
      refuse(`says ${field} ${JSON.stringify(m[field])}, but the bodies show ${JSON.stringify(proof[field])}`, PROOF_MANIFEST);
    }
  }
  if (!Array.isArray(m.hashes) || m.hashes.join() !== proof.hashes.join()) {
    refuse(`says hashes ${JSON.stringify(m.hashes)}, but the bodies hash to ${proof.hashes.join(', ')}`, PROOF_MANIFEST);
  }
  return proof;
}
