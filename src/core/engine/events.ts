// Events: what happened, with every random outcome, so folding them never asks for randomness.
// MP are exact fraction strings ("7/2"). Optional fields are left out when they do not apply.
import type { Value } from './state.js';

export type WarningCode = 'allowance' | 'prohibited' | 'stacking' | 'hand-limit' | 'placement' | 'turn' | 'track' | 'obligation';
/** A rule the players broke and let stand (rules stay with the players unless module.rules.strict). */
export interface Warning { code: WarningCode; message: string }

interface Base { warnings?: Warning[] }
/** Events with a random outcome; `void` marks them when their command was undone (they stay visible). */
interface RandomBase extends Base {
  counter: number; void?: true;
  /** the outcome of a sealed commitment (its id), resolved in a later segment by another player's value */
  sealed?: string;
  /** an outcome its roller could foresee: a procedure the module marks immediate */
  immediate?: true;
  /** the side that committed it (sealed outcomes are logged in another player's segment) */
  side?: string;
}

export interface MovedEvent extends Base, RulesApplied {
  type: 'moved'; piece: string; from: string | null; path: string[];
  /** MP of this move, MP spent this phase after it, and the allowance (where the module has terrain costs) */
  mp?: string; spent?: string; allowance?: string;
  /** 'bottom': it went under the pieces already there (module.rules.stackByEntry); else on top */
  stack?: 'bottom';
  /** a retreat or an advance after combat: the obligation (or option) it discharges; no MP are spent */
  obligation?: string;
}
/** The movement mode declared (move --mode) and the sections of the module's rules that set the MP. */
interface RulesApplied { mode?: string; rules?: string[] }
export interface RotatedEvent extends Base, RulesApplied {
  type: 'rotated'; piece: string; from: number; to: number;
  mp?: string; spent?: string; allowance?: string;
}
export interface FlippedEvent extends Base, RulesApplied {
  type: 'flipped'; piece: string; from: string; to: string;
  /** the facing it was set to (a free facing on leaving an all-round formation) */
  facing?: number;
  mp?: string; spent?: string; allowance?: string;
}
export type MarkTargetKind = 'piece' | 'hex' | 'hexside' | 'space';
/** `rule`: a change of control the engine made (module rules.control), the rule's section */
export interface MarkedEvent extends Base { type: 'marked'; target: string; kind: MarkTargetKind; marker: string; rule?: string }
export interface UnmarkedEvent extends Base { type: 'unmarked'; target: string; kind: MarkTargetKind; marker: string; rule?: string }
export interface ValueSetEvent extends Base {
  type: 'value-set'; piece: string; prop: string; from: Value | null; to: Value;
  /** a result's points (procedure outcomes `points`): the commitment it follows from */
  by?: string;
  /** `lose <piece> <n>` sharing a result's points: the obligation it discharges, and the n points it counts */
  obligation?: string; points?: number;
}
export interface TrackSetEvent extends Base { type: 'track-set'; track: string; from: number; to: number }
export interface RestackedEvent extends Base { type: 'restacked'; piece: string; location: string; position: 'top' | 'bottom' }
export interface RolledEvent extends RandomBase {
  type: 'rolled'; dice: string; faces: number[]; modifier: number; total: number; purpose?: string;
}
export interface ResolvedEvent extends RandomBase {
  type: 'resolved'; procedure: string; dice: string; faces: number[];
  modifiers: { id: string; value: number }[];
  /** what the roll is for (procedure `binds`: piece, crossing) */
  bound?: Record<string, string>;
  /** the modifiers the board gave (their `when` held for what the roll is bound to) */
  derived?: string[];
  /** the reply obligation (mutual fire) this roll discharges one roll of */
  obligation?: string;
  /** sum of the modifiers after the procedure's limit */
  modifier: number;
  inputs?: { id: string; value: Value }[];
  /** dice + modifier */
  total: number;
  /** the row index looked up (total minus the `subtract` input) */
  index: number;
  column?: string;
  result: string;
  /** modifiers named or given by the board that do not count (a group keeps only its highest, lowest or first) */
  dropped?: string[];
  /** where the roll is fought (a procedure with outcomes): the location of its last piece or location bound */
  at?: string;
  /** modifier groups whose sum was clamped to their limit */
  capped?: { group: string; from: number; to: number }[];
}
export interface DrewEvent extends Base {
  type: 'drew'; deck: string; side: string;
  /** the owner's commitments to the cards of a resolved sealed draw (its id) */
  sealed?: string;
  /** public deck: the cards, top first */
  cards?: string[];
  /** secret deck: commitments only */
  period?: number;
  draws?: { counter: number; commitment: string }[];
  void?: true;
  /** the side's nth draw in this segment, where the module limits draws (rules.permissions.limits) */
  count?: number;
  /** the draw obligation (procedure outcomes `draw`) this draw discharges */
  obligation?: string;
}
export interface PeriodBeganEvent extends Base {
  type: 'period-began'; deck: string; period: number; pool: string[];
  /** begun by `add-cards` with the discard pile: the commitments of the cards the owner holds (in `pool`, not drawable) */
  held?: string[];
}
export interface ShuffledEvent extends RandomBase { type: 'shuffled'; deck: string; order: string[] }
export interface CardsAddedEvent extends Base {
  type: 'cards-added'; deck: string; set: string; cards: string[]; into: 'order' | 'pool' | 'period' | 'hand';
  /** into `hand` (a deck with `openHand`): the owner whose open hand takes them */
  side?: string;
}
export interface PlayedEvent extends Base {
  type: 'played'; deck: string; side: string; card: string; use?: string;
  /** a hidden card is opened: its commitment and salt */
  commitment?: string; salt?: string;
  to: 'discard' | 'removed';
  /** the side's nth play in this segment, where the module limits plays (rules.permissions.limits) */
  count?: number;
}
export interface DiscardedEvent extends Base {
  type: 'discarded'; deck: string; side: string; card: string; commitment?: string; salt?: string;
}
export interface HandRevealedEvent extends Base {
  type: 'hand-revealed'; side: string; cards: { deck: string; commitment: string; card: string; salt: string }[];
}
export interface TurnBeganEvent extends Base { type: 'turn-began'; turn: number; turnType: string | null; clock?: string; marks?: string[] }
export interface PhaseBeganEvent extends Base { type: 'phase-began'; turn: number; phase: string; segment: string | null; active: string }
export interface ArrivedEvent extends Base {
  type: 'arrived'; piece: string; at: string; face: string; facing: number | null;
  values?: Record<string, Value>; markers?: string[];
  /** where the module makes arrivals pay the entry hex (rules.reinforcements.payEntry) */
  mp?: string; spent?: string;
  /** of `spent`, the MP the column ahead of it took (rules.reinforcements.column, Eylau 6.71), and that rule */
  column?: string; rule?: string;
}
/** A reinforcement that could not arrive (an enemy unit in its entry hex): it tries again next turn. */
export interface DelayedEvent extends Base { type: 'delayed'; piece: string; at: string; rule: string; reason: string }
/** The owner delayed a group of reinforcements (6.72): its pieces now arrive on `turn` at `at`. */
export interface EntryDelayedEvent extends Base {
  type: 'entry-delayed'; pieces: string[]; turn: number; at: string; rule: string;
  /** piece → the face it now enters on, where its owner chose one */
  faces?: Record<string, string>;
}
export interface GameEndedEvent extends Base { type: 'game-ended'; turn: number }
/** A side said `next` in a phase every side plays; the phase ends when the last one does. */
export interface PassedEvent extends Base { type: 'passed'; side: string }
export interface NotedEvent extends Base { type: 'noted'; text: string }
export interface UndoneEvent extends Base { type: 'undone'; entry: number }

