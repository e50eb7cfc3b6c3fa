// The module format's single source of truth: zod schemas from which validation, the TypeScript
// types and the published JSON Schema (schema/*.schema.json) all come.
// Numbers in module files are integers; exact fractions (MP costs) are strings such as "1/2".
import { z } from 'zod';
import { MODULE_CAPS as CAP } from './caps.js';
import { ControlRules, SupplyRules } from './control-schema.js';
import { SupplyLineRules } from './supply-lines-schema.js';
import { Procedure } from './procedure-schema.js';
import { Expression, FaceRule, FacingRule, MemoryDef, ModeDef, MoveEffectRule, Permissions, ReinforcementRules, StepRule, ZocDef } from './rules-schema.js';

const ID = /^[a-z0-9][a-z0-9._-]*$/;
export const Id = z.string().regex(ID, 'an id: lower-case letters, digits, ".", "_" or "-"');
const Name = z.string().min(1);
const Color = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour "#rrggbb"');
/** An MP cost or allowance: an integer, or an exact fraction "1/2", "2/3", "1 1/2". */
export const Fraction = z.union([
  z.number().int().nonnegative(),
  z.string().regex(/^\d+(?: \d+\/\d+|\/\d+)?$/, 'a number or an exact fraction such as "1/2" or "1 1/2"'),
]);
/** A cost map by movement class; "*" is any class; "P" means prohibited. */
const CostMap = z.record(z.string(), z.union([Fraction, z.literal('P')]));
/** A value printed on a counter or card: an integer or a short text ("S", "2-4"). */
const Value = z.union([z.number().int(), z.string()]);
const Values = z.record(z.string(), Value);
/** Turn lists such as "1-5,45-50". */
const RangeList = z.string().regex(/^\d+(?:-\d+)?(?:,\s*\d+(?:-\d+)?)*$/, 'a list of numbers and ranges such as "1-5,45-50"');
const Schema$ = { $schema: z.string().optional() };

export const Side = z.object({
  id: Id, name: Name, color: Color.optional(),
  nations: z.array(Id).optional().describe('nations fighting on this side (used by connection rules)'),
}).strict();

export const Die = z.object({ id: Id, sides: z.number().int().min(2).max(1000), name: Name.optional() }).strict();

export const TerrainType = z.object({
  id: Id, name: Name,
  on: z.enum(['hex', 'hexside', 'road']).describe('hex terrain, a hexside feature, or a road type'),
  color: Color.optional(),
  cost: CostMap.optional().describe('hex: MP to enter; hexside: MP added to cross; road: MP per hex moving along it'),
  downhill: CostMap.optional()
    .describe('hexside: the feature has a high side. Boards list it "high hex|low hex"; `cost` is then the cost of climbing it and this the cost of going down'),
  note: z.string().optional(),
}).strict();

const HexSection = z.object({
  id: Id,
  origin: z.tuple([z.number().int().nonnegative().max(CAP.origin), z.number().int().nonnegative().max(CAP.origin)]).default([0, 0]),
  columns: z.number().int().min(1).max(500),
  rows: z.number().int().min(1).max(500),
  label: z.object({
    pattern: z.string().min(1).max(CAP.labelPattern).describe('tokens {c} {r} {c:2} {r:2} {C}; other text is literal'),
    firstColumn: z.number().int().optional(),
    firstRow: z.number().int().optional(),
  }).strict(),
}).strict();

/** A pixel measure: an integer or a decimal string ("55.4256"); canonical JSON holds no floats. */
const PixelNumber = z.union([z.number().int(), z.string().regex(/^-?\d+(?:\.\d+)?$/, 'an integer or a decimal string such as "55.4256"')]);
const GridPlacement = z.object({
  x: PixelNumber, y: PixelNumber, dx: PixelNumber, dy: PixelNumber,
}).strict().describe('where the grid lies over the picture, in picture pixels: the centre of global column 0, row 0 (x, y) and '
  + 'the distance between neighbouring columns (dx) and rows (dy); absent: Hexpost\'s own layout (docs/geometry.md, Placement)');

const Road = z.object({ type: Id, path: z.array(z.string()).min(2), name: z.string().optional() }).strict();

