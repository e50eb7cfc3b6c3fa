// The turn tracker (reference §2.3, TurnTracker.java): a Turn counter looping at the last turn, its
// phases as a list, and a second top level "End of game" that VASSAL moves to when the counter
// passes the last turn (a TurnTracker steps to its next top level when one rolls over), so the
// tracker stops at the scenario's end instead of counting on. Its state is saved as
// "TURN<id>⇥<state>" (ids TurnTracker0, …): that is how a setup starts at its own first turn.
import type { SequenceDef } from '../../core/module/schema.js';
import { encodeSequence, TAB } from './sequence-encoder.js';

const M = 'VASSAL.build.module.';
export const TURN_TRACKER_ID = 'TurnTracker0';
export const END_OF_GAME = 'End of game';

type Node = { $?: Record<string, string>; [child: string]: unknown };

export function turnTrackerNode(seq: SequenceDef): Node {
  return {
    $: { name: 'Turn', buttonText: 'Turn', lengthStyle: 'Maximum' },
    [`${M}turn.CounterTurnLevel`]: [{
      $: { name: 'Turn', property: 'Turn', start: String(seq.firstTurn), incr: '1', loop: 'true', loopLimit: String(seq.lastTurn) },
      [`${M}turn.ListTurnLevel`]: [{ $: { name: 'Phase', property: 'Phase', list: encodeSequence(seq.phases.map((p) => p.name), ','), prompt: 'false' } }],
    }],
    [`${M}turn.ListTurnLevel`]: [{ $: { name: 'End', property: 'GameEnd', list: END_OF_GAME, prompt: 'false' } }],
  };
}

export interface TrackerPosition { turn: number; phase: number; over: boolean; lastTurn: number; phases: number }

/** TurnTracker.getState: current top level, then each top level's state ('|'); levels nest with ';'. */
export function turnTrackerState(p: TrackerPosition): string {
  const active = Array.from({ length: p.phases }, () => 'true').join(',');
  const phaseLevel = encodeSequence([p.phase, 0, 0, active], ';');
  const turnLevel = encodeSequence([p.turn, 0, 'true', p.lastTurn, phaseLevel], ';');
  const endLevel = encodeSequence([0, 0, 0, 'true'], ';');
  return encodeSequence([p.over ? 1 : 0, turnLevel, endLevel], '|');
}

export function turnCommand(p: TrackerPosition): string {
  return encodeSequence([`TURN${TURN_TRACKER_ID}`, turnTrackerState(p)], TAB);
}
