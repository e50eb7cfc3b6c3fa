// The module caps played as attacks: what a hostile module costs is counted in hexes built (calls
// of LabelPattern.format, one per hex materialised) and hexes a run walks (labelAtOffset), never
// in seconds. And the real seed modules fit under every cap with room.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HexBoard } from '../../../src/core/geometry/hex-board.js';
import { LabelPattern } from '../../../src/core/geometry/labels.js';
import { assembleModule, validateModuleData } from '../../../src/core/module/assemble.js';
import { MODULE_CAPS } from '../../../src/core/module/caps.js';
import { formatIssue } from '../../../src/core/module/issue.js';
import type { ModuleData } from '../../../src/core/module/schema.js';
import { atHexCap, fortySections, longLabel, skirmishRaw } from '../../helpers/hostile-modules.js';
import { moduleFiles } from '../../helpers/module-files.js';

const SEEDS = ['cold-war-1985', 'eylau-1807', 'napoleon-basic', 'paths-of-glory', 'skirmish'];

function countWork() {
  return {
    hexes: vi.spyOn(LabelPattern.prototype, 'format'),
    walked: vi.spyOn(HexBoard.prototype, 'labelAtOffset'),
  };
}
const issues = (raw: unknown) => validateModuleData(raw).issues.map(formatIssue).join('\n');

afterEach(() => { vi.restoreAllMocks(); });

describe('module caps against hostile modules', () => {
  it('40 sections of 500 × 500: refused before a single hex is built', () => {
    const raw = fortySections();
    const work = countWork();
    expect(issues(raw)).toContain(`the boards have 10000000 hexes in all, more than the cap of ${MODULE_CAPS.hexes}`);
    expect(work.hexes).toHaveBeenCalledTimes(0);
  });

  it('10 sections of 500 × 500 (under the section cap): refused on the total of hexes, none built', () => {
    const raw = fortySections();
    raw.boards[0].sections = raw.boards[0].sections.slice(0, 10);
    const work = countWork();
    expect(issues(raw)).toContain(`the boards have 2500000 hexes in all, more than the cap of ${MODULE_CAPS.hexes}`);
    expect(work.hexes).toHaveBeenCalledTimes(0);
  });

  it('the total counts every board, not one', () => {
    const raw = skirmishRaw();
    const board = raw.boards[0];
    board.sections = [{ id: 'a', origin: [0, 0], columns: 400, rows: 200, label: { pattern: '{c:3}{r:3}' } }];
    raw.boards = [board, { ...structuredClone(board), id: 'second' }];
    const work = countWork();
    expect(issues(raw)).toContain('the boards have 160000 hexes in all');
    expect(work.hexes).toHaveBeenCalledTimes(0);
  });

  it('a 20 000-character label pattern: refused, no hex built', () => {
    const long = longLabel();
    const raw = skirmishRaw();
    raw.boards[0].sections[0].label.pattern = `${'x'.repeat(5000)}{c:2}{r:2}`;
    const work = countWork();
    expect(issues(long)).toContain('label.pattern: a string of 20010 characters, more than the cap of 10000');
    expect(issues(raw)).toContain(`label.pattern: Too big: expected string to have <=${MODULE_CAPS.labelPattern} characters`);
    expect(work.hexes).toHaveBeenCalledTimes(0);
  });

  it('a section far from the corner, for a run across the gap: refused before any hex is built', () => {
    const raw = skirmishRaw();
    raw.boards[0].sections.push({ id: 'far', origin: [0, 1_000_000_000], columns: 1, rows: 1, label: { pattern: 'F{c}{r}' } });
    const work = countWork();
    expect(issues(raw)).toContain(`Too big: expected number to be <=${MODULE_CAPS.origin}`);
    expect(work.hexes).toHaveBeenCalledTimes(0);
  });

  it('a run spanning more than the cap walks no hex', () => {
    const raw = skirmishRaw();
    raw.boards[0].sections.push({ id: 'far', origin: [0, MODULE_CAPS.origin], columns: 1, rows: 1, label: { pattern: 'F{c}{r}' } });
    raw.boards[0].terrain.hexes[raw.terrain.find((t: any) => t.on === 'hex').id] = Array(1000).fill('0101-F11');
    const work = countWork();
    expect(issues(raw)).toContain(`a run spans ${MODULE_CAPS.origin + 1} hexes, more than the cap of ${MODULE_CAPS.runSpan}`);
    expect(work.walked).toHaveBeenCalledTimes(0);
  });

  it('many long runs: the walk stops at the cap on hexes named', () => {
    const raw = skirmishRaw();
    const [section] = raw.boards[0].sections;
    raw.boards[0].sections = [{ ...section, columns: 500, rows: 200, label: { pattern: '{c:3}{r:3}' } }];
    const forest = raw.terrain.find((t: any) => t.on === 'hex').id;
    raw.boards[0].terrain.hexes = { [forest]: Array(5000).fill('001001-001200') };
    const work = countWork();
    expect(issues(raw)).toContain(`the terrain lists name more than ${MODULE_CAPS.terrainHexes} hexes in all, the cap`);
    expect(work.walked.mock.calls.length).toBeLessThanOrEqual(MODULE_CAPS.terrainHexes + MODULE_CAPS.runSpan);
  });

  it('a huge list or a long string is refused on the raw JSON, before the schema', () => {
    const raw = skirmishRaw();
    raw.pieces = Array.from({ length: MODULE_CAPS.values }, (_, k) => ({ id: `p${k}`, type: 'x', side: 'red' }));
    expect(issues(raw)).toContain(`more than ${MODULE_CAPS.values} JSON values`);
    const long = skirmishRaw();
    long.title = 'x'.repeat(MODULE_CAPS.stringLength + 1);
    expect(issues(long)).toContain(`a string of ${MODULE_CAPS.stringLength + 1} characters, more than the cap of ${MODULE_CAPS.stringLength}`);
  });

  it('a track of a billion positions (the board page draws each) is refused', () => {
    const raw = skirmishRaw();
    raw.tracks = [{ id: 'vp', name: 'VP', min: 0, max: 1_000_000_000 }];
    expect(issues(raw)).toContain(`more than the cap of ${MODULE_CAPS.trackSpan + 1}`);
  });

  it('a module at the hex cap is accepted and builds each of its hexes once', () => {
    const raw = atHexCap();
    const work = countWork();
    expect(issues(raw)).toBe('');
    expect(work.hexes).toHaveBeenCalledTimes(MODULE_CAPS.hexes);
  });
});

