// What a step rule reads of the state (markers on hexes and hexsides, the pieces in a location),
// indexed by location and edge for one command: built on first use by one pass over the state's
// markers or stacks, instead of a lookup by text key for every step. It lives as long as one move
// or one reach (a StepQuery), so a marker placed or a piece moved later is read afresh by the next.
import type { BoardFacts } from './board-facts.js';
import type { GameState } from './state.js';

const EMPTY: readonly string[] = Object.freeze([]);

export class StateFacts {
  private hexMarkers: (readonly string[])[] | null = null;
  private edgeMarkers: (readonly string[])[] | null = null;
  private stacks: (readonly string[])[] | null = null;

  constructor(private readonly state: GameState, private readonly f: BoardFacts) {}

  /** Markers on location i (state.markers[label]). */
  markersAt(i: number): readonly string[] {
    if (!this.hexMarkers) {
      const a = this.hexMarkers = new Array<readonly string[]>(this.f.labels.length).fill(EMPTY);
      for (const [key, list] of Object.entries(this.state.markers)) { const i = this.f.index.get(key); if (i !== undefined) a[i] = list; }
    }
    return this.hexMarkers[i]!;
  }

  /** Markers on the hexside an edge crosses (state.markers[hexside id]); none off a hex grid. */
  markersAcross(e: number): readonly string[] {
    if (!this.edgeMarkers) {
      const a = this.edgeMarkers = new Array<readonly string[]>(this.f.to.length).fill(EMPTY);
      for (const [key, list] of Object.entries(this.state.markers)) {
        const edges = this.f.sideEdges.get(key);
        if (edges) for (const x of edges) a[x] = list;
      }
    }
    return this.edgeMarkers[e]!;
  }

  /** The pieces in location i (state.stacks[label]). */
  stack(i: number): readonly string[] {
    if (!this.stacks) {
      const a = this.stacks = new Array<readonly string[]>(this.f.labels.length).fill(EMPTY);
      for (const [key, ids] of Object.entries(this.state.stacks)) { const i = this.f.index.get(key); if (i !== undefined) a[i] = ids; }
    }
    return this.stacks[i]!;
  }
}
