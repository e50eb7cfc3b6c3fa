// Caps on the work a module can cause. A module arrives from the other player inside a proposal,
// so its size must bound what reading it costs: the board materialises every hex with its label,
// a run of hexes loops over its span, the board page draws every box of a track. The caps come in
// two layers, both checked before any board is built:
// - the shape of the raw JSON (`shapeIssues`): values in all, the longest string, the deepest
//   nesting — so that schema validation itself is bounded;
// - the work the parsed module multiplies (`workIssues`): hexes across every section of every
//   board, label length, run spans, track spans, turns; list lengths are zod `.max()` in schema.ts.
// Every cap leaves the seed modules in modules/ wide room (test/core/module/caps.test.ts checks
// each one against them); docs/module-format.md lists them.
import type { Issue } from './issue.js';
import { jsonPath } from './issue.js';

export const MODULE_CAPS = Object.freeze({
  /** JSON values (objects, arrays, strings, numbers…) in the whole merged module. Seeds: < 10 000. */
  values: 250_000,
  /** Characters in any one string or key. Seeds: < 600. */
  stringLength: 10_000,
  /** Nesting depth of the JSON. Seeds: 7. */
  depth: 16,
  /** Hexes on all the boards together (columns × rows of every section). Seeds: 13 020 (Eylau). */
  hexes: 100_000,
  /** Boards in a module. */
  boards: 16,
  /** Sections in one hex board. Seeds: 4. */
  sections: 64,
  /** Characters in a hex-label pattern. Seeds: 11. */
  labelPattern: 32,
  /** A section's origin column or row (how far from the board's corner it may start). */
  origin: 10_000,
  /** Hexes one straight run ("0501-0510") may span. */
  runSpan: 1_000,
  /** Hexes named by every terrain run and label of a module, expanded. Seeds: < 2 000. */
  terrainHexes: 400_000,
  /** Positions on one track (max − min). Seeds: 99. */
  trackSpan: 1_000,
  /** Turns in the sequence (lastTurn − firstTurn). Seeds: 60. */
  turns: 10_000,
  /** Spaces on one point-to-point board. Seeds: 112. */
  spaces: 5_000,
  /** Connections on one point-to-point board. Seeds: 188. */
  connections: 20_000,
  /** Rows of one table. Seeds: 13. */
  tableRows: 1_000,
  /** Columns of one two-way table. Seeds: 12. */
  tableColumns: 100,
  /** Tables, and procedures. Seeds: 23. */
  tables: 1_000,
  /** Pieces, and placements (setup, reinforcements, markers) of one scenario. Seeds: 347. */
  pieces: 10_000,
  /** Cards in one deck. Seeds: 110. */
  cards: 5_000,
  /** Phases, segments of one phase, turn types. Seeds: 19. */
  phases: 200,
  /** Faces of one piece type, modifiers and inputs of one procedure. */
  faces: 200,
});

/**
 * The raw JSON's shape within the caps: values, string length, depth. Walks with an explicit
 * stack and stops at the first cap passed, so a huge value costs at most `values` steps.
 */
const TOO_MANY = `more than ${MODULE_CAPS.values} JSON values: a module is capped (docs/module-format.md, "Caps")`;

export function shapeIssues(raw: unknown, file = 'module'): Issue[] {
  const stack: { value: unknown; path: PropertyKey[]; depth: number }[] = [{ value: raw, path: [], depth: 0 }];
  let values = 0;
  while (stack.length) {
    const { value, path, depth } = stack.pop()!;
    if (++values > MODULE_CAPS.values) return [{ file, path: '', message: TOO_MANY }];
    if (depth > MODULE_CAPS.depth) {
      return [{ file, path: jsonPath(path), message: `nested deeper than ${MODULE_CAPS.depth} levels` }];
    }
    if (typeof value === 'string') {
      if (value.length > MODULE_CAPS.stringLength) {
        const message = `a string of ${value.length} characters, more than the cap of ${MODULE_CAPS.stringLength}`;
        return [{ file, path: jsonPath(path), message }];
      }
    } else if (Array.isArray(value)) {
      if (values + value.length > MODULE_CAPS.values) return [{ file, path: jsonPath(path), message: TOO_MANY }];
      value.forEach((v, i) => stack.push({ value: v, path: [...path, i], depth: depth + 1 }));
    } else if (typeof value === 'object' && value !== null) {
      for (const [k, v] of Object.entries(value)) {
        if (k.length > MODULE_CAPS.stringLength) {
          const message = `a key of ${k.length} characters, more than the cap of ${MODULE_CAPS.stringLength}`;
          return [{ file, path: jsonPath(path), message }];
        }
        stack.push({ value: v, path: [...path, k], depth: depth + 1 });
      }
    }
  }
  return [];
}

interface SectionLike { columns: number; rows: number }
interface BoardLike { kind: string; sections?: readonly SectionLike[] }
interface TrackLike { min: number; max: number }

/**
 * The work a schema-valid module multiplies, within the caps: hexes across every section of every
 * board, track spans, turns (label patterns, origins and list lengths are capped in schema.ts).
 */
export function workIssues(m: {
  boards: readonly BoardLike[]; tracks: readonly TrackLike[]; sequence: { firstTurn: number; lastTurn: number };
}): { path: PropertyKey[]; message: string }[] {
  const out: { path: PropertyKey[]; message: string }[] = [];
  let hexes = 0;
  m.boards.forEach((b, bi) => {
    (b.sections ?? []).forEach((s) => {
      hexes += s.columns * s.rows;
    });
  });
  if (hexes > MODULE_CAPS.hexes) {
    const message = `the boards have ${hexes} hexes in all, more than the cap of ${MODULE_CAPS.hexes}`;
    out.push({ path: ['boards'], message });
  }
  m.tracks.forEach((t, ti) => {
    if (t.max - t.min > MODULE_CAPS.trackSpan) {
      const message = `track runs over ${t.max - t.min + 1} positions, more than the cap of ${MODULE_CAPS.trackSpan + 1}`;
      out.push({ path: ['tracks', ti], message });
    }
  });
  const turns = m.sequence.lastTurn - m.sequence.firstTurn;
  if (turns > MODULE_CAPS.turns) {
    out.push({ path: ['sequence', 'lastTurn'], message: `${turns + 1} turns, more than the cap of ${MODULE_CAPS.turns + 1}` });
  }
  return out;
}