export const HexBoard = z.object({
  ...Schema$,
  id: Id, name: Name, kind: z.literal('hex'),
  orientation: z.enum(['flat', 'pointy']),
  shifted: z.enum(['even', 'odd']),
  sections: z.array(HexSection).min(1).max(CAP.sections),
  scale: z.string().optional().describe('what one hex is, e.g. "116 yards"'),
  terrain: z.object({
    default: Id,
    hexes: z.record(z.string(), z.array(z.string())).default({}).describe('terrain id → hexes ("0505", or a straight run "0501-0510")'),
  }).strict(),
  hexsides: z.record(z.string(), z.array(z.string())).default({}).describe('hexside feature id → hexsides ("0303|0304")'),
  roads: z.array(Road).default([]),
  places: z.record(z.string(), z.string()).default({}).describe('hex → place name printed on the map'),
  image: z.string().optional(),
  placement: GridPlacement.optional(),
  width: z.number().int().positive().optional().describe('the picture\'s width in pixels (with a placement)'),
  height: z.number().int().positive().optional().describe('the picture\'s height in pixels (with a placement)'),
}).strict();

export const SquareBoard = z.object({
  ...Schema$,
  id: Id, name: Name, kind: z.literal('square'),
  columns: z.number().int().min(1).max(500),
  rows: z.number().int().min(1).max(500),
  diagonals: z.boolean().describe('true: the eight cells around touch (distance max(|Δc|,|Δr|)); false: only the four edges do'),
  label: z.object({
    pattern: z.string().min(1).max(CAP.labelPattern).describe('tokens {c} {r} {c:2} {r:2} {C} {R}; other text is literal'),
    firstColumn: z.number().int().optional(),
    firstRow: z.number().int().optional(),
  }).strict(),
  terrain: z.object({
    default: Id.optional(),
    cells: z.record(z.string(), z.array(z.string())).default({}).describe('terrain id → cells'),
  }).strict().optional(),
  places: z.record(z.string(), z.string()).default({}).describe('cell → place name printed on the map'),
  image: z.string().optional(),
  placement: GridPlacement.optional(),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
}).strict();

const Space = z.object({
  id: Id, name: Name,
  x: z.number().int(), y: z.number().int(),
  terrain: Id.optional(),
  nation: Id.optional().describe('whose territory the space is'),
  tags: z.array(z.string()).optional().describe('free flags: "fort", "port", "capital", "vp"…'),
  values: Values.optional(),
}).strict();

const Connection = z.object({
  a: Id, b: Id,
  type: Id.optional().describe('a connection type declared on the board; omitted = ordinary'),
}).strict();

const ConnectionType = z.object({
  id: Id, name: Name,
  nations: z.array(Id).optional().describe('only pieces of these nations may use it'),
  sides: z.array(Id).optional().describe('only pieces of these sides may use it'),
  style: z.enum(['solid', 'dashed', 'dotted']).default('solid'),
  color: Color.optional(),
}).strict();

export const PointBoard = z.object({
  ...Schema$,
  id: Id, name: Name, kind: z.literal('points'),
  width: z.number().int().positive(), height: z.number().int().positive(),
  spaces: z.array(Space).min(1).max(CAP.spaces),
  connectionTypes: z.array(ConnectionType).default([]),
  connections: z.array(Connection).max(CAP.connections).default([]),
  image: z.string().optional(),
}).strict();

export const Board = z.discriminatedUnion('kind', [HexBoard, PointBoard, SquareBoard]);

export const Box = z.object({
  id: Id, name: Name,
  owner: Id.optional().describe('the side whose box it is'),
  eliminated: z.boolean().optional().describe('its owner\'s pieces go here when a step loss eliminates them'),
  note: z.string().optional(),
}).strict();

export const Track = z.object({
  id: Id, name: Name,
  min: z.number().int(), max: z.number().int(),
  initial: z.number().int().optional(),
  owner: Id.optional(),
  labels: z.record(z.string(), z.string()).optional().describe('printed text of some positions'),
  follows: z.literal('turn').optional()
    .describe('the track is the turn record: it shows the game turn from the start, and `next` moves it at each new turn'),
  atLeast: Id.optional().describe('another track this one may not go below (air points: current ≥ grounded)'),
  atMost: Id.optional().describe('another track this one may not go above (air points: current ≤ maximum)'),
  reset: z.object({
    phase: Id, to: z.union([z.number().int(), Id]).optional(),
    value: Expression.optional().describe('the value computed (number rules expression over the turn and the tracks), instead of `to`'),
    when: Expression.optional().describe('the reset happens only when this holds (bool rules expression over the turn and the tracks)'),
    rule: z.string().optional(),
  }).strict().optional()
    .describe('as this phase begins the track is set to a number, to another track\'s value or to a computed value'),
  rule: z.string().optional().describe('the rulebook section of the links and reset'),
}).strict();

