// What a take-back proposal or answer is, checked before anything is signed, and what was done, in
// words: shared by `hexpost takeback` and `play`'s `takeback --to N`, `accept` and `decline`, so
// both refuse the same things with the same words (docs/log-format.md, "Take-backs").
import type { TakebackField } from '../core/protocol/bodies.js';
import { proposalProblem, voidedSegments } from '../core/protocol/takeback.js';
import type { VerifiedLog } from '../log/verify.js';
import { CliError } from './exit.js';
import { rangeText } from './takeback-text.js';

export type TakebackChoice = { to: number } | 'accept' | 'decline';

/** The field the segment will carry, or a CliError saying why it cannot (nothing is written). */
export function takebackField(path: string, v: VerifiedLog, side: string, choice: TakebackChoice): TakebackField {
  const open = v.takebacks.open;
  if (typeof choice === 'object') {
    if (open) throw new CliError(`${path}: a take-back is already open (segment ${open.seq}); ${open.by === side ? 'wait for the answer' : 'answer it first (--accept or --decline)'}`);
    const problem = proposalProblem(choice.to, v.segments + 1, (s) => v.log.segments[s - 1]!.body, voidedSegments(v.takebacks));
    if (problem) throw new CliError(`${path}: ${problem}; nothing was written`);
    return { kind: 'propose', to: choice.to };
  }
  if (!open) throw new CliError(`${path}: no take-back is open: nothing to ${choice}`);
  if (open.by === side) throw new CliError(`${path}: the take-back of segment ${open.seq} is your own; your opponent answers it`);
  if (open.accepted.includes(side)) throw new CliError(`${path}: you have already accepted the take-back of segment ${open.seq}`);
  return choice === 'accept' ? { kind: 'accept', proposal: open.hash, to: open.to } : { kind: 'decline', proposal: open.hash };
}

/** What a sealed proposal or answer did, after it was written. */
export function takebackDoneLines(field: TakebackField, seq: number, verified: VerifiedLog, voided: (from: number, through: number) => string[]): string[] {
  if (field.kind === 'propose') {
    return [`proposed in segment ${seq}: take back ${rangeText(field.to + 1, seq - 1)}, back to the position after segment ${field.to}:`,
      ...voided(field.to + 1, seq - 1), 'it takes effect when your opponent accepts it; rolls and cards stay as they fell'];
  }
  if (field.kind === 'accept') {
    const a = verified.takebacks.agreements.find((x) => x.agreed === seq);
    return [a ? `accepted in segment ${seq}: ${rangeText(a.from, a.through)} voided for both of you; the game goes on from the position after segment ${a.to}`
      : `accepted in segment ${seq}: it takes effect when every other player has accepted it too`];
  }
  return [`declined in segment ${seq}: the game goes on from the last segment`];
}
