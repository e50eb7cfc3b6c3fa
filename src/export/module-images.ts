// A module's own pictures (module-relative path → bytes, as readModuleFolder gives them in
// `source.other`), embedded in SVG pictures and the board page as data: URIs.

export type ModuleImages = ReadonlyMap<string, Uint8Array>;

const MIME: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', svg: 'image/svg+xml', webp: 'image/webp' };
const cache = new WeakMap<Uint8Array, string>();

/** The picture at `path` as a data: URI, or undefined when the module has no such file. */
export function imageUri(images: ModuleImages | undefined, path: string | undefined): string | undefined {
  if (!images || !path) return undefined;
  const bytes = images.get(path);
  if (!bytes) return undefined;
  const hit = cache.get(bytes);
  if (hit) return hit;
  const mime = MIME[path.split('.').pop()!.toLowerCase()] ?? 'application/octet-stream';
  const uri = `data:${mime};base64,${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')}`;
  cache.set(bytes, uri);
  return uri;
}
