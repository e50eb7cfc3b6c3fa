// MP cost of one step, from the module's terrain data (the terrain effects chart as data).
// Rules, documented in docs/module-format.md:
// - moving from one hex to the next along a road whose type has a cost for the piece's movement
//   class costs the road rate, whatever the hex terrain and hexside features (a road crosses a
//   stream by its bridge); the cheapest such road counts;
// - otherwise the cost is the dearest terrain in the entered hex plus every hexside feature crossed
//   (a feature with a high side — a slope, listed "high|low" — at its `downhill` rate going down);
// - a terrain with no cost table costs 1 MP; one whose table has neither the class nor "*" is
//   prohibited to that class, as is an explicit "P".
import { add, parseRational, type Rational, compare, ONE, ZERO } from '../rational.js';
import type { ModuleData, TerrainDef } from './schema.js';
import type { TerrainIndex } from './terrain-index.js';

export type StepCost = Rational | null;

export class MovementCosts {
  private readonly terrain: Map<string, TerrainDef>;
  constructor(module: ModuleData, private readonly index: TerrainIndex) {
    this.terrain = new Map(module.terrain.map((t) => [t.id, t]));
  }

  /** Cost of entering `to` from adjacent `from`, or null where the class may not go. */
  step(from: string, to: string, movementClass: string): StepCost {
    let best: Rational | null = null;
    for (const road of this.index.roadsBetween(from, to)) {
      const c = this.lookup(road, movementClass, false);
      if (c && (best === null || compare(c, best) < 0)) best = c;
    }
    if (best) return best;
    let cost: Rational | null = null;
    for (const t of this.index.hexTerrain(to)) {
      const c = this.lookup(t, movementClass, true);
      if (c === null) return null;
      if (cost === null || compare(c, cost) > 0) cost = c;
    }
    cost ??= ONE;
    for (const f of this.index.hexsideFeatures(from, to)) {
      // a feature with a high side (listed "high|low") costs `downhill` going down from it
      const down = this.terrain.get(f)?.downhill !== undefined && this.index.firstHex(f, from, to) === from;
      const c = this.lookup(f, movementClass, true, down);
      if (c === null) return null;
      cost = add(cost, c);
    }
    return cost;
  }

  /** A terrain's cost for a class (going down a feature's high side: `downhill`); `prohibitIfMissing` decides a table without the class. */
  private lookup(terrainId: string, movementClass: string, prohibitIfMissing: boolean, down = false): Rational | null {
    const t = this.terrain.get(terrainId);
    const table = down ? t?.downhill : t?.cost;
    if (!table) return t?.on === 'road' ? null : t?.on === 'hexside' ? ZERO : ONE;
    const v = table[movementClass] ?? table['*'];
    if (v === undefined) return prohibitIfMissing ? null : null;
    if (v === 'P') return null;
    return parseRational(v);
  }
}
