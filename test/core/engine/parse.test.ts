import { describe, expect, it } from 'vitest';
import { commandFromJson, parseLine, parseScript } from '../../../src/core/engine/parse.js';
import { formatCommand } from '../../../src/core/engine/format.js';
import type { Command } from '../../../src/core/engine/commands.js';

const samples: [string, Command][] = [
  ['move red-1 0302 0402', { verb: 'move', piece: 'red-1', path: ['0302', '0402'] }],
  ['rotate red-1 +2', { verb: 'rotate', piece: 'red-1', amount: { by: 2 } }],
  ['rotate red-1 -1', { verb: 'rotate', piece: 'red-1', amount: { by: -1 } }],
  ['rotate red-1 3', { verb: 'rotate', piece: 'red-1', amount: { to: 3 } }],
  ['flip red-1', { verb: 'flip', piece: 'red-1' }],
  ['flip red-1 column', { verb: 'flip', piece: 'red-1', face: 'column' }],
  ['mark 0303|0304 bridge-out', { verb: 'mark', target: '0303|0304', marker: 'bridge-out' }],
  ['unmark red-1 disordered', { verb: 'unmark', target: 'red-1', marker: 'disordered' }],
  ['set red-1 strength=5', { verb: 'set', piece: 'red-1', prop: 'strength', value: 5 }],
  ['set red-1 status="5"', { verb: 'set', piece: 'red-1', prop: 'status', value: '5' }],
  ['set red-1 status="a b"', { verb: 'set', piece: 'red-1', prop: 'status', value: 'a b' }],
  ['track vp -2', { verb: 'track', track: 'vp', amount: { by: -2 } }],
  ['stack red-1 bottom', { verb: 'stack', piece: 'red-1', position: 'bottom' }],
  ['roll 2d6+1 "rally \\"b\\""', { verb: 'roll', dice: '2d6+1', purpose: 'rally "b"' }],
  ['resolve fire range=-1 woods', { verb: 'resolve', procedure: 'fire', modifiers: [{ id: 'range', value: -1 }, { id: 'woods' }] }],
  ['draw red-cards 2', { verb: 'draw', deck: 'red-cards', count: 2 }],
  ['play r05 as ops', { verb: 'play', card: 'r05', use: 'ops' }],
  ['discard r05', { verb: 'discard', card: 'r05' }],
  ['shuffle deck', { verb: 'shuffle', deck: 'deck' }],
  ['add-cards deck limited-war', { verb: 'add-cards', deck: 'deck', set: 'limited-war' }],
  ['reveal-hand', { verb: 'reveal-hand' }],
  ['next', { verb: 'next' }],
  ['note "hold # the line"', { verb: 'note', text: 'hold # the line' }],
  ['undo', { verb: 'undo' }],
];

describe('command text and JSON forms', () => {
  it.each(samples)('%s', (text, json) => {
    expect(parseLine(text, 1)!.command).toEqual(json);
    expect(formatCommand(json)).toBe(text);
    expect(commandFromJson(JSON.parse(JSON.stringify(json)))).toEqual(json);
  });

  it('keeps a value with a leading zero as text (a hex label for a location bind), and writes it quoted', () => {
    const c = parseLine('resolve screen spot=0707 range=0', 1)!.command;
    expect(c).toEqual({ verb: 'resolve', procedure: 'screen', modifiers: [{ id: 'spot', value: '0707' }, { id: 'range', value: 0 }] });
    expect(parseLine(formatCommand(c), 1)!.command).toEqual(c);
  });

  it('skips comments and blank lines and keeps line numbers', () => {
    const parsed = parseScript('# orders\n\nmove red-1 0302   # forward\nnext\n');
    expect(parsed.map((p) => [p.line, p.text])).toEqual([[3, 'move red-1 0302'], [4, 'next']]);
  });

  it('names the line and the problem', () => {
    expect(() => parseScript('next\nfly red-1 0302')).toThrow(/^line 2: "fly red-1 0302": unknown command "fly"/);
    expect(() => parseLine('rotate red-1 left', 4)).toThrow('line 4: "rotate red-1 left": rotate: expected +n, -n or n, got "left"');
    expect(() => parseLine('note "open', 5)).toThrow('line 5: "note "open": unclosed double quote');
    expect(() => parseLine('move red-1', 6)).toThrow('line 6: "move red-1": usage: move <piece> <location> [<location> …]');
    expect(() => commandFromJson({ verb: 'move', piece: 'red-1' }, 2)).toThrow(/^line 2: not a command at path/);
  });
});
