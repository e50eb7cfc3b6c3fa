// Hostile modules from issue 14, for the caps tests (core and log).
import { assembleModule } from '../../src/core/module/assemble.js';
import { moduleFiles } from './module-files.js';

/** The skirmish module as merged raw JSON, to be made hostile. */
export function skirmishRaw(): Record<string, any> {
  return structuredClone(assembleModule(moduleFiles('skirmish')).raw) as Record<string, any>;
}

/** The first attack: 40 sections of 500 × 500 hexes (10 million hexes in ~4 KB). */
export function fortySections(raw = skirmishRaw()): Record<string, any> {
  const board = raw.boards[0];
  board.sections = Array.from({ length: 40 }, (_, k) => ({
    id: `s${k}`, origin: [(k % 8) * 500, Math.floor(k / 8) * 500], columns: 500, rows: 500, label: { pattern: `S${k}-{c:3}{r:3}` },
  }));
  return raw;
}

/** The second attack: a 20 000-character literal in a label pattern. */
export function longLabel(raw = skirmishRaw()): Record<string, any> {
  raw.boards[0].sections[0].label.pattern = `${'x'.repeat(20_000)}{c:2}{r:2}`;
  return raw;
}

/** A module exactly at the hex cap (100 000 hexes): valid, and the costliest board allowed. */
export function atHexCap(raw = skirmishRaw()): Record<string, any> {
  raw.boards[0].sections.push( // beside skirmish's own 10 × 10, which the scenario uses
    { id: 'a', origin: [0, 10], columns: 333, rows: 150, label: { pattern: 'A{c:3}{r:3}' } },
    { id: 'b', origin: [0, 160], columns: 333, rows: 150, label: { pattern: 'B{c:3}{r:3}' } },
  );
  return raw;
}
