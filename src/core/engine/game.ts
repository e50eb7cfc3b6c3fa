// A module prepared for play in one scenario: lookup tables built once, so executing a command
// never scans the module. Pure: built from ModuleData alone.
import { boardView, type BoardView } from '../module/board-view.js';
import { MovementCosts } from '../module/movement-cost.js';
import type {
  BoardDef, BoxDef, CardDef, DeckDef, MarkerTypeDef, ModuleData, PhaseDef, PieceDef, PieceTypeDef,
  ProcedureDef, ScenarioDef, TableDef, TrackDef,
} from '../module/schema.js';
import { terrainIndex } from '../module/terrain-index.js';
import { compileMovementRules, type MovementRules } from './compiled-rules.js';
import { EngineError } from './errors.js';

export interface Game {
  readonly module: ModuleData;
  readonly scenario: ScenarioDef;
  /** the board played on */
  readonly board: BoardView;
  /** every board by id (locations "<board>:<label>" may name another) */
  readonly boards: ReadonlyMap<string, BoardView>;
  /** MP of one step on the board played on; null when the module has no terrain costs */
  readonly costs: MovementCosts | null;
  /** module.movement's rules (modes, memory, step, facing and face rules), compiled; null when it has none */
  readonly movementRules: MovementRules | null;
  readonly sides: ReadonlySet<string>;
  readonly pieces: ReadonlyMap<string, PieceDef>;
  readonly pieceTypes: ReadonlyMap<string, PieceTypeDef>;
  readonly markerTypes: ReadonlyMap<string, MarkerTypeDef>;
  readonly boxes: ReadonlyMap<string, BoxDef>;
  readonly tracks: ReadonlyMap<string, TrackDef>;
  readonly decks: ReadonlyMap<string, DeckDef>;
  /** card id → its deck and definition (card ids are unique across decks) */
  readonly cards: ReadonlyMap<string, { deck: DeckDef; card: CardDef; order: number }>;
  readonly procedures: ReadonlyMap<string, ProcedureDef>;
  readonly tables: ReadonlyMap<string, TableDef>;
  readonly phases: ReadonlyMap<string, PhaseDef>;
  readonly firstTurn: number;
  readonly lastTurn: number;
}

const byId = <T extends { id: string }>(list: readonly T[]) => new Map(list.map((x) => [x.id, x]));

export function prepareGame(module: ModuleData, scenarioId?: string): Game {
  const scenario = scenarioId === undefined ? module.scenarios[0]! : module.scenarios.find((s) => s.id === scenarioId);
  if (!scenario) {
    throw new EngineError(`module ${module.id} has no scenario "${scenarioId}" (it has: ${module.scenarios.map((s) => s.id).join(', ')})`);
  }
  const boardDefs = new Map<string, BoardDef>(module.boards.map((b) => [b.id, b]));
  const boardDef = scenario.board ? boardDefs.get(scenario.board) : module.boards[0];
  if (!boardDef) throw new EngineError(`scenario ${scenario.id}: unknown board "${scenario.board}"`);
  const boards = new Map([...boardDefs].map(([id, b]) => [id, boardView(b)]));
  const hasCosts = module.terrain.some((t) => t.cost !== undefined);
  const cards = new Map<string, { deck: DeckDef; card: CardDef; order: number }>();
  for (const deck of module.decks) deck.cards.forEach((card, order) => cards.set(card.id, { deck, card, order }));
  return {
    module, scenario,
    board: boards.get(boardDef.id)!,
    boards,
    costs: hasCosts ? new MovementCosts(module, terrainIndex(boardDef)) : null,
    movementRules: compileMovementRules(module),
    sides: new Set(module.sides.map((s) => s.id)),
    pieces: byId(module.pieces),
    pieceTypes: byId(module.pieceTypes),
    markerTypes: byId(module.markerTypes),
    boxes: byId(module.boxes),
    tracks: byId(module.tracks),
    decks: byId(module.decks),
    cards,
    procedures: byId(module.procedures),
    tables: byId(module.tables),
    phases: byId(module.sequence.phases),
    firstTurn: scenario.firstTurn ?? module.sequence.firstTurn,
    lastTurn: scenario.lastTurn ?? module.sequence.lastTurn,
  };
}
