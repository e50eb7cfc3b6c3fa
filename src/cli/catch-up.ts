// `replay --since-mine`: everything since the player's own last segment, segment by segment and
// combat by combat (what each reply resolved included), as replay steps he reads before he plays.
import type { GameEvent } from '../core/engine/events.js';
import { applyEvent } from '../core/engine/fold.js';
import { cloneState } from '../core/engine/state.js';
import { firstSinceMine, segmentParts } from '../core/protocol/since-mine.js';
import { voidedBy } from '../core/protocol/takeback.js';
import { rollLine } from '../export/game-panel.js';
import { describeEvent } from './describe.js';
import { stateChanges, type GameSteps, type ReplayStep } from './replay.js';
import { takebackText } from './takeback-text.js';

const PART = { resolutions: 'what this reply resolved', commands: 'moves', combat: 'combat' } as const;

/** The catch-up steps of `side`: one per part of every segment after his own last one. */
export function catchUpSteps({ v, states }: GameSteps, side: string): ReplayStep[] {
  const bodies = v.log.segments.map((s) => s.body);
  const first = firstSinceMine(bodies, side);
  const out: ReplayStep[] = [];
  for (let seq = first; seq <= bodies.length; seq++) {
    const b = bodies[seq - 1]!;
    const before = states[seq - 1]!;
    const after = states[seq]!;
    const voided = voidedBy(v.takebacks, seq);
    const agreed = v.takebacks.agreements.find((a) => a.agreed === seq);
    const parts = segmentParts(b);
    const base = { seq, author: b.author, time: b.time, turn: after.turn, phase: after.phase, active: after.active };
    const said = takebackText(b, v.takebacks);
    if (!parts.length || agreed) {
      // nothing to cut (a proposal, an answer), or an agreement: its rewind is the change
      out.push({
        ...base, title: `segment ${seq} of ${bodies.length} by ${b.author}${said ? `: ${said}` : ''}`,
        commands: parts.flatMap((p) => partCommands(b, p)), rolls: parts.flatMap((p) => p.events.flatMap(rollLine)),
        warnings: [], changes: stateChanges(before, after),
      });
      continue;
    }
    let state = cloneState(before);
    parts.forEach((p, k) => {
      const next = cloneState(state);
      // as it was played (a voided segment too: the agreement's step shows the board put back)
      const events = p.kind === 'resolutions' ? p.events : p.entries.flatMap((n) => (b.entries[n]!.void ? [] : b.entries[n]!.events as GameEvent[]));
      for (const e of events) applyEvent(next, e);
      out.push({
        ...base,
        title: `segment ${seq} of ${bodies.length} by ${b.author}, ${PART[p.kind]} (${k + 1}/${parts.length})`
          + `${voided ? ` — voided by the take-back agreed in segment ${voided.agreed} (its rolls stand)` : ''}${said && k === parts.length - 1 ? `; ${said}` : ''}`,
        commands: partCommands(b, p), rolls: p.events.flatMap(rollLine),
        warnings: p.events.flatMap((e) => e.warnings?.map((w) => w.message) ?? []),
        changes: stateChanges(state, next),
      });
      state = next;
    });
  }
  return out;
}

function partCommands(b: { entries: { command: string; events: unknown[]; void?: true }[] }, p: ReturnType<typeof segmentParts>[number]): ReplayStep['commands'] {
  if (p.kind === 'resolutions') return [{ command: '(resolved by this reply)', undone: false, events: p.events.map((ev) => describeEvent(ev)) }];
  return p.entries.map((n) => {
    const e = b.entries[n]!;
    return { command: e.command, undone: !!e.void, events: (e.events as GameEvent[]).map((ev) => describeEvent(ev)) };
  });
}
