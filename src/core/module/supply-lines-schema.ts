// Supply lines traced over a hex board in two legs (docs/module-format.md, "Supply lines on a hex
// board"): from a source of the side along road hexes to a hub of the unit's formation, then at
// most so many hexes to the unit, never through what blocks a line (Cold War 1985 30.1).
import { z } from 'zod';

const Id = z.string().regex(/^[a-z0-9][a-z0-9._-]*$/, 'an id: lower-case letters, digits, ".", "_" or "-"');
const RuleRef = z.string().min(1).describe('the rulebook section, e.g. "30.1"');

const Hub = z.object({
  marker: Id.describe('the hex marker of the hub'),
  side: Id.describe('the side whose units it supplies'),
  nations: z.array(Id).min(1).describe('the nations of the units it supplies (the formation the hub belongs to)'),
  length: z.number().int().positive().describe('the most hexes of the second leg, from the hub to the unit'),
}).strict();

export const SupplyLineRules = z.object({
  rule: RuleRef,
  sources: z.record(Id, z.array(z.string().min(1)))
    .describe('side → the hexes that are its supply sources'),
  hubs: z.array(Hub).min(1).describe('the hubs each unit traces its line through: the first leg ends at one of its own'),
  blockedBy: z.array(Id).default([]).describe('hex markers no line enters or passes through'),
  rivers: z.array(Id).default([]).describe('hexside features no line crosses unless a road does (a permanent bridge) or a bridge marker is on the hexside'),
  bridges: z.array(Id).default([]).describe('hexside markers that carry a line across a river'),
  destroyed: Id.optional().describe('the hexside marker that takes the road\'s bridge away'),
  hubEnemyAdjacent: RuleRef.optional().describe('the section by which a hub adjacent to an enemy unit supplies nothing'),
  keeps: Id.optional().describe('a piece value an unsupplied piece may not lower (Cold War 30: attrition points)'),
  keepsRule: RuleRef.optional(),
  note: z.string().optional(),
}).strict();

export type SupplyLineDef = z.infer<typeof SupplyLineRules>;
