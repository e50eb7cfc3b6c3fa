// Paths of Glory's rules as data (imported by paths-of-glory.mjs): the tables and the procedures that
// read the board — combat from the counters and the fort (§4.4, §9), losses by loss factor, sieges
// (§9, §11), entrenchment (§9) — and the movement rule for enemy-held spaces (§5.3). Every number
// of a table is ours (the summary gives none); each rule quotes the seed (004, Chinese).

const strengthCols = (list) => list.map(([id, min, max]) => ({ id, ...(min !== null ? { min } : {}), ...(max !== null ? { max } : {}) }));
const armyCols = strengthCols([['1', null, 1], ['2', 2, 2], ['3', 3, 3], ['4-5', 4, 5], ['6-8', 6, 8], ['9-11', 9, 11], ['12-14', 12, 14], ['15+', 15, null]]);
const corpsCols = strengthCols([['1', null, 1], ['2', 2, 2], ['3', 3, 3], ['4', 4, 4], ['5', 5, 5], ['6-7', 6, 7], ['8+', 8, null]]);
const fire = (cols, scale) => {
  const rows = [];
  for (let d = 0; d <= 7; d++) rows.push({ ...(d === 0 ? { max: 0 } : d === 7 ? { min: 7 } : { min: d, max: d }), result: cols.map((_, k) => String(Math.floor(((k + 1) * (d + 2)) / scale))) });
  return rows;
};

export const tables = [
  { id: 'mandatory-offensive-cp', name: 'Mandatory offensive (Central Powers)', index: 'd6', rows: [
    // §2.2 "如果结果指向中立国家或无强制攻势要求的结果，则不需要履行相应进攻义务": a neutral nation's result is no obligation.
    { max: 1, result: 'TU (none while Turkey is neutral, §2.2)' }, { min: 2, max: 2, result: 'AH against Italy (none while Italy is neutral, §2.2)' },
    { min: 3, max: 3, result: 'AH' }, { min: 4, max: 4, result: 'GE' }, { min: 5, result: 'none' }] },
  { id: 'mandatory-offensive-ap', name: 'Mandatory offensive (Allied Powers)', index: 'd6', rows: [
    { max: 1, result: 'FR' }, { min: 2, max: 2, result: 'FR' }, { min: 3, max: 3, result: 'BR (FR if no British army is on the map)' },
    { min: 4, max: 4, result: 'IT (none while Italy is neutral, §2.2)' }, { min: 5, max: 5, result: 'RU' }, { min: 6, result: 'none' }] },
  { id: 'army-fire', name: 'Army fire table', index: 'd6 + modifiers', columns: armyCols, rows: fire(armyCols, 8),
    note: 'Used when the firing force includes an army. Column: the combat factors of the firing units, with a defending fort\'s strength (§9). Result: loss points the enemy takes by loss factor. Our numbers.' },
  { id: 'corps-fire', name: 'Corps fire table', index: 'd6 + modifiers', columns: corpsCols, rows: fire(corpsCols, 12),
    note: 'Used when the firing force has only corps, or is a fort alone. Our numbers.' },
  { id: 'siege', name: 'Siege', index: 'd6 - fort strength', rows: [{ max: 0, result: 'fort holds' }, { min: 1, result: 'fort falls' }],
    note: 'Rolled in the siege phase for every besieged fort (summary §11). A roll above the fort strength takes it (our numbers); the result places the fort-destroyed marker, takes the besieged marker off and hands the space to the besiegers (§11).' },
  // §13 "按照补充费用表恢复减员部队或重建符合条件的部队": the table is the player aid's ("以玩家辅助表为准", §7); these costs are ours
  { id: 'replacement-cost', name: 'Replacement costs (ours)', index: 'the unit: 1 corps, 2 army', rows: [
    { max: 1, result: 'corps: 1 RP of its nation per step (reduced → full, or eliminated → reduced on a supplied space of its nation)' },
    { min: 2, result: 'army: 1 RP of its nation per step (reduced → full); an eliminated army: 2 RP, back reduced in its nation\'s capital or supply source' }],
    note: 'Summary §13: the Allies spend first, then the Central Powers; each nation\'s points only for its own units ("不同国家的补充点数不能随意互换"); unused points are lost (the rp-* tracks reset). Costs ours.' },
  { id: 'entrench', name: 'Entrenchment', index: 'd6 - army loss factor', rows: [{ max: 0, result: 'trench built or raised one level (maximum 2)' }, { min: 1, result: 'no trench' }],
    note: 'Summary §9: after Entrench is in effect, succeeds when the roll is not above the army\'s loss factor.' },
];

