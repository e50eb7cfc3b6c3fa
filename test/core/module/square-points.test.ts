import { describe, expect, test } from 'vitest';
import { boardView } from '../../../src/core/module/board-view.js';
import { Board, type SquareBoardDef } from '../../../src/core/module/schema.js';
import { squareAsPoints } from '../../../src/core/module/square-points.js';

const def = (diagonals: boolean): SquareBoardDef => Board.parse({
  id: 'field', name: 'Field', kind: 'square', columns: 5, rows: 5, diagonals,
  label: { pattern: '{C}{r:2}', firstColumn: 2 }, placement: { x: 36, y: 36, dx: '50.0', dy: 50 }, width: 275, height: 275,
  terrain: { default: 'clear', cells: { hill: ['C03'] } },
}) as SquareBoardDef;

describe('a square board in a module', () => {
  test('validates, and its cells are spaces at their picture pixels joined to the cells they touch', () => {
    const p = squareAsPoints(def(false));
    expect(p.spaces.length).toBe(25);
    expect(p.spaces[0]).toEqual({ id: 'B01', name: 'B01', x: 36, y: 36, terrain: 'clear' });
    expect(p.spaces.find((s) => s.id === 'C03')!.terrain).toBe('hill');
    expect(p.connections.length).toBe(2 * 5 * 4);
    expect(squareAsPoints(def(true)).connections.length).toBe(2 * 5 * 4 + 2 * 4 * 4);
  });

  test('the engine\'s board view: adjacency with and without diagonals, no hexsides', () => {
    const orth = boardView(def(false)), diag = boardView(def(true));
    expect(orth.adjacent('B01', 'C02')).toBe(false);
    expect(diag.adjacent('B01', 'C02')).toBe(true);
    expect(diag.square!.distance('B01', 'F05')).toBe(4);
    expect(orth.square!.distance('B01', 'F05')).toBe(8);
    expect(orth.locations()).toHaveLength(25);
    expect(() => orth.hexside('B01|B02')).toThrow(/square grid/);
  });

  test('a placement holds integers or decimal strings, never floats', () => {
    expect(() => Board.parse({ ...def(false), placement: { x: 1.5, y: 0, dx: 1, dy: 1 } })).toThrow();
    expect(() => Board.parse({ ...def(false), placement: { x: '1.5', y: 0, dx: 1, dy: 1 } })).not.toThrow();
  });
});
