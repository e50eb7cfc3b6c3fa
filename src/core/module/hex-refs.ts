// Hex references in module files: a label ("0505") or a straight run of labels sharing a column
// or a row ("0501-0510", "2927-5427"), so a long river bank or map edge is one line of JSON.
import type { BoardView } from './board-view.js';
import { MODULE_CAPS } from './caps.js';

/** The labels a reference names, or an error message. */
export function expandHexRefs(view: BoardView, ref: string): string[] | string {
  if (view.has(ref)) return [ref];
  const dash = ref.indexOf('-');
  const hex = view.hex;
  if (dash > 0 && hex) {
    const a = ref.slice(0, dash);
    const b = ref.slice(dash + 1);
    for (const end of [a, b]) if (!hex.has(end)) return `"${end}" in "${ref}" is not a hex of board ${view.def.id}`;
    const oa = hex.offset(a);
    const ob = hex.offset(b);
    const span = Math.max(Math.abs(oa.col - ob.col), Math.abs(oa.row - ob.row)) + 1;
    if (span > MODULE_CAPS.runSpan) return `"${ref}": a run spans ${span} hexes, more than the cap of ${MODULE_CAPS.runSpan}`;
    const out: string[] = [];
    if (oa.col === ob.col) {
      for (let r = Math.min(oa.row, ob.row); r <= Math.max(oa.row, ob.row); r++) {
        const l = hex.labelAtOffset(oa.col, r);
        if (l) out.push(l);
      }
    } else if (oa.row === ob.row) {
      for (let c = Math.min(oa.col, ob.col); c <= Math.max(oa.col, ob.col); c++) {
        const l = hex.labelAtOffset(c, oa.row);
        if (l) out.push(l);
      }
    } else {
      return `"${ref}": a run of hexes joins two hexes in the same column or the same row`;
    }
    return out;
  }
  return `"${ref}" is not a ${view.hex ? 'hex' : 'space'} of board ${view.def.id}`;
}
