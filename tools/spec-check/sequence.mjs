// The events of `next` (docs/events.md "The events of each command": next, arrivals; docs/engine.md
// "Sequence"; docs/module-format.md tracks' reset and follows, countdown markers, reinforcements).
import { addMinutes, formatClock, parseClock } from './clock.mjs';
import { evaluate } from './expr.mjs';
import { add, cmp, frac, mul, parse, text, ZERO } from './rational.mjs';
import { stackingWarnings } from './commands.mjs';
import { attrition } from './control.mjs';
import { canonicalLocation, marksOf, minutesOf, phasesOf, segmentsPlayed, turnTypeOf } from './initial-state.mjs';

/**
 * docs/engine.md "Phases several sides play": in a phase of active "all" whose segment's or phase's
 * `ends` is "each" (absent: where permissions are in force), `next` is the side's pass until each
 * side has said it.
 */
function endsWithEach(m, state) {
  if (state.active !== 'all') return false;
  const phase = m.sequence.phases.find((p) => p.id === state.phase);
  const segment = (phase?.segments ?? []).find((s) => s.id === state.segment);
  const ends = segment?.ends ?? phase?.ends;
  if (ends !== undefined) return ends === 'each';
  return Boolean(m.rules?.permissions || phase?.permissions || segment?.permissions);
}

