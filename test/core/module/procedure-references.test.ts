// Validation of procedures bound to pieces, modifier groups, outcomes and zones of control: each
// mistake is reported with its file and JSON path (procedure-references.ts, rule-references.ts).
import { describe, expect, it } from 'vitest';
import { validateModuleData } from '../../../src/core/module/assemble.js';
import { formatIssue } from '../../../src/core/module/issue.js';
import type { ModuleData } from '../../../src/core/module/schema.js';
import { skirmish } from '../engine/helpers.js';

function issues(change: (m: ModuleData) => void): string[] {
  const m = skirmish();
  change(m);
  return validateModuleData(m).issues.map(formatIssue);
}

describe('validation of procedures, outcomes and zones of control', () => {
  it('skirmish, which has one of each, is valid', () => {
    expect(issues(() => {})).toEqual([]);
  });

  it('a loss in loss points names a piece value; a location\'s and a piece\'s space values are only those a space prints', () => {
    const got = issues((m) => {
      const a = m.procedures.find((p) => p.id === 'assault')!;
      a.outcomes![0]!.effects.push({ 'loss-points': 2, of: 'attackers', by: 'no-such-value' });
      a.modifiers[0]!.when = 'defender.here.fort > 0';
      a.inputs[0]!.value = 'attackers.strength - defender.strength';
    });
    expect(got.find((x) => x.includes('procedures[1].outcomes[0].effects[1].by'))).toMatch(/"no-such-value" is no value of any piece/);
    // skirmish's hex board prints no space values: defender.here.fort is no name
    expect(got.find((x) => x.includes('procedures[1].modifiers[0].when'))).toMatch(/defender\.here\.fort/);
  });

  it('names the place of each mistake', () => {
    let n = 0; // the assault's second result's own effects come first
    const got = issues((m) => {
      const a = m.procedures.find((p) => p.id === 'assault')!;
      a.binds!.push({ id: 'turn', name: 'A reserved name' });
      a.modifiers[0]!.group = 'nowhere';
      a.modifiers[1]!.when = 'defender.morale > 2';
      a.inputs[0]!.value = 'attackers.strength - defender.location';
      a.outcomes![0]!.result = 'A9';
      n = a.outcomes![1]!.effects.length;
      a.outcomes![1]!.effects.push({ mark: 'no-such-marker', on: 'defender' }, { loss: 1, of: 'reserve' }, { track: 'vp', by: 1 });
      m.pieceTypes[1]!.faces[0]!.stepLoss = 'wrecked';
      m.movement!.zoc!.notAcross = ['river'];
    });
    const at = (path: string) => got.find((x) => x.includes(path));
    expect(at('procedures[1].binds[2].id')).toMatch(/"turn" is a name every rule reads/);
    expect(at('procedures[1].modifiers[0].group')).toMatch(/unknown group "nowhere"/);
    expect(at('procedures[1].modifiers[1].when')).toMatch(/defender\.morale/);
    expect(at('procedures[1].inputs[0].value')).toBeDefined();
    expect(at('procedures[1].outcomes[0].result')).toMatch(/"A9" is neither a result of table assault nor a word of one/);
    expect(at(`procedures[1].outcomes[1].effects[${n}].mark`)).toMatch(/unknown marker "no-such-marker"/);
    expect(at(`procedures[1].outcomes[1].effects[${n + 1}].of`)).toMatch(/unknown bind "reserve"/);
    expect(at(`procedures[1].outcomes[1].effects[${n + 2}].track`)).toMatch(/unknown track "vp"/);
    expect(at('pieceTypes[1].faces[0].stepLoss')).toMatch(/unknown face "wrecked" of guns/);
    expect(at('movement.zoc.notAcross[0]')).toMatch(/unknown hexside feature "river"/);
    for (const line of got) expect(line).toMatch(/^(tables|pieces|module)\.json: /);
  });
});