// §4.3 "该空间内符合条件的部队可以按规定移动，或者从该空间参与攻击": the attackers' space carries the combat marker.
const ATTACKING = "firing.here-markers has 'activated-attack'";
const DEFENDING = "enemy.here-markers has 'activated-attack'";
// §9 "堡垒具有自身的战斗能力，并为驻守其中的己方作战单位提供防御支持，但堡垒本身不能主动进攻":
// a fort adds its strength to its defenders' fire, never to an attack; a destroyed fort has none, and
// a besieged fort's space holds the besiegers, not its garrison.
const FORT_DEFENDS = `${DEFENDING} and not (firing.here-markers has 'fort-destroyed') and not (firing.here-markers has 'besieged')`;
// one outcome of N loss points for every result N > 0 the table gives
const lossOutcomes = (table, of) => {
  const results = new Set(tables.find((t) => t.id === table).rows.flatMap((r) => r.result).map(Number).filter((n) => n > 0));
  return [...results].sort((a, b) => a - b).map((n) => ({
    result: String(n), effects: [{ 'loss-points': n, of, by: 'loss', rule: '§9 (损失承受值: loss factor)' }],
  }));
};

const combatRequires = (armyTypes, table) => [
  { rule: '§4.3', when: `${ATTACKING} or ${DEFENDING}`,
    message: 'an attack is made from a space activated for combat ("从该空间参与攻击"): mark it activated-attack first' },
  { rule: '§4.3', when: `not (${ATTACKING} and firing.here-markers has 'activated-move')`,
    message: 'a space cannot move and attack in one activation ("一个空间不能在同一次激活中同时执行移动和攻击")' },
  { rule: '§5.1', when: 'adjacent(firing.locations, enemy.locations)',
    message: 'the firing units and their enemy must be in spaces joined by a connection ("沿版图上允许使用的连接线…相邻空间")' },
  { rule: '§10', when: `not (${ATTACKING} and not firing.supplied)`,
    message: 'out-of-supply units cannot attack ("缺乏补给的部队不能正常移动、攻击或进行战略调动")' },
  table === 'army'
    ? { rule: 'combat (ours)', when: `any(firing.types, [${armyTypes.map((t) => `'${t}'`).join(', ')}])`, message: 'the army fire table is for a firing force with an army: use corps-fire' }
    : { rule: 'combat (ours)', when: `not any(firing.types, [${armyTypes.map((t) => `'${t}'`).join(', ')}])`, message: 'a firing force with an army fires on the army fire table' },
];

// the defender's benefits (§9 "驻守部队可以依据战壕等级获得相应防御优势"; terrain ours) count against an attack only
const defenderModifiers = (attacking) => [
  { id: 'trench-1', name: 'Attacking into a level-1 trench', value: -1, group: 'trench', when: `${attacking} and enemy.here-markers has 'trench-1'`, rule: '§9' },
  { id: 'trench-2', name: 'Attacking into a level-2 trench', value: -2, group: 'trench', when: `${attacking} and enemy.here-markers has 'trench-2'`, rule: '§9' },
  { id: 'terrain', name: 'Defender in forest, mountain or marsh (ours)', value: -1, when: `${attacking} and any(enemy.terrain, ['forest', 'mountain', 'marsh'])` },
  { id: 'flank', name: 'Flank attack (ours)', value: 1 }, { id: 'combat-cards', name: 'Combat cards (give the amount, §8)' },
];

