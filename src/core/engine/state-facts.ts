// What a step rule reads of the state (markers on hexes and hexsides, the pieces in a location),
// indexed by location and edge for one command: built on first use by one pass over the state's
// markers or stacks, instead of a lookup by text key for every step. It lives as long as one move
// or one reach (a StepQuery), so a marker placed or a piece moved later is read afresh by the next.
import type { BoardFacts } from './board-facts.js';
import type { GameState } from './state.js';

const EMPTY: readonly string[] = Object.freeze([]);

/** Lists by number: slot 0 is the empty list, slot k > 0 is lists[k] (few are set, so no big array of pointers). */
interface Sparse { slot: Int32Array; lists: (readonly string[])[] }

export class StateFacts {
  private hexMarkers: Sparse | null = null;
  private edgeMarkers: Sparse | null = null;
  private stacks: Sparse | null = null;

  constructor(private readonly state: GameState, private readonly f: BoardFacts) {}

  /** Markers on location i (state.markers[label]). */
  markersAt(i: number): readonly string[] {
    const s = this.hexMarkers ??= this.byLocation(this.state.markers);
    return s.lists[s.slot[i]!]!;
  }

  /** Markers on the hexside an edge crosses (state.markers[hexside id]); none off a hex grid. */
  markersAcross(e: number): readonly string[] {
    const s = this.edgeMarkers ??= this.byEdge();
    return s.lists[s.slot[e]!]!;
  }

  /** The pieces in location i (state.stacks[label]). */
  stack(i: number): readonly string[] {
    const s = this.stacks ??= this.byLocation(this.state.stacks);
    return s.lists[s.slot[i]!]!;
  }

  // one pass over the keys, plain loops: this runs once per command, before its first step
  private byLocation(map: Record<string, readonly string[]>): Sparse {
    const s: Sparse = { slot: new Int32Array(this.f.labels.length), lists: [EMPTY] };
    const index = this.f.index;
    for (const key of Object.keys(map)) {
      const i = index.get(key);
      if (i !== undefined) { s.slot[i] = s.lists.length; s.lists.push(map[key]!); }
    }
    return s;
  }

  private byEdge(): Sparse {
    const s: Sparse = { slot: new Int32Array(this.f.to.length), lists: [EMPTY] };
    const markers = this.state.markers, sides = this.f.sideEdges;
    for (const key of Object.keys(markers)) {
      const edges = sides.get(key);
      if (!edges) continue;
      const k = s.lists.length;
      s.lists.push(markers[key]!);
      for (const e of edges) s.slot[e] = k;
    }
    return s;
  }
}
