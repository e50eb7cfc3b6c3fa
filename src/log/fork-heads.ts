// Fork memory's list of body hashes seen (`heads-<game id>.txt`, docs/log-format.md "Fork
// memory"): one line per segment, `NNNNNN <body hash>\n` (72 bytes), seq 1, 2, … in order, only
// ever appended to. Read only when the prefix digest in the index does not prove a log's segments
// (an older copy, a rewritten or differently stored prefix), so an ordinary verb never reads it;
// remembering a newer log writes only the new segments' lines.
import { open } from 'node:fs/promises';
import { readStateBytes, statePath, writeStateBytes } from './home.js';

export const headsName = (gameId: string) => `heads-${gameId}.txt`;
const LINE = 72;
const LINE_RE = /^(\d{6}) ([0-9a-f]{64})$/;

/**
 * The hashes listed, seq 1 first; null when there is no file. A damaged or incomplete line ends the
 * list (a crash while appending leaves at most a part of the last line, which is not listed).
 */
export async function readHeads(gameId: string, home: string): Promise<string[] | null> {
  const bytes = await readStateBytes(headsName(gameId), home);
  if (!bytes) return null;
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const out: string[] = [];
  for (let at = 0; at + LINE <= text.length; at += LINE) {
    const m = LINE_RE.exec(text.slice(at, at + LINE - 1));
    if (!m || text[at + LINE - 1] !== '\n' || Number(m[1]) !== out.length + 1) break;
    out.push(m[2]!);
  }
  return out;
}

/** How many whole lines the file holds (by its size alone: 0 when there is none). */
export async function headsCount(gameId: string, home: string): Promise<number> {
  const fh = await open(statePath(headsName(gameId), home), 'r').catch(() => null);
  if (!fh) return 0;
  try { return Math.floor(Number((await fh.stat()).size) / LINE); } finally { await fh.close(); }
}

/**
 * Writes the lines of seqs `from`, `from + 1`, … (`hashes[0]` is seq `from`) after the first
 * `from - 1` lines, which must be there; anything after them is cut (a partly written line).
 * fsynced before it returns.
 */
export async function writeHeads(gameId: string, home: string, from: number, hashes: readonly string[]): Promise<void> {
  const text = hashes.map((h, i) => `${String(from + i).padStart(6, '0')} ${h}\n`).join('');
  // a whole list is replaced atomically (never a moment without one)
  if (from === 1) { await writeStateBytes(headsName(gameId), text, home); return; }
  const path = statePath(headsName(gameId), home);
  const fh = await open(path, 'r+');
  try {
    const have = Math.floor(Number((await fh.stat()).size) / LINE);
    if (have < from - 1) throw new Error(`${path}: holds ${have} segments, not the ${from - 1} before ${from}`);
    const data = Buffer.from(text, 'latin1');
    await fh.write(data, 0, data.byteLength, (from - 1) * LINE);
    await fh.truncate((from - 1) * LINE + data.byteLength);
    await fh.sync();
  } finally {
    await fh.close();
  }
}
