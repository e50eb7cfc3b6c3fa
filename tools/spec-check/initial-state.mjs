// The initial state of docs/state-format.md ("The initial state"), step by step.
import { addMinutes, formatClock, hourOf, minuteOf, monthOf, parseClock } from './clock.mjs';
import { owedRolls } from './sequence.mjs';

const inRanges = (spec, n) => String(spec).split(',').some((part) => {
  const [a, b] = part.trim().split('-').map(Number);
  return b === undefined ? n === a : n >= a && n <= b;
});

/** The first turn type whose every given criterion matches, else null. */
export function turnTypeOf(seq, turn, clock) {
  for (const t of seq.turnTypes ?? []) {
    if (t.turns !== undefined && !inRanges(t.turns, turn)) continue;
    if (t.hours !== undefined && !(clock && inRanges(t.hours, hourOf(clock)))) continue;
    if (t.months !== undefined && !(clock && inRanges(t.months, monthOf(clock)))) continue;
    return t;
  }
  return null;
}

export const minutesOf = (seq, type) => type?.minutes ?? seq.clock?.minutes ?? 0;
export const marksOf = (seq,
  clock) => (clock ? (seq.clock.marks ?? []).filter((m) => m.minute === minuteOf(clock)).map((m) => m.id) : []);
export const phasesOf = (seq,
  type) => (type?.phases ? seq.phases.filter((p) => type.phases.includes(p.id)) : seq.phases);
export const segmentsPlayed = (phase, marks) => (phase.segments ?? []).filter((s) => !s.marks
  || s.marks.some((m) => marks.includes(m)));

export function canonicalLocation(at, board) {
  if (at.includes('|') || at.includes('/')) return at.split(/[|/]/).sort().join('|');
  return at.startsWith(`${board}:`) ? at.slice(board.length + 1) : at;
}

export function pieceHasFacing(m, pieceId) {
  const piece = m.pieces.find((p) => p.id === pieceId);
  const type = m.pieceTypes.find((t) => t.id === piece.type);
  return !((type.facing ?? 'none') === 'none' && type.faces.every((f) => (f.facing ?? 'none') === 'none'));
}

export function place(state, m, p, board) {
  const piece = state.pieces[p.piece];
  const at = canonicalLocation(p.at, board);
  piece.location = at;
  if (p.face !== undefined) piece.face = p.face;
  if (p.facing !== undefined && piece.facing !== null) piece.facing = p.facing;
  Object.assign(piece.values, p.values ?? {});
  piece.markers.push(...(p.markers ?? []));
  (state.stacks[at] ??= []).push(p.piece);
}

export function initialState(m, scenarioId) {
  const sc = m.scenarios.find((s) => s.id === scenarioId);
  const seq = m.sequence;
  const board = sc.board ?? m.boards[0].id;
  const turn = sc.firstTurn ?? seq.firstTurn;
  let clock = null;
  if (seq.clock) {
    if (sc.clockStart) clock = parseClock(sc.clockStart);
    else {
      clock = parseClock(seq.clock.start);
      for (let t = seq.firstTurn; t < turn; t++) clock = addMinutes(clock, minutesOf(seq, turnTypeOf(seq, t, clock)));
    }
  }
  const type = turnTypeOf(seq, turn, clock);
  const marks = marksOf(seq, clock);
  const phases = phasesOf(seq, type);
  const phase = phases.find((p) => p.id === sc.startPhase) ?? phases[0];
  const state = {
    module: m.id, scenario: sc.id, board, turn, turnType: type?.id ?? null, phase: phase.id,
    segment: segmentsPlayed(phase, marks)[0]?.id ?? null, active: phase.active,
    clock: clock ? formatClock(clock) : null, marks, over: false,
    pieces: {}, stacks: {}, markers: {}, tracks: {}, decks: {}, hands: {}, spent: {},
  };
  for (const p of m.pieces) {
    const t = m.pieceTypes.find((x) => x.id === p.type);
    state.pieces[p.id] = { location: null, face: t.faces[0].id, facing: pieceHasFacing(m, p.id) ? 0 : null,
      values: {}, markers: [] };
  }
  for (const p of sc.setup ?? []) place(state, m, p, board);
  const rr = m.rules?.reinforcements;
  const sideOf = (id) => m.pieces.find((p) => p.id === id).side;
  for (const r of sc.reinforcements ?? []) {
    const now = r.turn === turn && !(rr?.arrive === 'turn-end' || (rr?.arrive === 'phase'
      && (rr.phases?.[sideOf(r.piece)] !== phase.id
        || (rr.segments?.[sideOf(r.piece)] ?? state.segment) !== state.segment)));
    if (r.turn < turn || now) place(state, m, r, board);
  }
  for (const mk of sc.markers ?? []) {
    if (state.pieces[mk.at]) state.pieces[mk.at].markers.push(mk.marker);
    else (state.markers[canonicalLocation(mk.at, board)] ??= []).push(mk.marker);
  }
  for (const t of m.tracks ?? []) state.tracks[t.id] = t.follows === 'turn' ? turn : sc.tracks?.[t.id] ?? t.initial ?? t.min;
  const sealed = [];
  for (const d of m.decks ?? []) {
    const inSet = new Set(Object.values(d.sets ?? {}).flat());
    const sets = sc.decks?.[d.id]?.sets ?? d.initial;
    const chosen = sets ? new Set(sets.flatMap((s) => d.sets[s])) : null;
    const cards = d.cards.map((c) => c.id).filter((c) => (chosen ? chosen.has(c) : !inSet.has(c)));
    const deck = { cards, order: d.secret || d.openHand ? [] : [...cards], discard: [], removed: [], period: 0,
      pool: d.secret ? [...cards] : [], drawn: 0 };
    // docs/module-format.md decks' `openHand`: the owner holds every card from the start
    if (d.openHand) (state.hands[d.owner] ??= { cards: [], hidden: [] }).cards.push(...cards);
    if (!d.secret && d.shuffleAtStart && cards.length >= 2) {
      deck.order = [];
      sealed.push({ awaiting: m.sides.map((s) => s.id).sort(), cards: [...cards], counter: 0, deck: d.id,
        id: `setup/${d.id}`, kind: 'shuffle', values: {} });
    }
    state.decks[d.id] = deck;
  }
  if (sealed.length) state.sealed = sealed;
  for (const s of m.sides) state.hands[s.id] ??= { cards: [], hidden: [] };
  // docs/state-format.md: the rolls the first phase owes (procedures' `owed`)
  const owed = owedRolls(m, state, { turn: state.turn, turnType: turnTypeOf(m.sequence, state.turn,
    state.clock === null ? null : parseClock(state.clock)), clock: state.clock, phase: state.phase, segment: state.segment,
  active: state.active }, true).map(({ type, ...o }) => o);
  if (owed.length) state.obligations = owed;
  return state;
}
