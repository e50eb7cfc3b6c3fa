import { describe, expect, it } from 'vitest';
import { RandomProtocolError } from '../../../src/core/random/errors.js';

describe('RandomProtocolError', () => {
  it('carries a code and details, and serialises stably', () => {
    const e = new RandomProtocolError('roll.counter-gap', 'roll counter 5 where 4 was expected', { index: 2, counter: '5', expected: 4 });
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe('RandomProtocolError');
    expect(JSON.parse(JSON.stringify(e))).toEqual({
      code: 'roll.counter-gap', message: 'roll counter 5 where 4 was expected', details: { index: 2, counter: '5', expected: 4 },
    });
  });
});
