// Control of spaces and supply traced through them (docs/module-format.md, "Control and supply"):
// who holds each space of a point-to-point board, how a unit entering it or a fort falling changes
// that, and which units can trace a line to a source of their side (Paths of Glory §5.6, §10, §11).
import { z } from 'zod';

const Id = z.string().regex(/^[a-z0-9][a-z0-9._-]*$/, 'an id: lower-case letters, digits, ".", "_" or "-"');
const RuleRef = z.string().min(1).describe('the rulebook section, e.g. "5.6"');

export const ControlRules = z.object({
  rule: RuleRef,
  markers: z.record(Id, Id).describe('side → the marker type that says the side holds a space other than its own'),
  atWar: z.record(Id, Id).optional()
    .describe('nation → a track; while it is below 1 the nation is neutral and nobody holds its spaces (absent: at war)'),
  fort: Id.optional().describe('the space value that holds a fort\'s strength: a space with an intact fort does not change hands by entry'),
  destroyed: Id.optional().describe('the marker that says a space\'s fort is destroyed'),
  fortRule: RuleRef.optional().describe('the section that hands a destroyed fort\'s space to the besiegers (absent: rule)'),
  note: z.string().optional(),
}).strict();

export const AttritionRules = z.object({
  rule: RuleRef,
  phase: Id.describe('as this phase begins, every unsupplied piece on the board is eliminated'),
  remove: z.object({
    types: z.array(Id).min(1).describe('piece types that go to the box below instead of the eliminated box'),
    to: z.record(Id, Id).describe('side → the box'),
    rule: RuleRef.optional(),
  }).strict().optional(),
  note: z.string().optional(),
}).strict();

export const SupplyRules = z.object({
  rule: RuleRef,
  sources: Id.describe('the tag of the spaces that are supply sources (for the side that holds the space, its own nation\'s)'),
  attrition: AttritionRules.optional(),
  note: z.string().optional(),
}).strict();

export type ControlDef = z.infer<typeof ControlRules>;
export type SupplyDef = z.infer<typeof SupplyRules>;
