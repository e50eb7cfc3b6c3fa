// Control of spaces, supply lines and attrition (docs/module-format.md "Control and supply";
// docs/events.md: the control markers after a move, the `lost` events of attrition after `next`).
const boardOf = (m, state) => m.boards.find((b) => b.id === state.board);

function view(m, state) {
  const c = m.rules?.control, board = boardOf(m, state);
  if (!c || board?.kind !== 'points') return null;
  const spaces = new Map(board.spaces.map((s) => [s.id, s]));
  const sideOf = new Map(m.sides.flatMap((s) => (s.nations ?? []).map((n) => [n, s.id])));
  return { c, board, spaces, sideOf };
}

function owner(v, state, id) {
  const n = v.spaces.get(id)?.nation;
  if (n === undefined) return null;
  const t = v.c.atWar?.[n];
  if (t !== undefined && (state.tracks[t] ?? 0) < 1) return null;
  return v.sideOf.get(n) ?? null;
}

function controller(v, state, id) {
  const marks = state.markers[id] ?? [];
  for (const [side, marker] of Object.entries(v.c.markers)) if (marks.includes(marker)) return side;
  return owner(v, state, id);
}

function intact(v, state, id) {
  const f = v.c.fort === undefined ? 0 : v.spaces.get(id)?.values?.[v.c.fort] ?? 0;
  return typeof f === 'number' && f > 0 && !(v.c.destroyed !== undefined && (state.markers[id] ?? []).includes(v.c.destroyed));
}

/** The control events of a move of `piece` along `path` (every space entered, in order). */
export function entryControl(m, state, piece, path) {
  const v = view(m, state);
  const side = m.pieces.find((p) => p.id === piece)?.side;
  if (!v || side === undefined) return [];
  const markers = structuredClone(state.markers), work = { ...state, markers };
  const out = [];
  for (const id of path) {
    if (!v.spaces.has(id) || intact(v, work, id) || controller(v, work, id) === side) continue;
    const marks = markers[id] ?? [];
    for (const [s, marker] of Object.entries(v.c.markers)) {
      if (s === side || !marks.includes(marker)) continue;
      out.push({ type: 'unmarked', target: id, kind: 'space', marker, rule: v.c.rule });
      marks.splice(marks.lastIndexOf(marker), 1);
    }
    const own = v.c.markers[side];
    if (owner(v, work, id) !== side && own !== undefined && !marks.includes(own)) {
      out.push({ type: 'marked', target: id, kind: 'space', marker: own, rule: v.c.rule });
      marks.push(own);
    }
    if (marks.length) markers[id] = marks; else delete markers[id];
  }
  return out;
}

/** side → the spaces on a supply line of the side. */
function lines(m, state, v) {
  const s = m.rules.supply;
  const restricted = new Set((v.board.connectionTypes ?? []).filter((t) => t.nations?.length).map((t) => t.id));
  const links = new Map();
  for (const c of v.board.connections ?? []) {
    if (c.type !== undefined && restricted.has(c.type)) continue;
    for (const [a, b] of [[c.a, c.b], [c.b, c.a]]) (links.get(a) ?? links.set(a, []).get(a)).push(b);
  }
  const sideOfPiece = new Map(m.pieces.map((p) => [p.id, p.side]));
  const out = new Map();
  for (const { id: side } of m.sides) {
    const open = (id) => {
      const here = state.stacks[id] ?? [];
      if (here.some((p) => sideOfPiece.get(p) !== side)) return false;
      return controller(v, state, id) === side || here.length > 0;
    };
    const seen = new Set(), queue = [];
    for (const sp of v.board.spaces) {
      if ((sp.tags ?? []).includes(s.sources) && owner(v, state, sp.id) === side && controller(v, state, sp.id) === side
        && open(sp.id)) { seen.add(sp.id); queue.push(sp.id); }
    }
    for (let i = 0; i < queue.length; i++) for (const n of links.get(queue[i]) ?? []) {
      if (!seen.has(n) && open(n)) { seen.add(n); queue.push(n); }
    }
    out.set(side, seen);
  }
  return out;
}

/** The attrition of a phase beginning: a `lost` for each unsupplied piece on the board, module order. */
export function attrition(m, state, phase) {
  const a = m.rules?.supply?.attrition;
  const v = view(m, state);
  if (!a || a.phase !== phase || !v) return [];
  const l = lines(m, state, v);
  const out = [];
  for (const p of m.pieces) {
    const at = state.pieces[p.id]?.location;
    if (at == null || !v.spaces.has(at) || l.get(p.side).has(at)) continue;
    const removed = a.remove?.types.includes(p.type) ? a.remove.to[p.side] : undefined;
    const box = removed ?? (m.boxes ?? []).find((b) => b.owner === p.side && b.eliminated)?.id;
    out.push({ type: 'lost', piece: p.id, from: state.pieces[p.id].face, to: null, at, ...(box ? { box } : {}),
      rule: removed !== undefined ? a.remove.rule ?? a.rule : a.rule });
  }
  return out;
}

/** The strength of an intact fort in a space held by a side other than `side` (`to.enemy-fort`), else 0. */
export function enemyFort(m, state, side, id) {
  const v = view(m, state);
  if (!v || !intact(v, state, id)) return 0;
  const held = controller(v, state, id);
  return held === null || held === side ? 0 : v.spaces.get(id).values[v.c.fort];
}
