// Dice: one roll record = one counter; all its dice are drawn, in the order listed, from that
// counter's "roll" stream with the rejection sampler. A die with S sides shows
// uniformInt(words, S) + 1, i.e. word mod S + 1 for the first word below floor(2^32/S)·S.
import { checkInt, type ByteInput } from './bytes.js';
import { RandomProtocolError } from './errors.js';
import { KeyedWordStream } from './stream.js';
import { uniformInt, type WordSource } from './uniform.js';

export const MIN_SIDES = 2;
export const MAX_SIDES = 0x10000;
/** Most dice in one roll record: bounds the work a hostile log can ask for. */
export const MAX_DICE_PER_ROLL = 1000;

export interface DiceSpec {
  count: number;
  sides: number;
}

/** Faces for each spec entry in order: result[i][j] is die j of dice[i], in 1..sides. */
export function drawDice(words: WordSource, dice: readonly DiceSpec[]): number[][] {
  let total = 0;
  dice.forEach((d, i) => {
    checkInt(d.sides, MIN_SIDES, MAX_SIDES, `dice[${i}].sides`);
    checkInt(d.count, 1, MAX_DICE_PER_ROLL, `dice[${i}].count`);
    total += d.count;
  });
  if (dice.length === 0 || total > MAX_DICE_PER_ROLL) {
    throw new RandomProtocolError('input.range', `a roll holds 1..${MAX_DICE_PER_ROLL} dice, got ${total}`, { total });
  }
  return dice.map((d) => {
    const faces: number[] = [];
    for (let j = 0; j < d.count; j++) faces.push(uniformInt(words, d.sides) + 1);
    return faces;
  });
}

/** The dice of roll record `counter` under an epoch key. */
export function rollDice(key: ByteInput, counter: number, dice: readonly DiceSpec[]): number[][] {
  return drawDice(new KeyedWordStream(key, 'roll', counter), dice);
}