/** What a sealed commitment waits for, and what it is for (see state.ts SealedRecord). */
export type SealedKind = 'roll' | 'resolve' | 'shuffle' | 'draw';
/**
 * A random outcome committed now and resolved later: the key mixes in a dice-chain value that each
 * side in `awaiting` reveals only after it has received this commitment (docs/dice-protocol.md).
 */
export interface SealedEvent extends Base {
  type: 'sealed'; id: string; kind: SealedKind;
  /** the committing side, its epoch, roll counter and dice value of that epoch (absent for a setup shuffle) */
  side?: string; epoch?: number; counter?: number; own?: string;
  awaiting: string[];
  /** roll and resolve: the command whose outcome this is */
  command?: string;
  /** shuffle: the deck and its cards in input order; draw: the deck, period, draw indices and pool */
  deck?: string; cards?: string[]; period?: number; indices?: number[]; pool?: string[];
  /** draw: the commitments of the cards in the pool its owner held when the period began (never drawn) */
  held?: string[];
  void?: true;
  /** a draw: which of the side's draws in this segment it is, where the module limits them */
  count?: number;
  /** resolve: what the roll is bound to and the modifiers the board gave, at the commitment */
  bound?: Record<string, string>;
  derived?: string[];
  /** resolve: the reply obligation (mutual fire) this roll discharges one roll of */
  obligation?: string;
}
/**
 * A step loss (a result applied, or a `lose` that discharges a loss obligation): the piece shows its
 * face's stepLoss face, or is eliminated (`to` null) into its side's eliminated box (`box`; absent:
 * off the map). `at` is where it stood.
 */
