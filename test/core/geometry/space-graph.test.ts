import { describe, expect, test } from 'vitest';
import { GeometryError, SpaceGraph, type Connection } from '../../../src/core/geometry/index.js';

const spaces = ['paris', 'lyon', 'marseille', 'dover', 'london', 'calais', 'corsica'].map((id) => ({ id, name: id.toUpperCase() }));
const connections = [
  { a: 'paris', b: 'lyon' },
  { a: 'lyon', b: 'marseille' },
  { a: 'paris', b: 'calais' },
  { a: 'calais', b: 'dover', type: 'strait' },
  { a: 'dover', b: 'london' },
  { a: 'paris', b: 'lyon', type: 'rail' },
  { a: 'marseille', b: 'corsica', type: 'sea' },
];
const g = new SpaceGraph({ spaces, connections });
const noStrait = (c: Connection) => c.type !== 'strait';

describe('SpaceGraph', () => {
  test('spaces and lookups', () => {
    expect(g.ids()).toEqual(spaces.map((s) => s.id));
    expect(g.space('lyon').name).toBe('LYON');
    expect(g.has('berlin')).toBe(false);
    expect(() => g.space('berlin')).toThrow(/no space "berlin"/);
  });

  test('neighbours: each once, in order of the first connection reaching them', () => {
    expect(g.neighbours('paris')).toEqual(['lyon', 'calais']);
    expect(g.neighbours('calais')).toEqual(['paris', 'dover']);
    expect(g.neighbours('calais', noStrait)).toEqual(['paris']);
    expect(g.neighbours('paris', (c) => c.type === 'rail')).toEqual(['lyon']);
  });

  test('adjacency is symmetric and respects the filter', () => {
    for (const a of g.ids()) for (const b of g.ids()) expect(g.adjacent(a, b)).toBe(g.adjacent(b, a));
    expect(g.adjacent('calais', 'dover')).toBe(true);
    expect(g.adjacent('calais', 'dover', noStrait)).toBe(false);
    expect(g.adjacent('paris', 'marseille')).toBe(false);
  });

  test('connection lookup', () => {
    expect(g.connectionsBetween('lyon', 'paris').map((c) => c.type)).toEqual([null, 'rail']);
    expect(g.connection('dover', 'calais')).toEqual({ index: 3, a: 'calais', b: 'dover', type: 'strait' });
    expect(g.connection('paris', 'lyon', (c) => c.type === 'rail')!.index).toBe(5);
    expect(g.connection('paris', 'london')).toBeNull();
    expect(g.connectionsOf('dover').map((c) => c.index)).toEqual([3, 4]);
  });

  test('distance in steps', () => {
    expect(g.distance('paris', 'paris')).toBe(0);
    expect(g.distance('paris', 'london')).toBe(3);
    expect(g.distance('london', 'corsica')).toBe(6);
    expect(g.distance('paris', 'london', noStrait)).toBeNull();
  });

  test('bad graphs are clear errors', () => {
    expect(() => new SpaceGraph({ spaces, connections: [{ a: 'paris', b: 'berlin' }] })).toThrow(/connections\[0\] \(paris–berlin\): no space "berlin"/);
    expect(() => new SpaceGraph({ spaces, connections: [{ a: 'paris', b: 'paris' }] })).toThrow(/two different spaces/);
    expect(() => new SpaceGraph({ spaces, connections: [{ a: 'paris', b: 'lyon' }, { a: 'lyon', b: 'paris' }] })).toThrow(/connections\[1\].*duplicate connection/);
    expect(() => new SpaceGraph({ spaces: [{ id: 'a' }, { id: 'a' }], connections: [] })).toThrow(GeometryError);
  });
});
