// Procedures in the module format (docs/module-format.md, "tables.json"): a named roll with its
// modifiers, what it is bound to (the pieces, hexside or location it is rolled for), values it
// computes from them, modifier groups (exclusive, highest, lowest, capped) and the outcomes its
// results have (step losses, markers, tracks, cards, and the retreats and advances a player carries
// out). Conditions and computed values are rules expressions (src/core/rules).
import { z } from 'zod';
import { MODULE_CAPS as CAP } from './caps.js';
import { Expression } from './rules-schema.js';

const Id = z.string().regex(/^[a-z0-9][a-z0-9._-]*$/, 'an id: lower-case letters, digits, ".", "_" or "-"');
const Name = z.string().min(1);
const Rule = z.string().optional().describe('the rulebook section, e.g. "8.4"');

const Modifier = z.object({
  id: Id, name: Name,
  value: z.number().int().optional().describe('fixed amount when named; omitted: the player gives the amount'),
  max: z.number().int().optional().describe('the highest amount it counts for (a higher one given is clamped)'),
  min: z.number().int().optional().describe('the lowest amount it counts for (a lower one given is clamped)'),
  group: Id.optional().describe('the modifier group it belongs to (procedure `groups`)'),
  rule: Rule,
  when: Expression.optional()
    .describe('applied by itself when this holds for the pieces and hexside the roll is bound to (bool rules expression)'),
  named: z.literal(false).optional()
    .describe('false: the player may not name it; it applies only where its `when` holds (the weather of the turn, the markers on the board)'),
  amount: Expression.optional()
    .describe('the amount computed from the board (number rules expression, e.g. "attackers.lowest.cadre - defenders.lowest.cadre"); the player may not give it'),
}).strict();

export const BIND_KINDS = ['piece', 'pieces', 'hexside', 'location'] as const;
export type BindKind = (typeof BIND_KINDS)[number];

const Bind = z.object({
  id: Id, name: Name,
  kind: z.enum(BIND_KINDS).optional()
    .describe('piece (one id), pieces (ids separated by commas), hexside (0303|0304) or location (a hex or space); default: hexside for `crossing`, else piece'),
  required: z.boolean().optional().describe('the roll cannot be made without it'),
}).strict();

const Group = z.object({
  id: Id, name: Name.optional(),
  pick: z.enum(['all', 'one', 'highest', 'lowest']).default('all')
    .describe('all: the sum counts; one: at most one may be named (the board gives the first that holds); highest / lowest: only the best or worst counts ("best single terrain")'),
  min: z.number().int().optional().describe('the group counts at least this (clamped)'),
  max: z.number().int().optional().describe('the group counts at most this (clamped)'),
  rule: Rule,
}).strict();

const Input = z.object({
  id: Id, name: Name,
  value: Expression.optional()
    .describe('computed from what the roll is bound to (number rules expression, e.g. "attackers.strength - defender.strength"); omitted: the player gives it'),
  rule: Rule,
}).strict();

/** One thing a result does. `of` names a bind; its pieces are those still on the board. */
const When = Expression.optional()
  .describe('the effect applies only when this holds, read as the earlier effects left the board (bool rules expression over the binds, `result`, `modifiers`)');
const Effect = z.union([
  z.object({ loss: z.number().int().positive(), of: Id, rule: Rule, when: When })
    .strict().describe('the pieces lose this many steps (flip to the face\'s stepLoss, else eliminated); their owner chooses among several'),
  z.object({
    points: z.number().int().positive(), value: z.string().regex(/^[A-Za-z][A-Za-z0-9_-]*$/, 'a piece value name'), of: Id,
    each: z.boolean().optional().describe('every piece takes the points (default: they are shared, the owner choosing among several)'),
    times: Expression.optional().describe('what one piece takes the points times (number rules expression reading piece.*; default 1)'),
    rule: Rule, when: When,
  }).strict().describe('the points are added to a piece value (Cold War attrition points), on every piece or shared by their owner'),
  z.object({ 'loss-points': z.number().int().positive(), of: Id,
    by: z.string().regex(/^[A-Za-z][A-Za-z0-9_-]*$/, 'a piece value name').describe('the value each step absorbs (a loss factor)'), rule: Rule, when: When })
    .strict().describe('the pieces lose steps whose values `by` total at least this many points (Paths of Glory loss factors); their owner chooses among several'),
  z.object({ retreat: z.number().int().positive(), of: Id, rule: Rule, when: When })
    .strict().describe('each piece retreats this many hexes: an obligation its owner discharges with `retreat`'),
  z.object({ advance: Id, into: Id, length: z.number().int().positive().optional()
    .describe('the advance\'s path has at most this many hexes (a longer one is an `obligation` warning)'), rule: Rule, when: When })
    .strict().describe('the pieces may move into where `into` stood: an option their owner takes with `advance` in this phase'),
  z.object({ mark: Id, on: Id.optional(), at: Id.optional(), rule: Rule, when: When })
    .strict().describe('a marker on each piece of `on`, or on the location of `at`'),
  z.object({ track: Id, by: z.union([z.number().int(), Expression]), rule: Rule, when: When }).strict()
    .describe('the track moves by this much (within its bounds): a number, or a number rules expression over the turn and the tracks (rounded down)'),
  z.object({ 'remove-card': Id, rule: Rule, when: When }).strict().describe('the card leaves the game (from the draw pile, the discard pile or a public hand)'),
  z.object({ unmark: Id, on: Id.optional(), at: Id.optional(), rule: Rule, when: When }).strict()
    .describe('the marker leaves each piece of `on` that carries it, or the location of `at` (Cold War 15.6.12.3: the engineers lost)'),
  z.object({ draw: z.union([Id, z.array(Id).min(1).max(CAP.faces)]), count: z.number().int().positive().optional(), rule: Rule, when: When }).strict()
    .describe('the roller owes a draw of `count` cards (default 1) from the deck (a list: the one of them he owns), discharged by `draw <deck>`; '
      + 'none when the deck has no card left (Cold War 34.3: a 10 draws one event card, an empty deck makes the roll void)'),
  z.object({ reply: Id, by: Id, at: Id, rolls: z.string().min(1)
    .describe('a value name of the piece of `by`, or a number rules expression over the binds'),
  simultaneous: z.literal(true).optional().describe('the rolls are owed as the board stood before this result, and stay owed when this or '
    + 'another result eliminates the piece of `by` before they are rolled: it fires from where it stood (basic rules 8.1)'),
  rule: Rule, when: When }).strict()
    .describe('the piece of `by` owes the procedure `reply` at the piece of `at`, as many rolls as `rolls` says (mutual fire): an obligation its owner discharges by resolving it'),
  z.object({ value: Id, on: Id, by: z.number().int().optional(), to: z.number().int().optional(), rule: Rule, when: When }).strict()
    .describe('a piece value set in play on each piece of `on`: moved `by` this much (never below 0: Eylau 6.32, a battery '
      + 'loses 1 strength point), or set `to` this number (a count a procedure keeps)'),
]);

