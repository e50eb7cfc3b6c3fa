// Procedures that read the board before the roll (procedure-inputs.ts): Eylau 6.32's gun-damage
// check bound to a battery and the hexside it crossed gets its modifiers from them.
import { describe, expect, it } from 'vitest';
import { assembleModule } from '../../../src/core/module/assemble.js';
import type { HexBoardDef, ModuleData } from '../../../src/core/module/schema.js';
import { prepareGame } from '../../../src/core/engine/game.js';
import { initialState } from '../../../src/core/engine/initial-state.js';
import { executeCommand } from '../../../src/core/engine/execute.js';
import { NotFairRandomness } from '../../../src/core/engine/not-fair-randomness.js';
import { parseLine } from '../../../src/core/engine/parse.js';
import { procedureInputs } from '../../../src/core/engine/procedure-inputs.js';
import type { ResolvedEvent } from '../../../src/core/engine/events.js';
import { moduleFiles } from '../../helpers/module-files.js';

const m = assembleModule(moduleFiles('eylau-1807')).data as ModuleData;
const game = prepareGame(m, '20-1-eylau-7-february');
const stream = (m.boards.find((b) => b.id === game.board.def.id) as HexBoardDef).hexsides.stream![0]!;
const horse = m.pieces.find((p) => p.type === 'horse-artillery')!.id;
const heavy = m.pieces.find((p) => p.type === 'foot-artillery' && p.values?.fire === 1)!.id;

describe('procedure inputs from the board', () => {
  it('6.32 "骰子修正值：跨越小溪/轻型掩护格边：-2；骑乘炮兵：-1；1级火力等级炮兵：+1": the battery and the hexside give the modifiers', () => {
    const s = initialState(game);
    const r = procedureInputs(game, s, parseLine(`resolve gun-damage piece=${horse} crossing=${stream}`)!.command as never);
    expect(r.bound).toEqual({ piece: horse, crossing: stream });
    expect(r.derived).toEqual(['stream-or-light-cover', 'horse-artillery']);
    const e = executeCommand(game, s, parseLine(`resolve gun-damage piece=${heavy} crossing=${stream}`)!.command, {}, new NotFairRandomness('g'))[0] as ResolvedEvent;
    expect(e.modifiers).toEqual([{ id: 'stream-or-light-cover', value: -2 }, { id: 'fire-level-1', value: 1 }]);
    expect(e).toMatchObject({ bound: { piece: heavy, crossing: stream }, derived: ['stream-or-light-cover', 'fire-level-1'] });
  });

  it('a modifier the player names is not added twice; without bindings nothing is derived (as before)', () => {
    const s = initialState(game);
    const r = procedureInputs(game, s, parseLine(`resolve gun-damage piece=${horse} horse-artillery`)!.command as never);
    expect(r.modifiers).toEqual([{ id: 'horse-artillery' }]);
    expect(procedureInputs(game, s, parseLine('resolve gun-damage stream-or-light-cover')!.command as never).derived).toEqual([]);
  });

  it('refuses a bad binding with the reason', () => {
    const s = initialState(game);
    expect(() => procedureInputs(game, s, parseLine('resolve gun-damage piece=nobody')!.command as never)).toThrow(/piece=nobody: unknown piece/);
    expect(() => procedureInputs(game, s, parseLine(`resolve gun-damage piece=${horse} crossing=C0101|C0909`)!.command as never)).toThrow(/crossing=C0101\|C0909/);
  });
});
