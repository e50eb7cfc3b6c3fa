// Hexpost ids from VASSAL names: lower-case letters, digits, ".", "_" and "-", unique in their list.

export function slug(name: string): string {
  return name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-').replace(/^[^a-z0-9]+/, '').replace(/-+$/, '').slice(0, 60);
}

export function uniqueId(base: string, used: Set<string>): string {
  let id = base, n = 2;
  while (used.has(id)) id = `${base}-${n++}`;
  used.add(id);
  return id;
}
