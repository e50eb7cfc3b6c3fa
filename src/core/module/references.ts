// Cross-reference checks that a schema cannot express: unknown ids, hexes that are not on the
// board, tables with gaps or overlaps, connections to missing spaces. Every problem is reported.
import { parseRational } from '../rational.js';
import { boardView, type BoardView } from './board-view.js';
import { MODULE_CAPS } from './caps.js';
import { expandHexRefs } from './hex-refs.js';
import { checkRuleReferences } from './rule-references.js';
import type { ModuleData, PlacementDef, TableDef } from './schema.js';

export interface RefIssue { path: PropertyKey[]; message: string }

export function checkReferences(m: ModuleData): RefIssue[] {
  const out: RefIssue[] = [];
  const bad = (path: PropertyKey[], message: string) => out.push({ path, message });

  // Unique ids within each kind; card ids across all decks (so `play <card>` is unambiguous).
  const unique = (key: string, list: { id: string }[] | undefined, seen = new Map<string, string>(), what = key) => {
    (list ?? []).forEach((item, i) => {
      const prev = seen.get(item.id);
      if (prev !== undefined) bad([key, i, 'id'], `duplicate ${what} id "${item.id}" (also ${prev})`);
      else seen.set(item.id, `${key}[${i}]`);
    });
    return seen;
  };
  for (const key of ['sides', 'dice', 'terrain', 'boxes', 'tracks', 'boards', 'pieceTypes', 'markerTypes', 'pieces', 'decks', 'tables', 'procedures', 'scenarios'] as const) {
    unique(key, (m as unknown as Record<string, { id: string }[]>)[key]);
  }
  const cardSeen = new Map<string, string>();
  m.decks.forEach((d, di) => d.cards.forEach((c, ci) => {
    const prev = cardSeen.get(c.id);
    if (prev) bad(['decks', di, 'cards', ci, 'id'], `duplicate card id "${c.id}" (also in deck ${prev})`);
    else cardSeen.set(c.id, d.id);
  }));

  const sides = new Set(m.sides.map((s) => s.id));
  const nations = new Set(m.sides.flatMap((s) => s.nations ?? []));
  const terrain = new Map(m.terrain.map((t) => [t.id, t]));
  const pieceTypes = new Map(m.pieceTypes.map((t) => [t.id, t]));
  const markerTypes = new Set(m.markerTypes.map((t) => t.id));
  const pieces = new Map(m.pieces.map((p) => [p.id, p]));
  const tracks = new Map(m.tracks.map((t) => [t.id, t]));
  const boxes = new Set(m.boxes.map((b) => b.id));
  const tables = new Map(m.tables.map((t) => [t.id, t]));
  const decks = new Map(m.decks.map((d) => [d.id, d]));
  const phases = new Set(m.sequence.phases.map((p) => p.id));

  const terrainOn = (id: string, on: string, path: PropertyKey[]) => {
    const t = terrain.get(id);
    if (!t) bad(path, `unknown terrain "${id}" (declare it in module.json "terrain")`);
    else if (t.on !== on) bad(path, `terrain "${id}" is a ${t.on} terrain, expected a ${on} terrain`);
  };

  // Boards: terrain on hexes and hexsides, roads along adjacent hexes, connections between spaces.
  const views = new Map<string, BoardView>();
  // Every hex the terrain runs name, expanded, across all boards: capped, so that a module of many
  // long runs cannot make the terrain index (and each later verify) loop over millions of hexes.
  let named = 0;
  m.boards.forEach((b, bi) => {
    let view: BoardView;
    try {
      view = boardView(b);
      views.set(b.id, view);
    } catch (e) {
      bad(['boards', bi], (e as Error).message);
      return;
    }
    if (b.kind === 'hex') {
      terrainOn(b.terrain.default, 'hex', ['boards', bi, 'terrain', 'default']);
      for (const [tid, refs] of Object.entries(b.terrain.hexes)) {
        terrainOn(tid, 'hex', ['boards', bi, 'terrain', 'hexes', tid]);
        refs.forEach((ref, ri) => {
          if (named > MODULE_CAPS.terrainHexes) return;
          const r = expandHexRefs(view, ref);
          if (typeof r === 'string') bad(['boards', bi, 'terrain', 'hexes', tid, ri], r);
          else if ((named += r.length) > MODULE_CAPS.terrainHexes) {
            bad(['boards', bi, 'terrain', 'hexes', tid, ri], `the terrain lists name more than ${MODULE_CAPS.terrainHexes} hexes in all, the cap`);
          }
        });
      }
      for (const [fid, refs] of Object.entries(b.hexsides)) {
        terrainOn(fid, 'hexside', ['boards', bi, 'hexsides', fid]);
        refs.forEach((ref, ri) => {
          try { view.hexside(ref); } catch (e) { bad(['boards', bi, 'hexsides', fid, ri], (e as Error).message); }
        });
      }
      b.roads.forEach((road, ri) => {
        terrainOn(road.type, 'road', ['boards', bi, 'roads', ri, 'type']);
        road.path.forEach((hex, hi) => {
          if (!view.has(hex)) bad(['boards', bi, 'roads', ri, 'path', hi], `"${hex}" is not a hex of board ${b.id}`);
          else if (hi > 0 && view.has(road.path[hi - 1]) && !view.adjacent(road.path[hi - 1], hex)) {
            bad(['boards', bi, 'roads', ri, 'path', hi], `"${hex}" is not adjacent to "${road.path[hi - 1]}": a road runs through adjacent hexes`);
          }
        });
      });
      for (const hex of Object.keys(b.places)) {
        if (!view.has(hex)) bad(['boards', bi, 'places', hex], `"${hex}" is not a hex of board ${b.id}`);
      }
    } else if (b.kind === 'square') {
      if (b.terrain?.default) terrainOn(b.terrain.default, 'hex', ['boards', bi, 'terrain', 'default']);
      for (const [tid, cells] of Object.entries(b.terrain?.cells ?? {})) {
        terrainOn(tid, 'hex', ['boards', bi, 'terrain', 'cells', tid]);
        cells.forEach((c, ci) => { if (!view.has(c)) bad(['boards', bi, 'terrain', 'cells', tid, ci], `"${c}" is not a cell of board ${b.id}`); });
      }
      for (const c of Object.keys(b.places)) {
        if (!view.has(c)) bad(['boards', bi, 'places', c], `"${c}" is not a cell of board ${b.id}`);
      }
    } else {
      const types = new Set(b.connectionTypes.map((t) => t.id));
      b.spaces.forEach((s, si) => {
        if (s.terrain) terrainOn(s.terrain, 'hex', ['boards', bi, 'spaces', si, 'terrain']);
        if (s.nation && nations.size && !nations.has(s.nation)) bad(['boards', bi, 'spaces', si, 'nation'], `unknown nation "${s.nation}" (list it under a side's "nations")`);
      });
      b.connectionTypes.forEach((t, ti) => {
        t.sides?.forEach((s, i) => { if (!sides.has(s)) bad(['boards', bi, 'connectionTypes', ti, 'sides', i], `unknown side "${s}"`); });
        t.nations?.forEach((n, i) => { if (!nations.has(n)) bad(['boards', bi, 'connectionTypes', ti, 'nations', i], `unknown nation "${n}"`); });
      });
      b.connections.forEach((c, ci) => {
        for (const end of ['a', 'b'] as const) {
          if (!view.has(c[end])) bad(['boards', bi, 'connections', ci, end], `connection to missing space "${c[end]}"`);
        }
        if (c.type && !types.has(c.type)) bad(['boards', bi, 'connections', ci, 'type'], `unknown connection type "${c.type}"`);
        if (c.a === c.b) bad(['boards', bi, 'connections', ci], `a connection joins two different spaces`);
      });
    }
    // A box or track id that is also a location on a board would make locations ambiguous.
    for (const id of [...boxes, ...tracks.keys()]) {
      if (view.has(id)) bad(['boards', bi], `"${id}" is both a box or track id and a location on board ${b.id}`);
    }
  });

  // Pieces, faces, markers.
  const classes = new Set<string>(['*']);
  m.pieceTypes.forEach((t, ti) => {
    classes.add(t.id);
    const faces = new Set<string>();
    t.faces.forEach((f, fi) => {
      if (faces.has(f.id)) bad(['pieceTypes', ti, 'faces', fi, 'id'], `duplicate face id "${f.id}"`);
      faces.add(f.id);
      if (f.movementClass) classes.add(f.movementClass);
    });
    t.properties.forEach((p, pi) => {
      if (!t.faces.some((f) => p in f.values)) bad(['pieceTypes', ti, 'properties', pi], `property "${p}" is not a value of any face`);
    });
  });
  m.pieces.forEach((p, pi) => {
    if (!pieceTypes.has(p.type)) bad(['pieces', pi, 'type'], `unknown piece type "${p.type}"`);
    if (!sides.has(p.side)) bad(['pieces', pi, 'side'], `unknown side "${p.side}"`);
    if (p.nation && nations.size && !nations.has(p.nation)) bad(['pieces', pi, 'nation'], `unknown nation "${p.nation}"`);
  });

  // Movement cost maps name movement classes.
  const checkCosts = (path: PropertyKey[], costs: Record<string, unknown> | undefined) => {
    for (const [cls, v] of Object.entries(costs ?? {})) {
      if (!classes.has(cls)) bad([...path, cls], `unknown movement class "${cls}" (a piece type id or a face's movementClass, or "*")`);
      if (v !== 'P' && parseRational(v as string | number) === null) bad([...path, cls], `not an exact MP cost: ${JSON.stringify(v)}`);
    }
  };
  m.terrain.forEach((t, ti) => {
    checkCosts(['terrain', ti, 'cost'], t.cost);
    checkCosts(['terrain', ti, 'downhill'], t.downhill);
    if (t.downhill && t.on !== 'hexside') bad(['terrain', ti, 'downhill'], `only a hexside feature has a high side (this terrain is on ${t.on})`);
  });
  checkCosts(['movement', 'turnCost'], m.movement?.turnCost);
  out.push(...checkRuleReferences(m));

  m.tracks.forEach((t, ti) => {
    if (t.min > t.max) bad(['tracks', ti], `min ${t.min} is above max ${t.max}`);
    if (t.initial !== undefined && (t.initial < t.min || t.initial > t.max)) bad(['tracks', ti, 'initial'], `${t.initial} is outside ${t.min}–${t.max}`);
    if (t.owner && !sides.has(t.owner)) bad(['tracks', ti, 'owner'], `unknown side "${t.owner}"`);
    if (t.follows === 'turn' && (m.sequence.firstTurn < t.min || m.sequence.lastTurn > t.max)) {
      bad(['tracks', ti, 'follows'], `turns ${m.sequence.firstTurn}–${m.sequence.lastTurn} do not fit on the track (${t.min}–${t.max})`);
    }
  });
  m.boxes.forEach((b, i) => { if (b.owner && !sides.has(b.owner)) bad(['boxes', i, 'owner'], `unknown side "${b.owner}"`); });

  // Decks: owners, sets.
  m.decks.forEach((d, di) => {
    if (d.owner && !sides.has(d.owner)) bad(['decks', di, 'owner'], `unknown side "${d.owner}"`);
    if (d.secret && !d.owner) bad(['decks', di, 'secret'], 'a secret deck needs an owner whose hidden hand it is drawn into');
    if (d.openHand && (!d.owner || d.secret || d.shuffleAtStart)) bad(['decks', di, 'openHand'], 'a deck held in the open hand is public, has an owner whose hand it is, and is not shuffled');
    const cards = new Set(d.cards.map((c) => c.id));
    for (const [set, ids] of Object.entries(d.sets ?? {})) {
      ids.forEach((id, i) => { if (!cards.has(id)) bad(['decks', di, 'sets', set, i], `unknown card "${id}" in deck ${d.id}`); });
    }
    d.initial?.forEach((s, i) => { if (!(d.sets ?? {})[s]) bad(['decks', di, 'initial', i], `unknown card set "${s}"`); });
    d.plays?.forEach((p, i) => { if (!tracks.has(p.track)) bad(['decks', di, 'plays', i, 'track'], `unknown track "${p.track}"`); });
  });

  // Tables and procedures.
  m.tables.forEach((t, ti) => checkTable(t, ['tables', ti], bad));
  m.procedures.forEach((p, pi) => {
    const table = tables.get(p.table);
    if (!table) bad(['procedures', pi, 'table'], `unknown table "${p.table}"`);
    const inputs = new Set(p.inputs.map((i) => i.id));
    if (p.column && !inputs.has(p.column)) bad(['procedures', pi, 'column'], `"${p.column}" is not one of the procedure's inputs`);
    if (p.modifiersTo === 'column' && !p.column) bad(['procedures', pi, 'modifiersTo'], 'modifiers can shift the column only of a procedure with a "column" input');
    if (p.subtract && !inputs.has(p.subtract)) bad(['procedures', pi, 'subtract'], `"${p.subtract}" is not one of the procedure's inputs`);
    if (table && !!table.columns !== !!p.column) {
      bad(['procedures', pi, 'column'], table.columns ? `table "${table.id}" has columns: name the input that chooses one` : `table "${table.id}" has no columns`);
    }
    const mods = new Set<string>();
    p.modifiers.forEach((mod, i) => {
      if (mods.has(mod.id) || inputs.has(mod.id)) bad(['procedures', pi, 'modifiers', i, 'id'], `duplicate modifier or input "${mod.id}"`);
      mods.add(mod.id);
    });
  });

  // Sequence.
  const s = m.sequence;
  if (s.firstTurn > s.lastTurn) bad(['sequence', 'lastTurn'], `last turn ${s.lastTurn} is before the first ${s.firstTurn}`);
  s.phases.forEach((p, pi) => {
    if (!['all', 'none'].includes(p.active) && !sides.has(p.active)) bad(['sequence', 'phases', pi, 'active'], `expected a side id, "all" or "none", got "${p.active}"`);
    // `ends` says when a phase several sides play is over: meaningless where one side (or none) acts
    if (p.active !== 'all') {
      if (p.ends !== undefined) bad(['sequence', 'phases', pi, 'ends'], `"ends" is for a phase every side plays (active "all"), not active "${p.active}"`);
      p.segments.forEach((seg, gi) => {
        if (seg.ends !== undefined) bad(['sequence', 'phases', pi, 'segments', gi, 'ends'], `"ends" is for a phase every side plays (active "all"), not active "${p.active}"`);
      });
    }
  });
  unique('sequence.phases', s.phases, new Map(), 'phase');
  const marks = new Set((s.clock?.marks ?? []).map((m) => m.id));
  s.phases.forEach((p, pi) => p.segments.forEach((seg, gi) => seg.marks?.forEach((mk, mi) => {
    if (!marks.has(mk)) bad(['sequence', 'phases', pi, 'segments', gi, 'marks', mi], `unknown clock mark "${mk}" (the clock's marks: ${[...marks].join(', ') || 'none'})`);
  })));
  s.turnTypes.forEach((t, ti) => t.phases?.forEach((ph, i) => {
    if (!phases.has(ph)) bad(['sequence', 'turnTypes', ti, 'phases', i], `unknown phase "${ph}"`);
  }));
  if (s.clock && !/^\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d)?(?:Z|[+-]\d\d:\d\d)$/.test(s.clock.start)) {
    bad(['sequence', 'clock', 'start'], `expected ISO-8601 with an offset, such as "1807-02-08T07:00+01:00"`);
  }

  // Scenarios.
  m.scenarios.forEach((sc, si) => {
    const boardId = sc.board ?? m.boards[0]?.id;
    const view = boardId ? views.get(boardId) : undefined;
    if (sc.board && !views.has(sc.board) && !m.boards.some((b) => b.id === sc.board)) bad(['scenarios', si, 'board'], `unknown board "${sc.board}"`);
    const isLocation = (at: string) => boxes.has(at) || /@-?\d+$/.test(at) && tracks.has(at.slice(0, at.lastIndexOf('@'))) || locationOnBoards(at, view, views);
    const placed = new Set<string>();
    const placement = (p: PlacementDef, path: PropertyKey[]) => {
      const def = pieces.get(p.piece);
      if (!def) { bad([...path, 'piece'], `unknown piece "${p.piece}"`); return; }
      if (placed.has(p.piece)) bad([...path, 'piece'], `piece "${p.piece}" is placed twice`);
      placed.add(p.piece);
      if (!isLocation(p.at)) bad([...path, 'at'], `unknown location "${p.at}": expected a hex or space of board ${boardId}, a box, or <track>@<n>`);
      const type = pieceTypes.get(def.type);
      if (type && p.face && !type.faces.some((f) => f.id === p.face)) bad([...path, 'face'], `piece type "${type.id}" has no face "${p.face}"`);
      if (type && p.facing !== undefined && type.facing === 'none' && !type.faces.some((f) => f.facing && f.facing !== 'none')) {
        bad([...path, 'facing'], `piece type "${type.id}" has no facing`);
      }
      p.markers?.forEach((mk, i) => { if (!markerTypes.has(mk)) bad([...path, 'markers', i], `unknown marker type "${mk}"`); });
    };
    sc.setup.forEach((p, i) => placement(p, ['scenarios', si, 'setup', i]));
    sc.reinforcements.forEach((p, i) => placement(p, ['scenarios', si, 'reinforcements', i]));
    sc.markers.forEach((mk, i) => {
      if (!markerTypes.has(mk.marker)) bad(['scenarios', si, 'markers', i, 'marker'], `unknown marker type "${mk.marker}"`);
      let ok = isLocation(mk.at) || pieces.has(mk.at);
      if (!ok && view) { try { view.hexside(mk.at); ok = true; } catch { /* reported below */ } }
      if (!ok) bad(['scenarios', si, 'markers', i, 'at'], `unknown location "${mk.at}"`);
    });
    for (const [t, v] of Object.entries(sc.tracks)) {
      const def = tracks.get(t);
      if (!def) bad(['scenarios', si, 'tracks', t], `unknown track "${t}"`);
      else if (v < def.min || v > def.max) bad(['scenarios', si, 'tracks', t], `${v} is outside ${def.min}–${def.max}`);
    }
    for (const [d, conf] of Object.entries(sc.decks)) {
      const def = decks.get(d);
      if (!def) { bad(['scenarios', si, 'decks', d], `unknown deck "${d}"`); continue; }
      conf.sets.forEach((set, i) => { if (!(def.sets ?? {})[set]) bad(['scenarios', si, 'decks', d, 'sets', i], `deck ${d} has no card set "${set}"`); });
    }
    if (sc.clockStart && !/^\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d)?(?:Z|[+-]\d\d:\d\d)$/.test(sc.clockStart)) {
      bad(['scenarios', si, 'clockStart'], 'expected ISO-8601 with an offset, such as "1807-02-07T13:00+01:00"');
    }
    if (sc.clockStart && !s.clock) bad(['scenarios', si, 'clockStart'], 'the sequence has no clock');
    if (sc.startPhase && !phases.has(sc.startPhase)) bad(['scenarios', si, 'startPhase'], `unknown phase "${sc.startPhase}"`);
    const first = sc.firstTurn ?? s.firstTurn;
    const last = sc.lastTurn ?? s.lastTurn;
    if (first < s.firstTurn || last > s.lastTurn || first > last) bad(['scenarios', si], `turns ${first}–${last} are not within the sequence's ${s.firstTurn}–${s.lastTurn}`);
  });
  return out;
}