export function nextEvents(m, state, toPhase, cost, side) {
  if (state.over) throw new Error('refused: the game is over');
  if (side !== undefined && endsWithEach(m, state)) {
    const passed = state.passed ?? [];
    if (passed.includes(side)) throw new Error(`refused: ${side} has said next in this phase already`);
    if (m.sides.some((s) => s.id !== side && !passed.includes(s.id))) return [{ type: 'passed', side }];
  }
  const seq = m.sequence;
  const sc = m.scenarios.find((s) => s.id === state.scenario);
  const clock = state.clock === null ? null : parseClock(state.clock);
  const type = turnTypeOf(seq, state.turn, clock);
  const phases = phasesOf(seq, type);
  const pi = phases.findIndex((p) => p.id === state.phase);
  const phase = phases[pi];
  const played = segmentsPlayed(phase, state.marks);
  const si = played.findIndex((s) => s.id === state.segment);
  const out = [];
  const sim = structuredClone(state);    // what the arrivals see: the pieces already arrived in this next
  const owed = (now, whole) => out.push(...owedRolls(m, sim, now, whole));
  const rr = m.rules?.reinforcements;
  // docs/module-format.md rules.reinforcements: in their side's phase as it begins, or as the segment
  // `segments` names begins; when and where the owner's `delay` put them (state.entries)
  const arrivals = (mode, phaseId, segment, phaseBegins = true) => {
    if ((rr?.arrive ?? 'turn-start') !== mode) return;
    const ahead = new Map();
    for (const r of sc.reinforcements ?? []) {
      const piece = m.pieces.find((p) => p.id === r.piece);
      const due = state.entries?.[r.piece]?.turn ?? r.turn;
      if (mode !== 'turn-start' && (due > sim.turn || state.pieces[r.piece].location !== null)) continue;
      if (mode === 'turn-start' && due !== sim.turn) continue;
      if (mode === 'phase' && rr.phases?.[piece.side] !== phaseId) continue;
      const seg = rr.segments?.[piece.side];
      if (mode === 'phase' && (seg === undefined ? !phaseBegins : segment !== seg)) continue;
      out.push(arrival(m, state, sim, r, piece, rr, cost, ahead));
    }
  };
  if (!toPhase && state.segment !== null && si >= 0 && si + 1 < played.length) {
    const seg = played[si + 1].id;
    out.push({ type: 'phase-began', turn: state.turn, phase: phase.id, segment: seg, active: phase.active });
    owed({ turn: state.turn, turnType: type, clock: state.clock, phase: phase.id, segment: seg, active: phase.active }, false);
    sim.spent = {};
    arrivals('phase', phase.id, seg, false);
    return out;
  }
  // docs/module-format.md tracks' `reset`: in module order, each reading the tracks as those before it
  // left them; `value` and `when` are rules expressions over the turn (the new one) and the tracks
  const resets = (phaseId, now) => {
    for (const t of m.tracks ?? []) {
      if (t.reset?.phase !== phaseId) continue;
      let to;
      if (t.reset.value !== undefined || t.reset.when !== undefined) {
        const scope = trackScope(m, sim, now);
        if (t.reset.when !== undefined && !evaluate(t.reset.when, scope)) continue;
        if (t.reset.value !== undefined) {
          const v = evaluate(t.reset.value, scope);
          to = Math.min(t.max, Math.max(t.min, Number(v.n / v.d - (v.n < 0n && v.n % v.d ? 1n : 0n))));
        } else to = typeof t.reset.to === 'number' ? t.reset.to : sim.tracks[t.reset.to];
      } else to = typeof t.reset.to === 'number' ? t.reset.to : sim.tracks[t.reset.to];
      if (sim.tracks[t.id] !== to) { out.push({ type: 'track-set', track: t.id, from: sim.tracks[t.id],
        to }); sim.tracks[t.id] = to; }
    }
  };
  // docs/module-format.md marker types' `countdown`: as the turn begins (no `phase`) or as its phase begins,
  // read as the state stood before the next; a `clears` list takes those markers off the target too
  const countdowns = (phaseId) => {
    const countdown = new Map((m.markerTypes ?? []).filter((x) => x.countdown && x.countdown.phase === phaseId)
      .map((x) => [x.id, x.countdown]));
    if (!countdown.size) return;
    const tick = (target, kind, list) => {
      for (const marker of [...list]) {
        const c = countdown.get(marker);
        if (!c) continue;
        out.push({ type: 'unmarked', target, kind, marker });
        if (!c.becomes) continue;
        out.push({ type: 'marked', target, kind, marker: c.becomes });
        for (const x of c.clears ?? []) if (x !== marker && x !== c.becomes && list.includes(x)) out.push({ type: 'unmarked', target, kind, marker: x });
      }
    };
    // pieces in module order, in play or not; then the marked locations in the order their keys were made
    for (const [id, p] of Object.entries(state.pieces)) tick(id, 'piece', p.markers);
    const board = m.boards.find((b) => b.id === state.board);
    const onBoard = (loc) => (board.kind === 'points' ? board.spaces.some((s) => s.id === loc) : !loc.includes('|')
      && !loc.includes(':'));
    for (const [loc, list] of Object.entries(state.markers)) tick(loc,
      onBoard(loc) ? (board.kind === 'points' ? 'space' : 'hex') : 'hexside', list);
  };
  const begin = (p, turn, marks, turnType = type, at = clock) => {
    const seg = segmentsPlayed(p, marks)[0]?.id ?? null;
    sim.segment = seg;
    out.push({ type: 'phase-began', turn, phase: p.id, segment: seg, active: p.active });
    sim.spent = {};
    const now = { turn, turnType, clock: at ? formatClock(at) : null, phase: p.id, segment: seg, active: p.active };
    resets(p.id, now);
    // rules.supply.attrition: the unsupplied pieces, as the state stood before the next
    out.push(...attrition(m, state, p.id));
    // docs/module-format.md marker types' `lifts`: off every piece of the sides as the phase begins
    const lifts = (m.markerTypes ?? []).flatMap((x) => (x.lifts ?? []).filter((l) => l.phase === p.id)
      .map((l) => ({ marker: x.id, sides: l.sides })));
    for (const [id, ps] of lifts.length ? Object.entries(state.pieces) : []) {
      const side = m.pieces.find((x) => x.id === id).side;
      for (const l of lifts) if (l.sides.includes(side) && ps.markers.includes(l.marker))
        out.push({ type: 'unmarked', target: id, kind: 'piece', marker: l.marker });
    }
    countdowns(p.id);
    owed(now, true);
  };
  if (pi + 1 < phases.length) {
    begin(phases[pi + 1], state.turn, state.marks);
    arrivals('phase', phases[pi + 1].id, sim.segment);
    return out;
  }
  arrivals('turn-end');
  const last = sc.lastTurn ?? seq.lastTurn;
  if (state.turn >= last) { out.push({ type: 'game-ended', turn: state.turn }); return out; }
  const turn = state.turn + 1;
  const nextClock = clock && addMinutes(clock, minutesOf(seq, type));
  const nextType = turnTypeOf(seq, turn, nextClock);
  const marks = marksOf(seq, nextClock);
  out.push({ type: 'turn-began', turn, turnType: nextType?.id ?? null,
    ...(nextClock ? { clock: formatClock(nextClock) } : {}), ...(marks.length ? { marks } : {}) });
  sim.turn = turn;
  for (const t of m.tracks ?? []) {
    if (t.follows === 'turn' && sim.tracks[t.id] !== turn) { out.push({ type: 'track-set', track: t.id,
      from: sim.tracks[t.id], to: turn }); sim.tracks[t.id] = turn; }
  }
  countdowns(undefined);
  const first = phasesOf(seq, nextType)[0];
  begin(first, turn, marks, nextType, nextClock);
  arrivals('turn-start');
  arrivals('phase', first.id, sim.segment);
  return out;
}

export function kindOf(m, state, target) {
  if (state.pieces[target]) return 'piece';
  if (target.includes('|') || target.includes(':')) return 'hexside';
  const board = m.boards.find((b) => b.id === state.board);
  return board?.kind === 'points' ? 'space' : 'hex';
}