const Face = z.object({
  id: Id, name: Name,
  values: Values.default({}),
  movementClass: Id.optional().describe('row of the terrain effects chart this face moves on; defaults to the piece type id'),
  stepLoss: Id.optional().describe('the face shown after losing one step (full → reduced); omitted: a step loss eliminates the piece'),
  facing: z.enum(['vertex', 'hexside', 'none']).optional().describe('overrides the piece type (e.g. a square faces all round)'),
  color: Color.optional(),
  image: z.string().optional(),
}).strict();

export const PieceType = z.object({
  id: Id, name: Name,
  faces: z.array(Face).min(1).max(CAP.faces),
  facing: z.enum(['vertex', 'hexside', 'none']).default('none'),
  properties: z.array(Id).default([]).describe('values a player may change with `set` (strength, morale…)'),
  size: z.number().int().positive().optional().describe('counter edge in 1/16 inch (9/16" = 9)'),
  color: Color.optional(),
}).strict();

export const MarkerType = z.object({
  id: Id, name: Name,
  on: z.array(z.enum(['piece', 'hex', 'hexside', 'space'])).default(['piece', 'hex']),
  where: Expression.optional().describe('where the marker may be put (bool rules expression over target and hexside)'),
  countdown: z.object({
    becomes: Id.optional(),
    phase: Id.optional().describe('the timer steps as this phase begins instead of as each turn begins (Cold War 31.1.4: in the friendly engineer phase)'),
    clears: z.array(Id).optional().describe('with `becomes`: markers the target loses as the marker becomes it (Cold War 31.1.4: the level-1 fortification a level 3 replaces)'),
    rule: z.string().optional(),
  }).strict().optional()
    .describe('a timer: as each turn begins (or its phase) the marker is replaced by `becomes` (or taken off without it)'),
  lifts: z.array(z.object({ phase: Id, sides: z.array(Id).min(1), rule: z.string().optional() }).strict()).optional()
    .describe('as the phase begins the marker is taken off every piece of these sides (Eylau 4.1 8A: French disorder)'),
  rule: z.string().optional().describe('the rulebook section `where` applies'),
  cost: z.object({
    tracks: z.record(Id, Id).describe('side → the track the marking side pays from'),
    per: z.literal('nation').describe('the cost: one for each nation among the marking side\'s pieces in the space marked'),
    rule: z.string().optional(),
  }).strict().optional().describe('what putting the marker on a space costs (Paths of Glory §4.2: activating a space)'),
  with: z.array(Id).max(CAP.faces).optional()
    .describe('marker types `mark` puts on the same target with this one (basic rules 10.3: a square formed this turn)'),
  leaves: z.array(Id).max(CAP.faces).optional()
    .describe('marker types `unmark` puts on the target as it takes this one off (10.3: a square broken this turn)'),
  values: Values.optional(),
  color: Color.optional(),
  image: z.string().optional(),
}).strict();

export const Piece = z.object({
  id: Id, type: Id, side: Id,
  name: z.string().optional(),
  nation: Id.optional(),
  values: Values.optional().describe('this counter\'s own printed values, overriding its face values'),
}).strict();

const Card = z.object({
  id: Id, name: Name,
  values: Values.optional(),
  uses: z.array(z.string()).optional().describe('ways the card may be played: "event", "ops", "sr", "rp"…'),
  text: z.string().optional(),
  removeWhenPlayed: z.boolean().optional().describe('played as event, it leaves the game'),
  image: z.string().optional().describe('picture of the card\'s face, a path inside the module folder'),
  back: z.string().optional().describe('picture of the card\'s back (what a hidden card shows), a path inside the module folder'),
}).strict();

