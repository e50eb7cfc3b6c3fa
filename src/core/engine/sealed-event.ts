// The event of a sealed commitment (docs/dice-protocol.md, "Sealed randomness"): what the ticket
// from Randomness.seal says, and what the command commits to. One place for roll, resolve,
// shuffle and draw.
import type { SealedEvent, SealedKind } from './events.js';
import type { SealTicket } from './randomness.js';

export type SealedFields = Pick<SealedEvent, 'command' | 'deck' | 'cards' | 'period' | 'indices' | 'pool' | 'held'>;

export function sealedEvent(t: SealTicket, kind: SealedKind, fields: SealedFields): SealedEvent {
  return {
    type: 'sealed', id: t.id, kind, side: t.side, epoch: t.epoch, ...(t.counter !== undefined ? { counter: t.counter } : {}),
    own: t.own, awaiting: t.awaiting, ...fields,
  };
}