export function procedures(armyTypes) {
  const typeList = `[${armyTypes.map((t) => `'${t}'`).join(', ')}]`;
  return [
    { id: 'mandatory-offensive-cp', name: 'Central Powers mandatory offensive roll', dice: '1d6', table: 'mandatory-offensive-cp', rule: 'summary §2' },
    { id: 'mandatory-offensive-ap', name: 'Allied mandatory offensive roll', dice: '1d6', table: 'mandatory-offensive-ap', rule: 'summary §2' },
    ...['army', 'corps'].map((t) => ({
      id: `${t}-fire`, name: `Combat: ${t} fire table`, dice: '1d6', table: `${t}-fire`, column: 'strength',
      binds: [{ id: 'firing', name: 'the firing units', kind: 'pieces', required: true },
        { id: 'enemy', name: 'the enemy units fired at', kind: 'pieces', required: true }],
      inputs: [{ id: 'strength', name: 'Combat factors of the firing units, with a defending fort\'s strength (§9)',
        value: `firing.combat + (if ${FORT_DEFENDS} then firing.here.fort else 0)`, rule: '§9' }],
      requires: combatRequires(armyTypes, t),
      groups: [{ id: 'trench', name: 'The trench of the enemy\'s space (one level counts)', pick: 'lowest', rule: '§9' }],
      modifiers: defenderModifiers(ATTACKING),
      modifierLimit: { min: -3, max: 3 },
      outcomes: lossOutcomes(`${t}-fire`, 'enemy'),
      rule: '§4.4, §9 (tables ours)',
    })),
    // a fort alone in its space still fires (§9 "堡垒具有自身的战斗能力"), with its own strength
    { id: 'fort-fire', name: 'Combat: a fort without units fires (corps fire table)', dice: '1d6', table: 'corps-fire', column: 'strength',
      binds: [{ id: 'fort', name: 'the fort\'s space', kind: 'location', required: true },
        { id: 'enemy', name: 'the attacking units', kind: 'pieces', required: true }],
      inputs: [{ id: 'strength', name: 'The fort\'s strength (§9)', value: 'fort.fort', rule: '§9' }],
      requires: [
        { rule: '§9', when: `${DEFENDING}`, message: 'a fort fires only when attacked ("堡垒本身不能主动进攻")' },
        { rule: '§9', when: "fort.fort > 0 and not (fort.markers has 'fort-destroyed')", message: 'there is no fort here, or it is destroyed' },
        { rule: '§5.1', when: 'adjacent(enemy.locations, [fort.id])', message: 'the attackers must be in spaces joined to the fort by a connection' },
      ],
      modifiers: [{ id: 'combat-cards', name: 'Combat cards (give the amount, §8)' }], modifierLimit: { min: -3, max: 3 },
      outcomes: lossOutcomes('corps-fire', 'enemy'), rule: '§9 (table ours)' },
    { id: 'siege', name: 'Siege roll', dice: '1d6', table: 'siege', subtract: 'fort',
      binds: [{ id: 'fort', name: 'the besieged fort\'s space', kind: 'location', required: true },
        { id: 'besiegers', name: 'the besieging units in it', kind: 'pieces' }],
      // §11 "每座堡垒根据规则要求掷骰…根据堡垒的强度和骰子结果决定其是否被摧毁"
      inputs: [{ id: 'fort', name: 'Fort strength', value: 'fort.fort', rule: '§11' }],
      requires: [
        { rule: '§1', when: "phase == 'siege'", message: 'siege rolls are made in the siege phase ("围城阶段：对正在被围困的敌方堡垒进行骰子判定")' },
        { rule: '§11', when: "fort.markers has 'besieged' and not (fort.markers has 'fort-destroyed') and fort.fort > 0",
          message: 'only a fort under siege is rolled for ("逐一检查所有处于围城状态的堡垒")' },
        { rule: '§9', when: `besiegers.locations has fort.id and count(besiegers.locations) == 1 and (any(besiegers.types, ${typeList}) or besiegers.loss >= fort.fort)`,
          message: 'a siege needs an army in the fort\'s space, or corps whose loss factors reach the fort\'s ("至少有1个集团军…足够数量的军团达到该堡垒的损失承受值")' },
      ],
      modifiers: [{ id: 'heavy-artillery', name: 'Siege artillery event in effect', value: 1 }],
      // §11 "被摧毁的堡垒通常不能重新建造": the marker stays; "如果结果要求堡垒投降或被摧毁，则移除堡垒的有效标记": the siege
      // marker goes with the fort (a destroyed fort is under siege no more: "只要堡垒仍然存在且尚未摧毁，就必须继续遵守有关…围城…的规则")
      outcomes: [{ result: 'falls', effects: [{ mark: 'fort-destroyed', at: 'fort', rule: '§11' },
        { unmark: 'besieged', at: 'fort', rule: '§11' }] }],
      rule: 'summary §9, §11' },
    { id: 'entrench', name: 'Entrench roll', dice: '1d6', table: 'entrench', subtract: 'loss',
      binds: [{ id: 'army', name: 'the army that digs in', kind: 'piece', required: true }],
      // §9 "结果不高于该集团军的损失承受值时，成功建立或升级战壕"
      inputs: [{ id: 'loss', name: 'Loss factor of the army', value: 'army.loss', rule: '§9' }],
      requires: [
        { rule: '§9', when: `army.type in ${typeList}`, message: 'only an army digs trenches ("符合条件的集团军…尝试修筑战壕")' },
        { rule: '§10', when: 'army.supplied', message: 'out-of-supply units cannot dig trenches ("也不能修筑战壕")' },
        { rule: '§9', when: "not (army.here-markers has 'trench-2')", message: 'a trench is at most level 2 ("战壕最高为2级")' },
      ],
      // §9 "成功建立或升级战壕": level 1 where there is none, level 2 over a level 1 (one level counts in combat)
      outcomes: [{ result: 'trench built or raised one level (maximum 2)', effects: [
        { mark: 'trench-2', at: 'army', when: "army.here-markers has 'trench-1'", rule: '§9' },
        { mark: 'trench-1', at: 'army', when: "not (army.here-markers has 'trench-1')", rule: '§9' }] }],
      rule: 'summary §9' },
  ];
}

