// A point-to-point board: named spaces joined by typed connections (e.g. a strait only some
// nations may cross). Connections are undirected. Two spaces may be joined by several connections
// of different types (a road and a railway); the same pair with the same type twice is an error.
import { GeometryError } from './errors.js';

export interface SpaceSpec { readonly id: string }
export interface ConnectionSpec { readonly a: string; readonly b: string; readonly type?: string | undefined }
export interface SpaceGraphSpec<S extends SpaceSpec = SpaceSpec> {
  readonly spaces: readonly S[];
  readonly connections: readonly ConnectionSpec[];
}

/** A connection as declared; `index` is its position in the spec, `type` null when omitted. */
export interface Connection { readonly index: number; readonly a: string; readonly b: string; readonly type: string | null }

/** Which connections a caller may use; `from` is the space being left, `to` the one entered. */
export type ConnectionFilter = (connection: Connection, from: string, to: string) => boolean;

export class SpaceGraph<S extends SpaceSpec = SpaceSpec> {
  private readonly byId = new Map<string, S>();
  private readonly idList: readonly string[];
  private readonly all: readonly Connection[];
  // space → connections touching it, in spec order
  private readonly incident = new Map<string, Connection[]>();

  constructor(spec: SpaceGraphSpec<S>) {
    for (const [i, s] of spec.spaces.entries()) {
      if (typeof s.id !== 'string' || s.id === '') throw new GeometryError(`spaces[${i}]: id must be a non-empty string`);
      if (this.byId.has(s.id)) throw new GeometryError(`spaces[${i}]: duplicate space id "${s.id}"`);
      this.byId.set(s.id, s);
      this.incident.set(s.id, []);
    }
    this.idList = Object.freeze([...this.byId.keys()]);
    const seen = new Set<string>();
    const all: Connection[] = [];
    for (const [i, c] of spec.connections.entries()) {
      const where = `connections[${i}] (${c.a}–${c.b})`;
      for (const end of [c.a, c.b]) {
        if (!this.byId.has(end)) throw new GeometryError(`${where}: no space "${end}" on this board`);
      }
      if (c.a === c.b) throw new GeometryError(`${where}: a connection must join two different spaces`);
      const type = c.type ?? null;
      const key = JSON.stringify([c.a < c.b ? c.a : c.b, c.a < c.b ? c.b : c.a, type]);
      if (seen.has(key)) throw new GeometryError(`${where}: duplicate connection${type === null ? '' : ` of type "${type}"`}`);
      seen.add(key);
      const conn: Connection = Object.freeze({ index: i, a: c.a, b: c.b, type });
      all.push(conn);
      this.incident.get(c.a)!.push(conn);
      this.incident.get(c.b)!.push(conn);
    }
    this.all = Object.freeze(all);
  }

  /** Space ids in spec order. */
  ids(): readonly string[] { return this.idList; }

  has(id: string): boolean { return this.byId.has(id); }

  space(id: string): S {
    const s = this.byId.get(id);
    if (!s) throw new GeometryError(`no space "${id}" on this board`);
    return s;
  }

  /** Every connection, in spec order. */
  connections(): readonly Connection[] { return this.all; }

  /** Connections touching a space, in spec order. */
  connectionsOf(id: string): readonly Connection[] {
    this.space(id);
    return this.incident.get(id)!;
  }

  /** Connections joining a and b (either way round), in spec order, optionally filtered. */
  connectionsBetween(a: string, b: string, allow?: ConnectionFilter): Connection[] {
    this.space(b);
    return this.connectionsOf(a).filter((c) => other(c, a) === b && (!allow || allow(c, a, b)));
  }

  /** The first usable connection joining a and b, or null. */
  connection(a: string, b: string, allow?: ConnectionFilter): Connection | null {
    return this.connectionsBetween(a, b, allow)[0] ?? null;
  }

  /** Spaces one usable connection away, each once, in the order of the first connection reaching them. */
  neighbours(id: string, allow?: ConnectionFilter): string[] {
    const out: string[] = [];
    for (const c of this.connectionsOf(id)) {
      const n = other(c, id);
      if (!out.includes(n) && (!allow || allow(c, id, n))) out.push(n);
    }
    return out;
  }

  adjacent(a: string, b: string, allow?: ConnectionFilter): boolean {
    return this.connection(a, b, allow) !== null;
  }

  /** Fewest connections from a to b (breadth-first), or null when b cannot be reached. */
  distance(a: string, b: string, allow?: ConnectionFilter): number | null {
    this.space(a); this.space(b);
    const dist = new Map<string, number>([[a, 0]]);
    const queue = [a];
    for (let head = 0; head < queue.length; head++) {
      const u = queue[head]!;
      if (u === b) return dist.get(u)!;
      for (const v of this.neighbours(u, allow)) {
        if (!dist.has(v)) { dist.set(v, dist.get(u)! + 1); queue.push(v); }
      }
    }
    return null;
  }
}

function other(c: Connection, id: string): string { return c.a === id ? c.b : c.a; }
