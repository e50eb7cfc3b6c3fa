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

// 30 supply: "单位若要消除损耗点数，必须能够标定有效补给线；无法标定有效补给线的单位，不得以任何方式消除损耗点数" —
// the engine traces the lines (30.1) and warns where an unsupplied unit's attrition goes down (`keeps`).
// 30.2 "北约的补给源为北约国家境内的任意棋盘边缘格，且该格内有次要或主要道路延伸出棋盘" / "华约的补给源为坐标在
// 2927-5427或5401-5427范围内的任意棋盘边缘格，且该格内有次要或主要道路延伸出棋盘": `sources` are the edge hexes
// where one of our roads ends (leaves the board), computed by the drawing. Each top HQ's hubs supply its nation's
// units (the I. Korps the FRG's, I (BR) Corps the British, 3rd Shock Army the Soviet and GDR units: our OOB).
export function supplyLines(sources) {
  return {
    rule: '30.1', sources,
    hubs: [
      { marker: 'supply-hub-ge1', side: 'nato', nations: ['frg'], length: 6 },
      { marker: 'supply-hub-br1', side: 'nato', nations: ['uk'], length: 6 },
      { marker: 'supply-hub-su3', side: 'wp', nations: ['su', 'gdr'], length: 4 },
    ],
    // 30.1.4 a (breakthrough), d (interdiction), e (chemical or nuclear contamination; 26.2.2.8, 27.4.3)
    blockedBy: ['breakthrough', 'interdiction', 'chemical-contamination', 'nuclear-contamination'],
    // 30.1.4c "无永久桥梁或拼接桥的河流格边": a road over the river is the permanent bridge (32.1 "有道路跨越小型/大型
    // 河流的六边形格边"), gone when destroyed; a Bailey bridge carries the line; a pontoon too (our reading of
    // 30.1.4c, which names only the two: the pontoon is the engineers' crossing of 32.2 and carries traffic as they do)
    rivers: ['minor-river', 'major-river', 'canal'],
    bridges: ['bailey-bridge', 'pontoon'],
    destroyed: 'bridge-destroyed',
    hubEnemyAdjacent: '30.3.3.1',
    keeps: 'attrition', keepsRule: '30',
    note: '30.1: the first leg from a source along road hexes to a hub of the unit\'s top HQ, any length; the second from the hub to the unit, NATO 6 hexes, WP 4',
  };
}

// 31.1.3 "玩家在该格内放置相应的工兵标记、防御工事标记与时间标记。修建或升级防御工事需耗时2个回合"; 31.1.4 "当回合推进
// 至时间标记标注的回合时，在该回合的友方工兵阶段完成防御工事修建/升级…若为从1级升级至3级，需同时移除原有1级防御工事标记":
// a fortification under construction is a timer (the time marker and the fortification marker in one) that steps as
// its side's engineer phase begins: "-building-2" (placed in the engineer phase of turn T) becomes "-building-1" in
// turn T+1 and the fortification itself in turn T+2's engineer phase; a level 3 replaces the level 1 under it.
// 31.1.1.2 "投入英军工兵点数修建1级防御工事，仅需耗时1个回合": the British place "-building-1". 31.1.5 "修建中的防御工事，
// 对地面战斗无任何效果": nothing reads the building markers. The engineer marker and its point (31.1.2, 31.1.4
// "收回此前消耗的工兵点数") stay the players' (`mark`, `unmark`, `track`).
export function fortificationTimers(M) {
  return [['nato', 'NATO'], ['wp', 'WP']].flatMap(([s, n]) => [1, 3].flatMap((level) => {
    const done = `${s}-fortification-${level}`;
    const building = (k) => `${done}-building-${k}`;
    const name = (k) => `${n} fortification level ${level} under construction: done in the ${n} engineer phase ${k === 1 ? 'of the next turn' : 'two turns on'} (31.1.3-4; no effect until then, 31.1.5)`;
    return [
      { ...M(building(2), name(2), ['hex'], null, '#a08060'), countdown: { becomes: building(1), phase: `${s}-engineer`, rule: '31.1.3' } },
      { ...M(building(1), name(1), ['hex'], null, '#a08060'),
        countdown: { becomes: done, phase: `${s}-engineer`, rule: '31.1.4', ...(level === 3 ? { clears: [`${s}-fortification-1`] } : {}) } },
    ];
  }));
}
