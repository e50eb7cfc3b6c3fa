import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Connection } from '../../src/core/geometry/space-graph.js';
import { SpaceGraph } from '../../src/core/geometry/space-graph.js';
import type { ModuleData, PointBoardDef } from '../../src/core/module/schema.js';
import { loadModule } from '../../src/export/load-module.js';

const DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'modules', 'paths-of-glory');
let m: ModuleData;
let board: PointBoardDef;
beforeAll(async () => {
  m = (await loadModule(DIR)).data;
  board = m.boards[0] as PointBoardDef;
});

/** A unit of `nation` may use a connection whose type allows it (untyped = everyone). */
const forNation = (b: PointBoardDef, nation: string) => (c: Connection) => {
  if (c.type === null) return true;
  const t = b.connectionTypes.find((x) => x.id === c.type)!;
  return !t.nations || t.nations.includes(nation);
};

describe('paths-of-glory module', () => {
  it('loads and validates', () => {
    expect(m.id).toBe('paths-of-glory');
    expect(board.kind).toBe('points');
    expect(board.spaces.length).toBeGreaterThan(90);
    for (const s of board.spaces) {
      expect(s.x).toBeGreaterThanOrEqual(0); expect(s.x).toBeLessThanOrEqual(board.width);
      expect(s.y).toBeGreaterThanOrEqual(0); expect(s.y).toBeLessThanOrEqual(board.height);
    }
  });

  it('dashed connections are restricted to their nations', () => {
    const g = new SpaceGraph({ spaces: board.spaces, connections: board.connections });
    const marsh = board.connectionTypes.find((t) => t.id === 'marsh-track')!;
    expect(marsh.style).toBe('dashed');
    expect(g.adjacent('pinsk', 'rovno')).toBe(true);
    expect(g.adjacent('pinsk', 'rovno', forNation(board, 'ru'))).toBe(true);
    expect(g.adjacent('pinsk', 'rovno', forNation(board, 'ge'))).toBe(false);
    expect(g.adjacent('london', 'calais', forNation(board, 'br'))).toBe(true);
    expect(g.adjacent('london', 'calais', forNation(board, 'ge'))).toBe(false);
    expect(g.distance('paris', 'berlin', forNation(board, 'ge'))).not.toBeNull();
    const nations = new Set(m.sides.flatMap((s) => s.nations ?? []));
    for (const t of board.connectionTypes) for (const n of t.nations ?? []) expect(nations.has(n)).toBe(true);
  });

  it('forts carry a strength; trench and control markers exist', () => {
    const liege = board.spaces.find((s) => s.id === 'liege')!;
    expect(liege.tags).toContain('fort');
    expect(liege.values?.fort).toBe(3);
    const ids = new Set(m.markerTypes.map((x) => x.id));
    for (const id of ['trench-1', 'trench-2', 'control-cp', 'control-ap']) expect(ids.has(id)).toBe(true);
    for (const id of ['cp-reserve', 'ap-reserve', 'cp-eliminated', 'ap-eliminated', 'cp-removed', 'ap-removed']) expect(m.boxes.some((b) => b.id === id)).toBe(true);
  });

  it('strategy decks: hidden hands of 7, Mobilization initial, Limited and Total War added later', () => {
    for (const id of ['cp-strategy', 'ap-strategy']) {
      const d = m.decks.find((x) => x.id === id)!;
      expect(d.secret).toBe(true);
      expect(d.handLimit).toBe(7);
      expect(d.reshuffle).toBe('when-empty');
      expect(d.cards.length).toBeGreaterThanOrEqual(55);
      expect(d.initial).toEqual(['mobilization']);
      expect(d.sets?.['limited-war']?.length).toBeGreaterThan(0);
      expect(d.sets?.['total-war']?.length).toBeGreaterThan(0);
      expect(d.initial).not.toContain('limited-war');
      // §14.3: the added sets are shuffled in with the discard pile
      expect(d.addWithDiscard).toBe(true);
      for (const c of d.cards) {
        expect(c.uses!.slice(0, 4)).toEqual(['event', 'ops', 'sr', 'rp']);
        expect(typeof c.values?.ops).toBe('number');
        expect(typeof c.values?.sr).toBe('number');
        expect(typeof c.values?.rp).toBe('number');
        expect(c.text).toBeTruthy();
      }
    }
    expect(m.scenarios[0].decks['cp-strategy'].sets).toEqual(['mobilization']);
  });

  it('six alternating action rounds, Central Powers first, then the end-of-turn phases', () => {
    const phases = m.sequence.phases;
    expect(phases[0].id).toBe('mandatory-offensive');
    const rounds = phases.filter((p) => p.id.startsWith('ar'));
    expect(rounds).toHaveLength(12);
    expect(rounds.map((p) => p.active)).toEqual(Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? 'cp' : 'ap')));
    expect(phases.slice(13).map((p) => p.id)).toEqual(['attrition', 'siege', 'war-status', 'replacement-ap', 'replacement-cp', 'draw']);
    for (const id of ['mandatory-offensive-cp', 'mandatory-offensive-ap']) expect(m.procedures.find((p) => p.id === id)!.dice).toBe('1d6');
  });

  it('1914 setup places armies and corps of the major nations on full faces', () => {
    const s = m.scenarios.find((x) => x.id === '1914')!;
    const at = (p: string) => s.setup.find((x) => x.piece === p)?.at;
    expect(at('ge-a8')).toBe('insterburg');
    expect(at('fr-a5')).toBe('sedan');
    expect(at('ru-a2')).toBe('novogeorgievsk');
    const army = m.pieceTypes.find((t) => t.id === 'ge-army')!;
    expect(army.faces.map((f) => f.id)).toEqual(['full', 'reduced']);
  });
});
