// MP of moves, turns and face changes (docs/module-format.md "Movement costs", "Movement rules",
// "Rules expressions"; docs/engine.md "Movement"; docs/events.md moved/rotated/flipped).
import { Board } from './board.mjs';
import { enemyFort } from './control.mjs';
import { PROHIBITED, evaluate } from './expr.mjs';
import { ZERO, add, cmp, frac, mixed, mul, parse, text } from './rational.mjs';

export class Movement {
  constructor(m, state) {
    this.m = m;
    this.board = new Board(m.boards.find((b) => b.id === state.board));
    this.terrain = new Map(m.terrain.map((t) => [t.id, t]));
    this.hasCosts = m.terrain.some((t) => t.cost);
    this.rules = m.movement ?? {};
  }

  lookup(id, cls, down = false) {
    const t = this.terrain.get(id);
    const table = down ? t?.downhill : t?.cost;
    if (!table) return t?.on === 'road' ? null : t?.on === 'hexside' ? ZERO : frac(1);
    const v = table[cls] ?? table['*'];
    return v === undefined || v === 'P' ? null : parse(v);
  }

  sides(from, to, cls, except = []) {
    let cost = ZERO;
    for (const { feature, high } of this.board.sideFeatures(from, to)) {
      if (except.includes(feature)) continue;
      const c = this.lookup(feature, cls, this.terrain.get(feature)?.downhill !== undefined && high === from);
      if (c === null) return null;
      cost = add(cost, c);
    }
    return cost;
  }

  parts(from, to, cls) {
    let road = null;
    for (const r of this.board.roadsBetween(from, to)) { const c = this.lookup(r, cls); if (c && (road === null
      || cmp(c, road) < 0)) road = c; }
    let hex = null;
    const ts = this.board.hexTerrain(to);
    for (const t of ts) { const c = this.lookup(t, cls); if (c === null) { hex = null; break; } if (hex === null
      || cmp(c, hex) > 0) hex = c; }
    if (!ts.length) hex = frac(1);
    return { road, hex, sides: this.sides(from, to, cls) };
  }

  view(state, id) {
    const def = this.m.pieces.find((p) => p.id === id);
    const type = this.m.pieceTypes.find((t) => t.id === def.type);
    const st = state.pieces[id];
    const face = type.faces.find((f) => f.id === st.face);
    const value = (k) => st.values[k] ?? def.values?.[k] ?? face.values?.[k];
    return { id, def, type, st, face, value, cls: face.movementClass ?? type.id };
  }

  enemiesIn(state, side,
    loc) { return (state.stacks[loc] ?? []).filter((id) => this.m.pieces.find((p) => p.id === id).side !== side); }

  enemiesWithin(state, side, label, range, except = []) {
    if (this.board.points || !this.board.has(label)) return 0;
    let n = 0;
    for (const [at, ids] of Object.entries(state.stacks)) {
      if (!this.board.has(at) || this.board.distance(label, at) > range) continue;
      for (const id of ids) if (this.m.pieces.find((p) => p.id === id).side !== side && !(except.length
        && state.pieces[id].markers.some((x) => except.includes(x)))) n++;
    }
    return n;
  }

  /**
   * docs/module-format.md "zoc": the hex is in an enemy zone of control when a piece of another side
   * that exerts one stands in it or in an adjacent hex not across a `notAcross` hexside feature.
   */
  inZoc(state, side, hex) {
    const zoc = this.rules.zoc;
    if (!zoc || this.board.points || !this.board.has(hex)) return false;
    const exerts = (id) => zoc.exerts === undefined || !!evaluate(zoc.exerts, this.scope(state, this.view(state, id), ''),
      this.fns(state, this.view(state, id), state.pieces[id].location));
    return Object.entries(state.stacks).some(([at, ids]) => this.board.has(at)
      && (at === hex || (this.board.adjacent(hex, at)
        && !this.board.sideFeatures(hex, at).some((f) => (zoc.notAcross ?? []).includes(f.feature))))
      && ids.some((id) => this.m.pieces.find((x) => x.id === id).side !== side && exerts(id)));
  }