/** What must hold for a roll to be made at all (basic rules 7.1: fire at an adjacent enemy only). */
const Requirement = z.object({
  when: Expression.describe('a bool rules expression over the binds, the tracks and the turn'),
  message: Name.describe('what the warning says when it does not hold'),
  rule: Rule,
}).strict();

const Outcome = z.object({
  result: z.string().min(1).describe('a table result, or one word of it ("D1" in "A1 D1")'),
  effects: z.array(Effect).min(1).max(CAP.faces),
  note: z.string().optional(),
}).strict();

export const Procedure = z.object({
  id: Id, name: Name,
  dice: z.string().regex(/^\d+d\d+$/, 'dice such as "1d10" or "2d6"'),
  modifiers: z.array(Modifier).max(CAP.faces).default([]),
  modifierLimit: z.object({ min: z.number().int().optional(), max: z.number().int().optional() }).strict().optional()
    .describe('the sum of the modifiers is clamped to this'),
  groups: z.array(Group).max(CAP.faces).optional().describe('modifier groups: exclusive, best of, capped'),
  inputs: z.array(Input).max(CAP.faces).default([])
    .describe('values the player gives or the board computes: a column input or the target subtracted'),
  binds: z.array(Bind).max(CAP.faces).optional()
    .describe('what the roll is for: `piece=<id>`, `attackers=<id>,<id>`, `crossing=<hexside>`, `at=<hex or space>`'),
  column: Id.optional().describe('input choosing the column of a two-way table'),
  modifiersTo: z.enum(['roll', 'column']).optional()
    .describe('what the modifiers add to: the dice total (default) or the column input, e.g. combat modifiers that shift a differential'),
  subtract: Id.optional().describe('input subtracted from the total before the lookup (roll ≥ target checks)'),
  table: Id,
  requires: z.array(Requirement).max(CAP.faces).optional()
    .describe('conditions of the roll: a `resolve` breaking one is a `prohibited` warning (a refusal where `allowance` is strict)'),
  outcomes: z.array(Outcome).max(CAP.tableRows).optional()
    .describe('what results do: the engine applies them, or records what a player must do'),
  owed: z.array(z.object({
    phase: Id.describe('the phase in which the roll is owed'),
    segment: Id.optional().describe('only in this segment of it (the roll lapses when the segment ends)'),
    side: Id.describe('the side that owes it'),
    when: Expression.optional().describe('owed only when this holds as the phase begins (bool rules expression over the turn and the tracks)'),
    each: Id.optional().describe('a marker type: one roll owed for each location carrying it (Cold War 26.2.2.9, each contamination marker)'),
    bind: Id.optional().describe('with `each`: the location bind of the procedure that names the marker\'s location'),
    rule: Rule,
  }).strict()).max(CAP.faces).optional()
    .describe('the roll is owed once in every such phase: the phase cannot end (`next`) before that side has resolved it (Cold War 29.1.2: the weather each turn)'),
  immediate: z.boolean().optional()
    .describe('resolved at once with a key its roller could foresee, where the game cannot wait for a reply (shown as such)'),
  rule: z.string().optional(),
}).strict();

export type ProcedureDef = z.output<typeof Procedure>;
export type EffectDef = z.output<typeof Effect>;
export type RequirementDef = z.output<typeof Requirement>;
export type BindDef = z.output<typeof Bind>;
export type OwedDef = NonNullable<ProcedureDef['owed']>[number];

/** A bind's kind: as declared, else `hexside` for the historical `crossing`, else `piece`. */
export function bindKind(b: BindDef): BindKind {
  return b.kind ?? (b.id === 'crossing' ? 'hexside' : 'piece');
}
