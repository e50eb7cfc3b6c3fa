// A state's identity: SHA-256 of the canonical JSON of the public state. Two tools that folded
// the same events hold states with the same hash.
import { canonicalHash } from '../hash.js';
import type { GameState } from './state.js';

export function stateHash(state: GameState): string {
  return canonicalHash(state);
}
