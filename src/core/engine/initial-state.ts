// The state before the first command: the scenario's setup, tracks, decks and first turn. Pure.
import { EngineError } from './errors.js';
import type { Game } from './game.js';
import { resolveLocation } from './locations.js';
import { owedRolls } from './owed-rolls.js';
import { firstSegment, firstTurn, phasesOf } from './sequence.js';
import type { DeckState, GameState, PieceState } from './state.js';
import type { PlacementDef } from '../module/schema.js';

export function initialState(game: Game): GameState {
  const { module, scenario } = game;
  const start = firstTurn(game);
  const phases = phasesOf(game, start.turnType);
  const phase = (scenario.startPhase && phases.find((p) => p.id === scenario.startPhase)) || phases[0];
  if (!phase) throw new EngineError(`scenario ${scenario.id}: turn ${start.turn} has no phase`);
  const s: GameState = {
    module: module.id, scenario: scenario.id, board: game.board.def.id,
    turn: start.turn, turnType: start.turnType?.id ?? null,
    phase: phase.id, segment: firstSegment(phase, start.marks), active: phase.active,
    clock: start.clock, marks: start.marks, over: false,
    pieces: {}, stacks: {}, markers: {}, tracks: {}, decks: {}, hands: {}, spent: {},
  };
  // Every piece of the module is in the state; those not set up wait off the map (location null).
  for (const def of module.pieces) {
    const type = game.pieceTypes.get(def.type)!;
    const facing = type.facing === 'none' && !type.faces.some((f) => f.facing && f.facing !== 'none') ? null : 0;
    s.pieces[def.id] = { location: null, face: type.faces[0]!.id, facing, values: {}, markers: [] };
  }
  const place = (p: PlacementDef) => {
    const ps: PieceState | undefined = s.pieces[p.piece];
    if (!ps) throw new EngineError(`scenario ${scenario.id}: unknown piece "${p.piece}"`);
    const at = resolveLocation(game, p.at).id;
    ps.location = at;
    if (p.face) ps.face = p.face;
    if (p.facing !== undefined && ps.facing !== null) ps.facing = p.facing;
    if (p.values) Object.assign(ps.values, p.values);
    if (p.markers) ps.markers.push(...p.markers);
    (s.stacks[at] ??= []).push(p.piece);
  };
  scenario.setup.forEach(place);
  // Reinforcements due on the first turn are there from the start, unless the module brings them
  // later: in their side's phase (there if it is the first), or as the turn ends (rules.reinforcements).
  const rules = module.rules?.reinforcements;
  const startPhase = s.phase;
  scenario.reinforcements.filter((r) => {
    if (r.turn < start.turn || !rules || rules.arrive === 'turn-start') return r.turn <= start.turn;
    const side = game.pieces.get(r.piece)!.side;
    // with `segments`, only where the game starts in that very segment
    return rules.arrive === 'phase' && r.turn === start.turn && rules.phases?.[side] === startPhase
      && (rules.segments?.[side] ?? s.segment) === s.segment;
  }).forEach(place);
  for (const m of scenario.markers) {
    if (s.pieces[m.at]) s.pieces[m.at]!.markers.push(m.marker);
    else (s.markers[markerTargetId(game, m.at)] ??= []).push(m.marker);
  }
  for (const t of module.tracks) s.tracks[t.id] = t.follows === 'turn' ? start.turn : scenario.tracks[t.id] ?? t.initial ?? t.min;
  for (const d of module.decks) {
    const sets = scenario.decks[d.id]?.sets ?? d.initial;
    let cards: string[];
    if (sets) {
      const inSets = new Set(sets.flatMap((set) => d.sets?.[set] ?? []));
      cards = d.cards.map((c) => c.id).filter((c) => inSets.has(c));
    } else {
      const inAnySet = new Set(Object.values(d.sets ?? {}).flat());
      cards = d.cards.map((c) => c.id).filter((c) => !inAnySet.has(c));
    }
    const deck: DeckState = d.secret
      ? { cards, order: [], discard: [], removed: [], period: 0, pool: cards.slice(), drawn: 0 }
      : { cards, order: d.openHand ? [] : cards.slice(), discard: [], removed: [], period: 0, pool: [], drawn: 0 };
    s.decks[d.id] = deck;
    // a deck held in the open hand: its owner holds every card from the start (Cold War 35.1)
    if (d.openHand) (s.hands[d.owner!] ??= { cards: [], hidden: [] }).cards.push(...cards);
    if (!d.secret && d.shuffleAtStart && cards.length > 1) {
      // Shuffled with sealed randomness from every player: the order is known once each has sent
      // his first segment (docs/dice-protocol.md, "Setup shuffles"); nobody can draw before.
      deck.order = [];
      (s.sealed ??= []).push({
        id: `setup/${d.id}`, kind: 'shuffle', counter: 0, awaiting: module.sides.map((x) => x.id).sort(), values: {}, deck: d.id, cards,
      });
    }
  }
  for (const side of module.sides) s.hands[side.id] ??= { cards: [], hidden: [] };
  // the rolls the first phase owes (procedure `owed`: Cold War's weather in turn 1)
  const owed = owedRolls(game, s, [], true).map(({ type: _t, ...o }) => o);
  if (owed.length) s.obligations = owed;
  return s;
}

/** Canonical id of a marker target that is not a piece: a location, or a hexside. */
export function markerTargetId(game: Game, text: string): string {
  try { return resolveLocation(game, text).id; } catch (e) {
    if (!game.board.hex) throw e;
    try { return game.board.hexside(text); } catch { throw e; }
  }
}