// the twelve action-round phases (§3), where a card's operations or strategic redeployment move units
const ROUNDS = `[${[1, 2, 3, 4, 5, 6].flatMap((r) => [`'ar${r}-cp'`, `'ar${r}-ap'`]).join(', ')}]`;

/**
 * module.json `movement` modes, memory and effects. §5 "只有被标记为移动的空间中的部队，才能在此次作战行动中进行普通移动":
 * in an action round a normal move (no mode) starts from a space marked activated-move, whose activation paid
 * its nations' points (§4.2, the marker's cost) — else a `prohibited` warning on its first step (`memory.moved`
 * is 0 only there). §6 strategic redeployment is the `sr` mode: "用于在己方控制区域内快速调动军队", so its steps
 * cost nothing (a redeployment is not limited by the counter's movement) and it needs no activation. A move from
 * a box (the reserve box, units entering by an event) has no steps on the map and is not read.
 */
export const movementModes = [{ id: 'sr', name: 'Strategic redeployment (§6: no activation, not limited by movement)', rule: '§6' }];
export const movementMemory = [{ id: 'moved', max: 1 }];
export const movementEffects = [{
  rule: '§5', when: `memory.moved == 0 and mode == '' and phase in ${ROUNDS} and not (from.markers has 'activated-move')`,
  warn: 'units move only from a space marked for movement ("只有被标记为移动的空间中的部队，才能在此次作战行动中进行普通移动"): mark it activated-move first, or redeploy with --mode sr',
}];

/** module.json `movement` steps: §5.3 "不能进入有敌方作战单位占据的空间"; §5.4 an enemy fort's space. */
export const movementSteps = [
  { rule: '§5', when: 'true', remember: { moved: 1 } },
  { rule: '§6', when: "mode == 'sr'", cost: 0 },
  { rule: '§5.3', when: 'to.enemies > 0', cost: 'prohibited' },
];
/**
 * §5.4 "被敌方堡垒控制的空间有特殊限制。部队只有在满足围城条件或堡垒已经处于被围城状态时，才能进入相应空间", with §9's
 * siege condition "至少有1个集团军进入敌方堡垒空间；如果没有集团军，则需要足够数量的军团达到该堡垒的损失承受值": an army
 * may enter an intact enemy fort's space (`to.enemy-fort`, its strength), a corps when the fort is besieged, when
 * its own loss factor reaches the fort's, or when units of its side already stand there (a group of corps
 * entering one by one: `move` moves one piece, so the first of them, alone in the space, is warned).
 */
export const fortStep = (armyTypes) => ({
  rule: '§5.4', cost: 'prohibited',
  when: `to.enemy-fort > 0 and not (to.markers has 'besieged') and not (piece.type in [${armyTypes.map((t) => `'${t}'`).join(', ')}]) and piece.loss < to.enemy-fort and to.friends == 0`,
});

/**
 * module.json `rules.control` and `rules.supply` (docs/module-format.md, "Control and supply").
 * §5.6 "进入敌方控制的普通空间后，控制权通常转交给进入该空间的玩家；仍存在未被摧毁的敌方堡垒时，则不能仅凭进入空间改变控制权";
 * §11 "如果结果要求堡垒投降或被摧毁…按照规则调整该空间的控制权"; §10 "补给路线通常只能经过己方控制的空间，不能穿过敌方
 * 作战单位…"; "在损耗阶段仍缺乏补给的军团和集团军通常会被消灭。被消灭的缺乏补给军团进入可替换区域；集团军则可能被永久移出游戏".
 */
export function controlRules(neutral, armyTypes) {
  return {
    control: {
      rule: '§5.6', markers: { cp: 'control-cp', ap: 'control-ap' },
      atWar: Object.fromEntries(neutral.map((n) => [n, `at-war-${n}`])),
      fort: 'fort', destroyed: 'fort-destroyed', fortRule: '§11',
      note: 'A space is its nation\'s side\'s while the nation is at war; a control marker says the other side holds it. Entering takes a space without an intact fort (§5.6); a destroyed fort\'s space passes to the besiegers (§11).',
    },
    supply: {
      rule: '§10', sources: 'supply-source',
      attrition: {
        rule: '§10', phase: 'attrition',
        // "集团军则可能被永久移出游戏": we read "may" as the armies' lot, against the corps' replaceable box
        remove: { types: armyTypes, to: { cp: 'cp-removed', ap: 'ap-removed' }, rule: '§10 (armies removed: our reading of 可能)' },
      },
      note: 'Sources: the spaces tagged supply-source of a side\'s own nations that it holds. Restricted (dashed) connections carry no supply (ours).',
    },
  };
}