describe('the seed modules fit under the caps with room', () => {
  /** What each cap measures, in a seed module. */
  function measure(raw: unknown, m: ModuleData): Record<string, number> {
    let values = 0, stringLength = 0, depth = 0;
    const walk = (v: unknown, d: number): void => {
      values++; depth = Math.max(depth, d);
      if (typeof v === 'string') stringLength = Math.max(stringLength, v.length);
      else if (Array.isArray(v)) v.forEach((x) => walk(x, d + 1));
      else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) { stringLength = Math.max(stringLength, k.length); walk(x, d + 1); }
    };
    walk(raw, 0);
    const hexBoards = m.boards.flatMap((b) => (b.kind === 'hex' ? [b] : []));
    const pointBoards = m.boards.flatMap((b) => (b.kind === 'points' ? [b] : []));
    const max = (xs: number[]) => Math.max(0, ...xs);
    return {
      values, stringLength, depth,
      hexes: hexBoards.reduce((n, b) => n + b.sections.reduce((k, s) => k + s.columns * s.rows, 0), 0),
      boards: m.boards.length,
      sections: max(hexBoards.map((b) => b.sections.length)),
      labelPattern: max(hexBoards.flatMap((b) => b.sections.map((s) => s.label.pattern.length))),
      origin: max(hexBoards.flatMap((b) => b.sections.flatMap((s) => s.origin))),
      trackSpan: max(m.tracks.map((t) => t.max - t.min)),
      turns: m.sequence.lastTurn - m.sequence.firstTurn,
      spaces: max(pointBoards.map((b) => b.spaces.length)),
      connections: max(pointBoards.map((b) => b.connections.length)),
      tableRows: max(m.tables.map((t) => t.rows.length)),
      tableColumns: max(m.tables.map((t) => t.columns?.length ?? 0)),
      tables: Math.max(m.tables.length, m.procedures.length),
      pieces: max([m.pieces.length, ...m.scenarios.flatMap((s) => [s.setup.length, s.reinforcements.length, s.markers.length])]),
      cards: max(m.decks.map((d) => d.cards.length)),
      phases: max([m.sequence.phases.length, m.sequence.turnTypes.length, ...m.sequence.phases.map((p) => p.segments.length)]),
      faces: max([...m.pieceTypes.map((t) => t.faces.length), ...m.procedures.flatMap((p) => [p.modifiers.length, p.inputs.length])]),
    };
  }

  for (const id of SEEDS) {
    it(`${id}: every measure at most half its cap`, () => {
      const a = assembleModule(moduleFiles(id));
      expect(a.issues).toEqual([]);
      const measured = measure(a.raw, a.data!);
      const caps = MODULE_CAPS as Record<string, number>;
      for (const [what, n] of Object.entries(measured)) {
        expect.soft(n * 2, `${id}: ${what} is ${n}, the cap ${caps[what]}`).toBeLessThanOrEqual(caps[what]!);
      }
      // every cap but the expanded terrain count (checked in references.ts) is measured here
      expect(Object.keys(caps).filter((k) => !(k in measured))).toEqual(['runSpan', 'terrainHexes']);
    });
  }
});
