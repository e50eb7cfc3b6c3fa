// Validation of rules.control, rules.supply and a marker's cost: every side, marker, track, box, phase and piece type
// they name declared, supply only with control, both only on a module with a point-to-point board.
import type { RefIssue } from './references.js';
import type { ModuleData } from './schema.js';

export function checkControlReferences(m: ModuleData): RefIssue[] {
  const out: RefIssue[] = [];
  const c = m.rules?.control, s = m.rules?.supply;
  const has = (list: readonly { id: string }[]) => new Set(list.map((x) => x.id));
  const sides = has(m.sides), markers = has(m.markerTypes), tracks = has(m.tracks), boxes = has(m.boxes);
  const want = (ok: boolean, path: PropertyKey[], message: string) => { if (!ok) out.push({ path: ['rules', ...path], message }); };
  m.markerTypes.forEach((t, i) => {
    for (const [side, track] of Object.entries(t.cost?.tracks ?? {})) {
      if (!sides.has(side)) out.push({ path: ['markerTypes', i, 'cost', 'tracks', side], message: `unknown side "${side}"` });
      if (!tracks.has(track)) out.push({ path: ['markerTypes', i, 'cost', 'tracks', side], message: `unknown track "${track}"` });
    }
  });
  if ((c || s) && !m.boards.some((b) => b.kind === 'points')) want(false, [c ? 'control' : 'supply'], 'control and supply need a point-to-point board');
  if (c) {
    for (const [side, marker] of Object.entries(c.markers)) {
      want(sides.has(side), ['control', 'markers', side], `unknown side "${side}"`);
      want(markers.has(marker), ['control', 'markers', side], `unknown marker type "${marker}"`);
    }
    for (const [nation, track] of Object.entries(c.atWar ?? {})) want(tracks.has(track), ['control', 'atWar', nation], `unknown track "${track}"`);
    if (c.destroyed !== undefined) want(markers.has(c.destroyed), ['control', 'destroyed'], `unknown marker type "${c.destroyed}"`);
  }
  if (s) {
    want(c !== undefined, ['supply'], 'supply is traced through controlled spaces: give rules.control too');
    const a = s.attrition;
    if (a) {
      want(m.sequence.phases.some((p) => p.id === a.phase), ['supply', 'attrition', 'phase'], `unknown phase "${a.phase}"`);
      const types = has(m.pieceTypes);
      a.remove?.types.forEach((t, i) => want(types.has(t), ['supply', 'attrition', 'remove', 'types', i], `unknown piece type "${t}"`));
      for (const [side, box] of Object.entries(a.remove?.to ?? {})) {
        want(sides.has(side), ['supply', 'attrition', 'remove', 'to', side], `unknown side "${side}"`);
        want(boxes.has(box), ['supply', 'attrition', 'remove', 'to', side], `unknown box "${box}"`);
      }
    }
  }
  return out;
}