export interface LostEvent extends Base {
  type: 'lost'; piece: string; from: string; to: string | null; at: string | null; box?: string;
  /** the loss obligation it discharges */
  obligation?: string;
  /** a loss counted in loss points (outcome `loss-points`): the points this step absorbs (the piece's value) */
  points?: number;
  /** the outcome it follows from: the sealed commitment's id, or the roll counter of an unsealed one */
  by?: string;
  /** attrition (module rules.supply.attrition): the rule's section */
  rule?: string;
  /**
   * eliminated: the return fire owed at it (reply obligations whose `to` is the piece) that it voids —
   * rolls at a unit that has left the map can do nothing (basic rules 8.7 "如守方未撤退或未被消灭")
   */
  voids?: string[];
}
/** What a result leaves to a player: a loss he distributes, a retreat he makes, an advance he may make. */
export interface Obligation {
  id: string; kind: 'loss' | 'retreat' | 'advance' | 'reply' | 'check' | 'draw' | 'roll';
  /** whose choice it is (the pieces' owner) */
  side: string;
  /** loss: the pieces that may take it; retreat: those that must retreat; advance: those that may advance; draw, roll: none */
  pieces: string[];
  /** loss: steps (or, with `points`, loss points) still to lose; retreat: hexes each piece retreats; advance: pieces that may still advance; reply, check, roll: rolls still owed; draw: cards still to draw */
  count: number;
  /** a loss in points (procedure outcomes `points`): the piece value they go to; count is then points */
  value?: string;
  /** points: what a piece takes them times, where it is not 1 (Cold War 15.7.2: an HQ doubles) */
  times?: Record<string, number>;
  /** advance: the location the pieces may enter; reply: the piece the rolls are at; check: the hexside crossed; roll (`each`): the marked location the roll is for */
  to?: string;
  /** reply, check: the procedure owed (mutual fire: the unit fired on fires back; a check a move requires) */
  reply?: string;
  /** reply: owed as the board stood when the result came (outcomes `simultaneous`): it outlives its piece's elimination */
  simultaneous?: true;
  /** reply, simultaneous: where its piece stood when it was eliminated, which its rolls read (basic rules 8.1) */
  from?: string;
  /** advance: an option, not an obligation (it lapses when the phase ends) */
  optional?: true;
  /** loss: counted in loss points, each step absorbing the piece's value of this name (Paths of Glory's loss factor) */
  points?: string;
  /** advance: the most hexes its path may have (procedure outcomes `length`) */
  length?: number;
  /** draw: the deck the side draws from (procedure outcomes `draw`: Cold War 34.3, a 10 draws one event card) */
  deck?: string;
  /** roll: the phase (and segment) the roll is owed in (procedure `owed`); it lapses when that ends */
  phase?: string; segment?: string;
  procedure: string;
  rule?: string;
}
export interface ObligedEvent extends Base, Obligation { type: 'obliged' }
/** A card taken out of the game by a result (procedure outcomes `remove-card`). */
export interface CardRemovedEvent extends Base { type: 'card-removed'; deck: string; card: string; from: 'order' | 'discard' | 'hand'; side?: string; by?: string }
/** A dice-chain value that a sealed commitment waited for, revealed by `side` in this segment. */
export interface AnsweredEvent extends Base { type: 'answered'; id: string; side: string; value: string }

export type GameEvent =
  | MovedEvent | RotatedEvent | FlippedEvent | MarkedEvent | UnmarkedEvent | ValueSetEvent | TrackSetEvent
  | RestackedEvent | RolledEvent | ResolvedEvent | DrewEvent | PeriodBeganEvent | ShuffledEvent | CardsAddedEvent
  | PlayedEvent | DiscardedEvent | HandRevealedEvent | TurnBeganEvent | PhaseBeganEvent | ArrivedEvent
  | DelayedEvent | EntryDelayedEvent | GameEndedEvent | PassedEvent | NotedEvent | UndoneEvent | SealedEvent | AnsweredEvent
  | LostEvent | ObligedEvent | CardRemovedEvent;
export type EventType = GameEvent['type'];
