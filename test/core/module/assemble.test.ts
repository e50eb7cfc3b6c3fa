import { describe, expect, it } from 'vitest';
import { assembleModule, moduleHash, validateModuleData } from '../../../src/core/module/assemble.js';
import { formatIssue } from '../../../src/core/module/issue.js';
import { moduleFiles, withEdit } from '../../helpers/module-files.js';

const skirmish = moduleFiles('skirmish');
const messages = (files: Map<string, string>) => assembleModule(files).issues.map(formatIssue);

describe('assembleModule on skirmish', () => {
  it('is valid and has the fixed content', () => {
    const a = assembleModule(skirmish);
    expect(a.issues).toEqual([]);
    const m = a.data!;
    expect(m.id).toBe('skirmish');
    expect(m.version).toBe('1.0.0');
    expect(m.sides.map((s) => s.id)).toEqual(['red', 'blue']);
    expect(m.pieces.map((p) => p.id)).toEqual(['red-1', 'red-2', 'blue-1', 'blue-2', 'red-guns', 'blue-guns']);
    expect(m.decks.map((d) => [d.id, d.cards.length, d.owner, d.secret])).toEqual([['blue-cards', 20, 'blue', true], ['red-cards', 20, 'red', true]]);
    expect(m.scenarios[0].setup.map((p) => `${p.piece}@${p.at}`)).toEqual(['red-1@0202', 'red-2@0203', 'blue-1@0808', 'blue-2@0809', 'red-guns@0102', 'blue-guns@0909']);
  });

  it('hashes the data, not the formatting or $schema keys', () => {
    const h = moduleHash(assembleModule(skirmish).raw);
    const reformatted = new Map([...skirmish].map(([k, v]) => [k, JSON.stringify(JSON.parse(v))]));
    expect(moduleHash(assembleModule(reformatted).raw)).toBe(h);
    const noSchema = withEdit(skirmish, 'module.json', (j) => { delete j.$schema; });
    expect(moduleHash(assembleModule(noSchema).raw)).toBe(h);
    const changed = withEdit(skirmish, 'module.json', (j) => { j.title = 'Other'; });
    expect(moduleHash(assembleModule(changed).raw)).not.toBe(h);
  });

  it('re-validates the merged data on its own (as a genesis embeds it)', () => {
    const a = assembleModule(skirmish);
    expect(validateModuleData(JSON.parse(JSON.stringify(a.raw))).issues).toEqual([]);
  });
});

describe('assembleModule reports every problem with file and path', () => {
  it('unknown hex in a setup, overlapping table rows and bad JSON, all at once', () => {
    let files = withEdit(skirmish, 'scenarios/meeting.json', (j) => { j.setup[2].at = '1111'; });
    files = withEdit(files, 'tables.json', (j) => { j.tables[0].rows[1].min = 3; });
    const issues = messages(files);
    expect(issues).toContain('scenarios/meeting.json: setup[2].at: unknown location "1111": expected a hex or space of board field, a box, or <track>@<n>');
    expect(issues.some((i) => i.startsWith('tables.json: tables[0].rows[1].min: rows overlap'))).toBe(true);
    const broken = new Map(files);
    broken.set('sequence.json', '{ "firstTurn": 1,, }');
    expect(messages(broken)).toEqual([expect.stringMatching(/^sequence\.json: line 1 column \d+: not valid JSON/)]);
  });

  it('gaps in a table, unknown ids, hexsides and roads', () => {
    let files = withEdit(skirmish, 'tables.json', (j) => { j.tables[0].rows[2].min = 9; j.procedures[0].table = 'nope'; });
    files = withEdit(files, 'boards/field.json', (j) => {
      j.hexsides.stream.push('0303|0505');
      j.roads[0].path.push('0710');
      j.terrain.hexes.swamp = ['0101'];
    });
    files = withEdit(files, 'pieces.json', (j) => { j.pieces[0].type = 'cavalry'; j.pieces[1].side = 'green'; });
    const issues = messages(files);
    expect(issues).toEqual(expect.arrayContaining([
      'tables.json: tables[0].rows[2].min: gap: nothing covers 8 between row 1 and row 2',
      'tables.json: procedures[0].table: unknown table "nope"',
      'pieces.json: pieces[0].type: unknown piece type "cavalry"',
      'pieces.json: pieces[1].side: unknown side "green"',
      'boards/field.json: terrain.hexes.swamp: unknown terrain "swamp" (declare it in module.json "terrain")',
      'boards/field.json: roads[0].path[10]: "0710" is not adjacent to "0510": a road runs through adjacent hexes',
    ]));
    expect(issues.some((i) => i.startsWith('boards/field.json: hexsides.stream[1]:'))).toBe(true);
  });

  it('a segment played only in turns with a clock mark the clock does not have', () => {
    const files = withEdit(skirmish, 'sequence.json', (j) => { j.phases[0].segments = [{ id: 'a', name: 'A', marks: ['dawn'] }]; });
    expect(messages(files)).toContain('sequence.json: phases[0].segments[0].marks[0]: unknown clock mark "dawn" (the clock\'s marks: hourly)');
  });

  it('schema errors name the file and path', () => {
    const files = withEdit(skirmish, 'boards/field.json', (j) => { j.orientation = 'round'; j.sections[0].columns = 0; });
    const issues = messages(files);
    expect(issues.some((i) => i.startsWith('boards/field.json: orientation:'))).toBe(true);
    expect(issues.some((i) => i.startsWith('boards/field.json: sections[0].columns:'))).toBe(true);
  });

  it('refuses floats (fractions are strings) and a missing module.json', () => {
    const files = withEdit(skirmish, 'module.json', (j) => { j.terrain[1].cost['*'] = 1.5; });
    expect(messages(files).join('\n')).toMatch(/module\.json: terrain\[1\]\.cost/);
    const none = new Map(skirmish);
    none.delete('module.json');
    expect(messages(none)[0]).toMatch(/^module\.json: \(top\): missing/);
  });
});