  /** The names every rule reads (docs/module-format.md "What a rule may read"). */
  scope(state, p, mode, extra = {}) {
    const here = p.st.location ?? '';
    const type = this.m.sequence.turnTypes?.find((t) => t.id === state.turnType);
    const s = {
      'turn.number': frac(state.turn), 'turn.type': state.turnType ?? '', phase: state.phase,
        segment: state.segment ?? '', active: state.active,
      'turn.month': frac(state.clock ? Number(state.clock.slice(5, 7)) : 0),
        'turn.hour': frac(state.clock ? Number(state.clock.slice(11, 13)) : 0),
      'piece.id': p.id, 'piece.type': p.type.id, 'piece.face': p.face.id, 'piece.side': p.def.side,
        'piece.nation': p.def.nation ?? '',
      'piece.markers': p.st.markers, 'piece.facing': p.face.facing ?? p.type.facing ?? 'none', class: p.cls, mode,
      'here.terrain': () => this.board.hexTerrain(here), 'here.roads': () => this.board.roadsAt(here),
      'here.markers': () => state.markers[here] ?? [], 'here.enemies': () => frac(this.enemiesIn(state, p.def.side,
        here).length),
      ...extra,
    };
    for (const t of this.m.tracks ?? []) s[`track.${t.id}`] = frac(state.tracks[t.id] ?? 0);
    for (const [k, v] of Object.entries(type?.values ?? {})) if (typeof v === 'number') s[`turn.${k}`] = frac(v);
    // docs/module-format.md: every value any counter of the module prints may be read; 0 where none of this piece's faces has it
    this.valueKeys ??= new Set([...this.m.pieceTypes.flatMap((t) => t.faces.flatMap((f) => Object.keys(f.values ?? {}))),
      ...this.m.pieces.flatMap((x) => Object.keys(x.values ?? {}))]);
    const keys = new Set([...this.valueKeys, ...p.type.faces.flatMap((f) => Object.keys(f.values ?? {})), ...Object.keys(p.def.values ?? {}), ...Object.keys(p.st.values)]);
    for (const k of keys) if (s[`piece.${k}`] === undefined) s[`piece.${k}`] = () => {
      const v = p.value(k) ?? p.type.faces.find((f) => f.values?.[k] !== undefined)?.values[k];
      return frac(typeof v === 'number' ? v : 0);
    };
    return s;
  }

  fns(state, p, center) {
    return { 'enemies-within': (a) => frac(this.enemiesWithin(state, p.def.side, center, Number(a[0].n / a[0].d),
      a[1])) };
  }

  /** One step under the movement rules: {cost (null: prohibited), memory, rules}. */
  step(state, p, mode, from, to, memory) {
    const parts = this.parts(from, to, p.cls);
    const steps = this.rules.steps ?? [];
    if (!steps.length) return { cost: parts.road ?? (parts.hex && parts.sides && add(parts.hex, parts.sides)), memory,
      rules: [] };
    let { road, hex, sides } = parts, cost;
    const N = (v) => (v === PROHIBITED ? null : v);
    const total = () => (cost !== undefined ? cost : road ?? (hex === null || sides === null ? null : add(hex, sides)));
    const P = (v) => (v === null ? PROHIBITED : v);
    const mem = this.rules.memory ?? [];
    const scope = this.stepScope(state, p, mode, from, to, memory, {
      road: () => P(road), hex: () => P(hex), sides: () => P(sides), total: () => P(total()),
    });
    const fns = { ...this.fns(state, p, to), 'sides-without': (a) => P(this.sides(from, to, p.cls, a[0])) };
    const applied = [], next = [...memory];
    for (const r of steps) {
      if (r.when !== undefined && !evaluate(r.when, scope, fns)) continue;
      if (r.road !== undefined) road = N(evaluate(r.road, scope, fns));
      if (r.hex !== undefined) hex = N(evaluate(r.hex, scope, fns));
      if (r.sides !== undefined) sides = N(evaluate(r.sides, scope, fns));
      if (r.cost !== undefined) cost = N(evaluate(r.cost, scope, fns));
      for (const [id, v] of Object.entries(r.remember ?? {})) {
        const i = mem.findIndex((x) => x.id === id);
        const w = evaluate(v, scope, fns);
        next[i] = Math.max(0, Math.min(mem[i].max, Number((typeof w === 'object' ? w.n / w.d : BigInt(w ? 1 : 0)))));
      }
      if ((r.road !== undefined || r.hex !== undefined || r.sides !== undefined || r.cost !== undefined)
        && !applied.includes(r.rule)) applied.push(r.rule);
    }
    const final = total();
    return { cost: final !== null && final.n < 0n ? ZERO : final, memory: next, rules: applied };
  }

  /** docs/module-format.md "from.friend-faces": the faces of the other pieces of its side there, each once, in stack order. */
  friendFaces(state, p, loc) {
    const out = [];
    for (const id of state.stacks[loc] ?? []) {
      if (id === p.id || this.m.pieces.find((x) => x.id === id).side !== p.def.side) continue;
      if (!out.includes(state.pieces[id].face)) out.push(state.pieces[id].face);
    }
    return out;
  }

