// Validation of rules.supplyLines: a hex board, every side, hex, marker, feature and piece value named declared.
import { boardView } from './board-view.js';
import type { RefIssue } from './references.js';
import type { ModuleData } from './schema.js';

export function checkSupplyLineReferences(m: ModuleData): RefIssue[] {
  const s = m.rules?.supplyLines;
  if (!s) return [];
  const out: RefIssue[] = [];
  const want = (ok: boolean, path: PropertyKey[], message: string) => { if (!ok) out.push({ path: ['rules', 'supplyLines', ...path], message }); };
  const board = m.boards.find((b) => b.kind === 'hex');
  want(board !== undefined, [], 'supply lines are traced over a hex board: the module has none');
  const view = board ? boardView(board) : null;
  const sides = new Set(m.sides.map((x) => x.id)), markers = new Set(m.markerTypes.map((x) => x.id));
  for (const [side, list] of Object.entries(s.sources)) {
    want(sides.has(side), ['sources', side], `unknown side "${side}"`);
    list.forEach((h, i) => want(view === null || view.has(h), ['sources', side, i], `"${h}" is not a hex of board ${board?.id}`));
  }
  s.hubs.forEach((h, i) => {
    want(markers.has(h.marker), ['hubs', i, 'marker'], `unknown marker type "${h.marker}"`);
    want(sides.has(h.side), ['hubs', i, 'side'], `unknown side "${h.side}"`);
  });
  [['blockedBy', s.blockedBy], ['bridges', s.bridges], ['destroyed', s.destroyed === undefined ? [] : [s.destroyed]]].forEach(([key, list]) => {
    (list as string[]).forEach((x, i) => want(markers.has(x), [key as string, i], `unknown marker type "${x}"`));
  });
  if (s.keeps !== undefined) {
    want(m.pieceTypes.some((t) => t.properties.includes(s.keeps!)), ['keeps'], `no piece type has the property "${s.keeps}" a player may set`);
  }
  return out;
}
