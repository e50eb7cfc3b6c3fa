// A short skirmish game played for the render, replay and archive tests: moves, a stack (blue-2 enters
// blue-1's hex from the rear, so goes under it by skirmish S.25, and is put on top), a flip,
// facing, a marker on a piece, a piece eliminated into a box, rolls (one of them undone), draws.
import type { LogFile } from '../../../src/log/log-file.js';
import { newSkirmish, players, playTurn, type Players } from '../../helpers/game.js';

export const SAMPLE_TURNS: { side: string; lines: string[] }[] = [
  { side: 'red', lines: [
    'move red-1 0302 0402 0502', 'flip red-2 column', 'move red-2 0303 0403 0404', 'roll 1d10 "test"', 'undo',
    'next', 'resolve fire range=-2', 'draw red-cards 2', 'next',
  ] },
  { side: 'blue', lines: [
    'move blue-1 0708 0707', 'move blue-2 0709 0708 0707', 'stack blue-2 top', 'rotate blue-2 +2', 'next',
    'resolve fire range=-1', 'mark red-1 disordered', 'set red-1 strength=4', 'draw blue-cards 1', 'next',
  ] },
  { side: 'red', lines: ['move red-1 0503', 'move red-2 red-eliminated', 'next', 'roll 2d10 "morale"', 'next'] },
];

let cached: { log: LogFile; p: Players } | undefined;

export async function sampleGame(): Promise<{ log: LogFile; p: Players }> {
  if (cached) return cached;
  const p = await players();
  let log = await newSkirmish(p);
  for (const t of SAMPLE_TURNS) log = await playTurn(log, p, t.side, t.lines);
  cached = { log, p };
  return cached;
}