/** A card played as `use` moves `track` by its value `value` (Paths of Glory §12: an event's war status). */
const CardPlay = z.object({
  use: Id.describe('the use the card is played as ("event")'),
  track: Id, value: Id.describe('the card value it moves by (a number printed on the card; none or 0: no move)'),
  set: z.boolean().optional().describe('the track is set to the value instead of moved by it (Paths of Glory §4: the ops a card gives)'),
  rule: z.string().optional(),
}).strict();

export const Deck = z.object({
  id: Id, name: Name,
  owner: Id.optional().describe('the side that draws from it'),
  secret: z.boolean().default(false).describe('drawn secretly into the owner\'s hidden hand'),
  shuffleAtStart: z.boolean().optional()
    .describe('public deck: its order is shuffled at the start, with sealed randomness from every player'),
  handLimit: z.number().int().positive().optional(),
  openHand: z.boolean().optional()
    .describe('public deck held whole in its owner\'s open hand from the start, cards added later too: played at will, never drawn (Cold War 35.1)'),
  reshuffle: z.enum(['when-empty', 'never', 'by-command']).default('when-empty'),
  plays: z.array(CardPlay).max(CAP.faces).optional()
    .describe('what playing a card of this deck as a use does by itself: a track moved by a value printed on the card'),
  cards: z.array(Card).min(1).max(CAP.cards),
  sets: z.record(Id, z.array(Id)).optional().describe('named groups of card ids added later (e.g. "limited-war")'),
  initial: z.array(Id).optional().describe('sets in the deck at the start; default: every card not in a set'),
  addWithDiscard: z.boolean().optional()
    .describe('add-cards shuffles the added cards in together with the draw pile and the discard pile (a secret deck: a new deck period)'),
}).strict();

const TableRow = z.object({
  min: z.number().int().optional().describe('lowest index (omitted: no lower end)'),
  max: z.number().int().optional().describe('highest index (omitted: no upper end)'),
  result: z.union([z.string(), z.array(z.string())]).describe('the result; a list gives one result per column'),
}).strict();

export const Table = z.object({
  id: Id, name: Name,
  index: z.string().default('total').describe('what the rows are looked up by, for the reader'),
  columns: z.array(z.object({ id: z.string(), min: z.number().int().optional(), max: z.number().int().optional() }).strict())
    .max(CAP.tableColumns).optional().describe('for a two-way table: columns chosen by a procedure input (e.g. the differential)'),
  rows: z.array(TableRow).min(1).max(CAP.tableRows),
  note: z.string().optional(),
}).strict();

const PhaseEnds = z.enum(['each', 'any']);
const Segment = z.object({
  id: Id, name: Name,
  marks: z.array(Id).min(1).optional()
    .describe('played only in turns that carry one of these clock marks (e.g. "hourly"); `next` passes it by in other turns'),
  reinforcements: ReinforcementRules.optional().describe('when and how the scenario\'s reinforcements arrive (absent: as their turn begins)'),
  permissions: Permissions.optional().describe('what each side may do in this segment (over the phase\'s and the module\'s)'),
  ends: PhaseEnds.optional().describe('in a phase every side plays: how this segment ends (over the phase\'s `ends`)'),
}).strict();
const Phase = z.object({
  id: Id, name: Name,
  active: z.string().describe('a side id, "all" or "none"'),
  segments: z.array(Segment).max(CAP.phases).default([]),
  reinforcements: ReinforcementRules.optional().describe('when and how the scenario\'s reinforcements arrive (absent: as their turn begins)'),
  permissions: Permissions.optional().describe('what each side may do in this phase (over module.rules.permissions, which it does not need)'),
  ends: PhaseEnds.optional().describe('in a phase every side plays (active "all"): "each" — `next` records the side\'s pass '
    + 'and the phase (each of its segments) ends when each side has said next; "any" — the first `next` ends it. '
    + 'Absent: "each" where permissions are in force, else "any"'),
  refill: z.boolean().optional()
    .describe('a draw phase: `draw <deck>` without a count draws up to the deck\'s hand limit, and whose-move says how many each side draws'),
}).strict();
const TurnType = z.object({
  id: Id, name: Name,
  turns: RangeList.optional(),
  hours: RangeList.optional().describe('clock hours (0-23) of the turn'),
  months: RangeList.optional().describe('calendar months (1-12)'),
  phases: z.array(Id).optional().describe('phases played in this turn type (default: all)'),
  minutes: z.number().int().positive().optional().describe('length of the turn'),
  values: Values.optional(),
}).strict();

