// One error type for every failure of the randomness protocol, with a machine-usable `code`
// so the log layer can say *which* segment, roll or draw broke *which* rule, and `details`
// (plain strings and integers) it can copy into --json output without parsing messages.

export type RandomErrorCode =
  // bad arguments: wrong length, not lower-case hex, out of range
  | 'input.hex'
  | 'input.length'
  | 'input.range'
  // hash chains
  | 'chain.mismatch' // not the next value, and not recognisably any other chain value
  | 'chain.skipped' // a value further down the chain: one or more reveals were skipped
  | 'chain.reused' // the very value already revealed (or the anchor) was sent again
  | 'chain.stale' // a value from higher up the chain: an older reveal sent again
  | 'chain.exhausted' // asked for a reveal beyond the chain's length
  // roll counters
  | 'roll.counter-gap'
  | 'roll.counter-reused'
  // hidden draws and commitments
  | 'draw.empty-deck'
  | 'draw.counter-gap'
  | 'draw.mismatch'
  | 'commit.mismatch';

export type RandomErrorDetails = Record<string, string | number>;

export class RandomProtocolError extends Error {
  override readonly name = 'RandomProtocolError';
  constructor(
    readonly code: RandomErrorCode,
    message: string,
    readonly details: RandomErrorDetails = {},
  ) {
    super(message);
  }

  /** Stable shape for --json output. */
  toJSON(): { code: RandomErrorCode; message: string; details: RandomErrorDetails } {
    return { code: this.code, message: this.message, details: { ...this.details } };
  }
}
