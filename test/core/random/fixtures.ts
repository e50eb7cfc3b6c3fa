// Fixed inputs shared by the random tests and the documented test vectors.
export const GAME_ID = 'a1'.repeat(32);
export const DICE_SECRET_A = '01'.repeat(32);
export const DICE_SECRET_B = '02'.repeat(32);
export const HIDDEN_SECRET_A = '03'.repeat(32);
export const HIDDEN_SECRET_B = '04'.repeat(32);
export const CHAIN_LENGTH = 100;