function locationOnBoards(at: string, view: BoardView | undefined, views: Map<string, BoardView>): boolean {
  const colon = at.indexOf(':');
  if (colon > 0 && views.has(at.slice(0, colon))) return views.get(at.slice(0, colon))!.has(at.slice(colon + 1));
  return !!view?.has(at);
}

/** Rows (and columns) of a table must cover a run of integers with no gap and no overlap. */
function checkTable(t: TableDef, path: PropertyKey[], bad: (p: PropertyKey[], m: string) => void): void {
  checkRanges(t.rows, [...path, 'rows'], 'row', bad);
  if (t.columns) {
    checkRanges(t.columns, [...path, 'columns'], 'column', bad);
    t.rows.forEach((r, i) => {
      if (!Array.isArray(r.result) || r.result.length !== t.columns!.length) {
        bad([...path, 'rows', i, 'result'], `expected a list of ${t.columns!.length} results, one per column`);
      }
    });
  } else {
    t.rows.forEach((r, i) => { if (Array.isArray(r.result)) bad([...path, 'rows', i, 'result'], 'a table without columns has one result per row'); });
  }
}

function checkRanges(ranges: { min?: number; max?: number }[], path: PropertyKey[], what: string, bad: (p: PropertyKey[], m: string) => void): void {
  ranges.forEach((r, i) => {
    if (r.min === undefined && i !== 0) bad([...path, i, 'min'], `only the first ${what} may leave "min" open`);
    if (r.max === undefined && i !== ranges.length - 1) bad([...path, i, 'max'], `only the last ${what} may leave "max" open`);
    if (r.min !== undefined && r.max !== undefined && r.min > r.max) bad([...path, i], `min ${r.min} is above max ${r.max}`);
    if (i > 0) {
      const prev = ranges[i - 1];
      if (prev.max !== undefined && r.min !== undefined) {
        if (r.min <= prev.max) bad([...path, i, 'min'], `${what}s overlap: ${r.min} is already covered by ${what} ${i - 1} (up to ${prev.max}); ${what}s go in increasing order`);
        else if (r.min > prev.max + 1) bad([...path, i, 'min'], `gap: nothing covers ${prev.max + 1}${r.min - 1 > prev.max + 1 ? `–${r.min - 1}` : ''} between ${what} ${i - 1} and ${what} ${i}`);
      }
    }
  });
}
