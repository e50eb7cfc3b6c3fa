// Copies that cannot hurt: before a log is written over a file that holds one, the two copies are
// compared by their entries' body hashes. Writing goes ahead only when the new log is the same game
// and holds everything the old copy holds (the same setup entries and segments, perhaps more);
// a newer copy, a copy that differs, or another game's log is never overwritten.
import type { LogFile } from './log-file.js';

export type CopyRelation =
  | { kind: 'same' }
  | { kind: 'extends' }
  | { kind: 'older'; incoming: number; existing: number }
  | { kind: 'differs'; at: string }
  | { kind: 'other-game' };

export function compareCopies(existing: LogFile, incoming: LogFile): CopyRelation {
  if (existing.genesis.hash !== incoming.genesis.hash) return { kind: 'other-game' };
  const theirs = new Map(incoming.acceptances.map((a) => [a.name, a.hash]));
  let fewerAcceptances = false;
  for (const a of existing.acceptances) {
    const h = theirs.get(a.name);
    if (h === undefined) fewerAcceptances = true;
    else if (h !== a.hash) return { kind: 'differs', at: a.name };
  }
  const n = Math.min(existing.segments.length, incoming.segments.length);
  for (let i = 0; i < n; i++) {
    // the same segment read once (a log appended to in this process) is not hashed again
    if (existing.segments[i] === incoming.segments[i]) continue;
    if (existing.segments[i]!.hash !== incoming.segments[i]!.hash) return { kind: 'differs', at: `segment ${i + 1}` };
  }
  if (fewerAcceptances || incoming.segments.length < existing.segments.length) {
    return { kind: 'older', incoming: incoming.segments.length, existing: existing.segments.length };
  }
  const same = incoming.segments.length === existing.segments.length && incoming.acceptances.length === existing.acceptances.length;
  return same ? { kind: 'same' } : { kind: 'extends' };
}

/** Why `incoming` must not be written over `existing` at `path`, or null when it may. */
export function overwriteRefusal(path: string, existing: LogFile, incoming: LogFile): string | null {
  const r = compareCopies(existing, incoming);
  switch (r.kind) {
    case 'same': case 'extends': return null;
    case 'older':
      return `${path} holds a newer copy of this game: the log to be written is older than the copy you have `
        + `(segment ${r.incoming} of ${r.existing}${r.incoming === r.existing ? ', fewer players joined' : ''}); nothing was written`;
    case 'differs':
      return `${path} holds a copy of this game that differs from the log to be written at ${r.at}; nothing was written `
        + '(hexpost verify both copies to see which one your opponent signed)';
    case 'other-game':
      return `${path} holds another game's log (${existing.genesis.body.module.id}, scenario ${existing.genesis.body.scenario}, `
        + `proposal ${existing.genesis.hash.slice(0, 12)}…), not this one (${incoming.genesis.body.module.id}, `
        + `proposal ${incoming.genesis.hash.slice(0, 12)}…); nothing was written`;
  }
}
