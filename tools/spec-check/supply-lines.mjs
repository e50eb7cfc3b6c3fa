// docs/module-format.md "Supply lines on a hex board" (rules.supplyLines): open hexes, crossable
// hexsides, the first leg along road hexes from the sources, live hubs, the second leg of at most
// `length` steps; a piece is supplied when the second leg of an entry of its side and nation reaches it.
const DIRS = { flat: [[0, -1], [1, -1], [1, 0], [0, 1], [-1, 1], [-1, 0]], pointy: [[1, -1], [1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1]] };

function neighbours(board, label) {
  const c = board.coords.get(label);
  return DIRS[board.def.orientation].map(([dq, dr]) => board.at.get(`${c.q + dq},${c.r + dr}`)).filter((x) => x !== undefined);
}

/** Whether the piece traces a supply line (true off the board, and without rules.supplyLines). */
export function suppliedOnHexes(m, board, state, piece) {
  const def = m.rules?.supplyLines;
  const at = state.pieces[piece]?.location;
  if (!def || board.points || at == null || !board.has(at)) return true;
  const p = m.pieces.find((x) => x.id === piece);
  const sideOf = (id) => m.pieces.find((x) => x.id === id)?.side;
  const has = (l, who) => (state.stacks[l] ?? []).some((id) => who(sideOf(id)));
  const enemy = (l) => has(l, (s) => s !== undefined && s !== p.side);
  const nearEnemy = (l) => neighbours(board, l).some(enemy);
  const open = (l) => !enemy(l) && !(nearEnemy(l) && !has(l, (s) => s === p.side))
    && !(state.markers[l] ?? []).some((x) => (def.blockedBy ?? []).includes(x));
  const rivers = def.rivers ?? [], bridges = def.bridges ?? [];
  const crossable = (a, b) => {
    if (!board.sideFeatures(a, b).some((f) => rivers.includes(f.feature))) return true;
    const marks = state.markers[board.hexside(a, b)] ?? [];
    if (marks.some((x) => bridges.includes(x))) return true;
    return board.roadsBetween(a, b).length > 0 && (def.destroyed === undefined || !marks.includes(def.destroyed));
  };
  const spread = (starts, steps, road) => {
    const seen = new Set(starts.filter(open));
    let wave = [...seen];
    for (let d = 0; d < steps && wave.length; d++) {
      const next = [];
      for (const a of wave) for (const b of neighbours(board, a)) {
        if (seen.has(b) || !open(b) || (road && !board.roadsAt(b).length) || !crossable(a, b)) continue;
        seen.add(b); next.push(b);
      }
      wave = next;
    }
    return seen;
  };
  const first = spread((def.sources[p.side] ?? []).filter((l) => board.has(l) && board.roadsAt(l).length), Infinity, true);
  for (const hub of def.hubs) {
    if (hub.side !== p.side || !hub.nations.includes(p.nation)) continue;
    const live = Object.keys(state.markers).filter((l) => state.markers[l].includes(hub.marker) && first.has(l)
      && !(def.hubEnemyAdjacent !== undefined && nearEnemy(l)));
    if (spread(live, hub.length, false).has(at)) return true;
  }
  return false;
}