export const Sequence = z.object({
  ...Schema$,
  firstTurn: z.number().int().default(1),
  lastTurn: z.number().int(),
  phases: z.array(Phase).min(1).max(CAP.phases),
  turnTypes: z.array(TurnType).max(CAP.phases).default([]).describe('first match wins; a turn matching none is a plain turn'),
  clock: z.object({
    start: z.string().describe('ISO-8601 with offset, the start of the first turn: "1807-02-08T07:00+01:00"'),
    minutes: z.number().int().positive().describe('length of a turn unless its type says otherwise'),
    marks: z.array(z.object({ id: Id, name: Name, minute: z.number().int().min(0).max(59) }).strict()).optional()
      .describe('turns starting at this minute are flagged, e.g. hourly turns printed red'),
  }).strict().optional(),
}).strict();

const Placement = z.object({
  piece: Id,
  at: z.string(),
  face: Id.optional(),
  facing: z.number().int().min(0).max(5).optional(),
  markers: z.array(Id).optional(),
  values: Values.optional(),
}).strict();

export const Scenario = z.object({
  ...Schema$,
  id: Id, name: Name,
  description: z.string().optional(),
  board: Id.optional().describe('the board played on (default: the first)'),
  firstTurn: z.number().int().optional(),
  lastTurn: z.number().int().optional(),
  startPhase: Id.optional(),
  clockStart: z.string().optional()
    .describe('ISO-8601 with offset: the clock time of the scenario\'s first turn, when it is not counted from the sequence\'s start (a scenario fought on another day)'),
  setup: z.array(Placement).max(CAP.pieces).default([]),
  markers: z.array(z.object({ marker: Id, at: z.string() }).strict()).max(CAP.pieces).default([]),
  tracks: z.record(Id, z.number().int()).default({}),
  decks: z.record(Id, z.object({ sets: z.array(Id) }).strict()).default({}),
  reinforcements: z.array(Placement.extend({ turn: z.number().int(), note: z.string().optional() }).strict()).max(CAP.pieces).default([]),
  victory: z.string().optional(),
}).strict();

export const Movement = z.object({
  allowance: z.string().default('movement').describe('the face value that holds a piece\'s MP allowance'),
  turnCost: CostMap.optional().describe('MP to turn one facing step, by movement class'),
  bonus: z.record(z.string(), Fraction).optional().describe('named MP added to the allowance on request (e.g. grand-tactical +2)'),
  modes: z.array(ModeDef).optional().describe('declared movement modes (move --mode): bonus MP and conditions'),
  memory: z.array(MemoryDef).optional().describe('values a move carries from step to step (road chains)'),
  steps: z.array(StepRule).optional().describe('rules that change the cost of a step, in order'),
  facing: z.array(FacingRule).optional().describe('costs of changing facing; the first that applies counts'),
  faces: z.array(FaceRule).optional().describe('costs of changing face (formation); the first that applies counts'),
  zoc: ZocDef.optional().describe('zones of control: the hexes of and around the pieces that exert one, read by step rules as from.zoc and to.zoc'),
  effects: z.array(MoveEffectRule).optional().describe('what entering a hex or crossing a hexside does to the piece: a forced face, a marker, a check owed'),
}).strict();

export const Rules = z.object({
  strict: z.array(z.enum(['allowance', 'stacking', 'ownership', 'placement', 'turn', 'track', 'obligation'])).default([])
    .describe('checks that refuse a command instead of warning'),
  stackLimit: z.number().int().positive().optional(),
  stacking: z.array(z.object({
    rule: z.string().optional(), types: z.array(Id).min(1), limit: z.number().int().nonnegative(), note: z.string().optional(),
    exceptFaces: z.array(Id).optional()
      .describe('faces a piece is neither counted nor checked in (Eylau 6.64: road column)'),
    consequence: z.string().min(1).optional()
      .describe('what the book says follows a breach, appended to the warning (Eylau 6.12: the whole stack disordered)'),
  }).strict()).optional().describe('stacking limits per arm: at most `limit` pieces of these types of one side in a location'),
  anySideMoves: z.boolean().default(false).describe('players may move the other side\'s pieces'),
  reinforcements: ReinforcementRules.optional().describe('when and how the scenario\'s reinforcements arrive (absent: as their turn begins)'),
  permissions: Permissions.optional()
    .describe('who may do what in each phase (phases and segments may say otherwise); absent: anyone, any time'),
  stackByEntry: z.boolean().optional()
    .describe('a piece moving into a hex with pieces of its side goes under them when it enters through their flank or rear hexsides, on top through their front (Eylau 6.12)'),
  control: ControlRules.optional().describe('who holds each space of a point-to-point board and how it changes hands'),
  supply: SupplyRules.optional().describe('supply traced from sources through the spaces a side holds; attrition (needs control)'),
  supplyLines: SupplyLineRules.optional().describe('supply traced over a hex board: road hexes from a source to a hub, then a few hexes to the unit'),
}).strict();

