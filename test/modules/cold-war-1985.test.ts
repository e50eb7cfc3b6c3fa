import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { boardView } from '../../src/core/module/board-view.js';
import { expandHexRefs } from '../../src/core/module/hex-refs.js';
import type { ModuleData, TableDef } from '../../src/core/module/schema.js';
import { loadModule } from '../../src/export/load-module.js';

const DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'modules', 'cold-war-1985');
let m: ModuleData;
beforeAll(async () => { m = (await loadModule(DIR)).data; });

const inRange = (r: { min?: number; max?: number }, v: number) => (r.min === undefined || v >= r.min) && (r.max === undefined || v <= r.max);
/** Reads a table as the rulebook does: the row by total, the column (if any) by the column input. */
function lookup(t: TableDef, total: number, column?: number): string {
  const row = t.rows.find((r) => inRange(r, total));
  if (!row) throw new Error(`no row for ${total}`);
  if (!t.columns) return row.result as string;
  const ci = t.columns.findIndex((c) => inRange(c, column!));
  return (row.result as string[])[ci];
}
const table = (id: string) => m.tables.find((t) => t.id === id)!;
const proc = (id: string) => m.procedures.find((p) => p.id === id)!;

describe('cold-war-1985 module', () => {
  it('loads and validates', () => {
    expect(m.id).toBe('cold-war-1985');
    expect(m.scenarios.map((s) => s.id)).toContain('hannover-breakthrough');
  });

  it('joins two map sheets with continuous four-digit numbering and the rulebook edge runs', () => {
    const b = m.boards[0];
    expect(b.kind).toBe('hex');
    if (b.kind !== 'hex') return;
    expect(b.sections.map((s) => s.id)).toEqual(['west', 'east']);
    const view = boardView(b);
    expect(view.has('0108') && view.has('2701') && view.has('2801') && view.has('5427')).toBe(true);
    expect(view.adjacent('2705', '2805')).toBe(true); // across the sheet join
    // 30.2: WP supply sources 2927-5427 (south edge) and 5401-5427 (east edge).
    expect(expandHexRefs(view, '2927-5427')).toHaveLength(26);
    expect(expandHexRefs(view, '5401-5427')).toHaveLength(27);
    // 30.1 example: the Autobahn 2 runs from 0108 to 1107; 1106 and 1206 carry roads.
    const a2 = b.roads.find((r) => r.name === 'Autobahn 2')!;
    expect(a2.type).toBe('autobahn');
    expect(a2.path[0]).toBe('0108');
    expect(a2.path).toContain('1107');
    const roadHexes = new Set(b.roads.flatMap((r) => r.path));
    expect(roadHexes.has('1106') && roadHexes.has('1206')).toBe(true);
    expect(b.hexsides['major-river'].length).toBeGreaterThan(20);
  });

  it('combat: differential column shifted by modifiers, d10 rows, attrition to both sides', () => {
    const crt = table('ground-combat');
    expect(crt.columns).toBeDefined();
    expect(lookup(crt, 7, 3)).toBe('A1 D2');
    const p = proc('ground-combat');
    expect(p.dice).toBe('1d10');
    expect(p.column).toBe('differential');
    expect(p.modifiersTo).toBe('column');
    const mods = Object.fromEntries(p.modifiers.map((x) => [x.id, x.value]));
    expect(mods.hasty).toBe(-2); // 15.2
    expect(mods['defender-resting']).toBe(3); // 15.6.8
    expect(mods['defender-delayed']).toBe(3); // 15.6.15
    expect(mods['wp-into-rear']).toBe(-3); // 15.6.20
    // Hasty assault at differential +4 lands in the +2 column.
    expect(lookup(crt, 7, 4 + mods.hasty!)).toBe(lookup(crt, 7, 2));
  });

  it('event deck: secret (every draw sealed with the opponent\'s randomness: 34 "shuffled by the opponent"), drawn on a d10 roll of 10', () => {
    for (const id of ['nato-events', 'wp-events']) {
      const d = m.decks.find((x) => x.id === id)!;
      expect(d.secret).toBe(true);
      expect(d.initial).toEqual(['opening']);
      expect(d.sets?.['day-2']?.length).toBeGreaterThan(0);
    }
    const t = table('event-check');
    // 34.3: the book's table draws on a 10; 34.4's +1 per further map sheet is the procedure's (map-sheets)
    expect(lookup(t, 9)).toBe('no event');
    expect(lookup(t, 10)).toBe('draw an event card');
    const actions = m.decks.find((x) => x.id === 'nato-actions')!;
    expect(actions.secret).toBe(false);
    expect(m.scenarios[0].decks['wp-events'].sets).toEqual(['opening']);
  });

  it('night depends on the month (29.1.1) and turns are three hours', () => {
    expect(m.sequence.clock?.minutes).toBe(180);
    const summer = m.sequence.turnTypes.find((t) => t.id === 'night-summer')!;
    expect(summer.months).toBe('4-5,7-9');
    expect(summer.hours).toBe('0-2,21-23');
    expect(m.sequence.turnTypes.find((t) => t.id === 'night-winter')!.hours).toBe('0-5,18-23');
  });

  it('air zones have maximum, current and grounded tracks; contamination, bridges and time markers exist', () => {
    for (const s of ['nato', 'wp']) for (const k of ['max', 'current', 'grounded']) expect(m.tracks.some((t) => t.id === `${s}-air-${k}`)).toBe(true);
    const markers = new Map(m.markerTypes.map((x) => [x.id, x]));
    for (const id of ['engaged', 'half-engaged', 'delay', 'breakthrough', 'chemical-contamination', 'nuclear-contamination', 'time-h03', 'time-h18']) expect(markers.has(id)).toBe(true);
    expect(markers.get('pontoon')!.on).toEqual(['hexside']);
    expect(markers.get('bailey-bridge')!.on).toEqual(['hexside']);
    expect(table('nuclear-dissipation').rows[0]).toMatchObject({ max: 5 });
  });

  it('counters have full and reduced faces with attack, defence and movement', () => {
    const armor = m.pieceTypes.find((t) => t.id === 'armor')!;
    expect(armor.faces.map((f) => f.id)).toEqual(['full', 'reduced']);
    expect(Object.keys(armor.faces[0].values)).toEqual(expect.arrayContaining(['attack', 'defence', 'movement']));
    expect(m.pieces.filter((p) => p.side === 'nato').length).toBeGreaterThan(20);
    expect(m.pieces.filter((p) => p.side === 'wp').length).toBeGreaterThan(30);
  });
});
