// What verification lists for the audit and the history: the rolls, the state hashes (lazily for
// a prefix verified earlier), and the audit of each revealed deck period's secret draws.
import type { GameEvent } from '../core/engine/events.js';
import type { SegmentBody } from '../core/protocol/bodies.js';
import { drawKey, drawWithKey } from '../core/random/hidden-draw.js';
import type { SignedBody } from './log-file.js';
import type { DrawAudit, RollRecord, VerifiedLog } from './verify.js';

/**
 * Rolls and state hashes of segments verified earlier (a verified-prefix cache) are listed only
 * when someone asks: walking 100,000 events, or even parsing the 2,000 bodies, costs more than
 * resuming the verification itself. What later verification adds waits in `extra` till then.
 */
const LAZY = Symbol('lazy prefix');
interface LazyList<T> { list: T[] | null; extra: T[] }
type Lazy = { rolls: LazyList<RollRecord>; stateHashes: LazyList<string>; start: string };

export function setLazyPrefix(v: VerifiedLog, prefix: readonly SignedBody<SegmentBody>[], start: string): void {
  const lazy: Lazy = { rolls: { list: null, extra: [] }, stateHashes: { list: null, extra: [] }, start };
  const define = <K extends 'rolls' | 'stateHashes'>(key: K, compute: () => Lazy[K]['extra']) => {
    const l = lazy[key] as LazyList<unknown>;
    Object.defineProperty(v, key, {
      configurable: true, enumerable: true,
      get() { l.list ??= [...(compute() as unknown[]), ...l.extra]; return l.list; },
      set(value: unknown[]) { l.list = value; },
    });
  };
  define('rolls', () => prefix.flatMap((s) => rollsOf(s.body)));
  define('stateHashes', () => [start, ...prefix.map((s) => s.body.state)]);
  (v as unknown as Record<symbol, Lazy>)[LAZY] = lazy;
}

/** The hash of the start state (v.stateHashes[0]) without listing a lazy prefix. */
export function startStateHash(v: VerifiedLog): string {
  return (v as unknown as Record<symbol, Lazy | undefined>)[LAZY]?.start ?? v.stateHashes[0]!;
}

/** Appends to v.rolls or v.stateHashes without listing a lazy prefix. */
export function addTo<K extends 'rolls' | 'stateHashes'>(v: VerifiedLog, key: K, items: Lazy[K]['extra']): void {
  const l = (v as unknown as Record<symbol, Lazy | undefined>)[LAZY]?.[key] as LazyList<unknown> | undefined;
  if (l && !l.list) l.extra.push(...items);
  else (v[key] as unknown[]).push(...items);
}

/** The rolls of a segment (its resolutions, then its entries), as the audit and the history report them. */
export function rollsOf(b: SegmentBody, entries: readonly { events: readonly GameEvent[] }[] = b.entries as { events: GameEvent[] }[]): RollRecord[] {
  const out: RollRecord[] = [];
  const add = (e: GameEvent) => {
    if (e.type !== 'rolled' && e.type !== 'resolved') return;
    // a sealed outcome belongs to the side that committed it, in the epoch of its id (side/epoch/counter)
    const epoch = e.sealed !== undefined ? Number(e.sealed.split('/')[1]) : b.epoch;
    out.push({
      seq: b.seq, author: e.side ?? b.author, epoch, counter: e.counter, dice: e.dice, faces: e.faces, total: e.total,
      purpose: e.type === 'rolled' ? e.purpose ?? '' : `resolve ${e.procedure}`, void: !!e.void,
      how: e.sealed !== undefined ? 'sealed' : e.immediate ? 'immediate' : 'unsealed',
      ...(e.type === 'rolled' ? { free: true as const } : {}),
    });
  };
  for (const e of (b.resolutions ?? []) as GameEvent[]) add(e);
  for (const entry of entries) for (const e of entry.events) add(e);
  return out;
}

/**
 * Hidden reveal #period of `side` ends deck period (period − 1) of each of his secret decks:
 * recompute every draw logged in it and compare with the commitments. An invented draw fails the
 * log, naming the segment that made it.
 */
export function auditPeriod(v: VerifiedLog, side: string, reveal: number, value: string, seq: number, at: (detail: string) => never): void {
  const period = reveal - 1;
  const mine = v.pending.filter((d) => d.side === side && d.period === period);
  const decks = [...new Set(mine.map((d) => d.deck))];
  for (const deck of decks) {
    const cards = new Map<number, string>();
    let count = 0;
    for (const d of mine.filter((x) => x.deck === deck)) {
      const taken = new Set([...cards].filter(([i]) => i < d.index).map(([, c]) => c));
      // the cards held when the period began were audited with their own, earlier period
      for (const h of d.held ?? []) {
        const k = v.knowledge.byCommitmentOf(h);
        if (!k) at(`hidden reveal #${reveal}: the card ${side} held with commitment ${h.slice(0, 12)}… when period ${period} of ${deck} began was never audited`);
        taken.add(k!.card);
      }
      const undrawn = d.pool.filter((c) => !taken.has(c));
      const key = drawKey({ gameId: v.gameId!, deckId: deck, hiddenValue: value, opponentValues: d.opponentValues });
      let expected;
      try { expected = drawWithKey(key, d.index, undrawn); } catch (e) { expected = null; void e; }
      if (!expected || expected.commitment !== d.commitment) {
        v.audits.push({ side, deck, period, draws: count, status: 'failed', seq: d.seq, message: `draw #${d.index} of ${deck} (period ${period})` });
        at(`hidden reveal #${reveal} exposes an invented draw: segment ${d.seq} by ${side} logged draw #${d.index} from ${deck} with a commitment that the revealed value does not produce${expected ? ` (the rules draw ${expected.card} there)` : ''}`);
      }
      cards.set(d.index, expected!.card);
      v.knowledge.add({ side, deck, period, index: d.index, card: expected!.card, salt: expected!.salt, commitment: expected!.commitment });
      count++;
    }
    v.audits.push({ side, deck, period, draws: count, status: 'passed', seq });
  }
  v.pending = v.pending.filter((d) => !(d.side === side && d.period === period));
}

/** Audits still waiting for a reveal, grouped per side, deck and period. */
export function pendingAudits(v: VerifiedLog): DrawAudit[] {
  const groups = new Map<string, DrawAudit>();
  for (const d of v.pending) {
    const k = `${d.side}|${d.deck}|${d.period}`;
    const a = groups.get(k) ?? { side: d.side, deck: d.deck, period: d.period, draws: 0, status: 'pending' as const };
    a.draws++;
    groups.set(k, a);
  }
  return [...groups.values()];
}