/** module.json: the module's identity plus any top-level part written inline. */
export const ModuleFile = z.object({
  ...Schema$,
  id: Id,
  version: z.string().regex(/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/, 'a version "major.minor.patch"'),
  title: Name,
  description: z.string().optional(),
  sides: z.array(Side).min(1),
  dice: z.array(Die).default([]),
  terrain: z.array(TerrainType).default([]),
  boxes: z.array(Box).default([]),
  tracks: z.array(Track).default([]),
  movement: Movement.optional(),
  rules: Rules.optional(),
}).strict();

export const PiecesFile = z.object({
  ...Schema$,
  pieceTypes: z.array(PieceType).default([]),
  markerTypes: z.array(MarkerType).default([]),
  pieces: z.array(Piece).default([]),
}).strict();

export const TablesFile = z.object({
  ...Schema$,
  tables: z.array(Table).default([]),
  procedures: z.array(Procedure).default([]),
}).strict();

export const DeckFile = Deck.extend(Schema$).strict();

/** The whole module after its files are merged: what the engine, exporters and genesis use. */
export const ModuleData = ModuleFile.extend({
  boards: z.array(Board).min(1).max(CAP.boards),
  pieceTypes: z.array(PieceType).default([]),
  markerTypes: z.array(MarkerType).default([]),
  pieces: z.array(Piece).max(CAP.pieces).default([]),
  decks: z.array(Deck).default([]),
  tables: z.array(Table).max(CAP.tables).default([]),
  procedures: z.array(Procedure).max(CAP.tables).default([]),
  sequence: Sequence,
  scenarios: z.array(Scenario).min(1),
}).strict();

export type ModuleData = z.output<typeof ModuleData>;
export type SideDef = z.output<typeof Side>;
export type DieDef = z.output<typeof Die>;
export type TerrainDef = z.output<typeof TerrainType>;
export type BoardDef = z.output<typeof Board>;
export type HexBoardDef = z.output<typeof HexBoard>;
export type PointBoardDef = z.output<typeof PointBoard>;
export type SquareBoardDef = z.output<typeof SquareBoard>;
export type BoxDef = z.output<typeof Box>;
export type TrackDef = z.output<typeof Track>;
export type PieceTypeDef = z.output<typeof PieceType>;
export type FaceDef = PieceTypeDef['faces'][number];
export type MarkerTypeDef = z.output<typeof MarkerType>;
export type PieceDef = z.output<typeof Piece>;
export type DeckDef = z.output<typeof Deck>;
export type CardDef = DeckDef['cards'][number];
export type TableDef = z.output<typeof Table>;
export type { ProcedureDef } from './procedure-schema.js';
export type SequenceDef = z.output<typeof Sequence>;
export type PhaseDef = SequenceDef['phases'][number];
export type TurnTypeDef = SequenceDef['turnTypes'][number];
export type SegmentDef = PhaseDef['segments'][number];
export type ScenarioDef = z.output<typeof Scenario>;
export type PlacementDef = ScenarioDef['setup'][number];
export type MovementDef = z.output<typeof Movement>;
export type RulesDef = z.output<typeof Rules>;

/** The files of a module folder and the schema each one follows (published as JSON Schema). */
export const FILE_SCHEMAS = {
  module: ModuleFile,
  pieces: PiecesFile,
  tables: TablesFile,
  sequence: Sequence,
  board: Board,
  deck: DeckFile,
  scenario: Scenario,
} as const;
