// Take-backs at `play`'s prompt: `takeback --to N` proposes, `accept` and `decline` answer the
// opponent's proposal — each its own signed segment, with the same rules and refusals as
// `hexpost takeback` (takebackField), shown before it is signed and asked about unless --yes.
import type { PrivateKey } from 'openpgp';
import type { GameEvent } from '../core/engine/events.js';
import { TurnSession } from '../log/turn-session.js';
import type { VerifiedLog } from '../log/verify.js';
import { describeEvent } from './describe.js';
import { CliError } from './exit.js';
import type { Output } from './output.js';
import { sealAndWrite } from './seal.js';
import { openTakebackLines, voidedLines } from './takeback.js';
import { takebackDoneLines, takebackField, type TakebackChoice } from './takeback-choice.js';
import { rangeText } from './takeback-text.js';
import { whoseMoveLine } from './whose-move.js';

/** `takeback --to N`, `accept`, `decline` (null: not a take-back command; `error`: not understood). */
export function takebackCommand(text: string): TakebackChoice | { error: string } | null {
  if (text === 'accept' || text === 'decline') return text;
  const words = text.split(/\s+/);
  if (words[0] !== 'takeback') return null;
  const to = words.length === 3 && words[1] === '--to' && /^\d+$/.test(words[2]!) ? Number(words[2]) : NaN;
  if (words.length === 1) return { error: 'takeback needs the segment to go back to: takeback --to <seq> (0: the start)' };
  return Number.isSafeInteger(to) ? { to } : { error: `expected takeback --to <seq>, not "${text}"` };
}

/** The open proposal as `play` shows it to the player who must answer: the same lines, its own answer words. */
export function playTakebackLines(v: VerifiedLog, side: string): string[] {
  const open = v.takebacks.open;
  if (!open) return [];
  const lines = openTakebackLines(v, open, side);
  if (lines.at(-1)!.startsWith('your answer')) lines[lines.length - 1] = 'your answer: accept, or decline (nothing else can be sent until you answer)';
  return lines;
}

export interface PlayTakeback {
  o: Output; path: string; v: VerifiedLog; side: string; key: PrivateKey;
  /** commands already given at this prompt (a proposal holds none) */
  given: number;
  yes: boolean | undefined;
  ask: () => Promise<string | null>;
}

/** Checks, shows, asks, signs and writes; returns true when written. A refusal is a CliError (nothing written). */
export async function playTakeback(p: PlayTakeback, choice: TakebackChoice): Promise<boolean> {
  const { o, path, v, side } = p;
  const field = takebackField(path, v, side, choice);
  if (field.kind === 'propose') {
    if (p.given) {
      throw new CliError(`a take-back proposal is a segment of its own, with no commands, and this turn holds ${p.given} `
        + `command${p.given > 1 ? 's' : ''}: undo ${p.given > 1 ? 'them' : 'it'} first, or seal the turn and propose at the next prompt`);
    }
    o.out(`take back ${rangeText(field.to + 1, v.segments)}, back to the position after segment ${field.to}:`);
    for (const l of voidedLines(v.log, field.to + 1, v.segments)) o.out(l);
  } else {
    const open = v.takebacks.open!;
    o.out(`${field.kind === 'accept' ? 'accept' : 'decline'} the take-back of ${rangeText(open.to + 1, open.seq - 1)} proposed in segment ${open.seq}`
      + (field.kind === 'accept' ? `: the game goes on from the position after segment ${open.to}` : ': the game goes on from the last segment'));
  }
  if (!p.yes) {
    o.out('Sign and write this segment? [y/N]');
    const answer = (await p.ask())?.trim().toLowerCase();
    if (answer !== 'y' && answer !== 'yes') throw new CliError('not signed: nothing was written');
  }
  const session = new TurnSession(v, side, p.key, field);
  for (const e of session.resolutions as GameEvent[]) o.out(`  ·  ${describeEvent(e)}`);
  const { segment, verified, file } = await sealAndWrite(o, path, session);
  for (const l of takebackDoneLines(field, segment.body.seq, verified, (from, through) => voidedLines(verified.log, from, through))) o.out(l);
  o.out(whoseMoveLine(verified, side));
  o.out(`wrote ${file} — send it on (hexpost send ${file} for the turn mail)`);
  return true;
}
