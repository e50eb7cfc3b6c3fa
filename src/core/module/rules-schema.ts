// The rules layer of the module format (docs/module-format.md, "Rules"): movement rules with
// memory and context, movement modes, costed facing and formation changes. Conditions and values
// are rules expressions (src/core/rules), type-checked at validation (references.ts).
import { z } from 'zod';

const Id = z.string().regex(/^[a-z0-9][a-z0-9._-]*$/, 'an id: lower-case letters, digits, ".", "_" or "-"');
/** A rules expression: text in the rules language, or a plain integer / boolean. */
export const Expression = z.union([z.string().min(1), z.number().int(), z.boolean()])
  .describe('a rules expression (docs/module-format.md, "Rules expressions")');
const RuleRef = z.string().min(1).describe('the rulebook section this rule applies, e.g. "6.52"');

export const StepRule = z.object({
  rule: RuleRef,
  when: Expression.optional().describe('the condition (bool); omitted: every step'),
  road: Expression.optional().describe('new road rate for this step (cost; prohibited = the road does not serve)'),
  hex: Expression.optional().describe('new cost of the entered hex\'s terrain (cost)'),
  sides: Expression.optional().describe('new cost of the hexside features crossed (cost)'),
  cost: Expression.optional().describe('the step\'s final cost (cost); may read total'),
  remember: z.record(Id, Expression).optional().describe('memory values carried to the next step (numbers)'),
  note: z.string().optional(),
}).strict();

export const MemoryDef = z.object({
  id: Id,
  max: z.number().int().min(1).max(15).describe('values run from 0 to max (reach searches every value)'),
  note: z.string().optional(),
}).strict();

export const ModeDef = z.object({
  id: Id, name: z.string().min(1), rule: RuleRef,
  bonus: z.union([z.number().int().nonnegative(), z.string()]).default(0).describe('MP added to the allowance'),
  when: Expression.optional().describe('who may declare it (bool, read at the start of the move)'),
  note: z.string().optional(),
}).strict();

export const FacingRule = z.object({
  rule: RuleRef,
  when: Expression.optional().describe('the condition (bool); reads steps, about, mode and the piece'),
  cost: Expression.describe('MP of the whole change of facing (number)'),
  toggle: Id.optional().describe('a marker put on the piece, or taken off when it has it (faced-to-rear)'),
  note: z.string().optional(),
}).strict();

export const FaceRule = z.object({
  rule: RuleRef,
  when: Expression.optional().describe('the condition (bool); reads from, to, mode, here and the piece'),
  cost: Expression.describe('MP of the change of face (number)'),
  freeFacing: z.boolean().optional().describe('the flip may set a facing at no cost (Eylau 5.32)'),
  note: z.string().optional(),
}).strict();

export const ZocDef = z.object({
  rule: RuleRef,
  exerts: Expression.optional()
    .describe('which pieces exert a zone of control (bool, reading the exerting piece as piece.*); omitted: every piece'),
  notAcross: z.array(Id).optional().describe('hexside features a zone of control does not extend across (a major river)'),
  note: z.string().optional(),
}).strict();

export const MoveEffectRule = z.object({
  rule: RuleRef,
  when: Expression.optional().describe('the condition (bool), read on each step of a move with the step rules\' names; omitted: every step'),
  flip: Expression.optional().describe('the face the piece changes to (string; a face of its type): a forced formation change'),
  mark: Id.optional().describe('a marker put on the piece (unless it carries it already)'),
  check: Id.optional().describe('a procedure the piece owes one roll of (an obligation of kind check): a check the book requires'),
  warn: z.string().min(1).optional().describe('a prohibited warning on the move with this text: a condition the book sets on entering (Eylau 5.41)'),
  on: z.enum(['piece', 'friends']).optional()
    .describe('whom `mark` and `check` concern: the moving piece (default), or the pieces of its side in the hex entered (basic rules 6.5: the unit passed through)'),
  note: z.string().optional(),
}).strict();

export type StepRuleDef = z.output<typeof StepRule>;
export type MoveEffectRuleDef = z.output<typeof MoveEffectRule>;
export type ZocRuleDef = z.output<typeof ZocDef>;
export type ModeDef = z.output<typeof ModeDef>;
export type FacingRuleDef = z.output<typeof FacingRule>;
export type FaceRuleDef = z.output<typeof FaceRule>;

/** Verbs a permission may name ('*': every verb). `note` and `undo` are always allowed. */
export const PERMISSION_VERBS = ['move', 'rotate', 'flip', 'mark', 'unmark', 'set', 'track', 'stack', 'roll', 'resolve',
  'draw', 'play', 'discard', 'shuffle', 'add-cards', 'reveal-hand', 'next', 'lose', 'retreat', 'advance', 'delay'] as const;
// "play as <use>": that verb with that card use only (a defender's combat card in the attacker's round)
const VerbList = z.array(z.union([z.enum(PERMISSION_VERBS), z.literal('*'),
  z.string().regex(/^play as [a-z][a-z0-9-]*$/).describe('play, with this card use only')]));

export const Permissions = z.object({
  active: VerbList.optional().describe('what the active side may do (default: everything)'),
  others: VerbList.optional().describe('what a side that is not active may do (default: nothing but note)'),
  limits: z.object({
    play: z.number().int().nonnegative().optional(),
    draw: z.number().int().nonnegative().optional(),
    uses: z.array(z.string().min(1)).min(1).optional()
      .describe('the card uses a play counts toward `play` with (a play without a use always counts; default: every play)'),
  }).strict().optional()
    .describe('how many cards a side may play (or draws) in one segment (an action round: one card)'),
  note: z.string().optional(),
}).strict();
export type PermissionsDef = z.output<typeof Permissions>;

export const ReinforcementRules = z.object({
  rule: z.string().optional().describe('the rulebook section, e.g. "33.5"'),
  arrive: z.enum(['turn-start', 'phase', 'turn-end']).default('turn-start')
    .describe('when the pieces due on a turn come: as it begins, in their side\'s phase (phases), or as it ends'),
  phases: z.record(Id, Id).optional().describe('side → the phase its reinforcements arrive in (arrive "phase")'),
  segments: z.record(Id, Id).optional()
    .describe('side → the segment of that phase they arrive in (MP spent count from it: Eylau\'s movement segment)'),
  payEntry: z.boolean().optional().describe('an arriving piece has spent the entry hex\'s MP'),
  enemy: z.literal('delay').optional().describe('an enemy unit in the entry hex delays the arrival to the next turn'),
  column: z.object({
    rule: z.string().min(1),
    hexes: Expression.describe('road hexes an arriving piece fills (6.65: ceil(piece.strength / 8) for infantry)'),
  }).strict().optional()
    .describe('a group arriving at one hex comes in single file: each pays the entry road\'s rate for the hexes of those ahead'),
  roadColumn: z.object({
    rule: z.string().min(1), face: Id, clear: z.number().int().positive(),
  }).strict().optional()
    .describe('arriving on `face` needs no enemy piece within `clear` hexes of the entry hex (a warning otherwise)'),
  choice: z.object({
    rule: z.string().min(1),
    delay: z.number().int().positive().describe('the most turns a group may be delayed, in all'),
    shift: z.number().int().nonnegative().describe('hexes its entry may move from the scenario\'s, per turn of delay'),
    exceptFaces: z.array(Id).optional().describe('faces a delayed group may not choose to enter on (6.72: square)'),
  }).strict().optional()
    .describe('the owner may delay a group (command `delay`) and move its entry hex'),
  note: z.string().optional(),
}).strict();
