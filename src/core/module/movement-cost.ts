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
  constructor(module: ModuleData, readonly index: TerrainIndex) {
    this.terrain = new Map(module.terrain.map((t) => [t.id, t]));
  }

  /** Cost of entering `to` from adjacent `from`, or null where the class may not go. */
  step(from: string, to: string, movementClass: string): StepCost {
    const p = this.parts(from, to, movementClass);
    return p.road ?? (p.hex === null || p.sides === null ? null : add(p.hex, p.sides));
  }

  /**
   * The parts of a step's cost, which movement rules may change one by one: the cheapest road rate
   * along the step for the class (null: no road serves it), the dearest hex terrain of `to` and
   * the hexside features crossed (null: prohibited).
   */
  parts(from: string, to: string, movementClass: string): { road: StepCost; hex: StepCost; sides: StepCost } {
    let road: Rational | null = null;
    for (const r of this.index.roadsBetween(from, to)) {
      const c = this.lookup(r, movementClass, false);
      if (c && (road === null || compare(c, road) < 0)) road = c;
    }
    let hex: Rational | null = null;
    for (const t of this.index.hexTerrain(to)) {
      const c = this.lookup(t, movementClass, true);
      if (c === null) { hex = null; break; }
      if (hex === null || compare(c, hex) > 0) hex = c;
    }
    if (hex === null && this.index.hexTerrain(to).length === 0) hex = ONE;
    return { road, hex, sides: this.sidesWithout(from, to, movementClass, []) };
  }

  /** The hexside features crossed from `from` to `to`, leaving out `except`; null when one prohibits the class. */
  sidesWithout(from: string, to: string, movementClass: string, except: readonly string[]): StepCost {
    let cost: Rational = ZERO;
    for (const f of this.index.hexsideFeatures(from, to)) {
      if (except.includes(f)) continue;
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
