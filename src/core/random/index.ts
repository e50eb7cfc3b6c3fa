// The randomness protocol's pure primitives (see docs/dice-protocol.md).
export * from './errors.js';
export * from './bytes.js';
export * from './chain.js';
export * from './uniform.js';
export * from './stream.js';
export * from './dice.js';
export * from './shuffle.js';
export * from './commitment.js';
export * from './hidden-draw.js';
export * from './chisquare.js';
