// What a segment's take-back part says, in the words every view uses (receive, history, replay).
import type { SegmentBody } from '../core/protocol/bodies.js';
import { voidedBy, type TakebackLedger } from '../core/protocol/takeback.js';

/** "segment 5" or "segments 5-7". */
export const rangeText = (from: number, through: number) => (from === through ? `segment ${from}` : `segments ${from}-${through}`);

/** The segment's proposal or answer in words, or null. */
export function takebackText(b: Pick<SegmentBody, 'seq' | 'takeback'>, ledger: TakebackLedger): string | null {
  const t = b.takeback;
  if (!t) return null;
  if (t.kind === 'propose') return `take-back proposed: ${rangeText(t.to + 1, b.seq - 1)}, back to the position after segment ${t.to}`;
  const agreed = ledger.agreements.find((a) => a.agreed === b.seq);
  if (t.kind === 'accept') return agreed ? `take-back agreed: ${rangeText(agreed.from, agreed.through)} voided` : `take-back accepted (to segment ${t.to})`;
  return 'take-back declined';
}

/** The suffix of a segment's heading: voided, or what its take-back part does. */
export function takebackHeading(b: Pick<SegmentBody, 'seq' | 'takeback'>, ledger: TakebackLedger): string {
  const by = voidedBy(ledger, b.seq);
  const parts: string[] = [];
  if (by) parts.push(`voided by the take-back agreed in segment ${by.agreed}`);
  const t = b.takeback;
  if (t?.kind === 'propose') parts.push(`proposes a take-back to segment ${t.to}`);
  if (t?.kind === 'accept' || t?.kind === 'decline') {
    const open = ledger.agreements.find((a) => a.agreed === b.seq)?.proposal ?? ledger.declined.find((d) => d.at === b.seq)?.proposal;
    parts.push(`${t.kind === 'accept' ? 'accepts' : 'declines'} the take-back${open ? ` of segment ${open}` : ''}`);
  }
  return parts.map((p) => ` — ${p}`).join('');
}
