// One error class for every geometry failure, so callers (module loader, CLI) can tell a bad
// board or a bad hex reference from a programming error and report it with its place.
export class GeometryError extends Error {
  override name = 'GeometryError';
}
