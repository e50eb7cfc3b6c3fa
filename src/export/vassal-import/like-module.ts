// `--like modules/<id>` and `--connections <file>`: VASSAL knows no connections between regions,
// so they come from a Hexpost module of the same game, its spaces matched to the imported ones by
// name (case, accents and punctuation ignored), or from a list of connections by space name.
// Matched spaces also take the like module's terrain, nation, tags and values.
import type { ModuleData } from '../../core/module/schema.js';
import type { ImportReport } from './import-report.js';

export interface Connection { a: string; b: string; type?: string }

interface Space { id: string; name: string; x: number; y: number }
interface Board { id: string; name: string; kind: string; spaces?: Space[]; [k: string]: unknown }

const norm = (s: string) => s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '');

export function applyLike(boards: Board[], like: ModuleData | undefined, extra: Connection[], report: ImportReport): { boards: Board[]; matched: number; connections: number } {
  let matched = 0, count = 0;
  const likeSpaces = new Map<string, { space: Record<string, unknown>; board: string }>();
  for (const b of like?.boards ?? []) if (b.kind === 'points') for (const s of b.spaces) likeSpaces.set(norm(s.name), { space: s as unknown as Record<string, unknown>, board: b.id });
  const out = boards.map((b) => {
    if (b.kind !== 'points' || !b.spaces) return b; // hex and square grids: adjacency is the grid's
    const bSpaces = b.spaces;
    const byLikeId = new Map<string, string>();
    const byName = new Map(bSpaces.map((s) => [norm(s.name), s.id]));
    const spaces = bSpaces.map((s) => {
      const hit = likeSpaces.get(norm(s.name));
      if (!hit) return s;
      matched++;
      byLikeId.set(String(hit.space.id), s.id);
      const { terrain, nation, tags, values } = hit.space as { terrain?: string; nation?: string; tags?: string[]; values?: object };
      return { ...s, ...(terrain ? { terrain } : {}), ...(nation ? { nation } : {}), ...(tags ? { tags } : {}), ...(values ? { values } : {}) };
    });
    const connections: Connection[] = [];
    const seen = new Set<string>();
    const add = (a: string | undefined, bb: string | undefined, type?: string) => {
      if (!a || !bb || a === bb) return;
      const k = [a, bb].sort().join('|');
      if (seen.has(k)) return;
      seen.add(k);
      connections.push({ a, b: bb, ...(type ? { type } : {}) });
    };
    const likeBoard = like?.boards.find((x) => x.kind === 'points' && x.spaces.some((s) => byLikeId.has(s.id)));
    if (likeBoard && likeBoard.kind === 'points') {
      for (const c of likeBoard.connections) add(byLikeId.get(c.a), byLikeId.get(c.b), c.type);
      const lost = likeBoard.connections.filter((c) => !byLikeId.has(c.a) || !byLikeId.has(c.b)).length;
      if (lost) report.add('connections', `board ${b.id}`, `${lost} connections of ${like!.id}/${likeBoard.id} join a space with no region of the same name: not made`);
      const unmatched = bSpaces.filter((s) => !likeSpaces.has(norm(s.name)));
      if (unmatched.length) report.add('spaces', `board ${b.id}`, `${unmatched.length} regions match no space of ${like!.id} by name (e.g. ${unmatched.slice(0, 5).map((s) => JSON.stringify(s.name)).join(', ')}): they have no connections`);
    }
    for (const c of extra) add(byName.get(norm(c.a)), byName.get(norm(c.b)), c.type);
    count += connections.length;
    const types = likeBoard && likeBoard.kind === 'points' ? likeBoard.connectionTypes.filter((t) => connections.some((c) => c.type === t.id)) : [];
    return { ...b, spaces, connections, ...(types.length ? { connectionTypes: types } : {}) };
  });
  if (!like && !extra.length) report.add('connections', '/GameModule', 'VASSAL regions are not linked: no connections (give --like or --connections)');
  return { boards: out, matched, connections: count };
}