  /** docs/module-format.md "to.turn-to-friends": facing steps to its side's top frontal piece there. */
  turnToFriends(state, p, to) {
    const kind = (q) => q.face.facing ?? q.type.facing ?? 'none';
    if (kind(p) === 'none' || p.st.facing === null) return 0;
    const friends = (state.stacks[to] ?? []).filter((id) => id !== p.id && this.m.pieces.find((x) => x.id === id).side === p.def.side)
      .map((id) => this.view(state, id)).filter((q) => kind(q) !== 'none' && q.st.facing !== null);
    const top = friends[friends.length - 1];
    if (!top) return 0;
    const d = (((top.st.facing - p.st.facing) % 6) + 6) % 6;
    return Math.min(d, 6 - d);
  }

  /** The names a step rule reads of the step from → to (docs/module-format.md "step rules only"). */
  stepScope(state, p, mode, from, to, memory, extra) {
    const mem = this.rules.memory ?? [];
    const hs = this.board.hexside(from, to);
    return this.scope(state, p, mode, {
      'along-road': () => this.board.roadsBetween(from, to).length > 0, roads: () => this.board.roadsBetween(from, to),
      'from.terrain': () => this.board.hexTerrain(from), 'from.markers': () => state.markers[from] ?? [],
        'from.road': () => this.board.roadsAt(from).length > 0,
      'to.terrain': () => this.board.hexTerrain(to), 'to.markers': () => state.markers[to] ?? [],
        'to.road': () => this.board.roadsAt(to).length > 0,
      'to.enemies': () => frac(this.enemiesIn(state, p.def.side, to).length),
      'from.zoc': () => this.inZoc(state, p.def.side, from), 'to.zoc': () => this.inZoc(state, p.def.side, to),
      'to.enemy-types': () => [...new Set(this.enemiesIn(state, p.def.side,
        to).map((id) => this.m.pieces.find((x) => x.id === id).type))],
      'to.friends': () => frac((state.stacks[to]?.length ?? 0) - this.enemiesIn(state, p.def.side, to).length),
      'to.enemy-fort': () => frac(enemyFort(this.m, state, p.def.side, to)),
      'to.friend-types': () => [...new Set((state.stacks[to] ?? []).map((id) => this.m.pieces.find((x) => x.id === id))
        .filter((d) => d.side === p.def.side).map((d) => d.type))],
      'from.friend-faces': () => this.friendFaces(state, p, from), 'to.friend-faces': () => this.friendFaces(state, p, to),
      'hexside.features': () => this.board.sideFeatures(from, to).map((f) => f.feature),
        'hexside.markers': () => (hs === null ? [] : state.markers[hs] ?? []),
        'hexside.front': () => this.front(p, from, to),
      ...Object.fromEntries(mem.map((x, i) => [`memory.${x.id}`, frac(memory[i] ?? 0)])),
      ...extra,
    });
  }

  /**
   * docs/module-format.md "hexside.front": the step leaves through a front hexside of the piece (a
   * vertex facing f: f and f+1 flat, f-1 and f pointy; a hexside facing f-1, f, f+1); true all round.
   */
  front(p, from, to) {
    const kind = p.face.facing ?? p.type.facing ?? 'none', f = p.st.facing;
    if (this.board.points || kind === 'none' || f === null || f === undefined) return true;
    const d = this.board.direction(from, to);
    const flat = this.board.def.orientation === 'flat';
    const list = kind === 'hexside' ? [f + 5, f, f + 1] : flat ? [f, f + 1] : [f + 5, f];
    return d === null || list.map((x) => x % 6).includes(d);
  }

