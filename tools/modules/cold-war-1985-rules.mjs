// Rules of Cold War 1985 (seed 002) that the engine carries, beside the drawing in cold-war-1985.mjs,
// which imports them: the end phase's contamination removal rolls (26.2.2.9).

// 26.2.2.9 "每个回合的结束阶段，需按以下表格掷骰，判定是否移除各化学污染标记": one roll for each marker, owed in the
// end phase (`owed` with `each`), so the phase cannot end while one is still to roll; a "remove" takes the marker
// off the hex named. Who rolls is not in the book: only WP may use persistent agents (26.2.2.1 "仅华约方可…使用持久性
// 毒剂"), so the markers are WP's and WP rolls them (ours). The table's +2 in precipitation is ours, as its numbers.
export const chemicalRemoval = {
  id: 'chemical-removal', name: 'Chemical contamination removal', dice: '1d10', table: 'chemical-removal', rule: '26.2.2.9',
  binds: [{ id: 'hex', name: 'the contaminated hex', kind: 'location', required: true }],
  modifiers: [{ id: 'precipitation', name: 'Precipitation this turn', value: 2, rule: '26.2.2.9 (value ours)',
    when: 'track.precipitation == 1', named: false }],
  requires: [{ rule: '26.2.2.9', when: "phase == 'end'", message: 'contamination is rolled for in the end phase' },
    { rule: '26.2.2.9', when: "hex.markers has 'chemical-contamination'", message: 'the hex named carries no chemical contamination marker' }],
  owed: [{ phase: 'end', side: 'wp', each: 'chemical-contamination', bind: 'hex', rule: '26.2.2.9' }],
  outcomes: [{ result: 'remove the chemical contamination marker',
    effects: [{ unmark: 'chemical-contamination', at: 'hex', rule: '26.2.2.9' }] }],
};
