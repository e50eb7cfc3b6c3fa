// Module JSON written for people to read: the generators' one output format.

/** JSON for people: short objects and lists of plain values on one line, long lists wrapped. */
export function pretty(v, ind) {
  const flat = JSON.stringify(v);
  if (v === null || typeof v !== 'object' || flat.length <= 100 - ind.length) return flat;
  const inner = ind + '  ';
  if (Array.isArray(v) && v.every((x) => x === null || typeof x !== 'object')) {
    const lines = [];
    let cur = '';
    for (const x of v.map((y) => JSON.stringify(y))) {
      if (cur && cur.length + x.length + 2 > 100 - inner.length) { lines.push(cur + ','); cur = ''; }
      cur += (cur ? ', ' : '') + x;
    }
    lines.push(cur);
    return `[\n${lines.map((l) => inner + l).join('\n')}\n${ind}]`;
  }
  if (Array.isArray(v)) return `[\n${v.map((x) => inner + pretty(x, inner)).join(',\n')}\n${ind}]`;
  return `{\n${Object.entries(v).map(([k, x]) => `${inner}${JSON.stringify(k)}: ${pretty(x, inner)}`).join(',\n')}\n${ind}}`;
}