function arrival(m, state, sim, r, piece, rr, cost, ahead) {
  const chosen = state.entries?.[r.piece];
  const at = chosen?.at ?? canonicalLocation(r.at, sim.board);
  const p = sim.pieces[r.piece];
  // checked against the state before the `next`: a group arriving together does not meet itself
  const enemy = (state.stacks[at] ?? []).some((id) => m.pieces.find((x) => x.id === id).side !== piece.side);
  if (rr?.enemy === 'delay' && enemy) return { type: 'delayed', piece: r.piece, at, rule: rr.rule ?? '',
    reason: `an enemy unit holds ${at}` };
  const face = chosen?.face ?? r.face ?? p.face;
  const e = { type: 'arrived', piece: r.piece, at, face, facing: p.facing === null ? null : r.facing ?? p.facing,
    ...(r.values ? { values: r.values } : {}), ...(r.markers ? { markers: r.markers } : {}) };
  if (rr?.payEntry) {
    const mp = cost.entry(r.piece, face, at);
    if (mp === null) e.warnings = [{ code: 'prohibited', message: `${r.piece} may not enter ${at}` }];
    else {
      // rules.reinforcements.column (Eylau 6.71): each road hex the group ahead fills costs the entry hex's MP
      const hexes = ahead.get(at) ?? ZERO, before = mul(hexes, parse(mp)), total = add(parse(mp), before);
      const allowance = cost.allowance(r.piece, face);
      if (cmp(hexes, ZERO) > 0 && allowance !== null && cmp(total, allowance) > 0) {
        return { type: 'delayed', piece: r.piece, at, rule: rr.column?.rule ?? rr.rule ?? '',
          reason: `the column ahead fills ${text(hexes)} road hexes (${text(before)} MP) and entering ${at} costs ${mp}: past its ${text(allowance)} MP` };
      }
      e.mp = mp; e.spent = text(total);
      if (cmp(hexes, ZERO) > 0) { e.column = text(before); e.rule = rr.column.rule; }
      if (rr.column) ahead.set(at, add(hexes, cost.hexes(r.piece, face, rr.column.hexes)));
    }
  }
  const clear = rr?.roadColumn;
  if (clear && face === clear.face && cost.within(piece.side, at, clear.clear) > 0) {
    (e.warnings ??= []).push({ code: 'prohibited', message: `${r.piece} may not enter in ${clear.face}: an enemy unit is within ${clear.clear} hexes of ${at} (${clear.rule}); flip it to another face` });
  }
  if (rr) {
    const w = stackingWarnings(m, state, r.piece, at).map((x) => ({ ...x,
      message: `${x.message}, as ${r.piece} arrives` }));
    if (w.length) (e.warnings ??= []).push(...w);
  }
  p.location = at; (sim.stacks[at] ??= []).push(r.piece); p.face = face;
  return e;
}

/** What a track's reset reads (docs/module-format.md "What a rule may read": the turn and the tracks). */
function trackScope(m, sim, now) {
  const s = {
    'turn.number': frac(now.turn), 'turn.type': now.turnType?.id ?? '', phase: now.phase, segment: now.segment ?? '',
    active: now.active,
    'turn.month': frac(now.clock ? Number(now.clock.slice(5, 7)) : 0), 'turn.hour': frac(now.clock ? Number(now.clock.slice(11, 13)) : 0),
  };
  for (const t of m.tracks ?? []) s[`track.${t.id}`] = frac(sim.tracks[t.id] ?? 0);
  for (const t of m.sequence.turnTypes ?? []) for (const k of Object.keys(t.values ?? {})) s[`turn.${k}`] = frac(0);
  for (const [k, v] of Object.entries(now.turnType?.values ?? {})) if (typeof v === 'number') s[`turn.${k}`] = frac(v);
  return s;
}

/**
 * docs/module-format.md procedures' `owed`: the `obliged` events (kind roll) as a phase (`whole`) or
 * the segment named begins; `now` is the turn, phase and segment that begin, `sim` the tracks.
 */
export function owedRolls(m, sim, now, whole) {
  const out = [];
  for (const p of m.procedures ?? []) {
    for (const o of p.owed ?? []) {
      if (o.phase !== now.phase || (o.segment !== undefined ? o.segment !== now.segment : !whole)) continue;
      if (o.when !== undefined && !evaluate(o.when, trackScope(m, sim, now))) continue;
      const base = `${o.phase}${o.segment !== undefined ? `.${o.segment}` : ''}/${p.id}/${o.side}`;
      // `each`: one roll for every location carrying the marker, in code-unit order of their ids
      const where = o.each === undefined ? [undefined]
        : Object.keys(sim.markers ?? {}).filter((l) => sim.markers[l].includes(o.each)).sort();
      for (const to of where) {
        const id = to === undefined ? base : `${base}/${to}`;
        if (out.some((x) => x.id === id)) continue;
        out.push({ type: 'obliged', id, kind: 'roll', side: o.side, pieces: [], count: 1, reply: p.id, phase: o.phase,
          ...(o.segment !== undefined ? { segment: o.segment } : {}), ...(to !== undefined ? { to } : {}), procedure: p.id,
          rule: o.rule ?? p.rule ?? `${p.id} owed` });
      }
    }
  }
  return out;
}