  /**
   * docs/module-format.md "effects": after a move, each step read in order; flipped (the first flip
   * to another face of the type), marked (once a marker), obliged kind check (id <piece>/<proc>/<n>).
   */
  effects(state, p, mode, labels, moved) {
    const list = this.rules.effects ?? [];
    if (!list.length) return [];
    const out = [], taken = new Set((state.obligations ?? []).map((o) => o.id)), marked = new Set(p.st.markers);
    let flipped = null, memory = (this.rules.memory ?? []).map(() => 0);
    for (let i = 1; i < labels.length; i++) {
      const from = labels[i - 1], to = labels[i];
      const scope = this.stepScope(state, p, mode, from, to, memory, { last: i === labels.length - 1,
        left: () => (moved.allowance === undefined ? ZERO : add(parse(moved.allowance), mul(parse(moved.spent), frac(-1)))),
        'to.turn-to-friends': () => frac(this.turnToFriends(state, p, to)) });
      const fns = this.fns(state, p, to);
      for (const fx of list) {
        if (fx.when !== undefined && !evaluate(fx.when, scope, fns)) continue;
        if (fx.flip !== undefined && !flipped) {
          const face = evaluate(fx.flip, scope, fns);
          if (face !== p.face.id && p.type.faces.some((f) => f.id === face)) {
            flipped = face;
            out.push({ type: 'flipped', piece: p.id, from: p.face.id, to: face, rules: [fx.rule] });
          }
        }
        // `on: "friends"`: the mover's side's other pieces in the hex entered, bottom to top
        const whom = fx.on === 'friends' ? (state.stacks[to] ?? []).filter((id) => id !== p.id
          && this.m.pieces.find((x) => x.id === id).side === p.def.side) : [p.id];
        for (const id of fx.mark !== undefined ? whom : []) {
          const key = id === p.id ? fx.mark : `${id}\n${fx.mark}`;
          if (marked.has(key) || (id !== p.id && state.pieces[id].markers.includes(fx.mark))) continue;
          marked.add(key);
          out.push({ type: 'marked', target: id, kind: 'piece', marker: fx.mark });
        }
        if (fx.warn !== undefined) (moved.warnings ??= []).push({ code: 'prohibited', message: `${p.id}: ${fx.warn} (${fx.rule})` });
        for (const who of fx.check !== undefined ? whom : []) {
          let k = 1, id;
          do id = `${who}/${fx.check}/${k++}`; while (taken.has(id));
          taken.add(id);
          const hs = this.board.hexside(from, to);
          out.push({ type: 'obliged', id, kind: 'check', side: this.m.pieces.find((x) => x.id === who).side, pieces: [who],
            count: 1, reply: fx.check, ...(hs !== null ? { to: hs } : {}), procedure: fx.check, rule: fx.rule });
        }
      }
      memory = this.step(state, p, mode, from, to, memory).memory;
      // after the step that forces a face, the piece is read as it now stands
      if (flipped && p.face.id !== flipped) [state, p] = this.withFace(state, p, flipped);
    }
    return out;
  }

  /**
   * docs/module-format.md "effects", a forced face: the face the first flip effect whose when holds gives the
   * step (another face of the type), or null; a flip reads the step names only.
   */
  forcedFace(state, p, mode, from, to, memory) {
    for (const fx of this.rules.effects ?? []) {
      if (fx.flip === undefined) continue;
      const scope = this.stepScope(state, p, mode, from, to, memory, {});
      const fns = this.fns(state, p, to);
      if (fx.when !== undefined && !evaluate(fx.when, scope, fns)) continue;
      const face = evaluate(fx.flip, scope, fns);
      if (face !== p.face.id && p.type.faces.some((f) => f.id === face)) return face;
    }
    return null;
  }

  /** The piece with another face, in a state otherwise the same: [state, view]. */
  withFace(state, p, face) {
    const s = { ...state, pieces: { ...state.pieces, [p.id]: { ...state.pieces[p.id], face } } };
    return [s, this.view(s, p.id)];
  }

  modeBonus(state, p, mode, warnings) {
    if (!mode) return ZERO;
    const def = (this.rules.modes ?? []).find((x) => x.id === mode);
    if (def) {
      if (def.when !== undefined && !evaluate(def.when, this.scope(state, p, mode), this.fns(state, p,
        p.st.location))) {
        warnings.push({ code: 'prohibited',
          message: `${p.id} may not use ${def.name} (${def.rule}): ${def.note ?? `the module's condition ${def.when} does not hold`}` });
      }
      return parse(def.bonus ?? 0);
    }
    if (this.rules.bonus?.[mode] !== undefined) return parse(this.rules.bonus[mode]);
    throw new Error(`unknown movement mode ${mode}`);
  }

  /** The MP members of an event and its allowance warning: {mp, spent, allowance?}, warnings. */
  charge(state, p, mp, bonus, warnings) {
    const spent = add(state.spent[p.id] !== undefined ? parse(state.spent[p.id]) : ZERO, mp);
    const base = this.rules.allowance ? p.value(this.rules.allowance) : undefined;
    const out = { mp: text(mp), spent: text(spent) };
    if (typeof base === 'number') {
      const allowance = add(frac(base), bonus);
      out.allowance = text(allowance);
      if (cmp(spent, allowance) > 0) warnings.push({ code: 'allowance',
        message: `${p.id} has spent ${mixed(spent)} MP this phase, over its allowance of ${mixed(allowance)} MP` });
    }
    return out;
  }

  turnCost(state, p, mode, steps, about, from, to) {
    for (const r of this.rules.facing ?? []) {
      const scope = this.scope(state, p, mode, { steps: frac(steps), about });
      if (r.when !== undefined && !evaluate(r.when, scope, this.fns(state, p, p.st.location))) continue;
      const c = evaluate(r.cost, scope);
      return { cost: c === PROHIBITED ? null : c, rule: r };
    }
    const tc = this.rules.turnCost;
    if (tc && steps > 0) { const v = tc[p.cls] ?? tc['*']; if (v !== undefined) return { cost: mul(parse(v),
      frac(steps)), rule: null }; }
    return null;
  }

  mul(a, n) { return mul(a, frac(n)); }
}

export { PROHIBITED };
